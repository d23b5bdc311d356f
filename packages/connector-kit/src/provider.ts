/**
 * The payment provider boundary: the one interface an operator implements to connect Cashdesk to a
 * real acquirer or payment service provider (PSP). The reference server ships a sandbox
 * implementation; a real one translates these calls into the PSP's API. This file is the source of
 * the interface: `@cashdesk/connector-kit` publishes it to connectors, and the server re-exports it
 * (`packages/server/src/providers/payment-provider.ts`).
 *
 * Rules every implementation keeps:
 * - **Card data.** {@link DepositInput.card} is the only place a card number (PAN) and security
 *   code (CVV) reach the server's code. Send them to the PSP and forget them: never store, log,
 *   echo or put them into a reference or token. What comes back is an opaque
 *   {@link DepositApproved.cardToken} and a {@link CardSummary} (last four digits, BIN, expiry).
 * - **Money.** Amounts are decimal strings in the currency's major unit ("10.50"), never floats.
 *   Convert to the PSP's format (often minor units) with big.js.
 * - **Time.** Every call receives `now`. Use it (not `Date.now()`) for every decision that depends
 *   on time, so that the server's tests and replays are deterministic.
 * - **Results, not exceptions.** A decline is a {@link Declined} result. Throw only for failures
 *   of the provider itself (network, time-out, bad credentials). The server treats a throw as
 *   "outcome unknown": the payment may or may not have been made. It keeps the transaction, and
 *   finds out later by calling the same method again with the same `transactionId` or
 *   {@link PaymentProvider.lookup}. Throw {@link ProviderNotReachedError} only when the request
 *   certainly never reached the PSP (the connection was refused): the server may then treat the
 *   payment as not sent.
 * - **Idempotency by our transaction id.** {@link DepositInput.transactionId} and
 *   {@link PayoutInput.transactionId} are the PSP's idempotency key (send them as its
 *   Idempotency-Key or merchant reference). A second `authorizeDeposit` or `payout` with a
 *   transaction id the PSP has seen must return the first call's result and must never charge or
 *   pay again, whatever else the second call carries. The server relies on this: after a lost
 *   answer, a time-out or a crash it calls again with the same id.
 * - **Lookup by our reference.** {@link PaymentProvider.lookup} tells what became of a transaction
 *   id: the payment's current status, or `not_found` when the PSP never received it.
 * - **Time-outs.** Every call may receive an `AbortSignal` ({@link ProviderCallOptions}); abort
 *   the network request when it fires. The server gives up on its own after its time-out anyway.
 * - **References.** {@link ProviderRef} is the PSP's id of the payment. The server stores it with
 *   the transaction and passes it back to {@link PaymentProvider.status} and the other follow-up
 *   calls, so it must identify the payment on its own.
 *
 * @packageDocumentation
 */
import type { BrowserData } from '@cashdesk/domain';

/**
 * The method kinds of SPEC §1, which decide what a payment asks of the player: card payments,
 * alternative payments with an interaction page, bank or account transfers with a receipt upload,
 * display-form methods with a QR code and cash at a betting shop. `mobile` (designed; the spec's
 * "mobile" method type) covers methods the player confirms on their phone (mobile money, a bank
 * app push), where the cashier waits and polls the status.
 */
export const PAYMENT_METHOD_KINDS = [
  'card',
  'alternative',
  'mobile',
  'display_form',
  'bank_transfer',
  'bet_shop',
] as const;

/** One of {@link PAYMENT_METHOD_KINDS}. */
export type PaymentMethodKind = (typeof PAYMENT_METHOD_KINDS)[number];

/** Whether a value is one of {@link PAYMENT_METHOD_KINDS} (for narrowing database text). */
export function isPaymentMethodKind(value: unknown): value is PaymentMethodKind {
  return PAYMENT_METHOD_KINDS.some((kind) => kind === value);
}

