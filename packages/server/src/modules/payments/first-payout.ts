/**
 * The operator's `new_payout_account` mark (SPEC §3 is_new_payout_account): true exactly on the
 * first withdrawal of a player to a payout account, false on every later one.
 *
 * - **The account** is its requisites, not a row: the requisite type and the value of each
 *   requisite field (an IBAN, a wallet phone), compared without white space and case, hashed
 *   ({@link payoutAccountKey}) and kept with the withdrawal (`provider_data.payoutAccountKey`).
 *   A saved account deleted and added again with the same IBAN is the same account; the same IBAN
 *   typed in the form or picked as a saved account is the same account; the key is per player.
 * - **First** means first requested: the withdrawal is the first when no earlier withdrawal of
 *   the player to the same account exists that was paid or may still be (any status but
 *   `error`). A first that fails (declined, rejected, reversed) moved no money, so the next one is
 *   the first again. The mark is decided when the withdrawal is created and never changes.
 * - **Concurrent requests** are decided one after the other: the decision and the insert run in
 *   the creating database transaction under a transaction-scoped advisory lock of the player's
 *   account, so of two withdrawals requested at once exactly one is the first.
 * - The client's own claim (`is_new_payout_account`) is not used: a widget that omits it after
 *   verifying an account, or repeats it for an account already paid, does not change the mark.
 *
 * @packageDocumentation
 */
import { createHash } from 'node:crypto';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { transactions } from '../../db/schema';

/** The account a withdrawal goes to: the player, the account's key and its saved row, if any. */
export interface PayoutAccountRef {
  readonly playerId: string;
  /** {@link payoutAccountKey} of its requisites. */
  readonly key: string;
  /** The saved payout account paid to (`null`: requisites typed in the form). */
  readonly accountId: string | null;
}

/** A requisite value as compared: without white space, upper case ("de89 3704…" is "DE893704…"). */
function comparable(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/**
 * The key of an account's requisites: (requisite type, value) pairs, compared as
 * {@link comparable}, in a fixed order, hashed (SHA-256, hex) so the key has one length and
 * is no second copy of the value.
 */
export function payoutAccountKey(
  requisites: readonly (readonly [type: string, value: string])[],
): string {
  const pairs = requisites
    .map(([type, value]) => [type, comparable(value)] as const)
    .sort(([a, x], [b, y]) => (a === b ? x.localeCompare(y) : a.localeCompare(b)));
  return createHash('sha256').update(JSON.stringify(pairs)).digest('hex');
}

/**
 * The provider data that marks a withdrawal to `account`: its key, and `newPayoutAccount` when no
 * earlier withdrawal of the player to the same account was paid or may still be (see the module
 * comment). Run it in the database transaction that creates the withdrawal: it holds a lock of
 * the player's account until that commits.
 */
export async function firstPayoutMark(
  tx: Executor,
  account: PayoutAccountRef,
): Promise<{ readonly payoutAccountKey: string; readonly newPayoutAccount?: true }> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`payout-account:${account.playerId}:${account.key}`}, 0))`,
  );
  const sameAccount = sql`${transactions.providerData}->>'payoutAccountKey' = ${account.key}`;
  const [earlier] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.playerId, account.playerId),
        eq(transactions.flow, 'withdrawal'),
        ne(transactions.status, 'error'),
        // Withdrawals written before the key was kept are known by their saved account only.
        account.accountId === null
          ? sameAccount
          : or(sameAccount, eq(transactions.payoutAccountId, account.accountId)),
      ),
    )
    .limit(1);
  return earlier === undefined
    ? { payoutAccountKey: account.key, newPayoutAccount: true }
    : { payoutAccountKey: account.key };
}
