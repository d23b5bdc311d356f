/**
 * Webhooks: where the brand's events go (the endpoint, the signing key's id, how many events are
 * pending, delivered and dead, the last delivery and the last failure), the events with their
 * delivery (filters in the address, cursor pages; a row opens the event), and for a role that
 * may, sending every dead event again after a confirmation.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Form, Link } from 'react-aria-components';
import { WEBHOOK_DELIVERY_STATES, WEBHOOK_EVENT_TYPES } from '@cashdesk/contract/values';
import { STAFF_PERMISSION_OF_CALL } from '@cashdesk/contract/staff-access';
import {
  listWebhookEvents,
  readWebhookEndpoint,
  redeliverDeadWebhookEvents,
} from '../../api/webhook-calls';
import type { WebhookEndpointStatus, WebhookEvent } from '../../api/webhook-calls';
import { useI18n } from '../../i18n/i18n';
import { useMay } from '../../session/session';
import { ActionDialog } from '../../ui/action-dialog';
import { columnsOf } from '../../ui/data-table';
import { ErrorNotice, Notice } from '../../ui/errors';
import { FilterActions, PagedTable } from '../../ui/list-page';
import { SelectField, TextInput } from '../../ui/fields';
import { useLoad } from '../../ui/use-page';
import { Field, PageHeader, When } from '../../ui/values';
import { DeliveryState, lastAnswerOf } from './delivery-state';
import { WEBHOOK_FILTERS, webhookFiltersOf, webhookQueryOf } from './filters';
import type { WebhookFilter, WebhookFilters } from './filters';
import '../ops.css';

const PAGE_SIZE = '50';
const column = columnsOf<WebhookEvent>();

function useColumns() {
  const { t } = useI18n();
  return [
    column.accessor('created_at', {
      header: t('webhooks.recorded'),
      cell: (info) => <When at={info.getValue()} />,
    }),
    column.accessor('type', {
      header: t('webhooks.type'),
      cell: (info) => <span className="bo-mono">{info.getValue()}</span>,
    }),
    column.accessor('state', {
      header: t('webhooks.state'),
      cell: (info) => <DeliveryState state={info.getValue()} />,
    }),
    column.accessor('attempts', { header: t('webhooks.attempts') }),
    column.display({
      id: 'last',
      header: t('webhooks.lastAnswer'),
      cell: (info) => <span className="bo-clip">{lastAnswerOf(info.row.original)}</span>,
    }),
    column.accessor('transaction_id', {
      header: t('webhooks.transaction'),
      cell: (info) => {
        const id = info.getValue();
        return id === null ? '—' : <span className="bo-mono">{id.slice(0, 8)}</span>;
      },
    }),
  ];
}

/** Where the brand's events go and how their deliveries stand. */
function EndpointCard({ endpoint }: { readonly endpoint: WebhookEndpointStatus }): ReactNode {
  const { t } = useI18n();
  const failure = endpoint.last_failure;
  return (
    <section className="bo-card" aria-labelledby="webhooks-endpoint">
      <h2 className="bo-h2" id="webhooks-endpoint">
        {t('webhooks.endpoint')}
      </h2>
      <dl className="bo-dl bo-dl--compact">
        <Field label="webhooks.url">
          {endpoint.url === null ? (
            <span className="bo-muted">{t('webhooks.noUrl')}</span>
          ) : (
            <span className="bo-mono bo-break">{endpoint.url}</span>
          )}
        </Field>
        <Field label="webhooks.keyId">
          <span className="bo-mono">{endpoint.signing_key_id}</span>
        </Field>
        <Field label="webhooks.maxAttempts">{endpoint.max_attempts}</Field>
        <Field label="webhooks.state.pending">{endpoint.counts.pending}</Field>
        <Field label="webhooks.state.delivered">{endpoint.counts.delivered}</Field>
        <Field label="webhooks.state.dead">{endpoint.counts.dead}</Field>
        <Field label="webhooks.lastDelivered">
          <When at={endpoint.last_delivered_at} />
        </Field>
        <Field label="webhooks.lastFailure">
          {failure === null ? (
            <span className="bo-muted">—</span>
          ) : (
            <>
              <When at={failure.at} />{' '}
              <Link className="bo-link" href={`/webhooks/${failure.event_id}`}>
                {lastAnswerOf({ last_status_code: failure.status_code, last_error: failure.error })}
              </Link>
            </>
          )}
        </Field>
      </dl>
    </section>
  );
}