/**
 * Why a payment was refused. The server maps each to a translated message; a PSP's own codes are
 * folded into these (anything without a closer match is `declined`).
 * - `declined`: the issuer or PSP refused without a reason to show.
 * - `insufficient_funds`: not enough money on the card or account.
 * - `expired_card`: the card's expiry date has passed.
 * - `invalid_card`: the card number or expiry is not a valid card.
 * - `invalid_token`: the saved-card token is unknown or no longer active.
 * - `authentication_failed`: the 3-D Secure challenge failed.
 * - `cancelled`: the player cancelled on the interaction page, or the payout was cancelled.
 * - `expired`: the player did not finish in time (challenge, QR code, voucher).
 * - `receipt_rejected`: the bank transfer receipt did not match a received transfer.
 * - `invalid_amount`: the amount is not a positive decimal.
 * - `unsupported`: the method kind or destination is not offered by this provider.
 * - `unknown_reference`: a follow-up call named a payment the provider does not know.
 * - `not_received`: the server's own conclusion, never a provider's answer: the payment never
 *   reached the provider (it was down, or the request was lost and the provider still does not
 *   know the transaction id long after), so nothing was charged.
 * - `rejected`: the server's own too: the operator rejected a withdrawal awaiting its
 *   approval before it was ever sent, so nothing was paid and the amount is back on the balance.
 */
export const DECLINE_REASONS = [
  'declined',
  'insufficient_funds',
  'expired_card',
  'invalid_card',
  'invalid_token',
  'authentication_failed',
  'cancelled',
  'expired',
  'receipt_rejected',
  'invalid_amount',
  'unsupported',
  'unknown_reference',
  'not_received',
  'rejected',
] as const;

/** One of {@link DECLINE_REASONS}. */
export type DeclineReason = (typeof DECLINE_REASONS)[number];

/** The PSP's identifier of one payment or payout, opaque to the server. */
export type ProviderRef = string;

/**
 * A new card as the player typed it. **Never store or log this object**: pass it to the PSP and
 * drop it. The server validates it with `@cashdesk/domain` before the call.
 */
export interface NewCardInput {
  /** The card number, digits only. */
  readonly pan: string;
  /** The security code, digits only. */
  readonly cvv: string;
  /** Expiry month, "1" to "12" with or without a leading zero. */
  readonly expMonth: string;
  /** Expiry year, two or four digits. */
  readonly expYear: string;
  /** The cardholder name, cleaned (SPEC §5); empty when the form had none. */
  readonly holder: string;
}

/** The wallets of SPEC §3 `native_pay_type`, as a deposit names them. */
export type WalletKind = 'apple_pay' | 'google_pay';

/**
 * An Apple Pay or Google Pay payment token, as the browser's Payment Request API gave it to the
 * cashier (Google Pay: `paymentMethodData.tokenizationData.token`; Apple Pay: the token's
 * `paymentData` as JSON text). Encrypted for the gateway the wallet's request data named
 * ({@link PaymentProvider.walletRequestData}). **Never store or log it.**
 */
export interface WalletTokenInput {
  readonly wallet: WalletKind;
  readonly token: string;
}

/**
 * What may be kept and shown of a card (SPEC §3 saved card): never the number or security code.
 */
export interface CardSummary {
  /** The last four digits. */
  readonly last4: string;
  /** The first six digits (issuer identification number). */
  readonly bin: string;
  /** Two digits, "01" to "12". */
  readonly expMonth: string;
  /** Four digits. */
  readonly expYear: string;
  /** Cardholder name; empty when not given. */
  readonly holder: string;
  /** A card type id of `@cashdesk/domain` (CARD_TYPE, e.g. "visa"), or "unknown". */
  readonly cardType: string;
}

/** The player the payment is for, as much as the PSP's risk checks need. */
export interface CustomerInput {
  /** The server's player id. */
  readonly playerId: string;
  /** ISO 3166-1 alpha-2 country code. */
  readonly country: string;
  readonly email?: string | undefined;
  /** In international format, digits with a leading plus. */
  readonly phone?: string | undefined;
}

/**
 * Where the PSP sends the player's browser back to. All absolute or root-relative URLs built by
 * the server.
 */
