/**
 * The asynchronous reference PSP's protocol: a small API of its own, unlike the Cashdesk PSP
 * protocol (`../http/protocol.ts`), so that the `PaymentProvider` boundary is proven by two
 * different implementations. Spoken by `AsyncPspProvider` (`./async-psp-provider.ts`) and served
 * by the asynchronous PSP simulator of `@cashdesk/testkit`. Modelled on asynchronous pay-in APIs:
 *
 * - **Accepted, not decided.** `POST /v2/payments` creates a pay-in or a pay-out and answers
 *   `202` with the payment in state `received`; the result comes later, only as a signed
 *   webhook to the payment's `notification_url`, retried by the PSP until it gets a `2xx`.
 *   `GET /v2/payments/{payment_id}` tells the state meanwhile (a merchant that lost a webhook
 *   still learns the result).
 * - **Money in minor units**: `{ "value": 5100, "currency": "EUR" }` is 51.00 EUR (the currency's
 *   ISO 4217 exponent: JPY 0, KWD 3).
 * - **Idempotency by the merchant reference** (our transaction id) in the body: a repeat answers
 *   the payment as it is (`200`), never a second one; the same reference in the other direction
 *   is `409 reference_conflict`.
 * - **Lookup** by merchant reference: `GET /v2/payments?merchant_reference=…` lists the payment,
 *   or nothing when the PSP never received it.
 * - **Credentials**: `X-Api-Key`. **Errors**: `{ "error": { "type", "detail" } }`;
 *   `503 not_processed` promises the request was not processed.
 * - **Refunds** of a succeeded pay-in: `POST /v2/payments/{payment_id}/refunds` with the
 *   merchant's `refund_reference` (idempotent by it), settled later and told by a
 *   `refund.updated` webhook; `GET /v2/refunds?refund_reference=…` tells the state meanwhile.
 * - **Webhooks** are signed with the one scheme of `../../http/signing.ts` (`Cashdesk-Signature`
 *   over the raw body, `Cashdesk-Key-Id`).
 *
 * No card data travels in this protocol: the PSP takes alternative and mobile pay-ins and
 * pay-outs to accounts.
 *
 * @packageDocumentation
 */
import Big from 'big.js';
import * as z from 'zod';

/** The headers of the protocol (lower case). */
export const ASYNC_PSP_HEADERS = {
  apiKey: 'x-api-key',
} as const;

/** The routes: `{payment_id}` is a path parameter. */
export const ASYNC_PSP_PATHS = {
  /** `POST`: create ({@link CreatePayment}) → `202` (`200` on a repeat) {@link Payment}. */
  payments: '/v2/payments',
  /** `GET`: the payment → `200` {@link Payment}, `404 payment_not_found`. */
  payment: '/v2/payments/{payment_id}',
  /** `POST`: cancel a pay-out → `200` {@link Payment}, `409 not_cancellable` with the payment. */
  cancel: '/v2/payments/{payment_id}/cancel',
  /**
   * `POST`: refund a succeeded pay-in ({@link CreateRefund}) → `202` {@link Refund} (`200` with
   * the same refund on a repeat of its `refund_reference`); `409 not_refundable` for a payment
   * that is not succeeded or an amount beyond what is left.
   */
  refunds: '/v2/payments/{payment_id}/refunds',
  /** `GET ?refund_reference=…`: the refund → `200` {@link RefundList} (empty when none). */
  refundLookup: '/v2/refunds',
} as const;

/** The path of a payment route for one payment id. */
export function paymentPath(
  path:
    typeof ASYNC_PSP_PATHS.payment | typeof ASYNC_PSP_PATHS.cancel | typeof ASYNC_PSP_PATHS.refunds,
  paymentId: string,
): string {
  return path.replace('{payment_id}', encodeURIComponent(paymentId));
}

/** The states of a payment: `received` until the PSP decides; the rest are final but refunds. */
export const PAYMENT_STATES = [
  'received',
  'succeeded',
  'failed',
  'cancelled',
  'refunded',
  'charged_back',
] as const;

/** Why a payment failed. */
export const FAILURE_CODES = [
  'declined',
  'insufficient_funds',
  'expired',
  'payer_cancelled',
  'unsupported_method',
  'invalid_amount',
] as const;

/** An amount in minor units of an ISO 4217 currency. */
export const Money = z.object({
  value: z.int().min(0).max(Number.MAX_SAFE_INTEGER),
  currency: z.string().regex(/^[A-Z]{3}$/),
});
/** {@link Money}. */
export type Money = z.output<typeof Money>;

