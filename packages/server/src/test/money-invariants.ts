/**
 * The money invariants every fault and crash test asserts afterwards:
 * 1. per player and currency, the ledger sums equal the balance row (balance and reserved);
 * 2. nothing is reserved without an open payout: every withdrawal still open holds exactly one
 *    reservation, every final one has released or settled it exactly once;
 * 3. one charge per payment: every deposit the provider approved is credited exactly once, and
 *    every credited deposit was approved by the provider for its amount plus fees; every payout
 *    the provider paid is a settled withdrawal and the other way round;
 * 4. no transaction is left in between once recovery ran (optional check);
 * 5. the operator's wallet got each movement a transaction owes it exactly once, and
 *    nothing else: a succeeded deposit one credit, a payout one authorize and, once final, one
 *    commit (paid) or one cancel (failed or reversed), each applied once whatever the repeats.
 *
 * The provider's side is the simulator's activity (it runs in its own process, so a killed
 * server cannot take it along).
 *
 * @packageDocumentation
 */
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import * as z from 'zod';
import type { Database } from '../db/open';
import { DatabaseSandboxStore, SandboxProvider } from '../providers';
import type { ActivityAnswer, AsyncActivity } from '@cashdesk/testkit';
import { chargedAmount, paidOutAmount } from '../modules/payments/transaction-money';

/** A broken invariant, described for the assertion message. */
export type Violation = string;

/** A count as either driver answers it (node-postgres: text, PGlite: number). */
const Count = z.union([z.string(), z.number()]).transform(Number);

const BalanceRow = z.object({
  player_id: z.string(),
  currency: z.string(),
  balance: z.string(),
  reserved: z.string(),
  ledger_amount: z.string().nullable(),
  ledger_reserved: z.string().nullable(),
});

const WithdrawalRow = z.object({
  id: z.string(),
  status: z.string(),
  reserves: Count,
  ends: Count,
});

const DepositRow = z.object({
  id: z.string(),
  status: z.string(),
  amount: z.string(),
  fee: z.string(),
  credits: Count,
});

const PayoutRow = z.object({
  id: z.string(),
  status: z.string(),
  amount: z.string(),
  fee: z.string(),
  tax: z.string(),
});

const OpenRow = z.object({ id: z.string(), status: z.string(), call_state: z.string() });

/** Rows of a raw query, read through their schema (Database.execute is untyped). */
async function rows<S extends z.ZodType>(
  db: Database,
  query: ReturnType<typeof sql>,
  schema: S,
): Promise<z.output<S>[]> {
  // PGlite and node-postgres both answer `{ rows }`.
  const result: unknown = await db.execute(query);
  return z.object({ rows: z.array(schema) }).parse(result).rows;
}

/** Invariant 1: the ledger sums equal every balance row. */
export async function ledgerViolations(db: Database): Promise<Violation[]> {
  const found = await rows(
    db,
    sql`select b.player_id, b.currency, b.balance::text, b.reserved::text,
          (select sum(l.amount)::text from ledger_entries l
             where l.player_id = b.player_id and l.currency = b.currency) as ledger_amount,
          (select sum(l.reserved_delta)::text from ledger_entries l
             where l.player_id = b.player_id and l.currency = b.currency) as ledger_reserved
        from player_balances b`,
    BalanceRow,
  );
  return found.flatMap((row) => {
    const amount = new Big(row.ledger_amount ?? '0');
    const reserved = new Big(row.ledger_reserved ?? '0');
    return amount.eq(row.balance) && reserved.eq(row.reserved)
      ? []
      : [
          `balance of ${row.player_id}/${row.currency}: row ${row.balance}/${row.reserved}, ledger ${amount.toFixed()}/${reserved.toFixed()}`,
        ];
  });
}

