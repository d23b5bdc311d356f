/**
 * The money ledger. Every change of a balance is one database transaction that
 * locks the player's balance row (`SELECT … FOR UPDATE`), checks the rule, updates the row and
 * appends a ledger entry; so a withdrawal reserves its amount in the same transaction that checked
 * the balance, and for every player and currency `sum(ledger.amount) = balance` and
 * `sum(ledger.reserved_delta) = reserved`.
 *
 * The balance never goes negative through the player's own actions. Only {@link reverseCredit}
 * can take it below zero: a refund or chargeback the provider reports is a fact (the money has
 * gone back to the payer), and the player may have spent or withdrawn the deposit meanwhile. The
 * ledger then records the debt as it is (a negative balance): withdrawals are refused until
 * deposits bring the balance above zero again, and the player is shown a balance of zero
 * ({@link shownBalance}).
 *
 * A transaction's credits need no check, so {@link creditOnce} makes them in one statement: the
 * entries inserted once (unique per transaction and kind) and the balance row raised by exactly
 * what was inserted, under the row lock that statement takes.
 *
 * Amounts are decimal strings; the math is big.js; balances come back normalised by big.js
 * (`'1000'`, `'12.5'`): the routes format them with the currency precision.
 *
 * Every function takes an {@link Executor}: given a transaction it runs inside it (as a savepoint)
 * so that a route can create a transaction row and reserve its amount atomically.
 *
 * @packageDocumentation
 */
import Big from 'big.js';
import { and, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { positiveDecimal, validateWithdrawalBalance } from '@cashdesk/domain';
import type { Executor, Transaction } from '../../db/open';
import { ledgerEntries, ledgerKind, playerBalances } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import { ShapedStatement, rawStatement, updateSetOf } from '../../db/statement-shapes';
import { ApiError } from '../../http/api-error';
import { isTransaction } from '../webhooks';
import { publishCall, balanceEnvelope, notifyExpression, balanceChannel } from '../realtime';
import { plainDecimal } from '../../platform/money-text';

/** A player's money in one currency. */
export interface Balance {
  readonly currency: string;
  /** Spendable (and withdrawable) balance. */
  readonly balance: string;
  /** Reserved by pending withdrawals. */
  readonly reserved: string;
}

/** Ledger kinds that add money to the balance. */
export type CreditKind = 'deposit' | 'bonus';

/** What {@link credit} needs. */
export interface CreditInput {
  readonly playerId: string;
  readonly currency: string;
  /** A positive decimal string. */
  readonly amount: string;
  readonly kind: CreditKind;
  /** The transaction paid; `null` for an opening balance or a manual adjustment. */
  readonly transactionId: string | null;
}

/** What {@link reserveWithdrawal} needs. */
export interface ReserveInput {
  readonly playerId: string;
  readonly currency: string;
  /** A positive decimal string. */
  readonly amount: string;
  readonly transactionId: string;
  /** The method's minimum (SPEC §5: a balance under it cannot be withdrawn at all). */
  readonly minAmount?: string | null | undefined;
}

/** The outcome of a change that may already have happened. */
export interface LedgerChange {
  /** False when this transaction's entry of that kind existed already (nothing changed). */
  readonly applied: boolean;
  readonly balance: Balance;
}

function toBalance(row: { currency: string; balance: string; reserved: string }): Balance {
  return {
    currency: row.currency,
    balance: plainDecimal(row.balance),
    reserved: plainDecimal(row.reserved),
  };
}

function requirePositive(amount: string): Big {
  const value = positiveDecimal(amount);
  if (value === null)
    throw new ApiError('invalidAmount', { field: 'amount', detail: `ledger amount ${amount}` });
  return value;
}

/**
 * Locks the balance row of (player, currency), creating it at zero first when missing (only
 * then: a row that exists is locked in one statement). Must run inside a transaction: the lock
 * lasts until it commits.
 */
/** One ledger entry, built once per set of columns. */
const insertEntryStatement = new ShapedStatement<typeof ledgerEntries.$inferInsert, unknown>(
  (db, slots) => db.insert(ledgerEntries).values(slots),
);

/**
 * {@link writeBalance}'s statement, built once: the row's update and its realtime publication
 * (`publication`, the envelope) in one statement.
 */
const writeBalanceStatement = new ShapedStatement<
  {
    readonly playerId: string;
    readonly currency: string;
    readonly balance: string;
    readonly reserved: string;
    readonly updatedAt: Date;
    readonly publication: string;
  },
  unknown
>((db, { playerId, currency, publication, ...columns }) => {
  const update = db
    .update(playerBalances)
    .set(updateSetOf(playerBalances, columns))
    .where(and(eq(playerBalances.playerId, playerId), eq(playerBalances.currency, currency)))
    .returning({ currency: playerBalances.currency });
  return rawStatement(
    db,
    sql`with updated as (${update.getSQL()}) select ${publishCall(sql`${publication}`)} from updated`,
  );
});

type EntryKind = (typeof ledgerEntries.$inferSelect)['kind'];

function isEntryKind(value: string): value is EntryKind {
  return ledgerKind.enumValues.some((kind) => kind === value);
}

/** Whether a transaction has an entry of some kinds (the variant: the kinds, comma-separated). */
const entryExistsStatement = new ShapedStatement<
  { readonly transactionId: string },
  { readonly id: number }[],
  string
>((db, slots, kinds) =>
  db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.transactionId, slots.transactionId),
        isNull(ledgerEntries.refundId),
        inArray(ledgerEntries.kind, kinds.split(',').filter(isEntryKind)),
      ),
    )
    .limit(1),
);

