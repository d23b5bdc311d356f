/**
 * The operator's acceptance figures (GET /insight and GET /insight.csv, scope reports:read;
 * docs/decisions/0109-acceptance-insight.md). Read-only aggregates over one brand, a range of at
 * most {@link INSIGHT_MAX_DAYS} days and an optional flow:
 *
 * - **attempts** are the transactions' history rows of kind `provider_call` for a charging call
 *   (`authorizeDeposit`, `payout`), at the time they were sent, grouped by the connector the call
 *   went to: a payment tried on two connectors counts once on each. `approved` and `declined` are
 *   answers that decided; any other answer (challenge, redirect, processing...) is `pending`; a
 *   call without an answer (time-out, not reached, unknown) is `no_answer`. The attempts' rate is
 *   approved / (approved + declined + no_answer): a call left without an answer failed the player
 *   at that moment, a pending answer is decided later and counts in neither side.
 * - **payments** are the transactions created in the range by their status now: succeeded
 *   (`success`, and the deposits refunded or charged back later: they were accepted), failed
 *   (`error`) or open; their rate is succeeded / (succeeded + failed). Volume is what succeeded,
 *   per currency, summed by the database as exact decimals.
 * - **latency** is the attempts' `duration_ms` (median and 95th percentile, taken from the values
 *   themselves: whole milliseconds, never interpolated).
 * - the **funnel** counts players: whose cashier session was created in the range, who chose a
 *   method (its form reported its first amount: the clickstream's `amount` event with action
 *   `initial`), submitted it (a `click` on `submit_button`) and paid (a transaction of the pay
 *   group that succeeded).
 * - the **backlog** is now, whatever the range: withdrawals not final and the brand's webhook
 *   events pending or dead.
 *
 * Another brand's rows are never selected: every statement names the brand.
 *
 * @packageDocumentation
 */
import { Readable } from 'node:stream';
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import * as z from 'zod/mini';
import { INSIGHT_MAX_DAYS } from '@cashdesk/contract';
import type { InsightGroupBy, InsightQuery, InsightReport, InsightRow } from '@cashdesk/contract';
import type { Executor } from '../../db/open';
import { rowsOf } from '../../db/rows';
import { ApiError } from '../../http/api-error';
import { plainDecimal } from '../../platform/money-text';
import { csvRow } from './csv';
import { DEAD_EVENT, LIVE_PENDING_EVENT } from '../webhooks';

/** The calls that charge or pay: the ones acceptance is about. */
const CHARGING_CALLS = ['authorizeDeposit', 'payout'] as const;

/** Statuses of a payment that was accepted (a refund or chargeback came after its success). */
const SUCCEEDED = sql`('success', 'refunded', 'charged_back')`;
/** Statuses of a payment not final yet. */
const OPEN = sql`('created', 'processing', 'await')`;

const DAY_MS = 86_400_000;

/** The range, flow and grouping of one report, checked. */
interface Scope {
  readonly brandId: string;
  readonly from: Date;
  readonly to: Date;
  readonly flow: 'deposit' | 'withdrawal' | null;
  readonly groupBy: InsightGroupBy;
  /** The name the default connector has (a transaction stored without one went there). */
  readonly defaultConnector: string;
}

/**
 * The query checked beyond its shape: `to` after `from`, at most {@link INSIGHT_MAX_DAYS} days.
 *
 * @throws {ApiError} invalidField naming query.to.
 */
function scopeOf(brandId: string, query: InsightQuery, defaultConnector: string): Scope {
  const from = new Date(query.from);
  const to = new Date(query.to);
  if (to.getTime() <= from.getTime())
    throw new ApiError('invalidField', { field: 'query.to', detail: 'to is not after from' });
  if (to.getTime() - from.getTime() > INSIGHT_MAX_DAYS * DAY_MS)
    throw new ApiError('invalidField', {
      field: 'query.to',
      detail: `the range is longer than ${String(INSIGHT_MAX_DAYS)} days`,
    });
  return {
    brandId,
    from,
    to,
    flow: query.flow ?? null,
    groupBy: query.group_by ?? 'connector',
    defaultConnector,
  };
}