/** Invariant 2: every open withdrawal holds one reservation, every final one ended it once. */
export async function reservationViolations(db: Database): Promise<Violation[]> {
  const found = await rows(
    db,
    sql`select t.id, t.status::text,
          (select count(*) from ledger_entries l
             where l.transaction_id = t.id and l.kind = 'withdrawal_reserve') as reserves,
          (select count(*) from ledger_entries l
             where l.transaction_id = t.id
               and l.kind in ('withdrawal_release', 'withdrawal_settle')) as ends
        from transactions t where t.flow = 'withdrawal' and t.wallet = 'internal'`,
    WithdrawalRow,
  );
  return found.flatMap((row) => {
    const { reserves, ends } = row;
    const open = !['success', 'error'].includes(row.status);
    const ok = reserves === 1 && ends === (open ? 0 : 1);
    return ok
      ? []
      : [`withdrawal ${row.id} (${row.status}): ${reserves} reservation(s), ${ends} end(s)`];
  });
}

/**
 * Invariant 3 against the provider's activity: approved deposits ⇔ credited deposits (for the
 * amount plus fees), paid payouts ⇔ settled withdrawals (for the amount after fees and tax).
 */
export async function chargeViolations(
  db: Database,
  activity: ActivityAnswer,
): Promise<Violation[]> {
  const violations: Violation[] = [];
  const deposits = await rows(
    db,
    sql`select t.id, t.status::text, t.amount::text, t.fee::text,
          (select count(*) from ledger_entries l
             where l.transaction_id = t.id and l.kind = 'deposit')
          + (select count(*) from wallet_operations w
             where w.transaction_id = t.id and w.kind = 'credit') as credits
        from transactions t where t.flow = 'deposit'`,
    DepositRow,
  );
  const payouts = await rows(
    db,
    sql`select t.id, t.status::text, t.amount::text, t.fee::text, t.tax::text
        from transactions t where t.flow = 'withdrawal'`,
    PayoutRow,
  );
  const charged = new Map(
    activity.transactions
      .filter((entry) => entry.status.status === 'approved')
      .map((entry) => [entry.transactionId, entry]),
  );
  for (const deposit of deposits) {
    const credits = deposit.credits;
    const entry = charged.get(deposit.id);
    if (credits > 1) violations.push(`deposit ${deposit.id} credited ${String(credits)} times`);
    // A deposit refunded (by the refunds of invariant 6) was charged first all the same.
    const succeeded = deposit.status === 'success' || deposit.status === 'refunded';
    if (succeeded && entry === undefined) {
      violations.push(`deposit ${deposit.id} credited without a charge`);
    }
    if (entry !== undefined && entry.flow === 'deposit') {
      if (!succeeded) {
        violations.push(`deposit ${deposit.id} charged but ${deposit.status}`);
      }
      const total = new Big(chargedAmount(deposit));
      if (!total.eq(entry.amount)) {
        violations.push(
          `deposit ${deposit.id} charged ${entry.amount}, expected ${total.toFixed()}`,
        );
      }
    }
  }
  for (const payout of payouts) {
    const entry = charged.get(payout.id);
    if (payout.status === 'success' && entry === undefined) {
      violations.push(`withdrawal ${payout.id} settled without a payout`);
    }
    if (entry !== undefined && entry.flow === 'payout') {
      if (payout.status !== 'success') {
        violations.push(`withdrawal ${payout.id} paid out but ${payout.status}`);
      }
      const paid = new Big(paidOutAmount(payout));
      if (!paid.eq(entry.amount)) {
        violations.push(`withdrawal ${payout.id} paid ${entry.amount}, expected ${paid.toFixed()}`);
      }
    }
  }
  const known = new Set([...deposits, ...payouts].map((row) => row.id));
  for (const entry of activity.transactions) {
    if (!known.has(entry.transactionId)) {
      violations.push(
        `the provider charged ${entry.transactionId}, which the cashier does not know`,
      );
    }
  }
  return violations;
}

const ConnectorDepositRow = z.object({
  id: z.string(),
  status: z.string(),
  amount: z.string(),
  fee: z.string(),
  credited: z.string().nullable(),
  credits: Count,
  reversed: z.string().nullable(),
  held: z.string(),
  chargebacks: Count,
  returned: Count,
});