export interface ReturnUrls {
  /** After a 3-D Secure challenge: the cashier's 3DS result route (SPEC §2 /3ds_result). */
  readonly threeDsReturn: string;
  /** After a successful redirect payment (interaction page, bank page). */
  readonly success: string;
  /** After a failed or cancelled redirect payment. */
  readonly fail: string;
}

/** The betting shop a cash payment or pick-up is made at (SPEC §3 betShop field). */
export interface BetShopRef {
  readonly id: string;
  readonly name: string;
}

/** A deposit to authorise and, where the method allows, capture at once. */
export interface DepositInput {
  /** The server's transaction id: unique per payment, and the idempotency key towards the PSP. */
  readonly transactionId: string;
  /**
   * What the player deposits to the balance, decimal string in the currency's major unit, e.g.
   * "50.00" (before fees; tax and bonus are the server's business). Zero, for a new card with
   * {@link saveCard}, is a card verification that moves no money (the cashier's tokenization
   * page, SPEC §1): approve it with the card's token, or decline it when the PSP cannot verify.
   */
  readonly amount: string;
  /**
   * The fee the player pays on top of {@link amount}: the merchant user fee (SPEC §5). Never the
   * method fee, which the operator absorbs (docs/fees.md).
   */
  readonly fee: string;
  /** What to charge: {@link amount} + {@link fee}, at the currency precision ("51.45"). */
  readonly total: string;
  /** ISO 4217 alpha-3 code. */
  readonly currency: string;
  readonly methodKind: PaymentMethodKind;
  /** The pay group's short name (SPEC §3 short_name), which names the PSP's method. */
  readonly payGroup: string;
  /** A new card (card kind only). The only place a card number reaches a provider. */
  readonly card?: NewCardInput | undefined;
  /**
   * An Apple Pay or Google Pay payment (card kind, a pay group with a `native_pay_type`): the
   * wallet's payment token, in place of a card. Like a card, **never store or log it**.
   */
  readonly walletToken?: WalletTokenInput | undefined;
  /** A token from an earlier {@link DepositApproved.cardToken}, for a saved card. */
  readonly savedCardToken?: string | undefined;
  /**
   * Whether the player asked to save the new card (SPEC §2 save-card checkbox). When true and
   * the payment is approved, the result carries a {@link DepositApproved.cardToken}.
   */
  readonly saveCard?: boolean | undefined;
  /** The security code retyped for a saved card, when the form asked for it (SPEC §5). */
  readonly savedCardCvv?: string | undefined;
  readonly customer: CustomerInput;
  readonly returnUrls: ReturnUrls;
  /** SPEC §3 browser_data, for the PSP's 3-D Secure risk data. */
  readonly browserData?: BrowserData | undefined;
  /** The bet shop chosen on the form (bet_shop kind). */
  readonly betShop?: BetShopRef | undefined;
  /** The merchant name shown to the player on challenge and interaction pages. */
  readonly merchantName?: string | undefined;
  /** The player's language (SPEC §2 lang), for texts the provider writes. */
  readonly language?: string | undefined;
}

/** The payment went through. */
export interface DepositApproved {
  readonly outcome: 'approved';
  readonly providerRef: ProviderRef;
  /** An opaque token for paying with this card again; only when saving was asked for. */
  readonly cardToken?: string | undefined;
  /** What may be kept of the card (card kind). */
  readonly card?: CardSummary | undefined;
}

/** The payment was refused. */
export interface Declined {
  readonly outcome: 'declined';
  /** Present when the provider recorded the attempt. */
  readonly providerRef?: ProviderRef | undefined;
  readonly reason: DeclineReason;
  /**
   * The provider's own code of the decline (an issuer response code, the PSP's error code), as
   * it sent it. One of {@link PaymentProvider.softDeclineCodes} lets the server try the payment
   * on another connector.
   */
  readonly code?: string | undefined;
}

/** A 3-D Secure challenge: show `challengeUrl` (in a frame or a new tab), then call complete3ds. */
export interface DepositChallenge {
  readonly outcome: 'challenge';
  readonly providerRef: ProviderRef;
  readonly challengeUrl: string;
}

