/**
 * Operator API: the figures an operator steers acceptance by (GET /insight and GET
 * /insight.csv, scope reports:read). Over a time range of at most {@link INSIGHT_MAX_DAYS} days,
 * grouped by connector, method kind, the player's country or the hour (UTC):
 *
 * - **attempts**: each charging call (a deposit's authorisation, a payout) sent to a connector,
 *   from the transactions' own history: approved, declined, answered without a decision yet
 *   (`pending`: a challenge, a redirect, processing) or left without an answer (`no_answer`: a
 *   time-out, not reached, an unknown outcome). A payment tried on two connectors is two attempts.
 * - **payments**: the transactions created in the range, by their status now (succeeded, failed,
 *   still open), and the amount of those that succeeded, per currency.
 * - **latency** of the attempts (median and 95th percentile, whole milliseconds).
 * - **decline reasons** the connectors gave, the **funnel** per method from the widget's
 *   clickstream, and the **backlog**: payouts still open and webhook events pending or dead.
 *
 * Rates are decimal strings (a fraction from 0 to 1, four places, half up) or null when nothing
 * was counted; amounts are exact decimal strings per currency.
 *
 * @packageDocumentation
 */
import * as z from 'zod/mini';
import { Currency, DateTime, Decimal } from './common';
import { PaymentFlowSchema } from './sandbox';
import { INSIGHT_GROUPS } from '../values';

export { INSIGHT_GROUPS, INSIGHT_MAX_DAYS } from '../values';
export type { InsightGroupBy } from '../values';

/** GET /insight and GET /insight.csv: the range (from inclusive, to exclusive), flow and grouping. */
export const InsightQuery = z.object({
  from: DateTime,
  to: DateTime,
  flow: z.optional(PaymentFlowSchema),
  /** Default `connector`. */
  group_by: z.optional(z.enum(INSIGHT_GROUPS)),
});
/** The type of {@link InsightQuery}. */
export type InsightQuery = z.infer<typeof InsightQuery>;

const Count = z.number().check(z.int(), z.gte(0));

/** A rate: a fraction from 0 to 1 as a decimal string with four places, or null (nothing counted). */
const Rate = z.nullable(
  z.string().check(
    z.regex(/^(0\.[0-9]{4}|1\.0000)$/, 'a fraction such as "0.6667"'),
    z.meta({
      id: 'InsightRate',
      description:
        'A fraction from 0 to 1 as a decimal string with four places (half up), e.g. "0.6667"; null when nothing was counted.',
    }),
  ),
);

/** The figures of one group. */
export const InsightRow = z
  .object({
    /** The connector's name, the method kind, the ISO country (`unknown` when the player has none) or the hour's start. */
    key: z.string(),
    attempts: z.object({
      total: Count,
      approved: Count,
      declined: Count,
      /** Answered with a step to wait in (challenge, redirect, processing...): not decided by the call. */
      pending: Count,
      /** Timed out, not reached or ended without an answer. */
      no_answer: Count,
      /** approved / (approved + declined + no_answer). */
      acceptance_rate: Rate,
    }),
    payments: z.object({
      total: Count,
      succeeded: Count,
      failed: Count,
      /** Not final yet. */
      open: Count,
      /** succeeded / (succeeded + failed). */
      acceptance_rate: Rate,
      /** What the succeeded payments moved, per currency. */
      volume: z.array(z.object({ currency: Currency, count: Count, amount: Decimal })),
    }),
    latency: z.object({
      /** Of the attempts (answered or not), in whole milliseconds; null without attempts. */
      median_ms: z.nullable(Count),
      p95_ms: z.nullable(Count),
    }),
  })
  .check(
    z.meta({
      id: 'InsightRow',
      description:
        "One group's figures: the connectors' answers to each charging call (attempts), the payments by their status now with their volume, and the calls' latency.",
    }),
  );
/** The type of {@link InsightRow}. */
export type InsightRow = z.infer<typeof InsightRow>;

/** The answer of GET /insight. */
export const InsightReport = z
  .object({
    from: DateTime,
    to: DateTime,
    flow: z.nullable(PaymentFlowSchema),
    group_by: z.enum(INSIGHT_GROUPS),
    /** Ordered by key (hours oldest first). */
    rows: z.array(InsightRow),
    /** The connectors' decline reasons, most frequent first (`unspecified` without one). */
    decline_reasons: z.array(z.object({ reason: z.string(), count: Count })),
    funnel: z.object({
      /** Players whose cashier was opened (a session was created) in the range. */
      cashier_opened: Count,
      /** Per pay group (method), in players: chose it, submitted its form, paid. */
      methods: z.array(
        z.object({
          pay_group_id: Count,
          method_kind: z.string(),
          chosen: Count,
          submitted: Count,
          paid: Count,
        }),
      ),
    }),
    /** Now, whatever the range. */
    backlog: z.object({
      pending_payouts: z.object({
        count: Count,
        /** Of them, waiting for the operator's approval. */
        awaiting_approval: Count,
        amounts: z.array(z.object({ currency: Currency, amount: Decimal })),
      }),
      webhook_events: z.object({ pending: Count, dead: Count }),
    }),
  })
  .check(
    z.meta({
      id: 'InsightReport',
      description:
        'The acceptance figures of a range grouped by connector, method kind, country or hour (UTC), the decline reasons, the funnel per method and the backlog of payouts and webhook events.',
    }),
  );
/** The type of {@link InsightReport}. */
export type InsightReport = z.infer<typeof InsightReport>;
