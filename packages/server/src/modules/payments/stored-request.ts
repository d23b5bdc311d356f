/**
 * The request a transaction's provider call sends, stored with the transaction when it is
 * committed (before the provider is called), so that the call can be repeated with the same key
 * (provider-calls.ts). Card data is never stored: a deposit's card and security code, or its
 * wallet's token, come from the player's own request, each time.
 *
 * @packageDocumentation
 */
import * as z from 'zod/mini';
import { BrowserData } from '@cashdesk/contract';
import { NATIVE_PAY_WIRE_TYPES } from '@cashdesk/domain';
import { PAYMENT_METHOD_KINDS } from '../../providers';
import type { DepositInput, PayoutInput } from '../../providers';
import type { CardSecrets } from './payment-deps';
import type { TransactionRow } from './transaction-repository';

const MethodKind = z.enum(PAYMENT_METHOD_KINDS);
const Customer = z.object({
  playerId: z.string(),
  country: z.string(),
  email: z.optional(z.string()),
  phone: z.optional(z.string()),
});
const BetShopRef = z.object({ id: z.string(), name: z.string() });

/**
 * A deposit request as stored: {@link DepositInput} without the card, its security code and a
 * wallet's token (only which wallet).
 */
const StoredDepositRequest = z.object({
  flow: z.literal('deposit'),
  transactionId: z.string(),
  amount: z.string(),
  fee: z.string(),
  total: z.string(),
  currency: z.string(),
  methodKind: MethodKind,
  payGroup: z.string(),
  savedCardToken: z.optional(z.string()),
  saveCard: z.optional(z.boolean()),
  /** An Apple Pay or Google Pay payment: its wallet; the token itself is never stored. */
  wallet: z.optional(z.enum(NATIVE_PAY_WIRE_TYPES)),
  customer: Customer,
  returnUrls: z.object({ threeDsReturn: z.string(), success: z.string(), fail: z.string() }),
  browserData: z.optional(BrowserData),
  betShop: z.optional(BetShopRef),
  merchantName: z.optional(z.string()),
  language: z.optional(z.string()),
});

/** A payout request as stored: {@link PayoutInput} (it carries no card data). */
const StoredPayoutRequest = z.object({
  flow: z.literal('payout'),
  transactionId: z.string(),
  amount: z.string(),
  currency: z.string(),
  methodKind: MethodKind,
  payGroup: z.string(),
  destination: z.union([
    z.object({ kind: z.literal('card'), cardToken: z.string() }),
    z.object({ kind: z.literal('account'), requisites: z.record(z.string(), z.string()) }),
    z.object({ kind: z.literal('bet_shop'), betShop: BetShopRef }),
  ]),
  customer: Customer,
});

const StoredRequest = z.discriminatedUnion('flow', [StoredDepositRequest, StoredPayoutRequest]);

/** The request a transaction's provider call sends, as stored with it. */
export type StoredRequest = z.infer<typeof StoredRequest>;

/** A deposit's stored request. */
export type StoredDeposit = Extract<StoredRequest, { flow: 'deposit' }>;

/** A payout's stored request. */
export type StoredPayout = Extract<StoredRequest, { flow: 'payout' }>;

/**
 * A deposit's stored request: every part of the input but the card and its security code, named
 * one by one so that a part added to DepositInput later is not stored until chosen.
 */
export function depositRequest(input: DepositInput): StoredRequest {
  return {
    flow: 'deposit',
    transactionId: input.transactionId,
    amount: input.amount,
    fee: input.fee,
    total: input.total,
    currency: input.currency,
    methodKind: input.methodKind,
    payGroup: input.payGroup,
    savedCardToken: input.savedCardToken,
    saveCard: input.saveCard,
    wallet: input.walletToken?.wallet,
    customer: input.customer,
    returnUrls: input.returnUrls,
    browserData: input.browserData,
    betShop: input.betShop,
    merchantName: input.merchantName,
    language: input.language,
  };
}

/** The deposit input of a stored request, with the card data of the player's request. */
export function depositInputOf(request: StoredDeposit, secrets: CardSecrets | null): DepositInput {
  return {
    transactionId: request.transactionId,
    amount: request.amount,
    fee: request.fee,
    total: request.total,
    currency: request.currency,
    methodKind: request.methodKind,
    payGroup: request.payGroup,
    card: secrets?.card,
    savedCardToken: request.savedCardToken,
    saveCard: request.saveCard,
    savedCardCvv: secrets?.savedCardCvv,
    // Only the token of the wallet the payment was created for.
    walletToken:
      request.wallet !== undefined && secrets?.walletToken?.wallet === request.wallet
        ? secrets.walletToken
        : undefined,
    customer: request.customer,
    returnUrls: request.returnUrls,
    browserData: request.browserData,
    betShop: request.betShop,
    merchantName: request.merchantName,
    language: request.language,
  };
}

/** A payout's stored request. */
export function payoutRequest(input: PayoutInput): StoredRequest {
  return { flow: 'payout', ...input };
}

/** The payout input of a stored request. */
export function payoutInputOf(request: StoredPayout): PayoutInput {
  return {
    transactionId: request.transactionId,
    amount: request.amount,
    currency: request.currency,
    methodKind: request.methodKind,
    payGroup: request.payGroup,
    destination: request.destination,
    customer: request.customer,
  };
}

/** The stored request of a transaction, or `null` for one written without it. */
export function storedRequestOf(
  row: Pick<TransactionRow, 'providerRequest'>,
): StoredRequest | null {
  const parsed = z.safeParse(StoredRequest, row.providerRequest);
  return parsed.success ? parsed.data : null;
}

/**
 * Whether a deposit request cannot be repeated with the data at hand: a new card's number or a
 * wallet's token, which only the player's own request carries.
 */
export function lacksPaymentData(request: StoredDeposit, secrets: CardSecrets | null): boolean {
  if (request.wallet !== undefined) return secrets?.walletToken?.wallet !== request.wallet;
  return (
    request.methodKind === 'card' &&
    request.savedCardToken === undefined &&
    secrets?.card === undefined
  );
}