/** Accepted and settling: poll {@link PaymentProvider.status} from `settlesAt` on. */
export interface DepositProcessing {
  readonly outcome: 'processing';
  readonly providerRef: ProviderRef;
  /** When the provider expects the final result. */
  readonly settlesAt: Date;
}

/**
 * Send the player's browser to the provider's page (SPEC §3 redirect result: url, method and
 * fields; for POST the fields are the form to submit).
 */
export interface DepositRedirect {
  readonly outcome: 'redirect';
  readonly providerRef: ProviderRef;
  readonly url: string;
  readonly method: 'GET' | 'POST';
  readonly fields: Readonly<Record<string, string>>;
}

/** The player confirms elsewhere (phone, bank app); the cashier waits and polls the status. */
export interface DepositAwait {
  readonly outcome: 'await';
  readonly providerRef: ProviderRef;
  /** What the player has to do, in the player's language where the provider supports it. */
  readonly instructions: string;
  /** How long to wait before the next status poll. */
  readonly pollAfterMs: number;
}

/** A value the display form shows with a copy button (SPEC §2 display form, copy-input). */
export interface CopyField {
  /** Stable name, e.g. "reference". */
  readonly name: string;
  /** Label in plain text. */
  readonly label: string;
  readonly value: string;
}

/** Show a QR code (SPEC §2 display form) the player scans with a banking or wallet app. */
export interface DepositDisplayForm {
  readonly outcome: 'display_form';
  readonly providerRef: ProviderRef;
  /** The text to encode in the QR code (a payment URI). */
  readonly qrPayload: string;
  /** After this the code no longer pays. */
  readonly expiresAt: Date;
  /** The payment reference the player may need to type. */
  readonly reference: string;
  readonly copyFields: readonly CopyField[];
}

/** The account the player transfers to. */
export interface BankDetails {
  readonly beneficiary: string;
  readonly bankName: string;
  readonly iban: string;
  readonly bic: string;
}

/**
 * A bank transfer: the player transfers with `reference` and uploads the receipt; the server then
 * calls {@link PaymentProvider.recordReceipt}.
 */
export interface DepositBankTransfer {
  readonly outcome: 'bank_transfer';
  readonly providerRef: ProviderRef;
  readonly reference: string;
  readonly bank: BankDetails;
  readonly awaitingReceipt: true;
}

/** A cash voucher: the player pays `code` in cash at a betting shop before `expiresAt`. */
export interface DepositVoucher {
  readonly outcome: 'voucher';
  readonly providerRef: ProviderRef;
  readonly code: string;
  readonly expiresAt: Date;
  readonly betShop?: BetShopRef | undefined;
}

/** Every result of {@link PaymentProvider.authorizeDeposit}, told apart by `outcome`. */
export type DepositOutcome =
  | DepositApproved
  | Declined
  | DepositChallenge
  | DepositProcessing
  | DepositRedirect
  | DepositAwait
  | DepositDisplayForm
  | DepositBankTransfer
  | DepositVoucher;

/**
 * What came back from a 3-D Secure challenge: the fields the issuer's page (ACS) or the PSP's page
 * posted to the return address (e.g. `cres` or `PaRes`; the sandbox posts `result=pass|fail`).
 */
export interface ThreeDsChallengeResult {
  readonly fields: Readonly<Record<string, string>>;
}

/** The result of {@link PaymentProvider.complete3ds}. */
export type ThreeDsOutcome = DepositApproved | Declined;

/** Where to pay a withdrawal to. */
export type PayoutDestination =
  /** A saved card (SPEC §2 withdrawal card list), by its token. */
  | { readonly kind: 'card'; readonly cardToken: string }
  /** A payout account: its requisites as field name to value (IBAN, wallet id, phone…). */
  | { readonly kind: 'account'; readonly requisites: Readonly<Record<string, string>> }
  /** Cash pick-up at a betting shop (SPEC §2 /betshop-withdrawal). */
  | { readonly kind: 'bet_shop'; readonly betShop: BetShopRef };

