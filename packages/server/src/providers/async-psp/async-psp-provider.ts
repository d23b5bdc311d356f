/**
 * The connector of the asynchronous reference PSP (`./protocol.ts`): a {@link PaymentProvider}
 * whose payments are accepted at once and decided later, the result arriving as a signed webhook
 * (`POST /api/providers/{connector}/webhook`, its {@link ProviderWebhook}).
 *
 * How the contract's rules map onto the PSP:
 * - **Idempotency by our transaction id**: it is the payment's `merchant_reference`; the PSP
 *   answers a repeat with the payment it has, never a second one.
 * - **Results, not exceptions**: a pay-in the PSP accepted is `await` (the player confirms in
 *   their app; the cashier waits), a pay-out `processing`; a refusal is a decline. Only a failure
 *   of the PSP itself throws: {@link ProviderNotReachedError} when the request certainly never
 *   reached it (connection refused, `503 not_processed`, the caller's signal fired before the
 *   call), {@link AsyncPspCallError} otherwise (outcome unknown). An amount with more decimals
 *   than its currency has is declined `invalid_amount` without a call.
 * - **Lookup by our reference** lists the payment by merchant reference (`not_found` when none).
 * - **Time-outs**: every call takes the caller's `AbortSignal` and its own time-out.
 * - **Money**: decimal strings become minor units with big.js and back (`toMinor`, `toMajor`).
 * - **Card data**: none. Card payments (and the other kinds the PSP does not take) are declined
 *   `unsupported` without a call; there is no 3-D Secure and no receipt upload.
 *
 * Webhooks are verified over the raw body with the one signing helper (`../../http/signing.ts`)
 * and any of the connector's current secrets (rotation), then read: `payment.updated` becomes the
 * payment's status, `payment.refunded` and `payment.charged_back` a reversal with its amount,
 * `refund.updated` the result of one of our refunds (`refunds`: by our refund id as its
 * reference).
 *
 * @packageDocumentation
 */
import * as z from 'zod';
import { SIGNATURE_HEADER, verifySignature } from '../../http/signing';
import type { SigningKey } from '../../http/signing';
import { connectionRefused } from '../http/http-provider';
import { ProviderNotReachedError } from '../payment-provider';
import type {
  CancelOutcome,
  DeclineReason,
  DepositInput,
  DepositOutcome,
  LookupResult,
  PaymentProvider,
  PayoutInput,
  PayoutOutcome,
  ProviderCallOptions,
  ProviderRef,
  ProviderRefunds,
  ProviderStatus,
  ProviderWebhook,
  RefundOutcome,
  ThreeDsOutcome,
  WebhookNotification,
  WebhookVerification,
} from '../payment-provider';
import type { CreatePayment, CreateRefund } from './protocol';
import {
  ASYNC_PSP_HEADERS,
  ASYNC_PSP_PATHS,
  ErrorBody,
  Payment,
  PaymentList,
  Refund,
  RefundList,
  WebhookEvent,
  paymentPath,
  toMajor,
  toMinor,
} from './protocol';

/** The provider's route name. */
export const ASYNC_PSP_PROVIDER_NAME = 'async-psp';

/** The method kinds the PSP takes for pay-ins. */
const PAY_IN_KINDS: ReadonlySet<string> = new Set(['alternative', 'mobile']);

/** When the PSP gives no estimate, how long until the cashier asks again (ms). */
const DEFAULT_WAIT_MS = 5_000;

/** Options of {@link AsyncPspProvider}. */
export interface AsyncPspProviderOptions {
  /** The PSP's address, e.g. `http://127.0.0.1:8095`. */
  readonly baseUrl: string;
  /** Sent as `X-Api-Key` when set. */
  readonly apiKey?: string | undefined;
  /** The secrets the PSP signs webhooks with: the current one, and the old one during a rotation. */
  readonly webhookSecrets: readonly string[];
  /** Where the PSP sends this connector's webhooks: `{PUBLIC_URL}/api/providers/{name}/webhook`. */
  readonly notificationUrl: string;
  /** How long one call may take before it fails as a time-out (outcome unknown). */
  readonly timeoutMs: number;
}

/** A call whose outcome is unknown: a time-out, a lost connection, an error answer. */
export class AsyncPspCallError extends Error {
  override readonly name = 'AsyncPspCallError';
}

/** The contract's decline reason of a PSP failure code. */
function declineReason(code: string | null): DeclineReason {
  switch (code) {
    case 'insufficient_funds':
      return 'insufficient_funds';
    case 'expired':
      return 'expired';
    case 'payer_cancelled':
      return 'cancelled';
    case 'unsupported_method':
      return 'unsupported';
    case 'invalid_amount':
      return 'invalid_amount';
    default:
      return 'declined';
  }
}

