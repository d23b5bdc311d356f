/**
 * What a result page shows of a payment (GET payments/status): the amount, the
 * charges, the method by its name, the reference the player quotes and the balance now. A result
 * page reached after 3-D Secure, after a provider's redirect (loaded fresh, knowing only the
 * transaction) or after the processing page reads the same answer, so all show the same.
 *
 * @packageDocumentation
 */
import Big from 'big.js';
import { eq } from 'drizzle-orm';
import { savedCardType } from '@cashdesk/domain';
import type { StatusResponse } from '@cashdesk/contract';
import type { Executor } from '../../db/open';
import { payGroups, payoutAccounts, savedCards } from '../../db/schema';
import { shownBalance } from '../wallet';
import { localizedName } from '../cashier';
import { moneyAtPrecision } from '../../platform/money-text';
import { providerDataOf } from './transaction-repository';
import type { TransactionRow } from './transaction-repository';
import { currencyPrecision } from './transaction-money';
import type { WalletService } from '../wallet';

/** The fields of the status answer that describe the payment. */
export type PaymentDetails = Pick<
  StatusResponse,
  | 'amount'
  | 'currency'
  | 'fee'
  | 'tax'
  | 'bonus'
  | 'method_name'
  | 'reference'
  | 'user_balance'
  | 'received'
  | 'destination'
>;

/**
 * Where a withdrawal goes, as the player knows it: the payout account's masked value, or the
 * saved card by its type and last four digits; null for a deposit and for a payout with no
 * account (cash at a bet shop, whose voucher names the shop).
 */
async function destinationOf(db: Executor, row: TransactionRow): Promise<string | null> {
  if (row.flow !== 'withdrawal') return null;
  if (row.payoutAccountId !== null) {
    const [account] = await db
      .select({ masked: payoutAccounts.maskedValue })
      .from(payoutAccounts)
      .where(eq(payoutAccounts.id, row.payoutAccountId));
    return account?.masked ?? null;
  }
  if (row.savedCardId === null) return null;
  const [card] = await db
    .select({ last4: savedCards.last4, bin: savedCards.bin })
    .from(savedCards)
    .where(eq(savedCards.id, row.savedCardId));
  if (card === undefined) return null;
  const name = savedCardType(card)?.niceType;
  return name === undefined ? `•••• ${card.last4}` : `${name} •••• ${card.last4}`;
}

/** The reference the player quotes: the display form's payment reference, else the transaction. */
export function referenceOf(row: TransactionRow): string {
  return providerDataOf(row).displayForm?.reference ?? row.id;
}

/**
 * The details of a payment (see the module comment), the method's name in `language`. The
 * balance is the wallet of record's at the time of the call (an operator's wallet answers it over
 * HTTP): never a figure kept from an earlier answer, so a payment that settled since shows its
 * credit; null when that wallet does not answer, or while a movement the payment owes it (a
 * deposit's credit) has not been answered, whose balance would not be the new one
 * (WalletService.balanceAfter).
 */
export async function paymentDetailsOf(
  db: Executor,
  wallet: Pick<WalletService, 'balanceAfter'>,
  row: TransactionRow,
  language: string,
): Promise<PaymentDetails> {
  const [precision, balance, destination, [group]] = await Promise.all([
    currencyPrecision(db, row.currency),
    wallet.balanceAfter(db, row),
    destinationOf(db, row),
    db
      .select({ publicName: payGroups.publicName, publicNames: payGroups.publicNames })
      .from(payGroups)
      .where(eq(payGroups.id, row.payGroupId)),
  ]);
  return {
    amount: moneyAtPrecision(row.amount, precision),
    currency: row.currency,
    fee: moneyAtPrecision(row.fee, precision),
    tax: moneyAtPrecision(row.tax, precision),
    bonus: moneyAtPrecision(row.bonus, precision),
    // The row references its pay group, so the group is always there.
    method_name: group === undefined ? String(row.payGroupId) : localizedName(group, language),
    reference: referenceOf(row),
    user_balance: balance === null ? null : moneyAtPrecision(shownBalance(balance), precision),
    // SPEC §5 fee: a withdrawal's fee and tax come out of the amount; what is left reaches the player.
    received:
      row.flow === 'withdrawal'
        ? moneyAtPrecision(new Big(row.amount).minus(row.fee).minus(row.tax).toFixed(), precision)
        : null,
    destination,
  };
}
