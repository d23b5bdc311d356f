/**
 * The SPEC §3 pay session of the contract from a transaction row: what the deposit, payout, status
 * and history answers send for a payment ({@link paySessionFor}, or {@link paySessionOf} when the
 * caller read the balance, precision and bet shop once for many rows). Used by the routes and by
 * modules/payments/payment-history.ts, so it lives beside them rather than in a route.
 *
 * - The wire has no `refunded` or `charged_back` status: the widget sees such a deposit as
 *   `success` (the payment went through; the reversal shows in the balance), see
 *   {@link wireStatusOf}.
 * - Money is shown at the currency precision, rounded down (platform/money-text.ts
 *   moneyAtPrecision).
 * - A final payment shows neither its redirect nor its display form; an error shows its error
 *   fields and decline page settings.
 *
 * @packageDocumentation
 */
import { eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { DeclinePageSettings } from '@cashdesk/contract';
import type { PaySession, SubmitStep } from '@cashdesk/contract';
import type { Executor } from '../../db/open';
import { betShops } from '../../db/schema';
import { moneyAtPrecision } from '../../platform/money-text';
import { shownBalance } from '../wallet';
import type { Balance, WalletService } from '../wallet';
import { betShopToWire } from '../cashier';
import { isFinalStatus, resultStatusOf } from './transactions';
import type { TransactionStatus } from './transactions';
import { providerDataOf } from './transaction-repository';
import type { StoredProviderData, TransactionRow } from './transaction-repository';
import { chargedAmount, currencyPrecision, paidOutAmount } from './transaction-money';

/**
 * The contract's transaction status of a status: a refunded or charged-back deposit is a payment
 * that went through (`success`); the money it took back shows in the balance.
 */
export function wireStatusOf(status: TransactionStatus): PaySession['transaction_status'] {
  return status === 'refunded' || status === 'charged_back' ? 'success' : status;
}

/** The step of a row: stored, or what its status implies. */
function stepOf(row: TransactionRow, data: StoredProviderData): SubmitStep {
  if (isFinalStatus(row.status)) return 'result';
  return data.step ?? 'await';
}

function redirectOf(row: TransactionRow): {
  action: PaySession['action'];
  data: PaySession['redirect_data'];
} {
  const stored = row.redirect;
  if (stored === null || isFinalStatus(row.status)) return { action: 'none', data: null };
  const action = stored.action === 'iframe' ? 'iframe' : 'redirect';
  const method = stored.redirect_data.method === 'POST' ? 'POST' : 'GET';
  return {
    action,
    data: { url: stored.redirect_data.url, method, fields: { ...stored.redirect_data.fields } },
  };
}

/** The bet shop of a voucher (transaction's bet shop), as the wire shows it. */
async function voucherShop(db: Executor, row: TransactionRow) {
  if (row.betShopId === null) return null;
  const [shop] = await db.select().from(betShops).where(eq(betShops.id, row.betShopId));
  return shop === undefined ? null : betShopToWire(shop);
}

/**
 * What a pay session needs besides its row: read by {@link paySessionFor}, or by a caller that
 * reads them once for many rows (the payment history).
 */
export interface PaySessionFacts {
  /**
   * The player's balance in the row's currency, as the wallet of record answers it; `null` when
   * it did not, or has not answered every movement the row owes it (WalletService.balanceAfter).
   */
  readonly balance: Pick<Balance, 'balance'> | null;
  /** The currency's precision. */
  readonly precision: number;
  /** The bet shop of the row's voucher, as the wire shows it (`null`: none, or any shop). */
  readonly betShop: Awaited<ReturnType<typeof voucherShop>>;
}

/**
 * SPEC §3 pay session of a transaction: the contract's PaySession, from the row and the player's
 * balance after it (the currency's precision read unless the caller knows it). `session_id` is
 * the payment session, which is the transaction (the cashier session travels in the header).
 *
 * Never fails for the wallet: once the provider may have charged, the player gets the
 * transaction and its status whatever the operator's wallet does; the balance is then null
 * (WalletService.balanceAfter), and what the transaction owes the wallet stays queued.
 */
export async function paySessionFor(
  db: Executor,
  row: TransactionRow,
  wallet: Pick<WalletService, 'balanceAfter'>,
  knownPrecision?: number,
): Promise<PaySession> {
  const [balance, precision, betShop] = await Promise.all([
    wallet.balanceAfter(db, row),
    knownPrecision ?? currencyPrecision(db, row.currency),
    voucherShopOf(db, row),
  ]);
  return paySessionOf(row, { balance, precision, betShop });
}

/** A voucher is shown while it can be paid and on a successful payout (the pick-up code). */
function shownVoucher(row: TransactionRow, data: StoredProviderData) {
  return row.status === 'error' ? undefined : data.voucher;
}

/** The bet shop a pay session's voucher names; read only when the row shows a voucher. */
export async function voucherShopOf(
  db: Executor,
  row: TransactionRow,
): Promise<PaySessionFacts['betShop']> {
  return shownVoucher(row, providerDataOf(row)) === undefined ? null : voucherShop(db, row);
}

/**
 * SPEC §3 pay session of a transaction from the row and what was read for it (see
 * {@link paySessionFor}).
 */
export function paySessionOf(row: TransactionRow, facts: PaySessionFacts): PaySession {
  const { balance, precision } = facts;
  const data = providerDataOf(row);
  const step = stepOf(row, data);
  const redirect = redirectOf(row);
  const final = isFinalStatus(row.status);
  const storedVoucher = shownVoucher(row, data);
  const voucher =
    storedVoucher === undefined
      ? null
      : {
          code: storedVoucher.code,
          bet_shop: facts.betShop,
          expires_at: storedVoucher.expires_at,
          // What changes hands at the counter: the deposit with its fees, or the payout.
          amount: moneyAtPrecision(
            row.flow === 'deposit' ? chargedAmount(row) : paidOutAmount(row),
            precision,
          ),
          currency: row.currency,
        };
  const declineSettings = z.safeParse(DeclinePageSettings, row.declinePageSettings);
  return {
    session_id: row.id,
    transaction_id: row.id,
    step,
    action: redirect.action,
    result_status: resultStatusOf(row.status),
    session_status: final ? 'completed' : 'active',
    transaction_status: wireStatusOf(row.status),
    experiment_user_group: row.experimentUserGroup,
    decline_page_settings:
      row.status === 'error' && declineSettings.success ? declineSettings.data : null,
    error_fatal: row.status === 'error' && row.errorFatal,
    error_code: row.status === 'error' ? row.errorCode : null,
    error_message: row.status === 'error' ? row.errorMessage : null,
    success_url: row.successUrl,
    fail_url: row.failUrl,
    processing_url: row.processingUrl,
    merchant_url: row.merchantUrl,
    redirect_data: redirect.data,
    display_form: final ? null : (data.displayForm ?? null),
    voucher,
    amount: moneyAtPrecision(row.amount, precision),
    currency: row.currency,
    user_balance: balance === null ? null : moneyAtPrecision(shownBalance(balance), precision),
  };
}