/** A withdrawal to send. The server has already reserved the amount on the player's balance. */
export interface PayoutInput {
  /** The server's transaction id, also the idempotency key towards the PSP. */
  readonly transactionId: string;
  /** Decimal string in the currency's major unit. */
  readonly amount: string;
  /** ISO 4217 alpha-3 code. */
  readonly currency: string;
  readonly methodKind: PaymentMethodKind;
  /** The pay group's short name. */
  readonly payGroup: string;
  readonly destination: PayoutDestination;
  readonly customer: CustomerInput;
}

/** Cash waiting at a betting shop: the player shows `code` there before `expiresAt`. */
export interface CashPickup {
  readonly code: string;
  readonly expiresAt: Date;
  readonly betShop: BetShopRef;
}

/** The payout was sent. */
export interface PayoutApproved {
  readonly outcome: 'approved';
  readonly providerRef: ProviderRef;
  /** For a bet-shop destination: where and how the player collects the cash. */
  readonly pickup?: CashPickup | undefined;
}

/** Every result of {@link PaymentProvider.payout}. */
export type PayoutOutcome = PayoutApproved | Declined | DepositProcessing;

/** The steps a payment can wait in before its final result. */
export const PENDING_STEPS = [
  'challenge',
  'redirect',
  'processing',
  'await',
  'display_form',
  'bank_transfer',
  'voucher',
] as const;

/** One of {@link PENDING_STEPS}. */
export type PendingStep = (typeof PENDING_STEPS)[number];

/** An amount (decimal text in the currency's major unit) and its ISO 4217 currency. */
export interface ProviderMoney {
  readonly amount: string;
  readonly currency: string;
}

/**
 * The current state of a payment or payout at the provider ({@link PaymentProvider.status}).
 * The server moves its transaction on `approved`, `declined` and `cancelled` and keeps polling on
 * `pending`. `unknown` means the provider has no such reference.
 */
export type ProviderStatus =
  | {
      readonly status: 'approved';
      readonly providerRef: ProviderRef;
      /**
       * What the provider says it moved, when its answer says: checked against the transaction,
       * which is held for review instead of completed when they differ
       * (modules/payments/provider-outcomes.ts).
       */
      readonly moved?: ProviderMoney | undefined;
      /** For a card payment that asked to save the card, once approved. */
      readonly cardToken?: string | undefined;
      readonly card?: CardSummary | undefined;
      readonly pickup?: CashPickup | undefined;
    }
  | {
      readonly status: 'declined';
      readonly providerRef: ProviderRef;
      readonly reason: DeclineReason;
    }
  | {
      readonly status: 'pending';
      readonly providerRef: ProviderRef;
      readonly step: PendingStep;
      /** When the provider expects the final result, if it knows. */
      readonly settlesAt?: Date | undefined;
      /** When the payment stops waiting for the player, if it does. */
      readonly expiresAt?: Date | undefined;
    }
  | { readonly status: 'cancelled'; readonly providerRef: ProviderRef }
  | { readonly status: 'unknown'; readonly providerRef: ProviderRef };

/**
 * What {@link PaymentProvider.lookup} found for a transaction id: the payment's current status
 * (its reference in `providerRef`), or `not_found` when the PSP never received that id.
 */
export type LookupResult =
  ProviderStatus | { readonly status: 'not_found'; readonly transactionId: string };

/** Options of every provider call. */
export interface ProviderCallOptions {
  /** Fires when the server stops waiting (its time-out); abort the network request then. */
  readonly signal?: AbortSignal | undefined;
}

/**
 * Marks a {@link ProviderNotReachedError}. A registered symbol rather than `instanceof` alone: a
 * connector installed with its own copy of the kit throws its copy's class, which the server's
 * copy must still recognise.
 */
const NOT_REACHED = Symbol.for('@cashdesk/connector-kit/provider-not-reached');

/**
 * Thrown by a provider when a request certainly never reached the PSP (connection refused, the
 * PSP answered that it did not process it). Anything else a provider throws means the outcome is
 * unknown.
 */
export class ProviderNotReachedError extends Error {
  override readonly name = 'ProviderNotReachedError';
  /** The mark {@link isProviderNotReached} reads: it survives two copies of the kit. */
  readonly [NOT_REACHED] = true;
}