/** The hour (UTC) of a timestamp as the key `2026-12-07T09:00:00Z`. */
function hourKey(column: SQL): SQL {
  return sql`to_char(date_trunc('hour', ${column} at time zone 'UTC'), 'YYYY-MM-DD"T"HH24":00:00Z"')`;
}

/** The group key of an attempt (`h`: the history row, `t` its transaction, `p` the player). */
function attemptKey(scope: Scope): SQL {
  switch (scope.groupBy) {
    case 'connector':
      return sql`coalesce(h.details->>'connector', t.connector, ${scope.defaultConnector})`;
    case 'method':
      return sql`t.provider_kind::text`;
    case 'country':
      return sql`coalesce(p.country, 'unknown')`;
    case 'hour':
      return hourKey(sql`h.at`);
  }
}

/** The group key of a payment (`t` the transaction, `p` its player). */
function paymentKey(scope: Scope): SQL {
  switch (scope.groupBy) {
    case 'connector':
      return sql`coalesce(t.connector, ${scope.defaultConnector})`;
    case 'method':
      return sql`t.provider_kind::text`;
    case 'country':
      return sql`coalesce(p.country, 'unknown')`;
    case 'hour':
      return hourKey(sql`t.created_at`);
  }
}

function flowFilter(scope: Scope, column: SQL): SQL {
  return scope.flow === null ? sql`true` : sql`${column} = ${scope.flow}`;
}

/** The charging calls of the brand sent in the range (a subquery with the columns read below). */
function attempts(scope: Scope): SQL {
  const calls = sql.join(
    CHARGING_CALLS.map((call) => sql`${call}`),
    sql`, `,
  );
  return sql`(
    select ${attemptKey(scope)} as key,
      h.details->>'outcome' as outcome,
      h.details->>'answer' as answer,
      h.details->>'reason' as reason,
      case when jsonb_typeof(h.details->'duration_ms') = 'number'
        then (h.details->>'duration_ms')::numeric end as duration_ms
    from transaction_history h
    join transactions t on t.id = h.transaction_id
    join players p on p.id = t.player_id
    where p.brand_id = ${scope.brandId}
      and h.kind = 'provider_call'
      and h.details->>'call' in (${calls})
      and h.at >= ${scope.from.toISOString()}::timestamptz
      and h.at < ${scope.to.toISOString()}::timestamptz
      and ${flowFilter(scope, sql`t.flow`)}
  )`;
}

/** The brand's transactions created in the range. */
function payments(scope: Scope): SQL {
  return sql`(
    select ${paymentKey(scope)} as key, t.status::text as status, t.currency, t.amount,
      t.pay_group_id, t.player_id
    from transactions t
    join players p on p.id = t.player_id
    where p.brand_id = ${scope.brandId}
      and t.created_at >= ${scope.from.toISOString()}::timestamptz
      and t.created_at < ${scope.to.toISOString()}::timestamptz
      and ${flowFilter(scope, sql`t.flow`)}
  )`;
}

// The rows of each statement, checked (the drivers answer counts as numbers or text).
const Int = z.coerce.number().check(z.int(), z.gte(0));
const NullableInt = z.nullable(Int);

const AttemptRow = z.object({
  key: z.string(),
  total: Int,
  approved: Int,
  declined: Int,
  pending: Int,
  no_answer: Int,
  median_ms: NullableInt,
  p95_ms: NullableInt,
});
const PaymentRow = z.object({
  key: z.string(),
  total: Int,
  succeeded: Int,
  failed: Int,
  open: Int,
});
const VolumeRow = z.object({
  key: z.string(),
  currency: z.string(),
  count: Int,
  amount: z.string(),
});
const ReasonRow = z.object({ reason: z.string(), count: Int });
const FunnelRow = z.object({
  pay_group_id: Int,
  method_kind: z.string(),
  chosen: Int,
  submitted: Int,
  paid: Int,
});
const CountRow = z.object({ count: Int });
const PayoutBacklogRow = z.object({ count: Int, awaiting_approval: Int });
const AmountRow = z.object({ currency: z.string(), amount: z.string() });
const WebhookBacklogRow = z.object({ pending: Int, dead: Int });
const WebhookOutboxRow = z.object({ pending: Int, dead: Int, oldest: z.nullable(z.string()) });

