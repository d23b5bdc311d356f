/**
 * The payout approval queue: the withdrawals awaiting the operator's approval (the list call with
 * awaiting_approval=true), oldest first, with their amount and the risk flags they carry (a first
 * payout to a new account, a provider answer held for review); approve or reject each with a
 * reason. The list call answers newest first, so the queue reads every page and turns it round.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-aria-components';
import { listTransactions } from '../../api/calls';
import type { Transaction } from '../../api/calls';
import { useI18n } from '../../i18n/i18n';
import { PayoutDecision } from '../../actions/payout-decision';
import { DataTable, columnsOf } from '../../ui/data-table';
import { ErrorNotice, Notice } from '../../ui/errors';
import { Loading } from '../../ui/loading';
import { useLoad } from '../../ui/use-page';
import { Money, PageHeader, When } from '../../ui/values';

/** The largest page the list call answers. */
const PAGE_SIZE = '200';
/** A queue longer than this many pages is shown in part (the oldest are then on the last page). */
const MAX_PAGES = 25;

async function loadQueue(): Promise<readonly Transaction[]> {
  const rows: Transaction[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await listTransactions({ awaiting_approval: 'true', limit: PAGE_SIZE, cursor });
    rows.push(...answer.transactions);
    if (answer.next_cursor === null) break;
    cursor = answer.next_cursor;
  }
  return rows.reverse();
}

const column = columnsOf<Transaction>();

export default function PayoutQueueScreen(): ReactNode {
  const { t } = useI18n();
  const queue = useLoad(loadQueue, 'queue');
  const [message, setMessage] = useState<string | undefined>();
  const decided = (transaction: Transaction) => {
    setMessage(
      t(transaction.status === 'error' ? 'payout.rejectedOne' : 'payout.approvedOne', {
        player: transaction.player_id,
      }),
    );
    queue.reload();
  };
  const columns = [
    column.accessor('created_at', {
      header: t('payout.requested'),
      cell: (info) => <When at={info.getValue()} />,
    }),
    column.accessor('player_id', { header: t('tx.player') }),
    column.accessor('amount', {
      header: t('tx.amount'),
      cell: (info) => <Money amount={info.getValue()} currency={info.row.original.currency} />,
    }),
    column.accessor('pay_group', { header: t('tx.payGroup') }),
    column.display({
      id: 'risk',
      header: t('payout.risk'),
      cell: (info) => {
        const tx = info.row.original;
        const flags = [
          tx.new_payout_account ? t('payout.flag.newAccount') : undefined,
          tx.held_answer === null ? undefined : t('payout.flag.held'),
        ].filter((flag) => flag !== undefined);
        return flags.length === 0 ? (
          <span className="bo-muted">{t('payout.flag.none')}</span>
        ) : (
          flags.map((flag) => (
            <span key={flag} className="bo-badge bo-badge--bad">
              {flag}
            </span>
          ))
        );
      },
    }),
    column.display({
      id: 'actions',
      header: t('payout.decision'),
      cell: (info) => (
        <div className="bo-row-actions">
          <Link className="bo-link" href={`/transactions/${info.row.original.id}`}>
            {t('payout.open')}
          </Link>
          <PayoutDecision transaction={info.row.original} onDone={decided} />
        </div>
      ),
    }),
  ];
  return (
    <>
      <PageHeader title={t('payout.title')} />
      {message === undefined ? null : <Notice>{message}</Notice>}
      <ErrorNotice error={queue.error} />
      {queue.data === undefined ? (
        queue.loading ? (
          <Loading />
        ) : null
      ) : (
        <>
          <p className="bo-muted">{t('payout.count', { count: queue.data.length })}</p>
          <DataTable
            label={t('payout.table')}
            rows={queue.data}
            columns={columns}
            rowId={(row) => row.id}
            empty={t('payout.empty')}
          />
        </>
      )}
    </>
  );
}
