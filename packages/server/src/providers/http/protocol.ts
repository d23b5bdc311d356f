/**
 * The Cashdesk PSP protocol: the {@link PaymentProvider} contract as JSON over HTTP, spoken by
 * {@link HttpPaymentProvider} (`./http-provider.ts`) and served by the PSP simulator of
 * `@cashdesk/testkit`. One route per method of the contract; {@link PROTOCOL_ROUTES} lists them.
 *
 * Conventions, modelled on the public APIs of card PSPs:
 * - **Bodies** are JSON objects with the contract's field names (camelCase). Money is a decimal
 *   string in the currency's major unit ("10.50", the contract's `Decimal`), never a number;
 *   instants are ISO 8601 strings (`2030-01-15T12:00:05.000Z`), decoded to `Date` by the schemas
 *   here (zod codecs: `parse` decodes, `z.encode` encodes).
 * - **Idempotency.** `POST /v1/deposits` and `POST /v1/payouts` carry our transaction id twice:
 *   in the body (`transactionId`, the merchant reference) and as the `Idempotency-Key` header,
 *   which must be equal. A repeat of a known transaction id answers the first result again, with
 *   `Idempotent-Replayed: true`, and never charges or pays again. Unlike some PSPs, a repeat whose
 *   other fields differ is not refused: the contract says the first result stands, "whatever else
 *   the second call carries". The other routes are idempotent by nature (reads, or actions whose
 *   repeat finds the payment already in the state they asked for).
 * - **The caller's clock.** Every request may carry `Cashdesk-Now` (ISO 8601): the contract's
 *   `now`. The simulator decides with it, so a server test with an injected clock sees the same
 *   results as with the in-process sandbox; a real PSP would ignore it and use its own clock.
 * - **Credentials.** `Authorization: Bearer <api key>` when the PSP is configured with a key.
 * - **Card data** (`card.pan`, `card.cvv`, `savedCardCvv`, an Apple Pay or Google Pay
 *   `walletToken`) travels in the body of
 *   `POST /v1/deposits` only: never in a path, query or header, never in an answer.
 * - **Errors** answer `{ "error": { "code", "message" } }` ({@link ErrorAnswer}); the codes are
 *   {@link PROTOCOL_ERROR_CODES}. A `404` with `unknown_reference` or `not_found` is an answer
 *   of the contract (the reference or transaction id is unknown); `503` with `not_processed`
 *   promises the request was not processed; any other error leaves the outcome unknown.
 * - **Push notifications** (optional, both sides): a PSP configured with the cashier's
 *   notification address (`{PUBLIC_URL}/api/providers/{connector}/webhook`) POSTs a
 *   {@link PushNotification} whenever a payment or payout reaches a final status and whenever a
 *   refund succeeds or fails, so a `processing` payment settles without a status poll. Each
 *   carries our transaction id (and refund id), the amount moved and its currency; it is signed
 *   like every Cashdesk message (`Cashdesk-Signature` over the raw body, `Cashdesk-Key-Id`;
 *   HMAC-SHA256 with the connector's `CONNECTOR_<NAME>_WEBHOOK_SECRET`,
 *   `@cashdesk/connector-kit` signing). The cashier answers `2xx` once applied (also for a
 *   duplicate); anything else asks the PSP to deliver it again later. Delivery is at least
 *   once, in any order; polling stays the fallback.
 *
 * @packageDocumentation
 */
import * as z from 'zod';
import { BrowserData, Currency, Decimal } from '@cashdesk/contract';
import {
  DECLINE_REASONS,
  PAYMENT_METHOD_KINDS,
  PENDING_STEPS,
  REFUND_FAILURE_REASONS,
} from '../payment-provider';
import type { PaymentProvider, ProviderRefunds } from '../payment-provider';