/** Whether an error says the request never reached the provider (from any copy of the kit). */
export function isProviderNotReached(error: unknown): error is ProviderNotReachedError {
  return (
    error instanceof ProviderNotReachedError ||
    (typeof error === 'object' && error !== null && NOT_REACHED in error)
  );
}

/** The result of {@link PaymentProvider.cancelPayout}. */
export type CancelOutcome =
  | { readonly outcome: 'cancelled'; readonly providerRef: ProviderRef }
  /** Too late (already paid or declined) or unknown; `status` says where it is. */
  | {
      readonly outcome: 'not_cancellable';
      readonly providerRef: ProviderRef;
      readonly status: ProviderStatus;
    };

// --- refunds ------------------------------------------------------------------------------------

/**
 * Why a refund was refused:
 * - `declined`: the provider refused without a reason to show (the card is closed, a rule);
 * - `exceeds_captured`: with the refunds before it, more than the payment charged;
 * - `not_refundable`: the payment is not one that can be refunded (not approved, charged back,
 *   too old, a method without refunds);
 * - `unknown_payment`: the provider does not know the payment's reference.
 */
export const REFUND_FAILURE_REASONS = [
  'declined',
  'exceeds_captured',
  'not_refundable',
  'unknown_payment',
] as const;

/** One of {@link REFUND_FAILURE_REASONS}. */
export type RefundFailureReason = (typeof REFUND_FAILURE_REASONS)[number];

/** A refund to send: part or all of an approved deposit back to its payer. */
export interface RefundInput {
  /**
   * The server's refund id: unique per refund and the provider's idempotency key. A second
   * `refund` with a refund id the provider has seen returns the first call's result and never
   * refunds again, whatever else it carries.
   */
  readonly refundId: string;
  /** The deposit's transaction id (our merchant reference of the payment). */
  readonly transactionId: string;
  /** The provider's reference of the payment refunded. */
  readonly providerRef: ProviderRef;
  /** What goes back to the payer, decimal string in the currency's major unit. */
  readonly amount: string;
  /** ISO 4217 alpha-3 code: the payment's. */
  readonly currency: string;
  /** The operator's reason, for the provider's records. */
  readonly reason: string;
}

/**
 * Where a refund stands at the provider: `succeeded` (the money is on its way back to the payer,
 * final), `pending` (accepted, not settled yet: ask {@link ProviderRefunds.lookupRefund} later or
 * wait for the webhook) or `failed` (nothing went back, final).
 */
export type RefundOutcome =
  | { readonly outcome: 'succeeded'; readonly refundRef: ProviderRef }
  | { readonly outcome: 'pending'; readonly refundRef: ProviderRef }
  | {
      readonly outcome: 'failed';
      readonly refundRef?: ProviderRef | undefined;
      readonly reason: RefundFailureReason;
    };

/** What {@link ProviderRefunds.lookupRefund} found: the refund's state, or `not_found`. */
export type RefundLookup = RefundOutcome | { readonly outcome: 'not_found' };

/**
 * A provider's refunds ({@link PaymentProvider.refunds}). Idempotent by the refund id, as deposits
 * are by the transaction id; a throw means the outcome is unknown and the server sends the same
 * refund (same id) again later, or looks it up; {@link ProviderNotReachedError} means it
 * certainly never arrived.
 */
export interface ProviderRefunds {
  /** Sends a refund (see {@link RefundInput}); never refunds twice for one refund id. */
  refund(input: RefundInput, now: Date, options?: ProviderCallOptions): Promise<RefundOutcome>;
  /** What became of a refund id: its state, or `not_found` when it never arrived. */
  lookupRefund(refundId: string, now: Date, options?: ProviderCallOptions): Promise<RefundLookup>;
}

/**
 * A payment provider. Implement this to connect a PSP; register it under {@link name}.
 *
 * Every method is asynchronous because a real PSP is a network call. Every method takes `now` last.
 */
