/**
 * The widget's client error reports of the brand's sessions, newest first: filtered by kind and
 * days (in the address), a page at a time. A row's "Details" opens the report (its message, stack
 * and breadcrumbs as the call answers them) in a dialog whose address names it (`?report=`), so
 * it can be sent to a colleague.
 */
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Dialog, Form, Heading, Link, Modal, ModalOverlay } from 'react-aria-components';
import { CLIENT_REPORT_KINDS } from '@cashdesk/contract/values';
import { useState } from 'react';
import { listClientReports } from '../../api/report-calls';
import type { ClientReport } from '../../api/report-calls';
import { useI18n } from '../../i18n/i18n';
import { columnsOf } from '../../ui/data-table';
import { FilterActions, PagedTable } from '../../ui/list-page';
import { SelectField, TextInput } from '../../ui/fields';
import { useLoad } from '../../ui/use-page';
import { Field, PageHeader, When } from '../../ui/values';
import { dayRangeOf } from '../day-range';
import '../ops.css';

const PAGE_SIZE = '50';
const FILTERS = ['kind', 'created_from', 'created_to'] as const;
type Filters = Readonly<Record<(typeof FILTERS)[number], string>>;
const column = columnsOf<ClientReport>();

function filtersOf(params: URLSearchParams): Filters {
  return {
    kind: params.get('kind') ?? '',
    created_from: params.get('created_from') ?? '',
    created_to: params.get('created_to') ?? '',
  };
}

/** The address of the same list with the report `id` open (or none). */
function withReport(params: URLSearchParams, id: string | undefined): string {
  const next = new URLSearchParams(params);
  if (id === undefined) next.delete('report');
  else next.set('report', id);
  const text = next.toString();
  return text === '' ? '/reports' : `/reports?${text}`;
}

function ReportDetail({ report }: { readonly report: ClientReport }): ReactNode {
  const { t } = useI18n();
  return (
    <>
      <dl className="bo-dl">
        <Field label="reports.kind">{t(`reports.kind.${report.kind}`)}</Field>
        <Field label="reports.received">
          <When at={report.received_at} />
        </Field>
        <Field label="reports.page">
          <span className="bo-mono bo-break">{report.page}</span>
        </Field>
        <Field label="reports.release">{report.release ?? '—'}</Field>
        <Field label="reports.player">{report.player_id ?? '—'}</Field>
        <Field label="reports.traced">{t(report.trace_sampled ? 'common.yes' : 'common.no')}</Field>
        <Field label="reports.userAgent">
          <span className="bo-break">{report.user_agent ?? '—'}</span>
        </Field>
      </dl>
      <h3 className="bo-h3" id="report-message">
        {t('reports.message')}
      </h3>
      <p className="bo-break">{report.message}</p>
      <h3 className="bo-h3" id="report-stack">
        {t('reports.stack')}
      </h3>
      {report.stack === null ? (
        <p className="bo-muted">{t('reports.noStack')}</p>
      ) : (
        <pre className="bo-pre">{report.stack}</pre>
      )}
      <h3 className="bo-h3" id="report-breadcrumbs">
        {t('reports.breadcrumbs')}
      </h3>
      {report.breadcrumbs.length === 0 ? (
        <p className="bo-muted">{t('reports.noBreadcrumbs')}</p>
      ) : (
        <ol className="bo-crumbs" aria-labelledby="report-breadcrumbs">
          {report.breadcrumbs.map((crumb, index) => (
            <li key={String(index)} className="bo-mono">
              {JSON.stringify(crumb)}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

export default function ReportListScreen(): ReactNode {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const applied = filtersOf(params);
  const [draft, setDraft] = useState<Filters>(applied);
  const cursor = params.get('cursor') ?? undefined;
  const listed = new URLSearchParams(params);
  listed.delete('report');
  const page = useLoad(
    () =>
      listClientReports({ kind: applied.kind, ...dayRangeOf(params), limit: PAGE_SIZE, cursor }),
    listed.toString(),
  );
  const openId = params.get('report') ?? undefined;
  const open = page.data?.reports.find((report) => report.id === openId);
  const apply = (filters: Filters) => {
    const next = new URLSearchParams();
    for (const name of FILTERS) if (filters[name] !== '') next.set(name, filters[name]);
    setParams(next);
  };
  const columns = [
    column.accessor('received_at', {
      header: t('reports.received'),
      cell: (info) => <When at={info.getValue()} />,
    }),
    column.accessor('kind', {
      header: t('reports.kind'),
      cell: (info) => t(`reports.kind.${info.getValue()}`),
    }),
    column.accessor('message', {
      header: t('reports.message'),
      cell: (info) => <span className="bo-clip bo-readable">{info.getValue()}</span>,
    }),
    column.accessor('page', {
      header: t('reports.page'),
      cell: (info) => <span className="bo-mono bo-clip">{info.getValue()}</span>,
    }),
    column.display({
      id: 'open',
      header: t('reports.details'),
      cell: (info) => (
        <Link className="bo-link" href={withReport(listed, info.row.original.id)}>
          {t('reports.open')}
        </Link>
      ),
    }),
  ];
  return (
    <>
      <PageHeader title={t('reports.title')} />
      <Form
        className="bo-filters"
        aria-label={t('reports.filters')}
        onSubmit={(event) => {
          event.preventDefault();
          apply(draft);
        }}
      >
        <SelectField
          label={t('reports.kind')}
          name="kind"
          value={draft.kind}
          onChange={(kind) => {
            setDraft((current) => ({ ...current, kind }));
          }}
          options={[
            { id: '', label: t('filter.any') },
            ...CLIENT_REPORT_KINDS.map((kind) => ({ id: kind, label: t(`reports.kind.${kind}`) })),
          ]}
        />
        <TextInput
          label={t('tx.from')}
          name="created_from"
          type="date"
          value={draft.created_from}
          onChange={(day) => {
            setDraft((current) => ({ ...current, created_from: day }));
          }}
        />
        <TextInput
          label={t('tx.to')}
          name="created_to"
          type="date"
          value={draft.created_to}
          onChange={(day) => {
            setDraft((current) => ({ ...current, created_to: day }));
          }}
        />
        <FilterActions
          wide
          onClear={() => {
            const empty = filtersOf(new URLSearchParams());
            setDraft(empty);
            apply(empty);
          }}
        />
      </Form>
      <PagedTable
        page={page}
        label={t('reports.table')}
        rows={(data) => data.reports}
        columns={columns}
        rowId={(row) => row.id}
        empty={t('reports.none')}
      />
      <ModalOverlay
        className="bo-overlay"
        isDismissable
        isOpen={open !== undefined}
        onOpenChange={(isOpen) => {
          if (!isOpen) setParams(new URLSearchParams(listed));
        }}
      >
        <Modal className="bo-modal bo-modal--wide">
          <Dialog className="bo-dialog">
            <Heading slot="title" className="bo-h2">
              {t('reports.detailTitle')}
            </Heading>
            {open === undefined ? null : <ReportDetail report={open} />}
            <div className="bo-dialog__actions">
              <Button className="bo-button bo-button--secondary" slot="close">
                {t('action.close')}
              </Button>
            </div>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </>
  );
}