/**
 * A player's balance row in a currency, built once per variant (db/statement-shapes.ts): `lock`
 * reads it under its row lock, for a change in the same database transaction.
 */
const balanceStatement = new ShapedStatement<
  { readonly playerId: string; readonly currency: string },
  (typeof playerBalances.$inferSelect)[],
  '' | 'lock'
>((db, slots, variant) => {
  const read = db
    .select()
    .from(playerBalances)
    .where(
      and(eq(playerBalances.playerId, slots.playerId), eq(playerBalances.currency, slots.currency)),
    );
  return variant === 'lock' ? read.for('update') : read;
});

async function lockBalance(tx: Transaction, playerId: string, currency: string) {
  const select = () => balanceStatement.run(tx, { playerId, currency }, 'lock');
  const [existing] = await select();
  if (existing !== undefined) return existing;
  await tx.insert(playerBalances).values({ playerId, currency }).onConflictDoNothing();
  const [row] = await select();
  if (row === undefined) throw new Error(`balance row of ${playerId}/${currency} vanished`);
  return row;
}

/**
 * Runs `work` in a database transaction: the caller's as it is (no savepoint: a failure rolls the
 * caller's back too, as it would after a savepoint, since every caller lets it propagate), or a
 * new one.
 */
function inTransaction<T>(db: Executor, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return isTransaction(db) ? work(db) : db.transaction(work);
}

/**
 * Writes a balance row and, in the same statement, publishes the balance the player sees to the
 * player's balance channel (modules/realtime/channels.ts), delivered when the change commits.
 */
async function writeBalance(
  tx: Transaction,
  playerId: string,
  currency: string,
  balance: Big,
  reserved: Big,
): Promise<Balance> {
  const publication = balanceEnvelope(playerId, {
    currency,
    balance: shownBalance({ balance: balance.toFixed() }),
    reserved: reserved.toFixed(),
  });
  const rows = await rowsOf(
    writeBalanceStatement.run(
      tx,
      {
        playerId,
        currency,
        balance: balance.toFixed(),
        reserved: reserved.toFixed(),
        updatedAt: new Date(),
        publication,
      },
      '',
    ),
  );
  if (rows.length === 0) throw new Error(`balance row of ${playerId}/${currency} vanished`);
  return { currency, balance: balance.toFixed(), reserved: reserved.toFixed() };
}

async function entryExists(
  tx: Transaction,
  transactionId: string,
  kinds: readonly EntryKind[],
): Promise<boolean> {
  const rows = await entryExistsStatement.run(tx, { transactionId }, kinds.join(','));
  return rows.length > 0;
}