export interface PaymentProvider {
  /**
   * The provider's route name (SPEC §2 "a provider route parameter selects a payment provider"):
   * lower-case letters, digits and dashes, e.g. "sandbox".
   */
  readonly name: string;

  /**
   * Starts a deposit. Card payments give `approved`, `declined`, `challenge` (3-D Secure) or
   * `processing`; the other method kinds give the interaction their kind needs (`redirect`,
   * `await`, `display_form`, `bank_transfer`, `voucher`) or a decline.
   *
   * Idempotent by `input.transactionId`: a repeat returns the first result and never charges
   * again (see the module comment). The server repeats it after a lost answer or a crash.
   */
  authorizeDeposit(
    input: DepositInput,
    now: Date,
    options?: ProviderCallOptions,
  ): Promise<DepositOutcome>;

  /**
   * Finishes a 3-D Secure challenge with what the challenge page posted back. Calling it again
   * for the same payment gives the same result.
   */
  complete3ds(
    providerRef: ProviderRef,
    challengeResult: ThreeDsChallengeResult,
    now: Date,
    options?: ProviderCallOptions,
  ): Promise<ThreeDsOutcome>;

  /** The payment's or payout's current state, for polling `processing` and `await` payments. */
  status(
    providerRef: ProviderRef,
    now: Date,
    options?: ProviderCallOptions,
  ): Promise<ProviderStatus>;

  /**
   * What became of a transaction id sent to {@link authorizeDeposit} or {@link payout}: its
   * current status, or `not_found` when the PSP never received it. The server's reconciler asks
   * this for payments whose answer it never got.
   */
  lookup(transactionId: string, now: Date, options?: ProviderCallOptions): Promise<LookupResult>;

  /**
   * Sends a withdrawal: `approved`, `processing` (poll {@link status}) or `declined`. Idempotent
   * by `input.transactionId` like {@link authorizeDeposit}: never pays twice.
   */
  payout(input: PayoutInput, now: Date, options?: ProviderCallOptions): Promise<PayoutOutcome>;

  /**
   * Tells the provider the player uploaded the receipt of a bank transfer; returns the state
   * after that (approved, declined or still pending review).
   */
  recordReceipt(
    providerRef: ProviderRef,
    now: Date,
    options?: ProviderCallOptions,
  ): Promise<ProviderStatus>;

  /**
   * Cancels a payout that has not been paid yet (SPEC §7 reverse-pending-withdrawal). On
   * `cancelled` the server returns the reserved amount to the balance.
   */
  cancelPayout(
    providerRef: ProviderRef,
    now: Date,
    options?: ProviderCallOptions,
  ): Promise<CancelOutcome>;

  /**
   * Optional: the decline codes ({@link Declined.code}) after which this provider certainly
   * charged nothing and another provider may well accept the same payment (an issuer's "do not
   * honour", a PSP's "try again later"). The server may then try the payment once on the next
   * connector its routing rules name, without asking the player again. Leave out every code
   * after which a charge is possible, or a second provider could not do better (insufficient
   * funds, a stolen card).
   */
  readonly softDeclineCodes?: readonly string[] | undefined;

  /**
   * Optional: the provider refunds approved deposits. Without it a refund of this connector's
   * payments is refused (409) before anything is held.
   */
  readonly refunds?: ProviderRefunds | undefined;

  /**
   * Optional: the provider notifies the server of results by webhooks
   * (`POST /api/providers/{connector}/webhook`). Without it the route answers 404 for this
   * connector and results come from {@link status} alone.
   */
  readonly webhook?: ProviderWebhook | undefined;

  /**
   * Optional: the payment method data of a wallet (SPEC §6 Apple Pay, Google Pay) the cashier
   * builds its Payment Request with: the `data` member of the wallet's `PaymentMethodData`, as
   * the wallet documents it (Google Pay: API version, merchant info, allowed payment methods
   * with this PSP as the tokenization gateway; Apple Pay: merchant identifier, networks,
   * capabilities). The token the wallet then answers reaches {@link authorizeDeposit} as
   * {@link DepositInput.walletToken}. `undefined` (or no such method): this provider takes no
   * such wallet, and the cashier cannot offer it for the provider's pay groups.
   */
  walletRequestData?(
    wallet: WalletKind,
    context: { readonly merchantName: string; readonly currency: string },
  ): Readonly<Record<string, unknown>> | undefined;
}

