/**
 * Cascading (decision 0110): a payment a routing rule took, declined softly by its connector (a
 * code the connector declares soft) or never received by it, is tried once on the next
 * candidate of its route, nothing having been charged by the first; and each such payment's
 * calls counted in its connector's health, which routing reads to skip a failing connector.
 *
 * @packageDocumentation
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { transactions } from '../../db/schema';
import type { PaymentProvider } from '../../providers';
import { countCall } from '../routing';
import { recordHistory } from '../webhooks';
import type { HistoryRecord } from '../webhooks';
import { leaseEnd } from './call-lease';
import { errorKind } from './payment-deps';
import type { PaymentDeps } from './payment-deps';
import { mergeProviderData, providerDataOf } from './transaction-repository';
import type { TransactionRow } from './transaction-repository';

/**
 * Counts a payment call in its connector's health (modules/routing/health.ts): `failed` when it
 * got no answer; only for a payment a routing rule took (health decides nothing else). A count
 * that cannot be written is logged and never fails the payment.
 */
export async function countHealth(deps: PaymentDeps, row: TransactionRow, failed: boolean) {
  // Health steers routing only: a payment no rule took costs no statement for it.
  if (providerDataOf(row).route === undefined) return;
  const connector = deps.connectors.resolve(row.connector);
  try {
    const change = await countCall(
      deps.db,
      connector,
      failed,
      deps.clock(),
      deps.config.payments.health,
    );
    if (change !== null) {
      deps.log?.warn(
        { connector, health: change },
        change === 'closed'
          ? 'connector answered again: healthy, routed to again'
          : 'connector calls fail past the threshold: skipped by routing until a probe answers',
      );
    }
  } catch (error) {
    deps.log?.warn({ connector, error: errorKind(error) }, 'connector health not counted');
  }
}

/** What a connector the payment leaves for the next one answered (kept in `cascaded`). */
export interface LeftConnector {
  readonly outcome: 'declined' | 'not_reached';
  readonly reason: string | null;
  readonly code: string | null;
}

/** A decline the provider declares soft (its softDeclineCodes), or `null`. */
export function softDeclineOf(
  provider: PaymentProvider,
  outcome: { readonly outcome: string },
): LeftConnector | null {
  if (outcome.outcome !== 'declined') return null;
  const code: unknown = Reflect.get(outcome, 'code');
  const reason: unknown = Reflect.get(outcome, 'reason');
  if (typeof code !== 'string' || provider.softDeclineCodes?.includes(code) !== true) return null;
  return { outcome: 'declined', reason: typeof reason === 'string' ? reason : null, code };
}

/**
 * The connector a payment cascades to from the one it is at: the next candidate of its route, if
 * the route cascades, the payment has not cascaded yet (once per payment) and the next one is
 * configured.
 */
function nextConnector(deps: PaymentDeps, row: TransactionRow): string | null {
  const data = providerDataOf(row);
  const route = data.route;
  if (route?.cascade !== true || (data.cascaded?.length ?? 0) > 0) return null;
  const at = route.candidates.indexOf(deps.connectors.resolve(row.connector));
  const next = at < 0 ? undefined : route.candidates[at + 1];
  return next !== undefined && deps.connectors.has(next) ? next : null;
}

/**
 * Moves a payment its connector declined softly (or never received) to the next candidate and
 * tries it there, under the lease the caller holds: one conditional update records what the
 * connector answered (`cascaded`, the history) and points the payment at the next connector,
 * then `send` calls it with what the player typed. Nothing was charged by the first, so the
 * payment is still charged at most once; a crash after the move leaves it at the next connector,
 * where a retry of the player's request or the reconciler (by lookup) settles it. `null`: the
 * payment does not cascade, and the answer is applied as it is.
 */
export async function cascadeOnward(
  deps: PaymentDeps,
  row: TransactionRow,
  owner: string,
  left: LeftConnector,
  record: HistoryRecord,
  send: (moved: TransactionRow) => Promise<TransactionRow>,
): Promise<TransactionRow | null> {
  const next = nextConnector(deps, row);
  if (next === null) return null;
  const now = deps.clock();
  const from = deps.connectors.resolve(row.connector);
  const cascaded = [
    ...(providerDataOf(row).cascaded ?? []),
    { connector: from, ...left, at: now.toISOString() },
  ];
  const moved = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(transactions)
      .set({
        connector: next,
        providerData: mergeProviderData(JSON.stringify({ cascaded })),
        callState: 'sending',
        callAttempts: sql`${transactions.callAttempts} + 1`,
        leaseUntil: leaseEnd(deps, now),
        nextCheckAt: leaseEnd(deps, now),
        updatedAt: now,
      })
      .where(
        and(
          eq(transactions.id, row.id),
          eq(transactions.status, 'created'),
          eq(transactions.leaseOwner, owner),
          row.connector === null
            ? isNull(transactions.connector)
            : eq(transactions.connector, row.connector),
        ),
      )
      .returning();
    if (updated === undefined) return undefined;
    await recordHistory(tx, row.id, [
      { ...record, details: { ...record.details, cascaded_to: next } },
    ]);
    return updated;
  });
  if (moved === undefined) return null;
  deps.log?.info(
    { transaction_id: row.id, from, to: next, outcome: left.outcome, code: left.code },
    'payment left its connector without a charge: tried on the next one',
  );
  return send(moved);
}