/**
 * Invariant 3 for the asynchronous PSP (its activity, `providers/async-psp/simulator`), over the
 * deposits sent to `connector`: every pay-in the PSP charged (succeeded, refunded or charged back)
 * is credited exactly once, for the amount plus fees it charged, and every credited deposit was
 * charged there; every pay-in the PSP refunded or charged back in full is `refunded` /
 * `charged_back` here with its reversals (refunds and a chargeback) taking back exactly what was
 * credited, and the other way round; a pay-in still succeeded there has no chargeback here and
 * its refunds take back exactly what they hold.
 */
export async function asyncChargeViolations(
  db: Database,
  activity: AsyncActivity,
  connector: string,
): Promise<Violation[]> {
  const violations: Violation[] = [];
  const deposits = await rows(
    db,
    sql`select t.id, t.status::text, t.amount::text, t.fee::text,
          (select sum(l.amount)::text from ledger_entries l
             where l.transaction_id = t.id and l.kind in ('deposit', 'bonus')) as credited,
          (select count(*) from ledger_entries l
             where l.transaction_id = t.id and l.kind = 'deposit') as credits,
          (select sum(l.amount)::text from ledger_entries l
             where l.transaction_id = t.id
               and l.kind in ('refund', 'refund_return', 'chargeback')) as reversed,
          (select coalesce(sum(r.debit), 0)::text from refunds r
             where r.transaction_id = t.id and r.status <> 'failed') as held,
          (select count(*) from ledger_entries l
             where l.transaction_id = t.id and l.kind = 'chargeback') as chargebacks,
          (select count(*) from refunds r where r.transaction_id = t.id
             and r.idempotency_key = 'late-approval' and r.status <> 'failed') as returned
        from transactions t where t.flow = 'deposit' and t.connector = ${connector}`,
    ConnectorDepositRow,
  );
  const payIns = new Map(
    activity.payments
      .filter((payment) => payment.direction === 'pay_in')
      .map((payment) => [payment.merchant_reference, payment]),
  );
  const charged = new Set(['succeeded', 'refunded', 'charged_back']);
  const expectedStatus: Readonly<Record<string, string>> = {
    succeeded: 'success',
    refunded: 'refunded',
    charged_back: 'charged_back',
  };
  for (const deposit of deposits) {
    const payment = payIns.get(deposit.id);
    const wasCharged = payment !== undefined && charged.has(payment.state);
    if (deposit.credits > 1)
      violations.push(`deposit ${deposit.id} credited ${deposit.credits} times`);
    if (deposit.credits === 1 && !wasCharged) {
      violations.push(`deposit ${deposit.id} credited without a charge at the PSP`);
    }
    if (payment === undefined || !wasCharged) continue;
    // Charged after the cashier ended it: sent back to the payer, never credited.
    if (deposit.status === 'error' && deposit.returned === 1 && deposit.credits === 0) continue;
    if (deposit.credits !== 1) violations.push(`deposit ${deposit.id} charged, not credited`);
    if (deposit.status !== expectedStatus[payment.state]) {
      violations.push(`deposit ${deposit.id} is ${deposit.status}, the PSP says ${payment.state}`);
    }
    if (!new Big(chargedAmount(deposit)).eq(payment.amount)) {
      violations.push(
        `deposit ${deposit.id} charged ${payment.amount}, expected ${chargedAmount(deposit)}`,
      );
    }
    const reversed = new Big(deposit.reversed ?? '0');
    if (payment.state === 'succeeded') {
      if (deposit.chargebacks > 0 || !reversed.plus(deposit.held).eq(0)) {
        violations.push(
          `deposit ${deposit.id}: reversed ${reversed.toFixed()} for refunds holding ${deposit.held}, ${String(deposit.chargebacks)} chargeback(s)`,
        );
      }
    } else if (deposit.chargebacks > 1 || !reversed.plus(deposit.credited ?? '0').eq(0)) {
      violations.push(
        `deposit ${deposit.id}: reversed ${reversed.toFixed()} of ${String(deposit.credited)}`,
      );
    }
  }
  const known = new Set(deposits.map((deposit) => deposit.id));
  for (const reference of payIns.keys()) {
    if (!known.has(reference))
      violations.push(`the PSP charged ${reference}, unknown to the cashier`);
  }
  return violations;
}

