/**
 * The money of a transaction as its row keeps it: what the player pays for a deposit, what a
 * withdrawal pays out, what a deposit credits, and the precision of its currency. The sums keep
 * every digit of the stored numerics; writing them at a precision is platform/money-text.ts's
 * (one function per rounding rule).
 *
 * @packageDocumentation
 */
import Big from 'big.js';
import { eq } from 'drizzle-orm';
import { resolvePrecision } from '@cashdesk/domain';
import type { Executor } from '../../db/open';
import { currencies } from '../../db/schema';
import type { TransactionRow } from './transaction-repository';

/** What the player pays for a deposit: its amount and the fees on top. */
export function chargedAmount(row: Pick<TransactionRow, 'amount' | 'fee'>): string {
  return new Big(row.amount).plus(row.fee).toFixed();
}

/** What the provider moves for a transaction: a deposit's charged total, a payout's paid amount. */
export function providerAmount(
  row: Pick<TransactionRow, 'flow' | 'amount' | 'fee' | 'tax'>,
): string {
  return row.flow === 'deposit' ? chargedAmount(row) : paidOutAmount(row);
}

/** What the player receives of a withdrawal: its amount less the fees and tax withheld. */
export function paidOutAmount(row: Pick<TransactionRow, 'amount' | 'fee' | 'tax'>): string {
  return new Big(row.amount).minus(row.fee).minus(row.tax).toFixed();
}

/** The amount a deposit adds to the balance: the amount minus the tax withheld on it. */
export function depositCredit(row: Pick<TransactionRow, 'amount' | 'tax'>): Big {
  return new Big(row.amount).minus(row.tax);
}

/** The precision of a currency (the domain's default when the currency is unknown). */
export async function currencyPrecision(db: Executor, currency: string): Promise<number> {
  const [row] = await db
    .select({ precision: currencies.precision })
    .from(currencies)
    .where(eq(currencies.alpha3, currency));
  return resolvePrecision(row?.precision);
}