/** A webhook request as it arrived: its headers (lower-case names) and its body byte for byte. */
export interface WebhookRequest {
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** The raw body as sent (UTF-8): signatures are computed over it, not over parsed JSON. */
  readonly rawBody: string;
}

/**
 * Which payment a notification is about: our transaction id (the merchant reference), the
 * provider's reference, or both. At least one is present.
 */
export interface NotificationTarget {
  readonly transactionId?: string | undefined;
  readonly providerRef?: ProviderRef | undefined;
}

/** One thing a webhook tells: a payment's or payout's new status, or money returned to a payer. */
export type WebhookNotification =
  | (NotificationTarget & {
      readonly kind: 'status';
      /** The provider's id of the event (logs; duplicates are harmless anyway). */
      readonly eventId: string;
      readonly status: ProviderStatus;
    })
  | (NotificationTarget & {
      /** A refund (the merchant returned the money) or a chargeback (the payer's bank took it). */
      readonly kind: 'refund' | 'chargeback';
      readonly eventId: string;
      /** What went back to the payer, decimal string in the currency's major unit. */
      readonly amount: string;
      readonly currency: string;
      /**
       * A refund's result: `succeeded` (default: the money went back) or `failed` (a refund the
       * provider had accepted did not go through; nothing went back).
       */
      readonly outcome?: 'succeeded' | 'failed' | undefined;
      /** Our refund id (the refund's merchant reference), when the refund was ours. */
      readonly refundId?: string | undefined;
      /** The provider's reference of the refund. */
      readonly refundRef?: ProviderRef | undefined;
    });

/** The result of {@link ProviderWebhook.verify}. */
export type WebhookVerification =
  | { readonly valid: true; readonly notifications: readonly WebhookNotification[] }
  /** `signature`: missing, stale or wrong signature (401); `malformed`: signed, but unreadable. */
  | { readonly valid: false; readonly problem: 'signature' | 'malformed'; readonly detail: string };

/** A provider's webhook capability ({@link PaymentProvider.webhook}). */
export interface ProviderWebhook {
  /**
   * Verifies the request's signature over the raw body (before reading it), then translates it
   * into notifications. Never throws for bad input: a bad request is a `valid: false` answer.
   */
  verify(request: WebhookRequest, now: Date): WebhookVerification;
}

/**
 * What of a deposit input may be logged: the card as its last four digits and its number of
 * digits; no security code. The server's pino redaction is the second line of defence; this is
 * the first.
 */
export interface LoggableDepositInput {
  readonly transactionId: string;
  readonly amount: string;
  readonly fee: string;
  readonly total: string;
  readonly currency: string;
  readonly methodKind: PaymentMethodKind;
  readonly payGroup: string;
  readonly card?: { readonly last4: string; readonly digits: number } | undefined;
  readonly savedCard: boolean;
  readonly saveCard: boolean;
  /** The wallet of an Apple Pay or Google Pay payment (never its token). */
  readonly wallet?: WalletKind | undefined;
  readonly playerId: string;
  readonly country: string;
}

/**
 * Returns {@link LoggableDepositInput}. An allow-list rather than a copy minus the card, so a
 * sensitive field added to {@link DepositInput} later stays out of the logs until chosen.
 */
export function redactDepositInput(input: DepositInput): LoggableDepositInput {
  const digits = input.card?.pan.replace(/\D/g, '');
  return {
    transactionId: input.transactionId,
    amount: input.amount,
    fee: input.fee,
    total: input.total,
    currency: input.currency,
    methodKind: input.methodKind,
    payGroup: input.payGroup,
    card: digits === undefined ? undefined : { last4: digits.slice(-4), digits: digits.length },
    savedCard: input.savedCardToken !== undefined,
    saveCard: input.saveCard === true,
    wallet: input.walletToken?.wallet,
    playerId: input.customer.playerId,
    country: input.customer.country,
  };
}