/** The headers of the protocol (lower case, as Node and `fetch` hand them over). */
export const PROTOCOL_HEADERS = {
  /** Our transaction id, on `POST /v1/deposits` and `POST /v1/payouts`. */
  idempotencyKey: 'idempotency-key',
  /** `true` on the answer to a repeat of a known transaction id. */
  replayed: 'idempotent-replayed',
  /** The caller's clock (the contract's `now`), ISO 8601. */
  now: 'cashdesk-now',
  /** `Bearer <api key>`. */
  authorization: 'authorization',
} as const;

/**
 * The error codes of {@link ErrorAnswer}:
 * - `invalid_request` (400): the body, a parameter or a header does not fit the protocol;
 * - `unauthorized` (401): the API key is missing or wrong;
 * - `unknown_reference` (404): no payment or payout has that provider reference;
 * - `not_found` (404, lookup only): the transaction id was never received;
 * - `no_such_route` (404): no route at that method and path (a wrong base URL, never an answer
 *   of the contract);
 * - `idempotency_conflict` (409): the transaction id is known as the other flow (a deposit id
 *   sent as a payout or the other way round);
 * - `internal` (500): the PSP failed; the request may or may not have been processed;
 * - `not_processed` (503): the PSP refused the request before processing it; safe to treat as
 *   never sent.
 */
export const PROTOCOL_ERROR_CODES = [
  'invalid_request',
  'unauthorized',
  'unknown_reference',
  'not_found',
  'no_such_route',
  'idempotency_conflict',
  'internal',
  'not_processed',
] as const;

/** One of {@link PROTOCOL_ERROR_CODES}. */
export type ProtocolErrorCode = (typeof PROTOCOL_ERROR_CODES)[number];

/**
 * Every error answer. `code` is read as free text, so that a newer PSP's code is an unknown
 * error rather than a malformed answer.
 */
export const ErrorAnswer = z.object({
  error: z.object({ code: z.string().max(64), message: z.string().max(1000) }),
});
/** {@link ErrorAnswer}. */
export type ErrorAnswer = z.output<typeof ErrorAnswer>;

/** An ISO 8601 instant on the wire, a `Date` in code. */
const Instant = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

/** An identifier (references, ids, tokens): short printable text. */
const Id = z.string().min(1).max(256);
/** A short free text (names, labels, codes). */
const Text = z.string().max(1000);
/** An address: absolute or root-relative, as the contract's ReturnUrls and page URLs are. */
const Address = z.string().max(4096);
const Fields = z.record(z.string().max(256), z.string().max(4096));

const MethodKind = z.enum(PAYMENT_METHOD_KINDS);
const DeclineReason = z.enum(DECLINE_REASONS);

const BetShop = z.object({ id: Id, name: Text });

const Customer = z.object({
  playerId: Id,
  country: z.string().max(2),
  email: Text.optional(),
  phone: z.string().max(32).optional(),
});

const ReturnUrlsWire = z.object({ threeDsReturn: Address, success: Address, fail: Address });

/** The card as typed: sent in the body of `POST /v1/deposits` and nowhere else. */
const NewCard = z.object({
  pan: z.string().max(32),
  cvv: z.string().max(8),
  expMonth: z.string().max(4),
  expYear: z.string().max(4),
  holder: Text,
});

/** What deposits and payouts both carry: our transaction id, the money and the method. */
const PaymentFields = {
  transactionId: Id,
  amount: Decimal,
  currency: Currency,
  methodKind: MethodKind,
  payGroup: Id,
  customer: Customer,
};

/** The body of `POST /v1/deposits`: the contract's `DepositInput`. */
export const DepositRequest = z.object({
  ...PaymentFields,
  fee: Decimal,
  total: Decimal,
  card: NewCard.optional(),
  savedCardToken: Id.optional(),
  saveCard: z.boolean().optional(),
  savedCardCvv: z.string().max(8).optional(),
  walletToken: z
    .object({ wallet: z.enum(['apple_pay', 'google_pay']), token: z.string().min(1).max(16384) })
    .optional(),
  returnUrls: ReturnUrlsWire,
  browserData: z.optional(BrowserData),
  betShop: BetShop.optional(),
  merchantName: Text.optional(),
  language: z.string().max(35).optional(),
});

