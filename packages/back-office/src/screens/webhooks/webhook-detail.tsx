/**
 * One webhook event: its delivery (state, attempts, the last answer or error, the next attempt,
 * when it was delivered or dead-lettered) and the payload every attempt sends, pretty-printed.
 * A dead event can be sent again by a role that may: it goes back to pending with a fresh count
 * of attempts, and the page shows the server's answer.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { Link } from 'react-aria-components';
import { STAFF_PERMISSION_OF_CALL } from '@cashdesk/contract/staff-access';
import { readWebhookEvent, redeliverWebhookEvent } from '../../api/webhook-calls';
import { useI18n } from '../../i18n/i18n';
import { useMay } from '../../session/session';
import { ActionDialog } from '../../ui/action-dialog';
import { ErrorNotice, Notice } from '../../ui/errors';
import { Loading } from '../../ui/loading';
import { useLoad } from '../../ui/use-page';
import { Field, PageHeader, When } from '../../ui/values';
import { DeliveryState } from './delivery-state';
import '../ops.css';

export default function WebhookDetailScreen(): ReactNode {
  const { t } = useI18n();
  const may = useMay();
  const { eventId = '' } = useParams();
  const event = useLoad(() => readWebhookEvent(eventId), eventId);
  const [message, setMessage] = useState<string | undefined>();
  const data = event.data;
  if (data === undefined) {
    return (
      <>
        <PageHeader title={t('webhooks.detailTitle')} />
        <ErrorNotice error={event.error} />
        {event.loading ? <Loading /> : null}
      </>
    );
  }
  const canRedeliver =
    data.state === 'dead' && may(STAFF_PERMISSION_OF_CALL.operatorWebhookEventRedeliver);
  return (
    <>
      <PageHeader title={t('webhooks.detailTitle')}>
        {canRedeliver ? (
          <ActionDialog
            label={t('webhooks.redeliver')}
            submitLabel={t('webhooks.redeliver')}
            tone="primary"
            onSubmit={async () => {
              event.set(await redeliverWebhookEvent(data.id));
              setMessage(t('webhooks.redelivered'));
            }}
          >
            <p className="bo-lead">{t('webhooks.redeliverLead')}</p>
          </ActionDialog>
        ) : null}
      </PageHeader>
      {message === undefined ? null : <Notice>{message}</Notice>}
      <ErrorNotice error={event.error} />
      <section className="bo-card" aria-labelledby="webhook-delivery">
        <h2 className="bo-h2" id="webhook-delivery">
          {t('webhooks.delivery')}
        </h2>
        <dl className="bo-dl bo-dl--compact">
          <Field label="webhooks.eventId">
            <span className="bo-mono bo-break">{data.id}</span>
          </Field>
          <Field label="webhooks.type">
            <span className="bo-mono">{data.type}</span>
          </Field>
          <Field label="webhooks.state">
            <DeliveryState state={data.state} />
          </Field>
          <Field label="webhooks.attempts">{data.attempts}</Field>
          <Field label="webhooks.lastStatus">
            {data.last_status_code === null ? '—' : data.last_status_code}
          </Field>
          <Field label="webhooks.lastError">{data.last_error ?? '—'}</Field>
          <Field label="webhooks.lastAttempt">
            <When at={data.last_attempt_at} />
          </Field>
          <Field label="webhooks.nextAttempt">
            <When at={data.next_attempt_at} />
          </Field>
          <Field label="webhooks.deliveredAt">
            <When at={data.delivered_at} />
          </Field>
          <Field label="webhooks.deadAt">
            <When at={data.dead_at} />
          </Field>
          <Field label="webhooks.recorded">
            <When at={data.created_at} />
          </Field>
          <Field label="webhooks.transaction">
            {data.transaction_id === null ? (
              '—'
            ) : may(STAFF_PERMISSION_OF_CALL.operatorTransactionGet) ? (
              <Link className="bo-link bo-mono" href={`/transactions/${data.transaction_id}`}>
                {data.transaction_id.slice(0, 8)}
              </Link>
            ) : (
              <span className="bo-mono">{data.transaction_id}</span>
            )}
          </Field>
        </dl>
      </section>
      <section className="bo-card" aria-labelledby="webhook-payload">
        <h2 className="bo-h2" id="webhook-payload">
          {t('webhooks.payload')}
        </h2>
        <p className="bo-help">{t('webhooks.payloadHelp')}</p>

        <pre className="bo-pre">{JSON.stringify(data.payload, null, 2)}</pre>
      </section>
    </>
  );
}
