/**
 * The sandbox provider's state in the server's database (tables `sandbox_payments`,
 * `sandbox_tokens` and `sandbox_transactions`, db/schema/sandbox.ts), so that every server process
 * behind a load balancer sees the same payments, tokens and idempotency records, and a restart
 * loses none of them. Works on PGlite and PostgreSQL alike.
 *
 * How each operation of {@link SandboxStore} stays atomic when two processes make it at once:
 * - a transaction id's first result: `INSERT … ON CONFLICT DO NOTHING` on its primary key, in one
 *   statement with the payment and token it made, which are inserted only when that row was new
 *   (data-modifying CTEs, db/insert-when.ts); the call that finds the id taken keeps nothing and
 *   answers the record that stands;
 * - a payment's result: `INSERT … ON CONFLICT (ref) DO UPDATE … WHERE resolution IS NULL`, one
 *   statement: only the first result is kept;
 * - a payment's token: `UPDATE … WHERE card_token IS NULL` and the token's row in one database
 *   transaction: only the first token is tied to the payment and kept;
 * - a repeated call: `UPDATE … SET calls = calls + 1 … RETURNING`.
 *
 * A first result is stored as the provider protocol writes it (`../http/protocol.ts`: instants
 * as ISO strings) and read back through the same schemas.
 *
 * Nothing of a card but its summary (last four digits, BIN, expiry, holder, type) is stored.
 *
 * @packageDocumentation
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import * as z from 'zod';
import { insertWhen } from '../../db/insert-when';
import { rawStatement, ShapedStatement } from '../../db/statement-shapes';
import type { Database } from '../../db/open';
import { rowsOf } from '../../db/rows';
import {
  sandboxPayments,
  sandboxRefunds,
  sandboxTokens,
  sandboxTransactions,
} from '../../db/schema';
import { DepositAnswer, PayoutAnswer } from '../http/protocol';
import { DECLINE_REASONS, REFUND_FAILURE_REASONS } from '../payment-provider';
import type { CardSummary, DeclineReason, ProviderRef } from '../payment-provider';
import type { SandboxFlow } from './provider-ref';
import type {
  ResolveResult,
  SandboxActivity,
  NewSandboxRefund,
  SandboxFirstCall,
  SandboxRefundRecord,
  SandboxFirstResult,
  SandboxPaymentRecord,
  SandboxResolution,
  SandboxSnapshot,
  SandboxStore,
  SandboxTokenRecord,
  SandboxTransactionRecord,
} from './store';

type PaymentRow = typeof sandboxPayments.$inferSelect;
type TokenRow = typeof sandboxTokens.$inferSelect;
type TransactionRow = typeof sandboxTransactions.$inferSelect;

/** The card columns of a row, all set or all null. */
interface CardColumns {
  readonly cardLast4: string | null;
  readonly cardBin: string | null;
  readonly cardExpMonth: string | null;
  readonly cardExpYear: string | null;
  readonly cardHolder: string | null;
  readonly cardType: string | null;
}

function cardColumns(card: CardSummary | undefined): CardColumns {
  return {
    cardLast4: card?.last4 ?? null,
    cardBin: card?.bin ?? null,
    cardExpMonth: card?.expMonth ?? null,
    cardExpYear: card?.expYear ?? null,
    cardHolder: card?.holder ?? null,
    cardType: card?.cardType ?? null,
  };
}

function cardOf(row: CardColumns): CardSummary | undefined {
  if (row.cardLast4 === null) return undefined;
  return {
    last4: row.cardLast4,
    bin: row.cardBin ?? '',
    expMonth: row.cardExpMonth ?? '',
    expYear: row.cardExpYear ?? '',
    holder: row.cardHolder ?? '',
    cardType: row.cardType ?? 'unknown',
  };
}

function declineReasonOf(text: string | null): DeclineReason {
  return DECLINE_REASONS.find((reason) => reason === text) ?? 'declined';
}

function resolutionColumns(resolution: SandboxResolution | undefined) {
  return {
    resolution: resolution?.kind ?? null,
    declineReason: resolution?.kind === 'declined' ? resolution.reason : null,
  };
}

function resolutionOf(row: PaymentRow): SandboxResolution | undefined {
  switch (row.resolution) {
    case null:
      return undefined;
    case 'declined':
      return { kind: 'declined', reason: declineReasonOf(row.declineReason) };
    case 'settled':
    case 'cancelled':
      return { kind: row.resolution };
  }
}