const PayoutDestinationWire = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('card'), cardToken: Id }),
  z.object({ kind: z.literal('account'), requisites: Fields }),
  z.object({ kind: z.literal('bet_shop'), betShop: BetShop }),
]);

/** The body of `POST /v1/payouts`: the contract's `PayoutInput`. */
export const PayoutRequest = z.object({ ...PaymentFields, destination: PayoutDestinationWire });

/** The body of `POST /v1/payments/{providerRef}/3ds`: what the challenge page posted back. */
export const ThreeDsRequest = z.object({ fields: Fields });

/** The body of the follow-up actions that take no input (receipt, cancel): `{}`. */
export const EmptyRequest = z.object({});

const CardSummaryWire = z.object({
  last4: z.string().max(4),
  bin: z.string().max(8),
  expMonth: z.string().max(2),
  expYear: z.string().max(4),
  holder: Text,
  cardType: z.string().max(64),
});

const CashPickupWire = z.object({ code: Id, expiresAt: Instant, betShop: BetShop });

/**
 * What the PSP moved for an approved payment (a deposit's total charged, a payout's amount paid):
 * the server checks it against the transaction and holds a contradiction for review.
 */
const MovedWire = z.object({ amount: Decimal, currency: Currency });

const Approved = z.object({
  outcome: z.literal('approved'),
  providerRef: Id,
  cardToken: Id.optional(),
  card: CardSummaryWire.optional(),
});

/**
 * The decline codes of this protocol after which nothing was charged and another provider may
 * accept the payment (the connector's softDeclineCodes).
 */
export const SOFT_DECLINE_CODES = [
  'do_not_honor',
  'issuer_unavailable',
  'try_again_later',
] as const;

const DeclinedWire = z.object({
  outcome: z.literal('declined'),
  providerRef: Id.optional(),
  reason: DeclineReason,
  /** The PSP's code of the decline; one of SOFT_DECLINE_CODES charged nothing. */
  code: z.string().max(64).optional(),
});

const Processing = z.object({
  outcome: z.literal('processing'),
  providerRef: Id,
  settlesAt: Instant,
});

/** The answer of `POST /v1/deposits`: the contract's `DepositOutcome`. */
export const DepositAnswer = z.discriminatedUnion('outcome', [
  Approved,
  DeclinedWire,
  z.object({ outcome: z.literal('challenge'), providerRef: Id, challengeUrl: Address }),
  Processing,
  z.object({
    outcome: z.literal('redirect'),
    providerRef: Id,
    url: Address,
    method: z.enum(['GET', 'POST']),
    fields: Fields,
  }),
  z.object({
    outcome: z.literal('await'),
    providerRef: Id,
    instructions: Text,
    pollAfterMs: z.int().min(0),
  }),
  z.object({
    outcome: z.literal('display_form'),
    providerRef: Id,
    qrPayload: Address,
    expiresAt: Instant,
    reference: Id,
    copyFields: z.array(z.object({ name: Id, label: Text, value: Text })).readonly(),
  }),
  z.object({
    outcome: z.literal('bank_transfer'),
    providerRef: Id,
    reference: Id,
    bank: z.object({ beneficiary: Text, bankName: Text, iban: Id, bic: Id }),
    awaitingReceipt: z.literal(true),
  }),
  z.object({
    outcome: z.literal('voucher'),
    providerRef: Id,
    code: Id,
    expiresAt: Instant,
    betShop: BetShop.optional(),
  }),
]);

/** The answer of `POST /v1/payments/{providerRef}/3ds`: the contract's `ThreeDsOutcome`. */
export const ThreeDsAnswer = z.discriminatedUnion('outcome', [Approved, DeclinedWire]);

/** The answer of `POST /v1/payouts`: the contract's `PayoutOutcome`. */
export const PayoutAnswer = z.discriminatedUnion('outcome', [
  z.object({
    outcome: z.literal('approved'),
    providerRef: Id,
    pickup: CashPickupWire.optional(),
  }),
  DeclinedWire,
  Processing,
]);