/**
 * The balance as the player sees it (the contract's `user_balance`): what can be spent, so never
 * below zero; a debt left by a chargeback shows as zero.
 */
export function shownBalance(balance: Pick<Balance, 'balance'>): string {
  const value = new Big(balance.balance);
  return value.lt(0) ? '0' : value.toFixed();
}

/** Reads the balance of a player in a currency; zero when the player never had one. */
export async function getBalance(
  db: Executor,
  playerId: string,
  currency: string,
): Promise<Balance> {
  const [row] = await balanceStatement.run(db, { playerId, currency }, '');
  return row === undefined ? { currency, balance: '0', reserved: '0' } : toBalance(row);
}

/**
 * Adds a deposit or a bonus to the balance. With a transaction id it is applied once: crediting
 * the same transaction again (a provider callback repeated) changes nothing.
 */
export async function credit(db: Executor, input: CreditInput): Promise<LedgerChange> {
  const amount = requirePositive(input.amount);
  return inTransaction(db, async (tx) => {
    const row = await lockBalance(tx, input.playerId, input.currency);
    if (
      input.transactionId !== null &&
      (await entryExists(tx, input.transactionId, [input.kind]))
    ) {
      return { applied: false, balance: toBalance(row) };
    }
    const balance = await writeBalance(
      tx,
      input.playerId,
      input.currency,
      new Big(row.balance).plus(amount),
      new Big(row.reserved),
    );
    await insertEntryStatement.run(
      tx,
      {
        playerId: input.playerId,
        currency: input.currency,
        amount: amount.toFixed(),
        reservedDelta: '0',
        kind: input.kind,
        transactionId: input.transactionId,
      },
      '',
    );
    return { applied: true, balance };
  });
}

/** What {@link creditOnce} needs: the credits of one transaction (each kind once). */
export interface TransactionCredits {
  readonly playerId: string;
  readonly currency: string;
  readonly transactionId: string;
  /** Positive decimal strings by kind (e.g. a deposit and its bonus). */
  readonly credits: readonly { readonly kind: CreditKind; readonly amount: string }[];
}

/**
 * Adds a transaction's credits to the balance in ONE statement: the ledger
 * entries are inserted (one row each, `ON CONFLICT DO NOTHING` on the unique index of transaction
 * and kind, so a credit already made is not made again) and the balance row is raised by exactly
 * what was inserted, created when missing (`INSERT … ON CONFLICT DO UPDATE`, which takes the row
 * lock once). The sums of the ledger and the balance row therefore stay equal, as
 * {@link credit} keeps them, without a lock, a check and a write in separate round trips.
 *
 * @returns whether anything was credited (false: every entry existed already).
 */
export async function creditOnce(tx: Executor, input: TransactionCredits): Promise<boolean> {
  if (input.credits.length === 0) return false;
  const values: Record<string, string> = {
    playerId: input.playerId,
    currency: input.currency,
    transactionId: input.transactionId,
    channel: balanceChannel(input.playerId),
  };
  input.credits.forEach((entry, index) => {
    values[`kind${String(index)}`] = entry.kind;
    values[`amount${String(index)}`] = requirePositive(entry.amount).toFixed();
  });
  const rows = await rowsOf(creditStatement.run(tx, values, String(input.credits.length)));
  return rows.length > 0;
}

/**
 * {@link creditOnce}'s statement, built once per number of credits (db/statement-shapes.ts): the
 * values are `playerId`, `currency`, `transactionId`, the balance's realtime `channel`, and per
 * credit i `kind{i}` and `amount{i}`.
 */
