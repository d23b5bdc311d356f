/**
 * Insight: the numbers acceptance is steered by (GET /insight; decision 0109). Filters in the
 * address (days, flow, what the rows are grouped by), then: the backlog now (payouts waiting,
 * webhook events pending or dead), the acceptance rate per group, the volume per hour (UTC), the
 * decline reasons, the latency per group and the funnel per method. Each chart is followed by a
 * table of the same numbers, the way a screen reader or a keyboard reads them; amounts are in the
 * tables only, as the exact decimal strings the API answers (a chart plots counts and rates).
 *
 * The charts are uPlot's (bar-chart.tsx), in this screen's chunk only.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Form } from 'react-aria-components';
import { INSIGHT_GROUPS } from '@cashdesk/contract/values';
import type { InsightGroupBy } from '@cashdesk/contract/values';
import { getInsight, insightCsvAddress } from '../../api/insight-calls';
import type { InsightReport, InsightRow } from '../../api/insight-calls';
import type { Query } from '../../api/http';
import { useI18n } from '../../i18n/i18n';
import type { MessageKey, Translate } from '../../i18n/i18n';
import { startOfDay, startOfNextDay } from '../../i18n/days';
import { columnsOf, DataTable } from '../../ui/data-table';
import { ErrorNotice } from '../../ui/errors';
import { SelectField, TextInput } from '../../ui/fields';
import { FilterActions } from '../../ui/list-page';
import { Loading } from '../../ui/loading';
import { saveFile } from '../../ui/save-file';
import { useLoad } from '../../ui/use-page';
import { Field, Money, PageHeader } from '../../ui/values';
import { BarChart } from './bar-chart';
import '../ops.css';
import './insight.css';

const FLOW_LABELS = { deposit: 'flow.deposit', withdrawal: 'flow.withdrawal' } as const;

const GROUP_LABELS: Readonly<Record<InsightGroupBy, MessageKey>> = {
  connector: 'insight.group.connector',
  method: 'insight.group.method',
  country: 'insight.group.country',
  hour: 'insight.group.hour',
};

const FILTER_NAMES = ['from', 'to', 'flow', 'group_by'] as const;

interface Filters {
  readonly from: string;
  readonly to: string;
  readonly flow: string;
  readonly group_by: string;
}

/** A day (yyyy-mm-dd) in the browser's time zone, `back` days before today. */
function dayBefore(back: number): string {
  const date = new Date();
  date.setDate(date.getDate() - back);
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${String(date.getFullYear())}-${month}-${day}`;
}

/** The filters of the address; without days, the last seven (today included). */
function filtersOf(params: URLSearchParams): Filters {
  return {
    from: params.get('from') ?? dayBefore(6),
    to: params.get('to') ?? dayBefore(0),
    flow: params.get('flow') ?? '',
    group_by: params.get('group_by') ?? 'connector',
  };
}

function queryOf(filters: Filters): Query {
  return {
    from: startOfDay(filters.from) ?? filters.from,
    to: startOfNextDay(filters.to) ?? filters.to,
    flow: filters.flow,
    group_by: filters.group_by,
  };
}

/** Whether a rate is the decimal string the API answers ("0.6667"), which Intl formats exactly. */
function isRate(text: string | null): text is Intl.StringNumericLiteral {
  return text !== null && /^\d\.\d+$/.test(text);
}

/** A rate ("0.6667") as a percentage per locale, digit for digit; "—" without one. */
function usePercent(): (rate: string | null) => string {
  const { locale } = useI18n();
  const format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
  return (rate) => (isRate(rate) ? format.format(rate) : '—');
}

/** A rate as the chart's number (a percentage). */
const ratePoint = (rate: string | null): number | null =>
  rate === null ? null : Number(rate) * 100;

/** An hour's key (2026-12-07T09:00:00Z) as the chart's label: "12-07 09:00". */
const hourLabel = (key: string): string => `${key.slice(5, 10)} ${key.slice(11, 16)}`;

function Section({
  id,
  title,
  children,
}: {
  readonly id: string;
  readonly title: string;
  readonly children: ReactNode;
}): ReactNode {
  return (
    <section className="bo-card bo-insight__section" aria-labelledby={id}>
      <h2 className="bo-h2" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

const rowColumn = columnsOf<InsightRow>();
const reasonColumn = columnsOf<InsightReport['decline_reasons'][number]>();
const funnelColumn = columnsOf<InsightReport['funnel']['methods'][number]>();

/** A figure of a row as a table's column: its id, its header's key and how to read it. */
type Figure = readonly [
  id: string,
  header: MessageKey,
  value: (row: InsightRow) => string | number,
];

/** The figures of a row that several tables show. */
const FIGURES = {
  attempts: ['attempts', 'insight.attempts', (row) => row.attempts.total],
  approved: ['approved', 'insight.approved', (row) => row.attempts.approved],
  declined: ['declined', 'insight.declined', (row) => row.attempts.declined],
  pending: ['pending', 'insight.pending', (row) => row.attempts.pending],
  noAnswer: ['no_answer', 'insight.noAnswer', (row) => row.attempts.no_answer],
  payments: ['payments', 'insight.payments', (row) => row.payments.total],
  succeeded: ['succeeded', 'insight.succeeded', (row) => row.payments.succeeded],
  failed: ['failed', 'insight.failed', (row) => row.payments.failed],
  open: ['open', 'insight.open', (row) => row.payments.open],
  median: ['median', 'insight.medianMs', (row) => row.latency.median_ms ?? '—'],
  p95: ['p95', 'insight.p95Ms', (row) => row.latency.p95_ms ?? '—'],
} satisfies Readonly<Record<string, Figure>>;

/** The columns of `figures`, their headers in the reader's language. */
function figureColumns(t: Translate, figures: readonly Figure[]) {
  return figures.map(([id, header, value]) => rowColumn.accessor(value, { id, header: t(header) }));
}

/** A method of the funnel, as its chart and its table name it. */
const methodLabel = (row: InsightReport['funnel']['methods'][number]): string =>
  `${row.method_kind} #${String(row.pay_group_id)}`;

function Volumes({ row }: { readonly row: InsightRow }): ReactNode {
  if (row.payments.volume.length === 0) return <span className="bo-muted">—</span>;
  return (
    <span className="bo-insight__volumes">
      {row.payments.volume.map((volume) => (
        <Money key={volume.currency} amount={volume.amount} currency={volume.currency} />
      ))}
    </span>
  );
}

function Backlog({ backlog }: { readonly backlog: InsightReport['backlog'] }): ReactNode {
  const { t } = useI18n();
  return (
    <dl className="bo-dl">
      <Field label="insight.backlog.payouts">{backlog.pending_payouts.count}</Field>
      <Field label="insight.backlog.awaitingApproval">
        {backlog.pending_payouts.awaiting_approval}
      </Field>
      <Field label="insight.backlog.payoutAmounts">
        {backlog.pending_payouts.amounts.length === 0 ? (
          <span className="bo-muted">—</span>
        ) : (
          <span className="bo-insight__volumes">
            {backlog.pending_payouts.amounts.map((amount) => (
              <Money key={amount.currency} amount={amount.amount} currency={amount.currency} />
            ))}
          </span>
        )}
      </Field>
      <Field label="insight.backlog.webhooksPending">{backlog.webhook_events.pending}</Field>
      <Field label="insight.backlog.webhooksDead">
        {backlog.webhook_events.dead}
        {backlog.webhook_events.dead > 0 ? (
          <span className="bo-muted"> {t('insight.backlog.deadHint')}</span>
        ) : null}
      </Field>
    </dl>
  );
}

function Figures({
  report,
  hourly,
}: {
  readonly report: InsightReport;
  readonly hourly: InsightReport | undefined;
}): ReactNode {
  const { t } = useI18n();
  const percent = usePercent();
  const group = t(GROUP_LABELS[report.group_by]);
  const keyOf = (key: string) => (report.group_by === 'hour' ? hourLabel(key) : key);
  const groupColumn = rowColumn.accessor('key', {
    header: group,
    cell: (info) => keyOf(info.getValue()),
  });
  const acceptanceColumns = [
    groupColumn,
    ...figureColumns(t, [
      FIGURES.attempts,
      FIGURES.approved,
      FIGURES.declined,
      FIGURES.pending,
      FIGURES.noAnswer,
      ['attempt_rate', 'insight.attemptRate', (row) => percent(row.attempts.acceptance_rate)],
      FIGURES.payments,
      FIGURES.succeeded,
      FIGURES.failed,
      FIGURES.open,
      ['payment_rate', 'insight.paymentRate', (row) => percent(row.payments.acceptance_rate)],
    ]),
  ];
  const latencyColumns = [
    groupColumn,
    ...figureColumns(t, [FIGURES.attempts, FIGURES.median, FIGURES.p95]),
  ];
  const hourColumns = [
    rowColumn.accessor('key', { header: t('insight.hourUtc'), cell: (info) => info.getValue() }),
    ...figureColumns(t, [FIGURES.payments, FIGURES.succeeded]),
    rowColumn.display({
      id: 'volume',
      header: t('insight.volume'),
      cell: (info) => <Volumes row={info.row.original} />,
    }),
  ];
  const reasonColumns = [
    reasonColumn.accessor('reason', { header: t('insight.reason') }),
    reasonColumn.accessor('count', { header: t('insight.count') }),
  ];
  const funnelColumns = [
    funnelColumn.accessor(methodLabel, {
      id: 'method',
      header: t('insight.method'),
    }),
    funnelColumn.accessor('chosen', { header: t('insight.funnel.chosen') }),
    funnelColumn.accessor('submitted', { header: t('insight.funnel.submitted') }),
    funnelColumn.accessor('paid', { header: t('insight.funnel.paid') }),
  ];
  const categories = report.rows.map((row) => keyOf(row.key));
  return (
    <>
      <Section id="insight-backlog" title={t('insight.backlog.title')}>
        <Backlog backlog={report.backlog} />
      </Section>

      <Section id="insight-acceptance" title={t('insight.acceptance.title')}>
        <BarChart
          title={t('insight.acceptance.chart', { group: report.group_by })}
          describedBy="insight-acceptance-table"
          categories={categories}
          series={[
            {
              label: t('insight.attemptRate'),
              values: report.rows.map((row) => ratePoint(row.attempts.acceptance_rate)),
            },
            {
              label: t('insight.paymentRate'),
              values: report.rows.map((row) => ratePoint(row.payments.acceptance_rate)),
            },
          ]}
          formatY={(value) => `${String(value)} %`}
          yMax={100}
        />
        <div id="insight-acceptance-table">
          <DataTable
            label={t('insight.acceptance.table')}
            rows={report.rows}
            columns={acceptanceColumns}
            rowId={(row) => row.key}
            empty={t('insight.none')}
          />
        </div>
      </Section>

      <Section id="insight-volume" title={t('insight.volume.title')}>
        {hourly === undefined ? (
          <Loading />
        ) : (
          <>
            <BarChart
              title={t('insight.volume.chart')}
              describedBy="insight-volume-table"
              counts
              categories={hourly.rows.map((row) => hourLabel(row.key))}
              series={[
                {
                  label: t('insight.payments'),
                  values: hourly.rows.map((row) => row.payments.total),
                },
                {
                  label: t('insight.succeeded'),
                  values: hourly.rows.map((row) => row.payments.succeeded),
                },
              ]}
            />
            <div id="insight-volume-table">
              <DataTable
                label={t('insight.volume.table')}
                rows={hourly.rows}
                columns={hourColumns}
                rowId={(row) => row.key}
                empty={t('insight.none')}
              />
            </div>
          </>
        )}
      </Section>

      <Section id="insight-declines" title={t('insight.declines.title')}>
        <BarChart
          title={t('insight.declines.chart')}
          describedBy="insight-declines-table"
          counts
          categories={report.decline_reasons.map((row) => row.reason)}
          series={[
            {
              label: t('insight.count'),
              values: report.decline_reasons.map((row) => row.count),
            },
          ]}
        />
        <div id="insight-declines-table">
          <DataTable
            label={t('insight.declines.table')}
            rows={report.decline_reasons}
            columns={reasonColumns}
            rowId={(row) => row.reason}
            empty={t('insight.noDeclines')}
          />
        </div>
      </Section>

      <Section id="insight-latency" title={t('insight.latency.title')}>
        <BarChart
          title={t('insight.latency.chart', { group: report.group_by })}
          describedBy="insight-latency-table"
          counts
          categories={categories}
          series={[
            {
              label: t('insight.medianMs'),
              values: report.rows.map((row) => row.latency.median_ms),
            },
            { label: t('insight.p95Ms'), values: report.rows.map((row) => row.latency.p95_ms) },
          ]}
          formatY={(value) => `${String(value)} ms`}
        />
        <div id="insight-latency-table">
          <DataTable
            label={t('insight.latency.table')}
            rows={report.rows}
            columns={latencyColumns}
            rowId={(row) => row.key}
            empty={t('insight.none')}
          />
        </div>
      </Section>

      <Section id="insight-funnel" title={t('insight.funnel.title')}>
        <p className="bo-lead">
          {t('insight.funnel.opened', { count: report.funnel.cashier_opened })}
        </p>
        <BarChart
          title={t('insight.funnel.chart')}
          describedBy="insight-funnel-table"
          counts
          categories={report.funnel.methods.map(methodLabel)}
          series={[
            {
              label: t('insight.funnel.chosen'),
              values: report.funnel.methods.map((row) => row.chosen),
            },
            {
              label: t('insight.funnel.submitted'),
              values: report.funnel.methods.map((row) => row.submitted),
            },
            {
              label: t('insight.funnel.paid'),
              values: report.funnel.methods.map((row) => row.paid),
            },
          ]}
        />
        <div id="insight-funnel-table">
          <DataTable
            label={t('insight.funnel.table')}
            rows={report.funnel.methods}
            columns={funnelColumns}
            rowId={(row) => String(row.pay_group_id)}
            empty={t('insight.noFunnel')}
          />
        </div>
      </Section>
    </>
  );
}

export default function InsightScreen(): ReactNode {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const applied = filtersOf(params);
  const [draft, setDraft] = useState<Filters>(applied);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<unknown>(undefined);
  const query = queryOf(applied);
  const inputs = JSON.stringify(query);
  const report = useLoad(() => getInsight(query), inputs);
  const hourly = useLoad(() => getInsight({ ...query, group_by: 'hour' }), inputs);
  const apply = (filters: Filters) => {
    const next = new URLSearchParams();
    for (const name of FILTER_NAMES) if (filters[name] !== '') next.set(name, filters[name]);
    setParams(next);
  };
  return (
    <>
      <PageHeader title={t('insight.title')}>
        <Button
          className="bo-button bo-button--secondary"
          isPending={exporting}
          onPress={() => {
            setExporting(true);
            setExportError(undefined);
            saveFile(insightCsvAddress(query), 'text/csv', 'insight.csv').then(
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
          {t('insight.export')}
        </Button>
      </PageHeader>
      <p className="bo-lead bo-page-lead">{t('insight.lead')}</p>
      <ErrorNotice error={exportError} />
      <Form
        className="bo-filters"
        aria-label={t('insight.filters')}
        onSubmit={(event) => {
          event.preventDefault();
          apply(draft);
        }}
      >
        <TextInput
          label={t('tx.from')}
          name="from"
          type="date"
          value={draft.from}
          onChange={(from) => {
            setDraft((current) => ({ ...current, from }));
          }}
        />
        <TextInput
          label={t('tx.to')}
          name="to"
          type="date"
          value={draft.to}
          onChange={(to) => {
            setDraft((current) => ({ ...current, to }));
          }}
        />
        <SelectField
          label={t('insight.flow')}
          name="flow"
          value={draft.flow}
          onChange={(flow) => {
            setDraft((current) => ({ ...current, flow }));
          }}
          options={[
            { id: '', label: t('filter.any') },
            ...Object.entries(FLOW_LABELS).map(([flow, label]) => ({ id: flow, label: t(label) })),
          ]}
        />
        <SelectField
          label={t('insight.groupBy')}
          name="group_by"
          value={draft.group_by}
          onChange={(groupBy) => {
            setDraft((current) => ({ ...current, group_by: groupBy }));
          }}
          options={INSIGHT_GROUPS.map((groupBy) => ({
            id: groupBy,
            label: t(GROUP_LABELS[groupBy]),
          }))}
        />
        <FilterActions
          wide
          onClear={() => {
            const empty = filtersOf(new URLSearchParams());
            setDraft(empty);
            apply({ ...empty, from: '', to: '', group_by: '' });
          }}
        />
      </Form>
      <ErrorNotice error={report.error} />
      {report.data === undefined ? (
        report.loading ? (
          <Loading />
        ) : null
      ) : (
        <Figures report={report.data} hourly={hourly.data} />
      )}
    </>
  );
}
