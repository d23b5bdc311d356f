/**
 * The health of each connector, shared by every process through the `connector_health` table
 * (docs/decisions/0110-connector-routing.md): a circuit breaker.
 *
 * - **Counting**: every payment call (authorise a deposit, send a payout) counts in its
 *   connector's current window; a failure is a call without an answer (a time-out, not reached, an
 *   error). A decline is an answer: the connector is healthy.
 * - **Opening**: once the window holds at least `minCalls` calls with at least `failurePercent`
 *   % failed, or its last `failureStreak` calls all failed (a connector that just went down, its
 *   window still full of answers), the connector is `open`: routing skips it where the payment has another candidate
 *   (a payment with none still goes to it).
 * - **Half-open**: after `cooldownMs`, one payment claims the probe (`probe_until`, its lease,
 *   by one conditional update, so of many processes one probes) and goes to it; the next call's
 *   answer closes it, a failure opens it again for another cool-down.
 *
 * Each count is one upsert; the routing read is one select of the candidates' rows.
 *
 * @packageDocumentation
 */
import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { ConnectorHealthSettings } from '../../config';
import type { Executor } from '../../db/open';
import { connectorHealth } from '../../db/schema';

/** How a connector stands, as the operator API answers it. */
export interface ConnectorHealthView {
  readonly state: 'healthy' | 'open' | 'probing';
  readonly calls: number;
  readonly failures: number;
  readonly windowStart: Date | null;
  readonly openedAt: Date | null;
}

/** What a change of a connector's state was, for the log. */
export type HealthChange = 'opened' | 'closed' | 'reopened' | null;

/**
 * Counts a payment call of `connector` that `failed` (no answer) or not, at `now`, and answers
 * whether that opened or closed the connector. One statement; the row is made at the first call.
 */
export async function countCall(
  db: Executor,
  connector: string,
  failed: boolean,
  now: Date,
  settings: ConnectorHealthSettings,
): Promise<HealthChange> {
  const failure = failed ? 1 : 0;
  const at = sql`${now.toISOString()}::timestamptz`;
  const windowEnd = new Date(now.getTime() - settings.windowMs).toISOString();
  const expired = sql`${connectorHealth.windowStart} <= ${windowEnd}::timestamptz`;
  // An open connector answering is healthy again; failing, it is opened anew.
  const wasOpen = sql`${connectorHealth.state} = 'open'`;
  const answered = failed ? sql`false` : sql`true`;
  const calls = sql`case when ${expired} then 1 else ${connectorHealth.calls} + 1 end`;
  const failures = sql`case when ${expired} then ${failure} else ${connectorHealth.failures} + ${failure} end`;
  const streak = failed ? sql`${connectorHealth.streak} + 1` : sql`0`;
  const trips = sql`((${calls}) >= ${settings.minCalls} and (${failures}) * 100 >= (${calls}) * ${settings.failurePercent}) or (${streak}) >= ${settings.failureStreak}`;
  const [row] = await db
    .insert(connectorHealth)
    .values({
      connector,
      windowStart: now,
      calls: 1,
      failures: failure,
      streak: failure,
      state: failed && settings.failureStreak <= 1 ? 'open' : 'closed',
      ...(failed && settings.failureStreak <= 1 ? { openedAt: now } : {}),
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: connectorHealth.connector,
      set: {
        state: sql`case
          when ${wasOpen} then ${failed ? sql`'open'` : sql`'closed'`}
          when ${trips} then 'open' else 'closed' end`,
        openedAt: sql`case
          when ${wasOpen} then ${failed ? at : sql`null::timestamptz`}
          when ${trips} then ${at} else null end`,
        probeUntil: sql`case when ${wasOpen} then null else ${connectorHealth.probeUntil} end`,
        windowStart: sql`case
          when ${wasOpen} and ${answered} then ${at}
          when ${expired} then ${at} else ${connectorHealth.windowStart} end`,
        calls: sql`case when ${wasOpen} and ${answered} then 0 else ${calls} end`,
        failures: sql`case when ${wasOpen} and ${answered} then 0 else ${failures} end`,
        streak,
        updatedAt: now,
      },
    })
    .returning({
      state: connectorHealth.state,
      // The state before this statement, read from its snapshot.
      before: sql<
        string | null
      >`(select "before"."state" from "connector_health" as "before" where "before"."connector" = ${connector})`,
    });
  if (row === undefined) return null;
  const before = row.before ?? 'closed';
  if (before === 'closed' && row.state === 'open') return 'opened';
  if (before === 'open' && row.state === 'closed') return 'closed';
  if (before === 'open' && failed) return 'reopened';
  return null;
}