const creditStatement = new ShapedStatement<Readonly<Record<string, string>>, unknown, string>(
  (db, _slots, variant) => {
    const placeholder = (name: string) => sql.placeholder(name);
    const entries = db
      .insert(ledgerEntries)
      .values(
        Array.from({ length: Number.parseInt(variant, 10) }, (_, index) => ({
          playerId: placeholder('playerId'),
          currency: placeholder('currency'),
          amount: placeholder(`amount${String(index)}`),
          reservedDelta: '0',
          kind: placeholder(`kind${String(index)}`),
          transactionId: placeholder('transactionId'),
        })),
      )
      .onConflictDoNothing({
        target: [ledgerEntries.transactionId, ledgerEntries.kind],
        where: sql`${ledgerEntries.transactionId} is not null and ${ledgerEntries.refundId} is null`,
      })
      .returning({ amount: ledgerEntries.amount });
    // The new balance is published to the player's balance channel in this statement.
    const publication = notifyExpression(
      { channel: sql`${placeholder('channel')}` },
      sql`json_build_object('currency', credited.currency, 'balance', trim_scale(greatest(credited.balance, 0))::text, 'reserved', trim_scale(credited.reserved)::text)`,
    );
    return rawStatement(
      db,
      sql`with entry as (${entries.getSQL()}), credited as (
      insert into ${playerBalances} (player_id, currency, balance, updated_at)
      select ${placeholder('playerId')}::uuid, ${placeholder('currency')}::text, sum(entry.amount), now() from entry
      having count(*) > 0
      on conflict (player_id, currency) do update
        set balance = ${playerBalances}.balance + excluded.balance, updated_at = excluded.updated_at
      returning currency, balance, reserved)
      select 1 as credited, ${publication} from credited`,
    );
  },
);

/**
 * SPEC §5: reserves a withdrawal. In one transaction: lock the balance row, check the
 * domain's withdrawal balance rule (positive balance, not under the method minimum, amount not
 * above the balance), move the amount from balance to reserved, append the entry.
 *
 * @throws {ApiError} insufficientBalance (1206, field `amount`, the domain's message key) when the
 * rule refuses; invalidAmount when the amount is not a positive decimal. Nothing is written then.
 */
export async function reserveWithdrawal(db: Executor, input: ReserveInput): Promise<LedgerChange> {
  const amount = requirePositive(input.amount);
  return inTransaction(db, async (tx) => {
    const row = await lockBalance(tx, input.playerId, input.currency);
    if (await entryExists(tx, input.transactionId, ['withdrawal_reserve'])) {
      return { applied: false, balance: toBalance(row) };
    }
    const rule = validateWithdrawalBalance(amount, row.balance, input.minAmount ?? null);
    if (!rule.valid) {
      throw new ApiError('insufficientBalance', {
        field: rule.field,
        messageKey: rule.error.key,
        detail: `withdrawal of ${amount.toFixed()} refused (${rule.kind})`,
      });
    }
    const balance = await writeBalance(
      tx,
      input.playerId,
      input.currency,
      new Big(row.balance).minus(amount),
      new Big(row.reserved).plus(amount),
    );
    await insertEntryStatement.run(
      tx,
      {
        playerId: input.playerId,
        currency: input.currency,
        amount: amount.times(-1).toFixed(),
        reservedDelta: amount.toFixed(),
        kind: 'withdrawal_reserve',
        transactionId: input.transactionId,
      },
      '',
    );
    return { applied: true, balance };
  });
}

/** The reservation of a withdrawal transaction, read from its reserve entry. */
async function findReservation(tx: Transaction, transactionId: string) {
  const [entry] = await tx
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.transactionId, transactionId),
        eq(ledgerEntries.kind, 'withdrawal_reserve'),
      ),
    );
  return entry;
}

/**
 * Ends a reservation in one of two ways, once: `release` returns the amount to the balance (a
 * reversal, a refused payout), `settle` pays it out (the reservation is gone, the balance stays).
 * A second call, or the other call after the first, changes nothing and says `applied: false`.
 */