/** The body of `POST /v2/payments`. */
export const CreatePayment = z.object({
  merchant_reference: z.string().min(1).max(64),
  direction: z.enum(['pay_in', 'pay_out']),
  amount: Money,
  /** The merchant's method name (our pay group's short name). */
  method: z.string().min(1).max(64),
  payer: z.object({ id: z.string().max(64), country: z.string().max(2) }),
  /** Where the PSP sends this payment's webhooks. */
  notification_url: z.url({ protocol: /^https?$/ }),
  /** A pay-out's account details (field name to value). */
  destination: z.record(z.string().max(64), z.string().max(256)).optional(),
});
/** {@link CreatePayment}. */
export type CreatePayment = z.output<typeof CreatePayment>;

/** A payment as the PSP shows it. */
export const Payment = z.object({
  payment_id: z.string().min(1).max(64),
  merchant_reference: z.string(),
  direction: z.enum(['pay_in', 'pay_out']),
  amount: Money,
  state: z.enum(PAYMENT_STATES),
  /** Set when `failed`; read as text so a newer code is not a malformed answer. */
  failure_code: z.string().nullable(),
  /** While `received`: within how many seconds the PSP expects to decide. */
  settle_within_s: z.int().min(0).nullable(),
});
/** {@link Payment}. */
export type Payment = z.output<typeof Payment>;

/** The answer of the lookup by merchant reference: the payment, or none. */
export const PaymentList = z.object({ data: z.array(Payment).max(1) });

/** Every error answer. */
export const ErrorBody = z.object({
  error: z.object({ type: z.string(), detail: z.string().optional() }),
  /** `409 not_cancellable` carries the payment as it is. */
  payment: Payment.optional(),
});

/** The body of `POST /v2/payments/{payment_id}/refunds`. */
export const CreateRefund = z.object({
  /** The merchant's id of the refund (our refund id): the refund's idempotency key. */
  refund_reference: z.string().min(1).max(64),
  amount: Money,
  reason: z.string().max(500),
});
/** {@link CreateRefund}. */
export type CreateRefund = z.output<typeof CreateRefund>;

/** The states of a refund: `pending` until the PSP settles it, then final. */
export const REFUND_STATES = ['pending', 'succeeded', 'failed'] as const;

/** A refund as the PSP shows it. */
export const Refund = z.object({
  refund_id: z.string().min(1).max(64),
  refund_reference: z.string(),
  payment_id: z.string(),
  amount: Money,
  state: z.enum(REFUND_STATES),
  /** Set when `failed`; read as text. */
  failure_code: z.string().nullable(),
});
/** {@link Refund}. */
export type Refund = z.output<typeof Refund>;

/** The answer of the refund lookup: the refund, or none. */
export const RefundList = z.object({ data: z.array(Refund).max(1) });

/** The event types of a webhook. */
export const EVENT_TYPES = [
  'payment.updated',
  'payment.refunded',
  'payment.charged_back',
  'refund.updated',
] as const;

/**
 * A webhook's body: one event. `payment.updated` carries the payment's new state (a repeat or an
 * old state may arrive again: webhooks are at least once and unordered); `payment.refunded` and
 * `payment.charged_back` carry what went back to the payer in `amount` (a refund made in the
 * PSP's own dashboard); `refund.updated` carries a merchant's refund (`refund`) in its new state.
 */
export const WebhookEvent = z.object({
  event_id: z.string().min(1).max(64),
  event_type: z.enum(EVENT_TYPES),
  occurred_at: z.iso.datetime({ offset: true }),
  payment: Payment,
  amount: Money.optional(),
  refund: Refund.optional(),
});
/** {@link WebhookEvent}. */
export type WebhookEvent = z.output<typeof WebhookEvent>;

/** The ISO 4217 exponent of a currency (JPY 0, EUR 2, KWD 3), from the runtime's ICU data. */
export function currencyExponent(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2
  );
}

/**
 * A decimal amount in the currency's major unit as minor units; `null` when it has more decimal
 * places than the currency (it cannot be paid exactly) or is not a non-negative decimal.
 */
export function toMinor(amount: string, currency: string): number | null {
  if (!/^\d+(\.\d+)?$/.test(amount)) return null;
  const minor = new Big(amount).times(new Big(10).pow(currencyExponent(currency)));
  if (!minor.eq(minor.round(0, Big.roundDown)) || minor.gt(Number.MAX_SAFE_INTEGER)) return null;
  return minor.toNumber();
}

/** Minor units as a decimal string in the major unit ("51.00" for 5100 EUR). */
export function toMajor(money: Money): string {
  const exponent = currencyExponent(money.currency);
  return new Big(money.value).div(new Big(10).pow(exponent)).toFixed(exponent);
}