/** The contract's status of a PSP payment (a refunded one was approved: see the module comment). */
export function statusOfPayment(payment: Payment, now: Date): ProviderStatus {
  const providerRef = payment.payment_id;
  switch (payment.state) {
    case 'received':
      return {
        status: 'pending',
        providerRef,
        step: payment.direction === 'pay_in' ? 'await' : 'processing',
        ...(payment.settle_within_s === null
          ? {}
          : { settlesAt: new Date(now.getTime() + payment.settle_within_s * 1000) }),
      };
    case 'succeeded':
    case 'refunded':
    case 'charged_back':
      return {
        status: 'approved',
        providerRef,
        moved: { amount: toMajor(payment.amount), currency: payment.amount.currency },
      };
    case 'failed':
      return { status: 'declined', providerRef, reason: declineReason(payment.failure_code) };
    case 'cancelled':
      return { status: 'cancelled', providerRef };
  }
}

/** A PSP refund as the contract's outcome. */
function refundOutcome(refund: Refund): RefundOutcome {
  switch (refund.state) {
    case 'pending':
    case 'succeeded':
      return { outcome: refund.state, refundRef: refund.refund_id };
    case 'failed':
      return { outcome: 'failed', refundRef: refund.refund_id, reason: 'declined' };
  }
}

/** The webhook notifications of one event. */
function notificationsOf(event: WebhookEvent, now: Date): WebhookNotification[] | null {
  const target = {
    transactionId: event.payment.merchant_reference,
    providerRef: event.payment.payment_id,
    eventId: event.event_id,
  };
  if (event.event_type === 'payment.updated') {
    return [{ ...target, kind: 'status', status: statusOfPayment(event.payment, now) }];
  }
  if (event.event_type === 'refund.updated') {
    const refund = event.refund;
    if (refund === undefined) return null;
    // A pending refund tells nothing new: its final state follows.
    if (refund.state === 'pending') return [];
    return [
      {
        ...target,
        kind: 'refund',
        amount: toMajor(refund.amount),
        currency: refund.amount.currency,
        outcome: refund.state,
        refundId: refund.refund_reference,
        refundRef: refund.refund_id,
      },
    ];
  }
  if (event.amount === undefined) return null;
  return [
    {
      ...target,
      kind: event.event_type === 'payment.refunded' ? 'refund' : 'chargeback',
      amount: toMajor(event.amount),
      currency: event.amount.currency,
    },
  ];
}

/** See the module comment. */
export class AsyncPspProvider implements PaymentProvider {
  readonly name = ASYNC_PSP_PROVIDER_NAME;
  readonly webhook: ProviderWebhook;
  readonly #baseUrl: string;
  readonly #apiKey: string | undefined;
  readonly #notificationUrl: string;
  readonly #timeoutMs: number;

  constructor(options: AsyncPspProviderOptions) {
    if (options.webhookSecrets.length === 0) throw new Error('async-psp: no webhook secret');
    this.#baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#apiKey = options.apiKey;
    this.#notificationUrl = options.notificationUrl;
    this.#timeoutMs = options.timeoutMs;
    const keys: SigningKey[] = options.webhookSecrets.map((secret, index) => ({
      keyId: String(index),
      secret,
    }));
    this.webhook = { verify: (request, now) => verifyWebhook(keys, request, now) };
  }