function paymentRow(payment: SandboxPaymentRecord): typeof sandboxPayments.$inferInsert {
  const details = payment.details;
  return {
    ref: payment.ref,
    transactionId: details?.transactionId ?? null,
    methodKind: details?.kind ?? null,
    amount: details?.amount ?? null,
    currency: details?.currency ?? null,
    payGroup: details?.payGroup ?? null,
    merchantName: details?.merchantName ?? null,
    returnUrls: details?.returnUrls ?? null,
    betShop: details?.betShop ?? null,
    reference: details?.reference ?? null,
    saveAs: details?.saveAs ?? null,
    ...cardColumns(details?.card),
    ...resolutionColumns(payment.resolution),
    cardToken: payment.cardToken ?? null,
  };
}

function paymentOf(row: PaymentRow): SandboxPaymentRecord {
  const details =
    row.transactionId === null ||
    row.methodKind === null ||
    row.amount === null ||
    row.currency === null ||
    row.payGroup === null ||
    row.merchantName === null
      ? undefined
      : {
          kind: row.methodKind,
          transactionId: row.transactionId,
          amount: row.amount,
          currency: row.currency,
          payGroup: row.payGroup,
          merchantName: row.merchantName,
          returnUrls: row.returnUrls ?? undefined,
          card: cardOf(row),
          saveAs: row.saveAs ?? undefined,
          betShop: row.betShop ?? undefined,
          reference: row.reference ?? undefined,
        };
  return {
    ref: row.ref,
    details,
    resolution: resolutionOf(row),
    cardToken: row.cardToken ?? undefined,
  };
}

function tokenRow(token: SandboxTokenRecord): typeof sandboxTokens.$inferInsert {
  const { card } = token;
  return {
    token: token.token,
    behaviour: token.behaviour,
    cardLast4: card.last4,
    cardBin: card.bin,
    cardExpMonth: card.expMonth,
    cardExpYear: card.expYear,
    cardHolder: card.holder,
    cardType: card.cardType,
  };
}

function tokenOf(row: TokenRow): SandboxTokenRecord {
  return {
    token: row.token,
    behaviour: row.behaviour,
    card: {
      last4: row.cardLast4,
      bin: row.cardBin,
      expMonth: row.cardExpMonth,
      expYear: row.cardExpYear,
      holder: row.cardHolder,
      cardType: row.cardType,
    },
  };
}

/** A first result as the protocol writes it (plain JSON). */
function encodedOutcome(first: SandboxFirstResult): Record<string, unknown> {
  return first.flow === 'deposit'
    ? z.encode(DepositAnswer, first.outcome)
    : z.encode(PayoutAnswer, first.outcome);
}

/** The columns of a first record that {@link transactionOf} reads, as a raw statement answers them. */
const KeptRow = z
  .object({
    transaction_id: z.string(),
    flow: z.enum(['deposit', 'payout']),
    amount: z.string(),
    currency: z.string(),
    calls: z.number().int(),
    outcome: z.record(z.string(), z.unknown()),
  })
  .transform((row) => ({
    transactionId: row.transaction_id,
    flow: row.flow,
    amount: row.amount,
    currency: row.currency,
    calls: row.calls,
    outcome: row.outcome,
  }));

/** Where each table's columns stand in {@link recordFirstStatement}'s values. */
const PREFIX = { transaction: 't.', payment: 'p.', token: 'k.' } as const;

/** Adds `row`'s columns to `values`, each under `prefix`. */
function addPrefixed(values: Record<string, unknown>, prefix: string, row: object): void {
  for (const [key, value] of Object.entries(row)) values[`${prefix}${key}`] = value;
}

/** The slots under `prefix`, by column. */
function unprefixed(
  slots: Readonly<Record<string, unknown>>,
  prefix: string,
): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(slots)) {
    if (key.startsWith(prefix)) row[key.slice(prefix.length)] = value;
  }
  return row;
}

/**
 * {@link DatabaseSandboxStore.recordFirst}'s one statement, built once per shape
 * (db/statement-shapes.ts): the first record, and the payment and token it made only
 * when that record was new (a data-modifying CTE each, conditional on the first). The values are
 * the three rows' columns under {@link PREFIX}; the variant says whether a token is written.
 */
const recordFirstStatement = new ShapedStatement<
  Readonly<Record<string, unknown>>,
  unknown,
  'token' | ''
