/**
 * The audit trail: who did what and when, newest first, filtered by kind (changes or reads), who,
 * which call, the start of the target and the days; the filters and the page cursor are in the
 * address.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Form } from 'react-aria-components';
import { listAudit } from '../../api/calls';
import type { AuditEntries } from '../../api/calls';
import { useI18n } from '../../i18n/i18n';
import { startOfDay, startOfNextDay } from '../../i18n/days';
import { columnsOf } from '../../ui/data-table';
import { PagedTable } from '../../ui/list-page';
import { SelectField, TextInput } from '../../ui/fields';
import { useLoad } from '../../ui/use-page';
import { PageHeader, When } from '../../ui/values';

type Entry = AuditEntries['entries'][number];
const column = columnsOf<Entry>();
const PAGE_SIZE = '50';
const FILTERS = ['kind', 'actor', 'action', 'target', 'from', 'to'] as const;
type Filter = (typeof FILTERS)[number];
type Filters = Record<Filter, string>;

function filtersOf(params: URLSearchParams): Filters {
  const get = (name: Filter): string => params.get(name) ?? '';
  return {
    kind: get('kind'),
    actor: get('actor'),
    action: get('action'),
    target: get('target'),
    from: get('from'),
    to: get('to'),
  };
}

/** A change's state after it, short, for the table. */
function changeOf(entry: Entry): string {
  if (entry.kind === 'read') return '';
  const text = JSON.stringify(entry.after ?? entry.before ?? null);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

export default function AuditTrailScreen(): ReactNode {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const applied = filtersOf(params);
  const [draft, setDraft] = useState<Filters>(applied);
  const page = useLoad(
    () =>
      listAudit({
        kind: applied.kind,
        actor: applied.actor.trim(),
        action: applied.action.trim(),
        target: applied.target.trim(),
        created_from: startOfDay(applied.from),
        created_to: startOfNextDay(applied.to),
        cursor: params.get('cursor') ?? undefined,
        limit: PAGE_SIZE,
      }),
    params.toString(),
  );
  const set = (name: Filter) => (value: string) => {
    setDraft((current) => ({ ...current, [name]: value }));
  };
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
      <Form
        className="bo-filters"
        aria-label={t('tx.filters')}
        onSubmit={(event) => {
          event.preventDefault();
          const next = new URLSearchParams();
          for (const name of FILTERS)
            if (draft[name].trim() !== '') next.set(name, draft[name].trim());
          setParams(next);
        }}
      >
        <SelectField
          label={t('audit.kind')}
          name="kind"
          value={draft.kind}
          onChange={set('kind')}
          options={[
            { id: '', label: t('filter.any') },
            { id: 'change', label: t('audit.kind.change') },
            { id: 'read', label: t('audit.kind.read') },
          ]}
        />
        <TextInput
          label={t('audit.actor')}
          name="actor"
          value={draft.actor}
          onChange={set('actor')}
        />
        <TextInput
          label={t('audit.action')}
          description={t('audit.actionHelp')}
          name="action"
          value={draft.action}
          onChange={set('action')}
        />
        <TextInput
          label={t('audit.target')}
          description={t('audit.targetHelp')}
          name="target"
          value={draft.target}
          onChange={set('target')}
        />
        <TextInput
          label={t('tx.from')}
          name="from"
          type="date"
          value={draft.from}
          onChange={set('from')}
        />
        <TextInput label={t('tx.to')} name="to" type="date" value={draft.to} onChange={set('to')} />
        <div className="bo-filters__actions">
          <Button type="submit" className="bo-button bo-button--primary">
            {t('action.apply')}
          </Button>
        </div>
      </Form>
      <PagedTable
        page={page}
        label={t('audit.table')}
        rows={(data) => data.entries}
        columns={columns}
        rowId={(row) => row.id}
        empty={t('audit.none')}
      />
    </>
  );
}