  async authorizeDeposit(
    input: DepositInput,
    now: Date,
    options?: ProviderCallOptions,
  ): Promise<DepositOutcome> {
    if (!PAY_IN_KINDS.has(input.methodKind) || input.card !== undefined) {
      return { outcome: 'declined', reason: 'unsupported' };
    }
    const value = toMinor(input.total, input.currency);
    if (value === null) return { outcome: 'declined', reason: 'invalid_amount' };
    const payment = await this.#create(
      {
        merchant_reference: input.transactionId,
        direction: 'pay_in',
        amount: { value, currency: input.currency },
        method: input.payGroup,
        payer: { id: input.customer.playerId, country: input.customer.country },
        notification_url: this.#notificationUrl,
      },
      options,
    );
    const status = statusOfPayment(payment, now);
    switch (status.status) {
      case 'pending':
        return {
          outcome: 'await',
          providerRef: payment.payment_id,
          instructions: 'Confirm the payment in your payment app; this page updates by itself.',
          pollAfterMs:
            payment.settle_within_s === null ? DEFAULT_WAIT_MS : payment.settle_within_s * 1000,
        };
      case 'approved':
        return { outcome: 'approved', providerRef: payment.payment_id };
      case 'declined':
        return { outcome: 'declined', providerRef: payment.payment_id, reason: status.reason };
      case 'cancelled':
      case 'unknown':
        return { outcome: 'declined', providerRef: payment.payment_id, reason: 'cancelled' };
    }
  }

  /** No 3-D Secure at this PSP: every challenge result is a decline. */
  complete3ds(providerRef: ProviderRef): Promise<ThreeDsOutcome> {
    return Promise.resolve({ outcome: 'declined', providerRef, reason: 'unsupported' });
  }

  async status(
    providerRef: ProviderRef,
    now: Date,
    options?: ProviderCallOptions,
  ): Promise<ProviderStatus> {
    const answer = await this.#request(
      'GET',
      paymentPath(ASYNC_PSP_PATHS.payment, providerRef),
      undefined,
      options,
    );
    if (answer.status === 404) return { status: 'unknown', providerRef };
    return statusOfPayment(this.#parse(Payment, answer), now);
  }

  async lookup(
    transactionId: string,
    now: Date,
    options?: ProviderCallOptions,
  ): Promise<LookupResult> {
    const query = new URLSearchParams({ merchant_reference: transactionId }).toString();
    const answer = await this.#request(
      'GET',
      `${ASYNC_PSP_PATHS.payments}?${query}`,
      undefined,
      options,
    );
    const [payment] = this.#parse(PaymentList, answer).data;
    return payment === undefined
      ? { status: 'not_found', transactionId }
      : statusOfPayment(payment, now);
  }

  async payout(
    input: PayoutInput,
    now: Date,
    options?: ProviderCallOptions,
  ): Promise<PayoutOutcome> {
    if (input.destination.kind !== 'account') return { outcome: 'declined', reason: 'unsupported' };
    const value = toMinor(input.amount, input.currency);
    if (value === null) return { outcome: 'declined', reason: 'invalid_amount' };
    const payment = await this.#create(
      {
        merchant_reference: input.transactionId,
        direction: 'pay_out',
        amount: { value, currency: input.currency },
        method: input.payGroup,
        payer: { id: input.customer.playerId, country: input.customer.country },
        notification_url: this.#notificationUrl,
        destination: { ...input.destination.requisites },
      },
      options,
    );
    const status = statusOfPayment(payment, now);
    switch (status.status) {
      case 'pending':
        return {
          outcome: 'processing',
          providerRef: payment.payment_id,
          settlesAt: status.settlesAt ?? new Date(now.getTime() + DEFAULT_WAIT_MS),
        };
      case 'approved':
        return { outcome: 'approved', providerRef: payment.payment_id };
      case 'declined':
        return { outcome: 'declined', providerRef: payment.payment_id, reason: status.reason };
      case 'cancelled':
      case 'unknown':
        return { outcome: 'declined', providerRef: payment.payment_id, reason: 'cancelled' };
    }
  }

  /** Refunds of succeeded pay-ins, by our refund id as the refund's reference. */
  readonly refunds: ProviderRefunds = {
    refund: async (input, _now, options) => {
      const value = toMinor(input.amount, input.currency);
      if (value === null) return { outcome: 'failed', reason: 'declined' };
      const body: CreateRefund = {
        refund_reference: input.refundId,
        amount: { value, currency: input.currency },
        reason: input.reason.slice(0, 500),
      };
      const answer = await this.#request(
        'POST',
        paymentPath(ASYNC_PSP_PATHS.refunds, input.providerRef),
        body,
        options,
      );
      if (answer.status === 404) return { outcome: 'failed', reason: 'unknown_payment' };
      if (answer.status === 409) {
        const refused = ErrorBody.safeParse(answer.json);
        const type = refused.success ? refused.data.error.type : '';
        return {
          outcome: 'failed',
          reason: type === 'exceeds_captured' ? 'exceeds_captured' : 'not_refundable',
        };
      }
      return refundOutcome(this.#parse(Refund, answer));
    },
    lookupRefund: async (refundId, _now, options) => {
      const query = new URLSearchParams({ refund_reference: refundId }).toString();
      const answer = await this.#request(
        'GET',
        `${ASYNC_PSP_PATHS.refundLookup}?${query}`,
        undefined,
        options,
      );
      const [refund] = this.#parse(RefundList, answer).data;
      return refund === undefined ? { outcome: 'not_found' } : refundOutcome(refund);
    },
  };

  /** No receipts at this PSP: the payment's state as it is. */
  recordReceipt(
    providerRef: ProviderRef,
    now: Date,
    options?: ProviderCallOptions,
  ): Promise<ProviderStatus> {
    return this.status(providerRef, now, options);
  }

  async cancelPayout(
    providerRef: ProviderRef,
    now: Date,
    options?: ProviderCallOptions,
  ): Promise<CancelOutcome> {
    const answer = await this.#request(
      'POST',
      paymentPath(ASYNC_PSP_PATHS.cancel, providerRef),
      {},
      options,
    );
    if (answer.status === 404) {
      return {
        outcome: 'not_cancellable',
        providerRef,
        status: { status: 'unknown', providerRef },
      };
    }
    const refused = answer.status === 409 ? ErrorBody.safeParse(answer.json) : undefined;
    if (refused?.success === true && refused.data.payment !== undefined) {
      return {
        outcome: 'not_cancellable',
        providerRef,
        status: statusOfPayment(refused.data.payment, now),
      };
    }
    const payment = this.#parse(Payment, answer);
    return payment.state === 'cancelled'
      ? { outcome: 'cancelled', providerRef }
      : { outcome: 'not_cancellable', providerRef, status: statusOfPayment(payment, now) };
  }

  async #create(body: CreatePayment, options: ProviderCallOptions | undefined): Promise<Payment> {
    const answer = await this.#request('POST', ASYNC_PSP_PATHS.payments, body, options);
    return this.#parse(Payment, answer);
  }

  /** A 2xx answer read with `schema`; any other status or shape: outcome unknown. */
  #parse<S extends z.ZodType>(
    schema: S,
    answer: { readonly status: number; readonly json: unknown },
  ): z.output<S> {
    if (answer.status < 200 || answer.status > 299) {
      const error = ErrorBody.safeParse(answer.json);
      const type = error.success ? ` ${error.data.error.type.slice(0, 64)}` : '';
      throw new AsyncPspCallError(`${this.name}: answered ${String(answer.status)}${type}`);
    }
    const parsed = z.safeParse(schema, answer.json);
    if (!parsed.success) {
      throw new AsyncPspCallError(`${this.name}: answered ${String(answer.status)} off protocol`);
    }
    return parsed.data;
  }

  /**
   * One HTTP request. Throws {@link ProviderNotReachedError} when it certainly never reached the
   * PSP, {@link AsyncPspCallError} when its outcome is unknown; answers (any status) otherwise.
   */
  async #request(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    options: ProviderCallOptions | undefined,
  ): Promise<{ readonly status: number; readonly json: unknown }> {
    const callerSignal = options?.signal;
    if (callerSignal?.aborted === true) {
      throw new ProviderNotReachedError(`${this.name}: not sent, the caller had given up`);
    }
    const timeout = AbortSignal.timeout(this.#timeoutMs);
    const signal = callerSignal === undefined ? timeout : AbortSignal.any([callerSignal, timeout]);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.#apiKey !== undefined) headers[ASYNC_PSP_HEADERS.apiKey] = this.#apiKey;
    let status: number;
    let text: string;
    try {
      const response = await fetch(`${this.#baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? null : JSON.stringify(body),
        signal,
        redirect: 'error',
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      if (connectionRefused(error)) {
        throw new ProviderNotReachedError(`${this.name}: not sent, the connection was refused`, {
          cause: error,
        });
      }
      const why = timeout.aborted ? 'timed out' : signal.aborted ? 'aborted' : 'network failure';
      throw new AsyncPspCallError(`${this.name}: ${method} ${why} (outcome unknown)`, {
        cause: error,
      });
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const error = ErrorBody.safeParse(json);
    if (status === 503 && error.success && error.data.error.type === 'not_processed') {
      throw new ProviderNotReachedError(`${this.name}: not processed, the PSP said so (503)`);
    }
    return { status, json };
  }
}

/** Verifies and reads a webhook (see the module comment). */
function verifyWebhook(
  keys: readonly SigningKey[],
  request: { readonly headers: Readonly<Record<string, string | undefined>>; rawBody: string },
  now: Date,
): WebhookVerification {
  const check = verifySignature({
    header: request.headers[SIGNATURE_HEADER],
    body: request.rawBody,
    keys,
    now,
  });
  if (!check.valid) return { valid: false, problem: 'signature', detail: check.problem };
  let json: unknown;
  try {
    json = JSON.parse(request.rawBody);
  } catch {
    return { valid: false, problem: 'malformed', detail: 'not JSON' };
  }
  const event = WebhookEvent.safeParse(json);
  if (!event.success) {
    const paths = event.error.issues.slice(0, 3).map((issue) => issue.path.join('.'));
    return { valid: false, problem: 'malformed', detail: `invalid ${paths.join(', ')}` };
  }
  const notifications = notificationsOf(event.data, now);
  if (notifications === null) {
    return { valid: false, problem: 'malformed', detail: 'a reversal without its amount' };
  }
  return { valid: true, notifications };
}
