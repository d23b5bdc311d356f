/** The audit trail: who did what and when, filtered by kind (changes or reads), a page at a time. */
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { listAudit } from '../../api/calls';
import type { AuditEntries } from '../../api/calls';
import { useI18n } from '../../i18n/i18n';
import { DataTable, columnsOf } from '../../ui/data-table';
import { ErrorNotice } from '../../ui/errors';
import { SelectField } from '../../ui/fields';
import { Loading } from '../../ui/loading';
import { Pager } from '../../ui/pager';
import { useLoad } from '../../ui/use-page';
import { PageHeader, When } from '../../ui/values';

type Entry = AuditEntries['entries'][number];
const column = columnsOf<Entry>();
const PAGE_SIZE = '50';

/** A change's before and after, short, for the table. */
function changeOf(entry: Entry): string {
  if (entry.kind === 'read') return '';
  const text = JSON.stringify(entry.after ?? entry.before ?? null);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

export default function AuditTrailScreen(): ReactNode {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const kind = params.get('kind') ?? '';
  const cursor = params.get('cursor') ?? undefined;
  const page = useLoad(() => listAudit({ kind, cursor, limit: PAGE_SIZE }), params.toString());
  const columns = [
    column.accessor('at', { header: t('audit.at'), cell: (info) => <When at={info.getValue()} /> }),
    column.accessor('actor', { header: t('audit.actor') }),
    column.accessor('action', {
      header: t('audit.action'),
      cell: (info) => <span className="bo-mono">{info.getValue()}</span>,
    }),
    column.accessor('kind', {
      header: t('audit.kind'),
      cell: (info) => t(`audit.kind.${info.getValue()}`),
    }),
    column.accessor('target', {
      header: t('audit.target'),
      cell: (info) => <span className="bo-mono bo-clip">{info.getValue()}</span>,
    }),
    column.display({
      id: 'change',
      header: t('audit.change'),
      cell: (info) => (
        <span className="bo-mono bo-muted bo-clip">{changeOf(info.row.original)}</span>
      ),
    }),
  ];
  return (
    <>
      <PageHeader title={t('audit.title')} />
      <div className="bo-filters bo-filters--inline">
        <SelectField
          label={t('audit.kind')}
          name="kind"
          value={kind}
          onChange={(value) => {
            setParams(value === '' ? {} : { kind: value });
          }}
          options={[
            { id: '', label: t('filter.any') },
            { id: 'change', label: t('audit.kind.change') },
            { id: 'read', label: t('audit.kind.read') },
          ]}
        />
      </div>
      <ErrorNotice error={page.error} />
      {page.loading && page.data === undefined ? <Loading /> : null}
      {page.data === undefined ? null : (
        <>
          <DataTable
            label={t('audit.table')}
            rows={page.data.entries}
            columns={columns}
            rowId={(row) => row.id}
            empty={t('audit.none')}
          />
          <Pager nextCursor={page.data.next_cursor} />
        </>
      )}
    </>
  );
}