/** The contract's `ProviderStatus`: the answer of the status, lookup and receipt routes. */
export const StatusAnswer = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('approved'),
    providerRef: Id,
    moved: MovedWire.optional(),
    cardToken: Id.optional(),
    card: CardSummaryWire.optional(),
    pickup: CashPickupWire.optional(),
  }),
  z.object({ status: z.literal('declined'), providerRef: Id, reason: DeclineReason }),
  z.object({
    status: z.literal('pending'),
    providerRef: Id,
    step: z.enum(PENDING_STEPS),
    settlesAt: Instant.optional(),
    expiresAt: Instant.optional(),
  }),
  z.object({ status: z.literal('cancelled'), providerRef: Id }),
  z.object({ status: z.literal('unknown'), providerRef: Id }),
]);

/** The answer of `POST /v1/payouts/{providerRef}/cancel`: the contract's `CancelOutcome`. */
export const CancelAnswer = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('cancelled'), providerRef: Id }),
  z.object({ outcome: z.literal('not_cancellable'), providerRef: Id, status: StatusAnswer }),
]);

/**
 * The body of `POST /v1/refunds`: the contract's `RefundInput`. Its `refundId` is also the
 * `Idempotency-Key` header.
 */
export const RefundRequest = z.object({
  refundId: Id,
  transactionId: Id,
  providerRef: Id,
  amount: Decimal,
  currency: Currency,
  reason: Text,
});

const RefundFailure = z.enum(REFUND_FAILURE_REASONS);

/** The answer of the refund routes: the contract's `RefundOutcome`. */
export const RefundAnswer = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('succeeded'), refundRef: Id }),
  z.object({ outcome: z.literal('pending'), refundRef: Id }),
  z.object({ outcome: z.literal('failed'), refundRef: Id.optional(), reason: RefundFailure }),
]);

/**
 * The body of a push notification (see the module comment): `payment.status`, a payment's or
 * payout's final status, with our `transactionId` and what the PSP moved (`amount`: a deposit's
 * total charged, a payout's amount paid); `refund.result`, a refund's final result, with our
 * `refundId`, the payment's `transactionId`, the PSP's `refundRef` and the amount returned.
 */
export const PushNotification = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('payment.status'),
    eventId: Id,
    transactionId: Id,
    flow: z.enum(['deposit', 'payout']),
    amount: Decimal,
    currency: Currency,
    status: StatusAnswer,
  }),
  z.object({
    type: z.literal('refund.result'),
    eventId: Id,
    refundId: Id,
    transactionId: Id,
    providerRef: Id,
    refundRef: Id,
    amount: Decimal,
    currency: Currency,
    outcome: z.enum(['succeeded', 'failed']),
  }),
]);
/** {@link PushNotification}. */
export type PushNotification = z.output<typeof PushNotification>;

/** The methods of {@link PaymentProvider} the protocol carries, one route each. */
export const PROVIDER_OPERATIONS = [
  'authorizeDeposit',
  'complete3ds',
  'status',
  'lookup',
  'payout',
  'recordReceipt',
  'cancelPayout',
  'refund',
  'lookupRefund',
] as const satisfies readonly (Exclude<keyof PaymentProvider, 'name'> | keyof ProviderRefunds)[];

/** One of {@link PROVIDER_OPERATIONS}. */
export type ProviderOperation = (typeof PROVIDER_OPERATIONS)[number];

/** One route of the protocol. `:name` in `path` is a path parameter. */
export interface ProtocolRoute {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  /** The request body's schema; absent for GET. */
  readonly body: z.ZodType | undefined;
  /** The 200 answer's schema. */
  readonly answer: z.ZodType;
  /** Whether the route takes (and requires) the `Idempotency-Key` header. */
  readonly idempotent: boolean;
}