async function select<S extends z.ZodMiniType>(
  db: Executor,
  statement: SQL,
  row: S,
): Promise<z.infer<S>[]> {
  return (await rowsOf(db.execute(statement))).map((value) => row.parse(value));
}

/** `part / whole` as a fraction with four places (half up), or null when `whole` is 0. */
export function insightRate(part: number, whole: number): string | null {
  return whole === 0 ? null : new Big(part).div(whole).round(4, Big.roundHalfUp).toFixed(4);
}

async function groupRows(db: Executor, scope: Scope): Promise<InsightRow[]> {
  const [attemptRows, paymentRows, volumeRows] = await Promise.all([
    select(
      db,
      sql`select key,
        count(*) as total,
        count(*) filter (where outcome = 'answered' and answer = 'approved') as approved,
        count(*) filter (where outcome = 'answered' and answer = 'declined') as declined,
        count(*) filter (where outcome = 'answered' and answer not in ('approved', 'declined')) as pending,
        count(*) filter (where outcome is distinct from 'answered') as no_answer,
        percentile_disc(0.5) within group (order by duration_ms) as median_ms,
        percentile_disc(0.95) within group (order by duration_ms) as p95_ms
      from ${attempts(scope)} a group by key`,
      AttemptRow,
    ),
    select(
      db,
      sql`select key,
        count(*) as total,
        count(*) filter (where status in ${SUCCEEDED}) as succeeded,
        count(*) filter (where status = 'error') as failed,
        count(*) filter (where status in ${OPEN}) as open
      from ${payments(scope)} x group by key`,
      PaymentRow,
    ),
    select(
      db,
      sql`select key, currency, count(*) as count, sum(amount)::text as amount
      from ${payments(scope)} x where status in ${SUCCEEDED}
      group by key, currency order by key, currency`,
      VolumeRow,
    ),
  ]);
  const keys = [
    ...new Set([...attemptRows, ...paymentRows, ...volumeRows].map((row) => row.key)),
  ].sort();
  return keys.map((key) => {
    const a = attemptRows.find((row) => row.key === key);
    const p = paymentRows.find((row) => row.key === key);
    const approved = a?.approved ?? 0;
    const declined = a?.declined ?? 0;
    const noAnswer = a?.no_answer ?? 0;
    const succeeded = p?.succeeded ?? 0;
    const failed = p?.failed ?? 0;
    return {
      key,
      attempts: {
        total: a?.total ?? 0,
        approved,
        declined,
        pending: a?.pending ?? 0,
        no_answer: noAnswer,
        acceptance_rate: insightRate(approved, approved + declined + noAnswer),
      },
      payments: {
        total: p?.total ?? 0,
        succeeded,
        failed,
        open: p?.open ?? 0,
        acceptance_rate: insightRate(succeeded, succeeded + failed),
        volume: volumeRows
          .filter((row) => row.key === key)
          .map((row) => ({
            currency: row.currency,
            count: row.count,
            amount: plainDecimal(row.amount),
          })),
      },
      latency: { median_ms: a?.median_ms ?? null, p95_ms: a?.p95_ms ?? null },
    };
  });
}

/** The clickstream events of the brand in the range (`c`), of one flow if asked. */
function clickstreamIn(scope: Scope, condition: SQL): SQL {
  return sql`(
    select c.player_id, (c.payload->>'pay_group')::integer as pay_group_id
    from clickstream_events c
    where c.brand_id = ${scope.brandId}
      and c.received_at >= ${scope.from.toISOString()}::timestamptz
      and c.received_at < ${scope.to.toISOString()}::timestamptz
      and jsonb_typeof(c.payload->'pay_group') = 'number'
      and c.player_id is not null
      and ${flowFilter(scope, sql`c.payload->>'session_type'`)}
      and ${condition}
  )`;
}