async function endReservation(
  db: Executor,
  transactionId: string,
  kind: 'withdrawal_release' | 'withdrawal_settle',
): Promise<LedgerChange | null> {
  return inTransaction(db, async (tx) => {
    const reservation = await findReservation(tx, transactionId);
    if (reservation === undefined) return null;
    const { playerId, currency } = reservation;
    // The lock orders concurrent release/settle calls; the check below then sees the first one.
    const row = await lockBalance(tx, playerId, currency);
    if (await entryExists(tx, transactionId, ['withdrawal_release', 'withdrawal_settle'])) {
      return { applied: false, balance: toBalance(row) };
    }
    const amount = new Big(reservation.reservedDelta);
    const released = kind === 'withdrawal_release';
    const balance = await writeBalance(
      tx,
      playerId,
      currency,
      released ? new Big(row.balance).plus(amount) : new Big(row.balance),
      new Big(row.reserved).minus(amount),
    );
    await insertEntryStatement.run(
      tx,
      {
        playerId,
        currency,
        amount: released ? amount.toFixed() : '0',
        reservedDelta: amount.times(-1).toFixed(),
        kind,
        transactionId,
      },
      '',
    );
    return { applied: true, balance };
  });
}

/**
 * Returns a reserved withdrawal to the balance (SPEC §7 reverse-pending-withdrawal, a declined
 * payout). Twice returns it once. `null` when the transaction never reserved anything.
 */
export async function releaseReservation(
  db: Executor,
  transactionId: string,
): Promise<LedgerChange | null> {
  return endReservation(db, transactionId, 'withdrawal_release');
}

/** Marks a reserved withdrawal as paid out. Once; `null` when nothing was reserved. */
export async function settleReservation(
  db: Executor,
  transactionId: string,
): Promise<LedgerChange | null> {
  return endReservation(db, transactionId, 'withdrawal_settle');
}

/** What {@link reverseCredit} needs. */
export interface ReverseCreditInput {
  /** The deposit whose credits are taken back. */
  readonly transactionId: string;
  /** The ledger kind of the entry: why the money went back to the payer. */
  readonly kind: 'refund' | 'chargeback';
}

/**
 * Takes back everything a deposit credited (its `deposit` entry, the amount after tax, and its
 * `bonus` entry): one entry of `kind` with the negative sum, once per transaction (a repeated
 * report, or a chargeback after a refund, changes nothing: `applied: false`). The balance may go
 * negative (see the module comment). `null` when the transaction credited nothing.
 */
export async function reverseCredit(
  db: Executor,
  input: ReverseCreditInput,
): Promise<LedgerChange | null> {
  return inTransaction(db, async (tx) => {
    // The deposit's credits, less what its refunds hold (a chargeback after a partial refund
    // takes back only what is left).
    const credits = await tx
      .select()
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.transactionId, input.transactionId),
          inArray(ledgerEntries.kind, ['deposit', 'bonus', 'refund', 'refund_return']),
          or(inArray(ledgerEntries.kind, ['deposit', 'bonus']), isNotNull(ledgerEntries.refundId)),
        ),
      );
    const first = credits[0];
    if (first === undefined) return null;
    const { playerId, currency } = first;
    const row = await lockBalance(tx, playerId, currency);
    if (await entryExists(tx, input.transactionId, ['refund', 'chargeback'])) {
      return { applied: false, balance: toBalance(row) };
    }
    const amount = credits.reduce((sum, entry) => sum.plus(entry.amount), new Big(0));
    if (amount.lte(0)) return { applied: false, balance: toBalance(row) };
    const balance = await writeBalance(
      tx,
      playerId,
      currency,
      new Big(row.balance).minus(amount),
      new Big(row.reserved),
    );
    await insertEntryStatement.run(
      tx,
      {
        playerId,
        currency,
        amount: amount.times(-1).toFixed(),
        reservedDelta: '0',
        kind: input.kind,
        transactionId: input.transactionId,
      },
      '',
    );
    return { applied: true, balance };
  });
}

/** What {@link moveForRefund} needs. */
export interface RefundMovement {
  readonly playerId: string;
  readonly currency: string;
  /** The deposit refunded. */
  readonly transactionId: string;
  readonly refundId: string;
  /** What the refund takes back (its hold) or gives back (its return), a decimal ≥ 0. */
  readonly amount: string;
  /** `refund`: the hold, taken off the balance; `refund_return`: a failed refund's hold back. */
  readonly kind: 'refund' | 'refund_return';
  /** A hold that would take the balance below zero is refused unless this is true. */
  readonly allowNegative: boolean;
}