/** The routes, one per {@link ProviderOperation}. */
export const PROTOCOL_ROUTES = {
  /**
   * `POST /v1/deposits`, header `Idempotency-Key: {transactionId}`, body {@link DepositRequest}
   * → `200` {@link DepositAnswer} (`Idempotent-Replayed: true` on a repeat); `409`
   * `idempotency_conflict` when the transaction id is a payout's.
   */
  authorizeDeposit: {
    method: 'POST',
    path: '/v1/deposits',
    body: DepositRequest,
    answer: DepositAnswer,
    idempotent: true,
  },
  /**
   * `POST /v1/payments/{providerRef}/3ds`, body {@link ThreeDsRequest} → `200`
   * {@link ThreeDsAnswer}; `404 unknown_reference` when no challenge has that reference.
   */
  complete3ds: {
    method: 'POST',
    path: '/v1/payments/:providerRef/3ds',
    body: ThreeDsRequest,
    answer: ThreeDsAnswer,
    idempotent: false,
  },
  /**
   * `GET /v1/payments/{providerRef}` (a payment or a payout) → `200` {@link StatusAnswer};
   * `404 unknown_reference`.
   */
  status: {
    method: 'GET',
    path: '/v1/payments/:providerRef',
    body: undefined,
    answer: StatusAnswer,
    idempotent: false,
  },
  /**
   * `GET /v1/payments/by-reference/{transactionId}` (our transaction id, deposit or payout) →
   * `200` {@link StatusAnswer}; `404 not_found` when the PSP never received that id.
   */
  lookup: {
    method: 'GET',
    path: '/v1/payments/by-reference/:transactionId',
    body: undefined,
    answer: StatusAnswer,
    idempotent: false,
  },
  /**
   * `POST /v1/payouts`, header `Idempotency-Key: {transactionId}`, body {@link PayoutRequest} →
   * `200` {@link PayoutAnswer} (`Idempotent-Replayed: true` on a repeat); `409
   * idempotency_conflict` when the transaction id is a deposit's.
   */
  payout: {
    method: 'POST',
    path: '/v1/payouts',
    body: PayoutRequest,
    answer: PayoutAnswer,
    idempotent: true,
  },
  /**
   * `POST /v1/payments/{providerRef}/receipt`, body `{}` → `200` {@link StatusAnswer} (the
   * state after the receipt); `404 unknown_reference`.
   */
  recordReceipt: {
    method: 'POST',
    path: '/v1/payments/:providerRef/receipt',
    body: EmptyRequest,
    answer: StatusAnswer,
    idempotent: false,
  },
  /**
   * `POST /v1/payouts/{providerRef}/cancel`, body `{}` → `200` {@link CancelAnswer};
   * `404 unknown_reference`.
   */
  cancelPayout: {
    method: 'POST',
    path: '/v1/payouts/:providerRef/cancel',
    body: EmptyRequest,
    answer: CancelAnswer,
    idempotent: false,
  },
  /**
   * `POST /v1/refunds`, header `Idempotency-Key: {refundId}`, body {@link RefundRequest} →
   * `200` {@link RefundAnswer} (`Idempotent-Replayed: true` on a repeat: the first answer, never
   * a second refund); a refund the PSP refuses is a `failed` answer, not an error.
   */
  refund: {
    method: 'POST',
    path: '/v1/refunds',
    body: RefundRequest,
    answer: RefundAnswer,
    idempotent: true,
  },
  /**
   * `GET /v1/refunds/{refundId}` (our refund id) → `200` {@link RefundAnswer} as it stands now;
   * `404 not_found` when the PSP never received that refund.
   */
  lookupRefund: {
    method: 'GET',
    path: '/v1/refunds/:refundId',
    body: undefined,
    answer: RefundAnswer,
    idempotent: false,
  },
} as const satisfies Record<ProviderOperation, ProtocolRoute>;

/**
 * A route's path with its parameters filled in (percent-encoded), e.g.
 * `routePath('/v1/payments/:providerRef', { providerRef: 'sbx.d…' })`.
 *
 * @throws {Error} when a parameter of the path is missing from `params`.
 */
export function routePath(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`routePath: no value for :${name} in ${path}`);
    return encodeURIComponent(value);
  });
}