async function funnel(db: Executor, scope: Scope): Promise<InsightReport['funnel']> {
  const chosen = clickstreamIn(
    scope,
    sql`c.type = 'amount' and c.payload->'data'->>'action' = 'initial'`,
  );
  const submitted = clickstreamIn(
    scope,
    sql`c.type = 'click' and c.payload->'data'->>'target' = 'submit_button'`,
  );
  const [opened, methods] = await Promise.all([
    select(
      db,
      sql`select count(distinct s.player_id) as count from sessions s
      where s.brand_id = ${scope.brandId}
        and s.created_at >= ${scope.from.toISOString()}::timestamptz
        and s.created_at < ${scope.to.toISOString()}::timestamptz
        and ${flowFilter(scope, sql`s.flow`)}`,
      CountRow,
    ),
    select(
      db,
      sql`with chosen as (
          select pay_group_id, count(distinct player_id) as players from ${chosen} e group by pay_group_id
        ), submitted as (
          select pay_group_id, count(distinct player_id) as players from ${submitted} e group by pay_group_id
        ), paid as (
          select pay_group_id, count(distinct player_id) as players from ${payments(scope)} x
          where status in ${SUCCEEDED} group by pay_group_id
        )
      select g.id as pay_group_id, g.provider_kind::text as method_kind,
        coalesce(chosen.players, 0) as chosen,
        coalesce(submitted.players, 0) as submitted,
        coalesce(paid.players, 0) as paid
      from pay_groups g
      left join chosen on chosen.pay_group_id = g.id
      left join submitted on submitted.pay_group_id = g.id
      left join paid on paid.pay_group_id = g.id
      where g.brand_id = ${scope.brandId}
        and (chosen.players is not null or submitted.players is not null or paid.players is not null)
      order by g.id`,
      FunnelRow,
    ),
  ]);
  return { cashier_opened: opened[0]?.count ?? 0, methods };
}

/** Withdrawals not final and webhook events pending or dead, of one brand. */
async function backlog(db: Executor, brandId: string): Promise<InsightReport['backlog']> {
  const open = sql`from transactions t join players p on p.id = t.player_id
    where p.brand_id = ${brandId} and t.flow = 'withdrawal' and t.status in ${OPEN}`;
  const [payouts, amounts, webhooks] = await Promise.all([
    select(
      db,
      sql`select count(*) as count,
        count(*) filter (where t.call_state = 'approval') as awaiting_approval ${open}`,
      PayoutBacklogRow,
    ),
    select(
      db,
      sql`select t.currency, sum(t.amount)::text as amount ${open} group by t.currency order by t.currency`,
      AmountRow,
    ),
    select(
      db,
      sql`select count(*) filter (where ${LIVE_PENDING_EVENT}) as pending,
        count(*) filter (where ${DEAD_EVENT}) as dead
      from webhook_events where brand_id = ${brandId} and state in ('pending', 'dead')`,
      WebhookBacklogRow,
    ),
  ]);
  return {
    pending_payouts: {
      count: payouts[0]?.count ?? 0,
      awaiting_approval: payouts[0]?.awaiting_approval ?? 0,
      amounts: amounts.map((row) => ({ currency: row.currency, amount: plainDecimal(row.amount) })),
    },
    webhook_events: { pending: webhooks[0]?.pending ?? 0, dead: webhooks[0]?.dead ?? 0 },
  };
}

/**
 * The brand's figures for `query`.
 *
 * @throws {ApiError} invalidField naming query.to for a range that ends before it starts or is
 *   too long.
 */
