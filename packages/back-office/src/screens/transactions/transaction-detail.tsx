/**
 * One transaction: its fields, the documents the player uploaded to it (for a role that may read
 * them), its refunds, its timeline (when the server has the call), and the actions the role
 * allows: refund a succeeded deposit (in full or in part, under an Idempotency-Key kept for the
 * dialog's life so a retry never refunds twice), cancel a payment that is not final, approve or
 * reject a withdrawal awaiting approval. After an action the page
 * shows the transaction as the server answered it, then reads it again with its refunds.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { Link } from 'react-aria-components';
import { STAFF_PERMISSION_OF_CALL } from '@cashdesk/contract/staff-access';
import { newIdempotencyKey } from '../../api/http';
import { cancelTransaction, listRefunds, readTimeline, refund } from '../../api/calls';
import type { Refund, Timeline, Transaction } from '../../api/calls';
import { useI18n } from '../../i18n/i18n';
import { useMay } from '../../session/session';
import { ActionDialog } from '../../ui/action-dialog';
import { DataTable, columnsOf } from '../../ui/data-table';
import { ErrorNotice, Notice } from '../../ui/errors';
import { TextInput } from '../../ui/fields';
import { Loading } from '../../ui/loading';
import { useLoad } from '../../ui/use-page';
import { Field, Money, PageHeader, StatusBadge, When } from '../../ui/values';
import { PayoutDecision } from '../../actions/payout-decision';
import { TransactionDocuments } from './transaction-documents';

/** Statuses after which nothing more happens to a payment (cancel is offered before them). */
const FINAL_STATUSES = new Set(['success', 'error', 'refunded', 'charged_back']);

interface Details {
  readonly transaction: Transaction;
  readonly refunds: readonly Refund[];
  readonly timeline: Timeline;
}

async function loadDetails(id: string): Promise<Details> {
  const [timeline, refunds] = await Promise.all([
    readTimeline(id),
    listRefunds(id).then(
      (list) => list.refunds,
      // A withdrawal has no refunds to list.
      () => [],
    ),
  ]);
  return { transaction: timeline.transaction, refunds, timeline };
}

const refundColumn = columnsOf<Refund>();

function RefundTable({ refunds }: { readonly refunds: readonly Refund[] }): ReactNode {
  const { t } = useI18n();
  const columns = [
    refundColumn.accessor('created_at', {
      header: t('tx.created'),
      cell: (info) => <When at={info.getValue()} />,
    }),
    refundColumn.accessor('amount', {
      header: t('tx.amount'),
      cell: (info) => <Money amount={info.getValue()} currency={info.row.original.currency} />,
    }),
    refundColumn.accessor('status', {
      header: t('tx.status'),
      cell: (info) => <StatusBadge status={info.getValue()} />,
    }),
    refundColumn.accessor('reason', { header: t('refund.reason') }),
    refundColumn.accessor('source', {
      header: t('refund.source'),
      cell: (info) => t(`refund.source.${info.getValue()}`),
    }),
  ];
  return (
    <DataTable
      label={t('refund.table')}
      rows={refunds}
      columns={columns}
      rowId={(row) => row.id}
      empty={t('refund.none')}
    />
  );
}

function RefundAction({
  transaction,
  onDone,
}: {
  readonly transaction: Transaction;
  readonly onDone: (message: string) => void;
}): ReactNode {
  const { t } = useI18n();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  return (
    <ActionDialog
      label={t('refund.action')}
      submitLabel={t('refund.submit')}
      tone="primary"
      onOpen={() => {
        setAmount('');
        setReason('');
        setKey(newIdempotencyKey());
      }}
      onSubmit={async () => {
        const trimmed = amount.trim();
        await refund(
          transaction.id,
          trimmed === '' ? { reason: reason.trim() } : { amount: trimmed, reason: reason.trim() },
          key,
        );
        onDone(t('refund.done'));
      }}
    >
      <p className="bo-help">
        {t('refund.charged')} <Money amount={transaction.amount} currency={transaction.currency} />
        {' · '}
        {t('refund.refundedSoFar')}{' '}
        <Money amount={transaction.refunded_amount} currency={transaction.currency} />
      </p>
      <TextInput
        label={t('refund.amount', { currency: transaction.currency })}
        description={t('refund.amountHelp')}
        name="amount"
        inputMode="decimal"
        pattern="[0-9]+([.][0-9]+)?"
        value={amount}
        onChange={setAmount}
      />
      <TextInput
        label={t('refund.reason')}
        name="reason"
        value={reason}
        onChange={setReason}
        isRequired
        multiline
        maxLength={500}
      />
    </ActionDialog>
  );
}