/** Invariant 4: the transactions still between `created` and a final status. */
export async function unresolvedTransactions(db: Database): Promise<Violation[]> {
  const found = await rows(
    db,
    sql`select id, status::text, call_state::text from transactions where status = 'created'`,
    OpenRow,
  );
  return found.map((row) => `transaction ${row.id} still created (${row.call_state})`);
}

const OperatorRow = z.object({
  id: z.string(),
  flow: z.string(),
  status: z.string(),
  kinds: z.string().nullable(),
  pending: Count,
  refused: z.boolean(),
  abandoned: z.boolean(),
});

const RefundOperationRow = z.object({
  id: z.string(),
  status: z.string(),
  owes: z.boolean(),
  queued: Count,
  pending: Count,
});

/** The kinds of movement a transaction owes the operator's wallet, by its flow and status. */
function owedKinds(flow: string, status: string, reserveRefused: boolean): string[] {
  if (flow === 'deposit') {
    // A deposit refunded in full owes one reversal per refund (checked apart), none of its own.
    if (status === 'refunded') return ['credit'];
    if (status === 'charged_back') return ['credit', 'reverse'];
    return status === 'success' ? ['credit'] : [];
  }
  if (status === 'success') return ['commit', 'reserve'];
  if (status === 'error') return reserveRefused ? ['reserve'] : ['release', 'reserve'];
  return ['reserve'];
}

/**
 * Invariant 5 against the wallet simulator's record: every movement queued, sent and applied
 * once. Run it once the queue is drained (no pending operation), or it reports what is pending.
 */
export async function walletViolations(
  db: Database,
  wallet: { readonly operations: readonly { operation_id: string; answer: unknown }[] },
): Promise<Violation[]> {
  const found = await rows(
    db,
    sql`select t.id, t.flow::text, t.status::text,
          (select string_agg(w.kind::text, ',' order by w.kind::text) from wallet_operations w
             where w.transaction_id = t.id and w.refund_id is null) as kinds,
          (select count(*) from wallet_operations w
             where w.transaction_id = t.id and w.state = 'pending') as pending,
          exists (select 1 from wallet_operations w where w.transaction_id = t.id
             and w.kind = 'reserve' and w.state = 'refused') as refused,
          exists (select 1 from wallet_operations w where w.transaction_id = t.id
             and w.kind = 'reserve' and w.state = 'abandoned') as abandoned
        from transactions t where t.wallet = 'operator'`,
    OperatorRow,
  );
  const received = new Map(wallet.operations.map((entry) => [entry.operation_id, entry.answer]));
  const violations: Violation[] = [];
  for (const row of found) {
    const kinds = row.kinds === null ? [] : row.kinds.split(',');
    const owed = owedKinds(row.flow, row.status, row.refused).sort();
    if (kinds.join(',') !== owed.join(',')) {
      violations.push(
        `${row.flow} ${row.id} (${row.status}) owes [${owed.join(',')}], queued [${kinds.join(',')}]`,
      );
    }
    if (row.pending > 0)
      violations.push(`${row.flow} ${row.id}: ${String(row.pending)} movement(s) unanswered`);
    for (const kind of kinds) {
      // An abandoned reserve may never have reached the wallet: its cancel stands for it.
      if (!received.has(`${row.id}:${kind}`) && !(kind === 'reserve' && row.abandoned)) {
        violations.push(`${row.flow} ${row.id}: the wallet never got its ${kind}`);
      }
    }
  }
  // Every refund of an operator deposit that succeeded and took something back owes one
  // reversal, named by the refund; a refund still open or failed owes none.
  const refundRows = await rows(
    db,
    sql`select r.id, r.status::text,
          (r.debit > 0 and r.status = 'succeeded') as owes,
          (select count(*) from wallet_operations w where w.refund_id = r.id) as queued,
          (select count(*) from wallet_operations w
             where w.refund_id = r.id and w.state = 'pending') as pending
        from refunds r join transactions t on t.id = r.transaction_id
        where t.wallet = 'operator'`,
    RefundOperationRow,
  );
  for (const refund of refundRows) {
    if (refund.queued !== (refund.owes ? 1 : 0)) {
      violations.push(
        `refund ${refund.id} (${refund.status}) queued ${String(refund.queued)} reversal(s)`,
      );
    }
    if (refund.pending > 0) violations.push(`refund ${refund.id}: its reversal is unanswered`);
    if (refund.owes && !received.has(`${refund.id}:reverse`)) {
      violations.push(`refund ${refund.id}: the wallet never got its reversal`);
    }
  }
  const known = new Set([...found.map((row) => row.id), ...refundRows.map((row) => row.id)]);
  for (const id of received.keys()) {
    if (!known.has(id.split(':')[0] ?? ''))
      violations.push(`the wallet got ${id}, which the cashier does not know`);
  }
  return violations;
}