>((db, slots, variant) => {
  const slot = (column: string) => sql.placeholder(`${PREFIX.transaction}${column}`);
  const first = db
    .insert(sandboxTransactions)
    .values({
      transactionId: slot('transactionId'),
      flow: slot('flow'),
      amount: slot('amount'),
      currency: slot('currency'),
      providerRef: slot('providerRef'),
      outcome: slot('outcome'),
    })
    .onConflictDoNothing()
    .returning();
  const isNew = sql`exists (select 1 from kept)`;
  const payment = insertWhen(sandboxPayments, unprefixed(slots, PREFIX.payment), isNew);
  const token =
    variant === 'token'
      ? sql`, token as (${insertWhen(sandboxTokens, unprefixed(slots, PREFIX.token), isNew)})`
      : sql``;
  return rawStatement(
    db,
    sql`with kept as (${first.getSQL()}), payment as (${payment})${token} select transaction_id, flow, amount, currency, calls, outcome from kept`,
  );
});

function transactionOf(
  row: Pick<TransactionRow, 'transactionId' | 'flow' | 'amount' | 'currency' | 'calls' | 'outcome'>,
): SandboxTransactionRecord {
  const common = {
    transactionId: row.transactionId,
    amount: row.amount,
    currency: row.currency,
    calls: row.calls,
  };
  return row.flow === 'deposit'
    ? { ...common, flow: 'deposit', outcome: DepositAnswer.parse(row.outcome) }
    : { ...common, flow: 'payout', outcome: PayoutAnswer.parse(row.outcome) };
}

type RefundRow = typeof sandboxRefunds.$inferSelect;

const RefundFailure = z.enum(REFUND_FAILURE_REASONS);

function refundOf(row: RefundRow): SandboxRefundRecord {
  return {
    refundId: row.refundId,
    ref: row.ref,
    paymentRef: row.paymentRef,
    amount: row.amount,
    currency: row.currency,
    outcome: row.outcome,
    failureReason: row.failureReason === null ? undefined : RefundFailure.parse(row.failureReason),
    settlesTo: row.settlesTo ?? undefined,
    settlesAt: row.settlesAt ?? undefined,
    calls: row.calls,
  };
}