function CancelAction({
  transaction,
  onDone,
}: {
  readonly transaction: Transaction;
  readonly onDone: (message: string) => void;
}): ReactNode {
  const { t } = useI18n();
  const [reason, setReason] = useState('');
  return (
    <ActionDialog
      label={t('cancel.action')}
      submitLabel={t('cancel.submit')}
      tone="danger"
      onOpen={() => {
        setReason('');
      }}
      onSubmit={async () => {
        await cancelTransaction(transaction.id, reason.trim());
        onDone(t('cancel.done'));
      }}
    >
      <TextInput
        label={t('refund.reason')}
        name="reason"
        value={reason}
        onChange={setReason}
        isRequired
        multiline
        maxLength={500}
      />
    </ActionDialog>
  );
}

/** A timeline entry's details as "name: value" pairs (amounts are decimal strings already). */
function detailsText(details: Timeline['entries'][number]['details']): string {
  return Object.entries(details)
    .filter(([, value]) => value !== null && value !== '')
    .map(([name, value]) => `${name}: ${String(value)}`)
    .join(' · ');
}

function TimelineList({ timeline }: { readonly timeline: Timeline }): ReactNode {
  const { t, has } = useI18n();
  const call = timeline.provider_call;
  const callKey = `timeline.call.${call.state}`;
  return (
    <>
      <p className="bo-help">
        {t('timeline.providerCall', {
          state: has(callKey) ? t(callKey) : call.state,
          attempts: call.attempts,
          connector: call.connector ?? '—',
        })}
      </p>
      {timeline.entries.length === 0 ? (
        <p className="bo-muted">{t('timeline.none')}</p>
      ) : (
        <ol className="bo-timeline">
          {timeline.entries.map((entry, index) => {
            const kindKey = `timeline.kind.${entry.kind}`;
            const details = detailsText(entry.details);
            return (
              <li key={`${entry.at}-${String(index)}`} className="bo-timeline__entry">
                <When at={entry.at} />
                <span>
                  <span className="bo-timeline__kind">
                    {has(kindKey) ? t(kindKey) : entry.kind}
                  </span>{' '}
                  <span className="bo-mono">{entry.summary}</span>
                </span>
                {details === '' ? null : (
                  <span className="bo-muted bo-timeline__details">{details}</span>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </>
  );
}

export default function TransactionDetailScreen(): ReactNode {
  const { t, has } = useI18n();
  const may = useMay();
  const { transactionId = '' } = useParams();
  const details = useLoad(() => loadDetails(transactionId), transactionId);
  const [message, setMessage] = useState<string | undefined>();
  const done = (text: string) => {
    setMessage(text);
    details.reload();
  };
  const data = details.data;
  if (data === undefined) {
    return (
      <>
        <PageHeader title={t('tx.detailTitle')} />
        <ErrorNotice error={details.error} />
        {details.loading ? <Loading /> : null}
      </>
    );
  }
  const tx = data.transaction;
  const methodKindKey = `methodKind.${tx.method_kind}`;
  const methodKindText = has(methodKindKey) ? t(methodKindKey) : tx.method_kind;
  const canRefund =
    tx.flow === 'deposit' &&
    tx.status === 'success' &&
    may(STAFF_PERMISSION_OF_CALL.operatorRefundCreate);
  const canCancel =
    !FINAL_STATUSES.has(tx.status) && may(STAFF_PERMISSION_OF_CALL.operatorTransactionCancel);
  const canDecide = tx.awaiting_approval && may(STAFF_PERMISSION_OF_CALL.operatorPayoutApprove);
  return (
    <>
      <PageHeader title={t(tx.flow === 'deposit' ? 'tx.depositTitle' : 'tx.withdrawalTitle')}>
        {canRefund ? <RefundAction transaction={tx} onDone={done} /> : null}
        {canDecide ? (
          <PayoutDecision
            transaction={tx}
            onDone={(decided) => {
              details.set({ ...data, transaction: decided });
              done(t(decided.status === 'error' ? 'payout.rejected' : 'payout.approved'));
            }}
          />
        ) : null}
        {canCancel ? <CancelAction transaction={tx} onDone={done} /> : null}
      </PageHeader>
      {message === undefined ? null : <Notice>{message}</Notice>}
      <ErrorNotice error={details.error} />
      <section className="bo-card" aria-labelledby="tx-summary">
        <h2 className="bo-h2" id="tx-summary">
          {t('tx.summary')}
        </h2>
        <dl className="bo-dl">
          <Field label="tx.id">
            <span className="bo-mono">{tx.id}</span>
          </Field>
          <Field label="tx.status">
            <StatusBadge status={tx.status} />
            {tx.awaiting_approval ? (
              <span className="bo-badge bo-badge--wait">{t('payout.awaiting')}</span>
            ) : null}
          </Field>
          <Field label="tx.amount">
            <Money amount={tx.amount} currency={tx.currency} />
          </Field>
          <Field label="tx.fee">
            <Money amount={tx.fee} currency={tx.currency} />
          </Field>
          <Field label="tx.methodFee">
            <Money amount={tx.method_fee} currency={tx.currency} />
          </Field>
          <Field label="tx.tax">
            <Money amount={tx.tax} currency={tx.currency} />
          </Field>
          <Field label="tx.bonus">
            <Money amount={tx.bonus} currency={tx.currency} />
          </Field>
          <Field label="tx.refunded">
            <Money amount={tx.refunded_amount} currency={tx.currency} />
          </Field>
          <Field label="tx.player">
            {may(STAFF_PERMISSION_OF_CALL.operatorPlayerGet) ? (
              <Link className="bo-link" href={`/players/${encodeURIComponent(tx.player_id)}`}>
                {tx.player_id}
              </Link>
            ) : (
              tx.player_id
            )}
          </Field>
          <Field label="tx.payGroup">
            {tx.pay_group} ({tx.pay_group_id}) · {methodKindText}
          </Field>
          <Field label="tx.providerReference">{tx.provider_reference ?? '—'}</Field>
          <Field label="tx.decline">{tx.decline_reason ?? tx.error_code ?? '—'}</Field>
          <Field label="tx.newPayoutAccount">
            {t(tx.new_payout_account ? 'common.yes' : 'common.no')}
          </Field>
          <Field label="tx.created">
            <When at={tx.created_at} />
          </Field>
          <Field label="tx.updated">
            <When at={tx.updated_at} />
          </Field>
        </dl>
      </section>
      {may(STAFF_PERMISSION_OF_CALL.operatorTransactionDocumentList) ? (
        <TransactionDocuments transactionId={tx.id} />
      ) : null}
      {tx.flow === 'deposit' ? (
        <section className="bo-card" aria-labelledby="tx-refunds">
          <h2 className="bo-h2" id="tx-refunds">
            {t('refund.title')}
          </h2>
          <RefundTable refunds={data.refunds} />
        </section>
      ) : null}
      <section className="bo-card" aria-labelledby="tx-timeline">
        <h2 className="bo-h2" id="tx-timeline">
          {t('timeline.title')}
        </h2>
        <TimelineList timeline={data.timeline} />
      </section>
    </>
  );
}