/**
 * Holds what an operator's refund takes back from the balance, or returns it when the refund
 * failed: one entry per refund and kind (a repeat changes nothing: `applied: false`). A hold may
 * take the balance below zero only when allowed (the operator's choice, or a refund the provider
 * reports: a fact); otherwise it is refused before anything is written.
 *
 * @throws {ApiError} balanceTooLow when a hold is not allowed to take the balance below zero.
 */
export async function moveForRefund(db: Executor, input: RefundMovement): Promise<LedgerChange> {
  const amount = new Big(input.amount);
  return inTransaction(db, async (tx) => {
    const row = await lockBalance(tx, input.playerId, input.currency);
    const [existing] = await tx
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.refundId, input.refundId), eq(ledgerEntries.kind, input.kind)));
    if (existing !== undefined || amount.eq(0)) return { applied: false, balance: toBalance(row) };
    const signed = input.kind === 'refund' ? amount.times(-1) : amount;
    const after = new Big(row.balance).plus(signed);
    if (input.kind === 'refund' && after.lt(0) && !input.allowNegative) {
      throw new ApiError('balanceTooLow', {
        field: 'amount',
        detail: `the balance holds ${plainDecimal(row.balance)}, the refund takes back ${amount.toFixed()}`,
      });
    }
    const balance = await writeBalance(
      tx,
      input.playerId,
      input.currency,
      after,
      new Big(row.reserved),
    );
    await insertEntryStatement.run(
      tx,
      {
        playerId: input.playerId,
        currency: input.currency,
        amount: signed.toFixed(),
        reservedDelta: '0',
        kind: input.kind,
        transactionId: input.transactionId,
        refundId: input.refundId,
      },
      '',
    );
    return { applied: true, balance };
  });
}

/** What {@link adjustBalance} needs. */
export interface AdjustmentMovement {
  readonly playerId: string;
  readonly currency: string;
  readonly adjustmentId: string;
  /** Signed: a credit positive, a debit negative. */
  readonly amount: string;
  /** A debit that would take the balance below zero is refused unless this is true. */
  readonly allowNegative: boolean;
}

/**
 * An operator's manual adjustment: one entry (kind `adjustment`, once per adjustment) and the
 * balance moved by it, under the balance row's lock.
 *
 * @throws {ApiError} balanceTooLow when a debit is not allowed to take the balance below zero.
 */
export async function adjustBalance(tx: Transaction, input: AdjustmentMovement): Promise<Balance> {
  const amount = new Big(input.amount);
  const row = await lockBalance(tx, input.playerId, input.currency);
  const after = new Big(row.balance).plus(amount);
  if (amount.lt(0) && after.lt(0) && !input.allowNegative) {
    throw new ApiError('balanceTooLow', {
      field: 'body.amount',
      detail: `the balance holds ${plainDecimal(row.balance)}`,
    });
  }
  const balance = await writeBalance(
    tx,
    input.playerId,
    input.currency,
    after,
    new Big(row.reserved),
  );
  await insertEntryStatement.run(
    tx,
    {
      playerId: input.playerId,
      currency: input.currency,
      amount: amount.toFixed(),
      reservedDelta: '0',
      kind: 'adjustment',
      transactionId: null,
      adjustmentId: input.adjustmentId,
    },
    '',
  );
  return balance;
}

/** Sums of the ledger of a player in a currency (tests and audits: they equal the balance row). */
export async function ledgerTotals(
  db: Executor,
  playerId: string,
  currency: string,
): Promise<{ readonly amount: string; readonly reserved: string }> {
  const rows = await db
    .select({ amount: ledgerEntries.amount, reserved: ledgerEntries.reservedDelta })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.playerId, playerId), eq(ledgerEntries.currency, currency)));
  let amount = new Big(0);
  let reserved = new Big(0);
  for (const row of rows) {
    amount = amount.plus(row.amount);
    reserved = reserved.plus(row.reserved);
  }
  return { amount: amount.toFixed(), reserved: reserved.toFixed() };
}