/** The sandbox's state in the database (see the module comment). */
export class DatabaseSandboxStore implements SandboxStore {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  async refund(
    refundId: string,
    paymentRef: ProviderRef,
    decide: (earlier: readonly SandboxRefundRecord[]) => NewSandboxRefund,
  ): Promise<SandboxRefundRecord> {
    return this.#db.transaction(async (tx) => {
      // One refund of a payment decided at a time, across processes: its earlier refunds are
      // read under the lock, so two refunds at once cannot both fit what was charged.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${paymentRef}, 7))`);
      const [known] = await tx
        .update(sandboxRefunds)
        .set({ calls: sql`${sandboxRefunds.calls} + 1` })
        .where(eq(sandboxRefunds.refundId, refundId))
        .returning();
      if (known !== undefined) return refundOf(known);
      const earlier = await tx
        .select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.paymentRef, paymentRef))
        .orderBy(asc(sandboxRefunds.seq));
      const made = decide(earlier.map(refundOf));
      const [row] = await tx
        .insert(sandboxRefunds)
        .values({
          refundId: made.refundId,
          ref: made.ref,
          paymentRef: made.paymentRef,
          amount: made.amount,
          currency: made.currency,
          outcome: made.outcome,
          failureReason: made.failureReason ?? null,
          settlesTo: made.settlesTo ?? null,
          settlesAt: made.settlesAt ?? null,
        })
        .returning();
      if (row === undefined) throw new Error(`sandbox: refund ${refundId} was not kept`);
      return refundOf(row);
    });
  }

  async findRefund(refundId: string): Promise<SandboxRefundRecord | undefined> {
    const [row] = await this.#db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.refundId, refundId));
    return row === undefined ? undefined : refundOf(row);
  }

  async repeat(
    transactionId: string,
    flow: SandboxFlow,
  ): Promise<SandboxTransactionRecord | undefined> {
    const [row] = await this.#db
      .update(sandboxTransactions)
      .set({
        calls: sql`${sandboxTransactions.calls} + (case when ${sandboxTransactions.flow} = ${flow} then 1 else 0 end)`,
      })
      .where(eq(sandboxTransactions.transactionId, transactionId))
      .returning();
    return row === undefined ? undefined : transactionOf(row);
  }

  async recordFirst(call: SandboxFirstCall): Promise<SandboxTransactionRecord> {
    const { transaction } = call;
    // One statement, so one round trip (recordFirstStatement).
    const values: Record<string, unknown> = {};
    addPrefixed(values, PREFIX.transaction, {
      transactionId: transaction.transactionId,
      flow: transaction.flow,
      amount: transaction.amount,
      currency: transaction.currency,
      providerRef: transaction.outcome.providerRef ?? null,
      outcome: encodedOutcome(transaction),
    } satisfies typeof sandboxTransactions.$inferInsert);
    addPrefixed(values, PREFIX.payment, paymentRow(call.payment));
    if (call.token !== undefined) addPrefixed(values, PREFIX.token, tokenRow(call.token));
    const rows = await rowsOf(
      recordFirstStatement.run(this.#db, values, call.token === undefined ? '' : 'token'),
    );
    const kept = rows.length === 0 ? undefined : KeptRow.parse(rows[0]);
    if (kept !== undefined) return transactionOf(kept);
    // Another call recorded this transaction id first: its result stands, this one is a repeat.
    const earlier = await this.repeat(transaction.transactionId, transaction.flow);
    if (earlier === undefined) {
      throw new Error(`sandbox: transaction ${transaction.transactionId} was neither new nor kept`);
    }
    return earlier;
  }

  async transaction(transactionId: string): Promise<SandboxTransactionRecord | undefined> {
    const [row] = await this.#db
      .select()
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.transactionId, transactionId));
    return row === undefined ? undefined : transactionOf(row);
  }

  async payment(ref: ProviderRef): Promise<SandboxPaymentRecord | undefined> {
    const [row] = await this.#db.select().from(sandboxPayments).where(eq(sandboxPayments.ref, ref));
    return row === undefined ? undefined : paymentOf(row);
  }

  async resolve(ref: ProviderRef, resolution: SandboxResolution): Promise<ResolveResult> {
    const columns = resolutionColumns(resolution);
    const [changed] = await this.#db
      .insert(sandboxPayments)
      .values({ ref, ...columns })
      .onConflictDoUpdate({
        target: sandboxPayments.ref,
        set: columns,
        setWhere: isNull(sandboxPayments.resolution),
      })
      .returning();
    if (changed !== undefined) return { payment: paymentOf(changed), applied: true };
    const payment = await this.payment(ref);
    if (payment === undefined) throw new Error(`sandbox: payment ${ref} vanished`);
    return { payment, applied: false };
  }

  async attachToken(ref: ProviderRef, token: SandboxTokenRecord): Promise<string | undefined> {
    return this.#db.transaction(async (tx) => {
      const [tied] = await tx
        .update(sandboxPayments)
        .set({ cardToken: token.token })
        .where(and(eq(sandboxPayments.ref, ref), isNull(sandboxPayments.cardToken)))
        .returning({ cardToken: sandboxPayments.cardToken });
      if (tied !== undefined) {
        await tx.insert(sandboxTokens).values(tokenRow(token));
        return token.token;
      }
      const [held] = await tx
        .select({ cardToken: sandboxPayments.cardToken })
        .from(sandboxPayments)
        .where(eq(sandboxPayments.ref, ref));
      return held?.cardToken ?? undefined;
    });
  }

  async token(token: string): Promise<SandboxTokenRecord | undefined> {
    const [row] = await this.#db.select().from(sandboxTokens).where(eq(sandboxTokens.token, token));
    return row === undefined ? undefined : tokenOf(row);
  }

  async activity(): Promise<readonly SandboxActivity[]> {
    const rows = await this.#db
      .select()
      .from(sandboxTransactions)
      .orderBy(asc(sandboxTransactions.seq));
    return rows.map((row) => ({
      transactionId: row.transactionId,
      flow: row.flow,
      amount: row.amount,
      currency: row.currency,
      providerRef: row.providerRef ?? '',
      calls: row.calls,
    }));
  }

  async snapshot(): Promise<SandboxSnapshot> {
    const payments = await this.#db
      .select()
      .from(sandboxPayments)
      .orderBy(asc(sandboxPayments.createdAt));
    const tokens = await this.#db
      .select()
      .from(sandboxTokens)
      .orderBy(asc(sandboxTokens.createdAt));
    return {
      payments: payments.map((row) => ({ ...paymentOf(row) })),
      tokens: tokens.map((row) => ({ ...tokenOf(row) })),
    };
  }
}