/**
 * Which of `candidates` may take a new payment at `now`: those not open, and an open one whose
 * cool-down has passed if this caller claims its probe (one caller across processes, for
 * `probeMs`). Answers the usable ones in the candidates' order and the ones skipped.
 */
export async function usableConnectors(
  db: Executor,
  candidates: readonly string[],
  now: Date,
  settings: ConnectorHealthSettings,
  probeMs: number,
): Promise<{ readonly usable: readonly string[]; readonly skipped: readonly string[] }> {
  if (candidates.length === 0) return { usable: [], skipped: [] };
  const rows = await db
    .select({ connector: connectorHealth.connector, state: connectorHealth.state })
    .from(connectorHealth)
    .where(inArray(connectorHealth.connector, [...candidates]));
  const open = new Set(rows.filter((row) => row.state === 'open').map((row) => row.connector));
  const usable: string[] = [];
  const skipped: string[] = [];
  for (const name of candidates) {
    if (!open.has(name) || (await claimProbe(db, name, now, settings, probeMs))) {
      usable.push(name);
    } else {
      skipped.push(name);
    }
  }
  return { usable, skipped };
}

/** Claims the probe of an open connector whose cool-down has passed; false when not yet or taken. */
async function claimProbe(
  db: Executor,
  connector: string,
  now: Date,
  settings: ConnectorHealthSettings,
  probeMs: number,
): Promise<boolean> {
  const [claimed] = await db
    .update(connectorHealth)
    .set({ probeUntil: new Date(now.getTime() + probeMs), updatedAt: now })
    .where(
      and(
        eq(connectorHealth.connector, connector),
        eq(connectorHealth.state, 'open'),
        lte(connectorHealth.openedAt, new Date(now.getTime() - settings.cooldownMs)),
        or(isNull(connectorHealth.probeUntil), lt(connectorHealth.probeUntil, now)),
      ),
    )
    .returning({ connector: connectorHealth.connector });
  return claimed !== undefined;
}

/** The health of every connector named, as every process sees it (healthy when never counted). */
export async function healthOf(
  db: Executor,
  names: readonly string[],
  now: Date,
): Promise<ReadonlyMap<string, ConnectorHealthView>> {
  const rows =
    names.length === 0
      ? []
      : await db
          .select()
          .from(connectorHealth)
          .where(inArray(connectorHealth.connector, [...names]));
  return new Map<string, ConnectorHealthView>(
    names.map((name): [string, ConnectorHealthView] => {
      const row = rows.find((candidate) => candidate.connector === name);
      if (row === undefined) {
        return [
          name,
          { state: 'healthy', calls: 0, failures: 0, windowStart: null, openedAt: null },
        ];
      }
      const probing = row.state === 'open' && row.probeUntil !== null && row.probeUntil > now;
      return [
        name,
        {
          state: row.state === 'closed' ? 'healthy' : probing ? 'probing' : 'open',
          calls: row.calls,
          failures: row.failures,
          windowStart: row.windowStart,
          openedAt: row.openedAt,
        },
      ];
    }),
  );
}

/** Every counted connector and whether it is open now (the metrics read it at each scrape). */
export async function connectorStates(
  db: Executor,
): Promise<readonly { readonly connector: string; readonly open: boolean }[]> {
  const rows = await db
    .select({ connector: connectorHealth.connector, state: connectorHealth.state })
    .from(connectorHealth);
  return rows.map((row) => ({ connector: row.connector, open: row.state === 'open' }));
}