export default function WebhookListScreen(): ReactNode {
  const { t } = useI18n();
  const may = useMay();
  const [params, setParams] = useSearchParams();
  const applied = webhookFiltersOf(params);
  const [draft, setDraft] = useState<WebhookFilters>(applied);
  const [message, setMessage] = useState<string | undefined>();
  const columns = useColumns();
  const cursor = params.get('cursor') ?? undefined;
  const endpoint = useLoad(readWebhookEndpoint, 'endpoint');
  const page = useLoad(
    () => listWebhookEvents({ ...webhookQueryOf(params), limit: PAGE_SIZE, cursor }),
    params.toString(),
  );
  const setFilter = (name: WebhookFilter) => (value: string) => {
    setDraft((current) => ({ ...current, [name]: value }));
  };
  const apply = (filters: WebhookFilters) => {
    const next = new URLSearchParams();
    for (const name of WEBHOOK_FILTERS) if (filters[name] !== '') next.set(name, filters[name]);
    setParams(next);
  };
  const dead = endpoint.data?.counts.dead ?? 0;
  const mayRedeliver = may(STAFF_PERMISSION_OF_CALL.operatorWebhookDeadRedeliver);
  return (
    <>
      <PageHeader title={t('webhooks.title')}>
        {mayRedeliver && dead > 0 ? (
          <ActionDialog
            label={t('webhooks.redeliverDead')}
            submitLabel={t('webhooks.redeliverDeadSubmit', { count: dead })}
            tone="primary"
            onSubmit={async () => {
              const answer = await redeliverDeadWebhookEvents();
              setMessage(t('webhooks.requeued', { count: answer.requeued }));
              endpoint.reload();
              page.reload();
            }}
          >
            <p className="bo-lead">{t('webhooks.redeliverDeadLead', { count: dead })}</p>
          </ActionDialog>
        ) : null}
      </PageHeader>
      {message === undefined ? null : <Notice>{message}</Notice>}
      <ErrorNotice error={endpoint.error} />
      {endpoint.data === undefined ? null : <EndpointCard endpoint={endpoint.data} />}
      <Form
        className="bo-filters"
        aria-label={t('webhooks.filters')}
        onSubmit={(event) => {
          event.preventDefault();
          apply(draft);
        }}
      >
        <SelectField
          label={t('webhooks.state')}
          name="state"
          value={draft.state}
          onChange={setFilter('state')}
          options={[
            { id: '', label: t('filter.any') },
            ...WEBHOOK_DELIVERY_STATES.map((s) => ({ id: s, label: t(`webhooks.state.${s}`) })),
          ]}
        />
        <SelectField
          label={t('webhooks.type')}
          name="type"
          value={draft.type}
          onChange={setFilter('type')}
          options={[
            { id: '', label: t('filter.any') },
            ...WEBHOOK_EVENT_TYPES.map((type) => ({ id: type, label: type })),
          ]}
        />
        <TextInput
          label={t('webhooks.transactionId')}
          name="transaction_id"
          value={draft.transaction_id}
          onChange={setFilter('transaction_id')}
        />
        <TextInput
          label={t('tx.from')}
          name="created_from"
          type="date"
          value={draft.created_from}
          onChange={setFilter('created_from')}
        />
        <TextInput
          label={t('tx.to')}
          name="created_to"
          type="date"
          value={draft.created_to}
          onChange={setFilter('created_to')}
        />
        <FilterActions
          wide
          onClear={() => {
            const empty = webhookFiltersOf(new URLSearchParams());
            setDraft(empty);
            apply(empty);
          }}
        />
      </Form>
      <PagedTable
        page={page}
        label={t('webhooks.table')}
        rows={(data) => data.events}
        columns={columns}
        rowId={(row) => row.id}
        rowHref={(row) => `/webhooks/${row.id}`}
        empty={t('webhooks.none')}
      />
    </>
  );
}
