/**
 * Transactions: the list call's filters (kept in the address), a table, cursor pagination, and the
 * CSV export of the same filters. A transaction id in the search box opens that transaction.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Form } from 'react-aria-components';
import { METHOD_KINDS, OPERATOR_TRANSACTION_STATUSES } from '@cashdesk/contract/values';
import { STAFF_PERMISSION_OF_CALL } from '@cashdesk/contract/staff-access';

import { saveFile } from '../../ui/save-file';
import { exportAddress, listTransactions } from '../../api/calls';
import type { Transaction } from '../../api/calls';
import { useI18n } from '../../i18n/i18n';
import { useMay } from '../../session/session';
import { columnsOf } from '../../ui/data-table';
import { ErrorNotice } from '../../ui/errors';
import { FilterActions, PagedTable } from '../../ui/list-page';
import { SelectField, TextInput } from '../../ui/fields';
import { useLoad } from '../../ui/use-page';
import { Money, PageHeader, StatusBadge, When } from '../../ui/values';
import { TRANSACTION_FILTERS, filtersOf, isTransactionId, queryOf } from './filters';
import type { Filters, TransactionFilter } from './filters';

const PAGE_SIZE = '50';
const column = columnsOf<Transaction>();

function useColumns() {
  const { t } = useI18n();
  return [
    column.accessor('created_at', {
      header: t('tx.created'),
      cell: (info) => <When at={info.getValue()} />,
    }),
    column.accessor('id', {
      header: t('tx.id'),
      cell: (info) => <span className="bo-mono">{info.getValue().slice(0, 8)}</span>,
    }),
    column.accessor('flow', { header: t('tx.flow'), cell: (info) => t(`flow.${info.getValue()}`) }),
    column.accessor('status', {
      header: t('tx.status'),
      cell: (info) => <StatusBadge status={info.getValue()} />,
    }),
    column.accessor('amount', {
      header: t('tx.amount'),
      cell: (info) => <Money amount={info.getValue()} currency={info.row.original.currency} />,
    }),
    column.accessor('player_id', { header: t('tx.player') }),
    column.accessor('pay_group', { header: t('tx.payGroup') }),
  ];
}

export default function TransactionListScreen(): ReactNode {
  const { t } = useI18n();
  const may = useMay();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const applied = filtersOf(params);
  const [draft, setDraft] = useState<Filters>(applied);
  const [search, setSearch] = useState('');
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<unknown>(undefined);
  const columns = useColumns();
  const cursor = params.get('cursor') ?? undefined;
  const page = useLoad(
    () => listTransactions({ ...queryOf(applied), limit: PAGE_SIZE, cursor }),
    params.toString(),
  );

  const setFilter = (name: TransactionFilter) => (value: string) => {
    setDraft((current) => ({ ...current, [name]: value }));
  };
  const apply = (filters: Filters) => {
    const next = new URLSearchParams();
    for (const name of TRANSACTION_FILTERS) if (filters[name] !== '') next.set(name, filters[name]);
    setParams(next);
  };
  const any = (label: string) => ({ id: '', label });

  return (
    <>
      <PageHeader title={t('tx.title')}>
        {may(STAFF_PERMISSION_OF_CALL.operatorTransactionExport) ? (
          <Button
            className="bo-button bo-button--secondary"
            isPending={exporting}
            onPress={() => {
              setExporting(true);
              setExportError(undefined);
              saveFile(exportAddress(queryOf(applied)), 'text/csv', 'transactions.csv').then(
                () => {
                  setExporting(false);
                },
                (error: unknown) => {
                  setExporting(false);
                  setExportError(error);
                },
              );
            }}
          >
            {t('tx.export')}
          </Button>
        ) : null}
      </PageHeader>
      <Form
        className="bo-search"
        role="search"
        aria-label={t('tx.searchById')}
        onSubmit={(event) => {
          event.preventDefault();
          const text = search.trim();
          if (isTransactionId(text)) void navigate(`/transactions/${text}`);
          else apply({ ...applied, player_id: text });
        }}
      >
        <TextInput
          label={t('tx.searchById')}
          description={t('tx.searchHelp')}
          name="q"
          type="search"
          value={search}
          onChange={setSearch}
        />
        <Button type="submit" className="bo-button bo-button--primary">
          {t('action.search')}
        </Button>
      </Form>
      <Form
        className="bo-filters"
        aria-label={t('tx.filters')}
        onSubmit={(event) => {
          event.preventDefault();
          apply(draft);
        }}
      >
        <TextInput
          label={t('tx.player')}
          name="player_id"
          value={draft.player_id}
          onChange={setFilter('player_id')}
        />
        <SelectField
          label={t('tx.status')}
          name="status"
          value={draft.status}
          onChange={setFilter('status')}
          options={[
            any(t('filter.any')),
            ...OPERATOR_TRANSACTION_STATUSES.map((s) => ({ id: s, label: t(`status.${s}`) })),
          ]}
        />
        <SelectField
          label={t('tx.flow')}
          name="flow"
          value={draft.flow}
          onChange={setFilter('flow')}
          options={[
            any(t('filter.any')),
            ...(['deposit', 'withdrawal'] as const).map((f) => ({ id: f, label: t(`flow.${f}`) })),
          ]}
        />
        <SelectField
          label={t('tx.methodKind')}
          name="method_kind"
          value={draft.method_kind}
          onChange={setFilter('method_kind')}
          options={[
            any(t('filter.any')),
            ...METHOD_KINDS.map((k) => ({ id: k, label: t(`methodKind.${k}`) })),
          ]}
        />
        <TextInput
          label={t('tx.payGroupId')}
          name="pay_group_id"
          inputMode="numeric"
          pattern="[0-9]*"
          value={draft.pay_group_id}
          onChange={setFilter('pay_group_id')}
        />
        <TextInput
          label={t('tx.currency')}
          name="currency"
          maxLength={3}
          value={draft.currency}
          onChange={setFilter('currency')}
        />
        <TextInput
          label={t('tx.amountFrom')}
          name="amount_from"
          inputMode="decimal"
          value={draft.amount_from}
          onChange={setFilter('amount_from')}
        />
        <TextInput
          label={t('tx.amountTo')}
          name="amount_to"
          inputMode="decimal"
          value={draft.amount_to}
          onChange={setFilter('amount_to')}
        />
        <TextInput
          label={t('tx.connector')}
          name="connector"
          value={draft.connector}
          onChange={setFilter('connector')}
        />
        <TextInput
          label={t('tx.providerReference')}
          name="provider_reference"
          value={draft.provider_reference}
          onChange={setFilter('provider_reference')}
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
          onClear={() => {
            const empty = filtersOf(new URLSearchParams());
            setDraft(empty);
            apply(empty);
          }}
        />
      </Form>
      <ErrorNotice error={exportError} />
      <PagedTable
        page={page}
        label={t('tx.table')}
        rows={(data) => data.transactions}
        columns={columns}
        rowId={(row) => row.id}
        rowHref={(row) => `/transactions/${row.id}`}
        empty={t('tx.none')}
      />
    </>
  );
}