export async function insightReport(
  db: Executor,
  brandId: string,
  query: InsightQuery,
  defaultConnector: string,
): Promise<InsightReport> {
  const scope = scopeOf(brandId, query, defaultConnector);
  const [rows, reasons, funnelFigures, backlogFigures] = await Promise.all([
    groupRows(db, scope),
    select(
      db,
      sql`select coalesce(reason, 'unspecified') as reason, count(*) as count
      from ${attempts(scope)} a where outcome = 'answered' and answer = 'declined'
      group by 1 order by count(*) desc, 1`,
      ReasonRow,
    ),
    funnel(db, scope),
    backlog(db, brandId),
  ]);
  return {
    from: scope.from.toISOString(),
    to: scope.to.toISOString(),
    flow: scope.flow,
    group_by: scope.groupBy,
    rows,
    decline_reasons: reasons,
    funnel: funnelFigures,
    backlog: backlogFigures,
  };
}

/** The CSV header of {@link insightCsv}. */
const CSV_HEADER = [
  'group_by',
  'key',
  'attempts',
  'approved',
  'declined',
  'pending',
  'no_answer',
  'attempt_acceptance_rate',
  'payments',
  'succeeded',
  'failed',
  'open',
  'payment_acceptance_rate',
  'currency',
  'succeeded_count',
  'succeeded_amount',
  'latency_median_ms',
  'latency_p95_ms',
];

/**
 * The report's rows as CSV: one line per group and currency of its volume (one line with empty
 * currency cells for a group where nothing succeeded).
 *
 * @throws {ApiError} as {@link insightReport}.
 */
export async function insightCsv(
  db: Executor,
  brandId: string,
  query: InsightQuery,
  defaultConnector: string,
): Promise<Readable> {
  const scope = scopeOf(brandId, query, defaultConnector);
  const rows = await groupRows(db, scope);
  const lines = [csvRow(CSV_HEADER)];
  for (const row of rows) {
    const volumes = row.payments.volume.length === 0 ? [null] : row.payments.volume;
    for (const volume of volumes) {
      lines.push(
        csvRow([
          scope.groupBy,
          row.key,
          row.attempts.total,
          row.attempts.approved,
          row.attempts.declined,
          row.attempts.pending,
          row.attempts.no_answer,
          row.attempts.acceptance_rate,
          row.payments.total,
          row.payments.succeeded,
          row.payments.failed,
          row.payments.open,
          row.payments.acceptance_rate,
          volume?.currency ?? null,
          volume?.count ?? null,
          volume?.amount ?? null,
          row.latency.median_ms,
          row.latency.p95_ms,
        ]),
      );
    }
  }
  return Readable.from(lines);
}

/**
 * The backlog of every brand, as the metrics read it at each scrape: one statement each. The
 * payouts' count reads the withdrawals not final (an index on the open ones would keep it cheap
 * on a large table: see the decision record); the webhook events' count reads the pending ones
 * through their partial index and the dead ones, with when the oldest of them was recorded: its
 * age on `clock` is how long the operator's endpoint has been behind.
 */
export function backlogReaders(
  db: Executor,
  clock: () => Date,
): {
  payoutsPending(): Promise<number>;
  webhookEvents(): Promise<{ pending: number; dead: number; oldestAgeSeconds: number }>;
} {
  return {
    async payoutsPending() {
      const [row] = await select(
        db,
        sql`select count(*) as count from transactions
        where flow = 'withdrawal' and status in ${OPEN}`,
        CountRow,
      );
      return row?.count ?? 0;
    },
    async webhookEvents() {
      const [row] = await select(
        db,
        sql`select count(*) filter (where ${LIVE_PENDING_EVENT}) as pending,
          count(*) filter (where ${DEAD_EVENT}) as dead,
          to_char(min(created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as oldest
        from webhook_events where state in ('pending', 'dead')`,
        WebhookOutboxRow,
      );
      const oldest = row?.oldest ?? null;
      const ageMs = oldest === null ? 0 : clock().getTime() - Date.parse(oldest);
      return {
        pending: row?.pending ?? 0,
        dead: row?.dead ?? 0,
        oldestAgeSeconds: Math.max(ageMs, 0) / 1000,
      };
    },
  };
}
