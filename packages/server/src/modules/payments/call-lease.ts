/**
 * A transaction's lease (`lease_owner`, `lease_until`): whoever works on a transaction holds it,
 * taken by one conditional update, so two processes never call the provider for one transaction
 * at once (provider-calls.ts). A lease that runs out (its holder died) lets the reconciler or the
 * player's retry take over.
 *
 * @packageDocumentation
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { transactions } from '../../db/schema';
import type { PaymentDeps } from './payment-deps';
import type { TransactionRow } from './transaction-repository';

/** A new lease owner token. */
export function newOwner(): string {
  return randomUUID();
}

/** When a lease taken now ends. */
export function leaseEnd(deps: Pick<PaymentDeps, 'config'>, now: Date): Date {
  return new Date(now.getTime() + deps.config.payments.leaseMs);
}

/** Rows nobody else works on at `now`: no lease, an ended one, or `owner`'s own. */
function leaseFreeFor(owner: string, now: Date) {
  return or(
    isNull(transactions.leaseUntil),
    lt(transactions.leaseUntil, now),
    eq(transactions.leaseOwner, owner),
  );
}

/**
 * Takes the provider call of a transaction still `created` whose lease is free (or already
 * `owner`'s, as a reconciler's batch lease is): starts a new attempt (`sending`) under `owner`.
 * `null` when someone else holds it or it needs no call.
 */
export async function takeCall(
  deps: PaymentDeps,
  transactionId: string,
  owner: string,
): Promise<TransactionRow | null> {
  const now = deps.clock();
  const [row] = await deps.db
    .update(transactions)
    .set({
      callState: 'sending',
      callAttempts: sql`${transactions.callAttempts} + 1`,
      leaseOwner: owner,
      leaseUntil: leaseEnd(deps, now),
      nextCheckAt: leaseEnd(deps, now),
    })
    .where(
      and(
        eq(transactions.id, transactionId),
        eq(transactions.status, 'created'),
        ne(transactions.callState, 'done'),
        // A payout awaiting the operator's approval is sent only once approved.
        ne(transactions.callState, 'approval'),
        leaseFreeFor(owner, now),
      ),
    )
    .returning();
  return row ?? null;
}

/** Ends `owner`'s lease (nothing if it no longer holds it). */
export async function releaseLease(db: Executor, transactionId: string, owner: string) {
  await db
    .update(transactions)
    .set({ leaseOwner: null, leaseUntil: null })
    .where(and(eq(transactions.id, transactionId), eq(transactions.leaseOwner, owner)));
}

/** Reads a transaction again (after the lease was released). */
export async function reread(db: Executor, transactionId: string): Promise<TransactionRow> {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, transactionId));
  if (row === undefined) throw new Error(`transaction ${transactionId} vanished`);
  return row;
}