const RefundRow = z.object({
  id: z.string(),
  status: z.string(),
  source: z.string(),
  amount: z.string(),
});

/**
 * Invariant 6, refunds against the provider's record: each refund id refunded at most once there;
 * a refund succeeded here succeeded there for its amount, one failed here never succeeded there
 * (its hold came back to the balance), and every refund there is known here.
 */
export async function refundViolations(
  db: Database,
  activity: Pick<ActivityAnswer, 'refunds'>,
): Promise<Violation[]> {
  const ours = await rows(
    db,
    sql`select id, status::text, source::text, amount::text from refunds`,
    RefundRow,
  );
  const theirs = new Map(activity.refunds.map((entry) => [entry.refundId, entry]));
  const violations: Violation[] = [];
  for (const refund of ours) {
    if (refund.source !== 'operator') continue;
    const there = theirs.get(refund.id);
    if (refund.status === 'succeeded' && there?.outcome !== 'succeeded') {
      violations.push(`refund ${refund.id} succeeded here, ${there?.outcome ?? 'unknown'} there`);
    }
    if (refund.status === 'failed' && there?.outcome === 'succeeded') {
      violations.push(`refund ${refund.id} failed here but the provider refunded it`);
    }
    if (there !== undefined && !new Big(there.amount).eq(refund.amount)) {
      violations.push(`refund ${refund.id}: ${refund.amount} here, ${there.amount} there`);
    }
  }
  const known = new Set(ours.map((refund) => refund.id));
  for (const id of theirs.keys()) {
    if (!known.has(id)) violations.push(`the provider refunded ${id}, unknown here`);
  }
  return violations;
}

/** Every violation of invariants 1 to 3 and 6. */
export async function moneyViolations(
  db: Database,
  activity: ActivityAnswer,
): Promise<Violation[]> {
  return [
    ...(await ledgerViolations(db)),
    ...(await reservationViolations(db)),
    ...(await chargeViolations(db, activity)),
    ...(await refundViolations(db, activity)),
  ];
}

/**
 * What the sandbox charged and paid, with each payment's status now, read from the database
 * every server process of a test shares (the sandbox keeps its payments there).
 */
export async function sandboxActivity(db: Database) {
  const sandbox = new SandboxProvider({ store: new DatabaseSandboxStore(db) });
  const now = new Date();
  const entries = await sandbox.activity();
  const transactions = await Promise.all(
    entries.map(async (entry) => ({
      ...entry,
      status: await sandbox.status(entry.providerRef, now),
    })),
  );
  return {
    transactions,
    refunds: [...(await sandbox.refundActivity(now))],
    pendingFaults: [],
    operationCalls: {},
  };
}
