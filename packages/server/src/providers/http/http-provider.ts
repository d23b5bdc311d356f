/**
 * A {@link PaymentProvider} over HTTP: the connector that speaks the Cashdesk PSP protocol
 * (`./protocol.ts`) to a PSP in another process, such as the PSP simulator of
 * `@cashdesk/testkit`. It is also the worked example of a connector to a real PSP: time-outs,
 * idempotency keys, answers validated at runtime, and errors sorted into the contract's two kinds.
 *
 * What a call can end in:
 * - an answer of the contract (any `2xx` that fits the route's schema; a `404` whose code says
 *   the reference or transaction id is unknown becomes the contract's `unknown`, `not_found`,
 *   `unknown_reference` result);
 * - {@link ProviderNotReachedError}: the request certainly never reached the PSP: the connection
 *   was refused (`ECONNREFUSED` in the cause chain), the PSP answered `503` with the code
 *   `not_processed`, the caller's signal had fired before the call, or the request could not be
 *   encoded (so it was never sent);
 * - {@link ProviderCallError}: the outcome is unknown: a time-out, the caller's abort, a reset
 *   or dropped connection, any other error status (`5xx`, `401`, a `404` of no route, …), an
 *   answer that is not JSON or does not fit the schema.
 *
 * Card data goes into the body of `POST /v1/deposits` and nowhere else: no header, path, log or
 * error message carries any part of a request body.
 *
 * With {@link HttpPaymentProviderOptions.webhookSecrets} it takes the protocol's signed push
 * notifications too ({@link HttpPaymentProvider.webhook}): results arrive without a poll.
 *
 * @packageDocumentation
 */
import * as z from 'zod';
import { verifyWebhookSignature } from '../../http/signing';
import { ProviderNotReachedError } from '../payment-provider';
import type {
  CancelOutcome,
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
  RefundInput,
  RefundLookup,
  RefundOutcome,
  ThreeDsChallengeResult,
  ThreeDsOutcome,
  WebhookNotification,
  WebhookRequest,
  WebhookVerification,
} from '../payment-provider';
import {
  ErrorAnswer,
  PROTOCOL_HEADERS,
  PROTOCOL_ROUTES,
  PushNotification,
  SOFT_DECLINE_CODES,
  routePath,
} from './protocol';
import type { ProtocolErrorCode, ProviderOperation } from './protocol';

/** The default of {@link HttpPaymentProviderOptions.timeoutMs}. */
export const DEFAULT_PROVIDER_TIMEOUT_MS = 10_000;

/** The default of {@link HttpPaymentProviderOptions.name}. */
export const DEFAULT_HTTP_PROVIDER_NAME = 'simulator';

/** Options of {@link HttpPaymentProvider}. */
export interface HttpPaymentProviderOptions {
  /** The provider's route name (lower-case letters, digits, dashes). Default `simulator`. */
  readonly name?: string | undefined;
  /** The PSP's address, e.g. `http://127.0.0.1:8091`; the protocol's paths go below it. */
  readonly baseUrl: string;
  /**
   * How long one call may take, answer included, before it fails as a time-out (outcome
   * unknown). Default {@link DEFAULT_PROVIDER_TIMEOUT_MS}.
   */
  readonly timeoutMs?: number | undefined;
  /** Sent as `Authorization: Bearer <apiKey>` when set. */
  readonly apiKey?: string | undefined;
  /**
   * The secrets the PSP signs its push notifications with (the current one, and the old one
   * during a rotation). With none the connector has no {@link HttpPaymentProvider.webhook} and
   * learns results by polling only.
   */
  readonly webhookSecrets?: readonly string[] | undefined;
}

/** The contract's notification of a verified {@link PushNotification}. */
function notificationOf(push: PushNotification): WebhookNotification {
  if (push.type === 'refund.result') {
    return {
      kind: 'refund',
      eventId: push.eventId,
      transactionId: push.transactionId,
      providerRef: push.providerRef,
      amount: push.amount,
      currency: push.currency,
      outcome: push.outcome,
      refundId: push.refundId,
      refundRef: push.refundRef,
    };
  }
  const moved = { amount: push.amount, currency: push.currency };
  return {
    kind: 'status',
    eventId: push.eventId,
    transactionId: push.transactionId,
    providerRef: push.status.providerRef,
    status: push.status.status === 'approved' ? { ...push.status, moved } : push.status,
  };
}

/** Verifies a push notification's signature, then reads it (never throws for bad input). */
function verifyPushNotification(
  secrets: readonly string[],
  request: WebhookRequest,
  now: Date,
): WebhookVerification {
  const check = verifyWebhookSignature({
    headers: request.headers,
    rawBody: request.rawBody,
    keys: secrets.map((secret, index) => ({ keyId: `secret-${String(index + 1)}`, secret })),
    now,
  });
  if (!check.valid) {
    return { valid: false, problem: 'signature', detail: `signature ${check.problem}` };
  }
  let json: unknown;
  try {
    json = JSON.parse(request.rawBody);
  } catch {
    return { valid: false, problem: 'malformed', detail: 'the body is not JSON' };
  }
  const parsed = PushNotification.safeParse(json);
  if (!parsed.success) {
    return {
      valid: false,
      problem: 'malformed',
      detail: `not a push notification at ${issuePaths(parsed.error)}`,
    };
  }
  return { valid: true, notifications: [notificationOf(parsed.data)] };
}

/**
 * How a {@link ProviderCallError} came about:
 * - `timeout`: the connector's own time-out fired;
 * - `aborted`: the caller's signal fired during the call;
 * - `network`: the connection failed after it was made (reset, closed without an answer, a
 *   redirect, which the connector never follows);
 * - `http`: the PSP answered an error status the contract has no result for;
 * - `malformed`: the answer is not JSON or does not fit the protocol.
 */
export type ProviderCallFailure = 'timeout' | 'aborted' | 'network' | 'http' | 'malformed';

/**
 * A provider call whose outcome is unknown: the payment may or may not have been made. The
 * server keeps the transaction and asks again with the same transaction id, or looks it up.
 * The message names the provider, the operation and what failed; never any request data.
 */
export class ProviderCallError extends Error {
  override readonly name = 'ProviderCallError';
  readonly operation: ProviderOperation;
  readonly failure: ProviderCallFailure;
  /** The answer's status code, for `http` and `malformed` failures. */
  readonly httpStatus: number | undefined;

  constructor(input: {
    readonly operation: ProviderOperation;
    readonly failure: ProviderCallFailure;
    readonly message: string;
    readonly httpStatus?: number | undefined;
    readonly cause?: unknown;
  }) {
    super(input.message, input.cause === undefined ? undefined : { cause: input.cause });
    this.operation = input.operation;
    this.failure = input.failure;
    this.httpStatus = input.httpStatus;
  }
}

const NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Whether an error, its causes or (for an AggregateError) all its errors are ECONNREFUSED. */
export function connectionRefused(error: unknown, depth = 0): boolean {
  if (depth > 8 || typeof error !== 'object' || error === null) return false;
  if ('code' in error && error.code === 'ECONNREFUSED') return true;
  if (error instanceof AggregateError && error.errors.length > 0) {
    return error.errors.every((inner) => connectionRefused(inner, depth + 1));
  }
  return 'cause' in error && connectionRefused(error.cause, depth + 1);
}

/** The zod issue paths of a failed validation, never the values. */
function issuePaths(error: z.ZodError): string {
  const paths = error.issues.slice(0, 5).map((issue) => issue.path.join('.') || '(root)');
  return [...new Set(paths)].join(', ');
}

/** An error code fit to quote in a message (the PSP's message is never quoted). */
function quotableCode(code: string | undefined): string {
  return code !== undefined && /^[a-z0-9_.-]{1,64}$/i.test(code) ? ` ${code}` : '';
}

/** The contract's status of a reference the provider does not know. */
function unknownStatus(providerRef: ProviderRef): ProviderStatus {
  return { status: 'unknown', providerRef };
}

/** One request of the protocol. */
interface CallInput<S extends z.ZodType> {
  readonly operation: ProviderOperation;
  readonly params?: Readonly<Record<string, string>>;
  /**
   * The body, encoded through the route's request schema when the call runs (so that an input
   * off the protocol rejects the call's promise rather than throwing).
   */
  readonly body?: () => unknown;
  readonly idempotencyKey?: string;
  /** The route's answer schema. */
  readonly answer: S;
  /** The contract's result for a `404` with `code`, when the route has one. */
  readonly notFound?: {
    readonly code: ProtocolErrorCode;
    readonly result: NoInfer<z.output<S>>;
  };
}

/** The connector (see the module comment). */
export class HttpPaymentProvider implements PaymentProvider {
  readonly name: string;
  readonly softDeclineCodes: readonly string[] = SOFT_DECLINE_CODES;
  readonly #baseUrl: string;
  readonly #timeoutMs: number;
  readonly #apiKey: string | undefined;

  constructor(options: HttpPaymentProviderOptions) {
    this.name = options.name ?? DEFAULT_HTTP_PROVIDER_NAME;
    if (!NAME_PATTERN.test(this.name)) {
      throw new RangeError('HttpPaymentProvider: name must be lower-case letters, digits, dashes.');
    }
    const url = new URL(options.baseUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new RangeError('HttpPaymentProvider: baseUrl must be an http(s) address.');
    }
    this.#baseUrl = url.href.replace(/\/+$/, '');
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS;
    if (!Number.isSafeInteger(this.#timeoutMs) || this.#timeoutMs < 1) {
      throw new RangeError('HttpPaymentProvider: timeoutMs must be a whole number ≥ 1.');
    }
    this.#apiKey = options.apiKey;
    const secrets = options.webhookSecrets ?? [];
    this.webhook =
      secrets.length === 0
        ? undefined
        : { verify: (request, now) => verifyPushNotification(secrets, request, now) };
  }

  /** The protocol's push notifications, when the connector has their secret. */
  readonly webhook: ProviderWebhook | undefined;

  authorizeDeposit(
    input: DepositInput,
    now: Date,
    options?: ProviderCallOptions,
  ): Promise<DepositOutcome> {
    const route = PROTOCOL_ROUTES.authorizeDeposit;
    return this.#call(
      {
        operation: 'authorizeDeposit',
        body: () => this.#encode('authorizeDeposit', z.safeEncode(route.body, input)),
        idempotencyKey: input.transactionId,
        answer: route.answer,
      },
      now,
      options,
    );
  }

  complete3ds(
    providerRef: ProviderRef,
    challengeResult: ThreeDsChallengeResult,
    now: Date,
    options?: ProviderCallOptions,
  ): Promise<ThreeDsOutcome> {
    const route = PROTOCOL_ROUTES.complete3ds;
    const unknownChallenge: ThreeDsOutcome = {
      outcome: 'declined',
      providerRef,
      reason: 'unknown_reference',
    };
    return this.#call(
      {
        operation: 'complete3ds',
        params: { providerRef },
        body: () => this.#encode('complete3ds', z.safeEncode(route.body, challengeResult)),
        answer: route.answer,
        notFound: { code: 'unknown_reference', result: unknownChallenge },
      },
      now,
      options,
    );
  }

  status(
    providerRef: ProviderRef,
    now: Date,
    options?: ProviderCallOptions,
  ): Promise<ProviderStatus> {
    return this.#call(
      {
        operation: 'status',
        params: { providerRef },
        answer: PROTOCOL_ROUTES.status.answer,
        notFound: { code: 'unknown_reference', result: unknownStatus(providerRef) },
      },
      now,
      options,
    );
  }

  lookup(transactionId: string, now: Date, options?: ProviderCallOptions): Promise<LookupResult> {
    const answer: z.ZodType<LookupResult> = PROTOCOL_ROUTES.lookup.answer;
    const notFound: LookupResult = { status: 'not_found', transactionId };
    return this.#call(
      {
        operation: 'lookup',
        params: { transactionId },
        answer,
        notFound: { code: 'not_found', result: notFound },
      },
      now,
      options,
    );
  }

  payout(input: PayoutInput, now: Date, options?: ProviderCallOptions): Promise<PayoutOutcome> {
    const route = PROTOCOL_ROUTES.payout;
    return this.#call(
      {
        operation: 'payout',
        body: () => this.#encode('payout', z.safeEncode(route.body, input)),
        idempotencyKey: input.transactionId,
        answer: route.answer,
      },
      now,
      options,
    );
  }

  recordReceipt(
    providerRef: ProviderRef,
    now: Date,
    options?: ProviderCallOptions,
  ): Promise<ProviderStatus> {
    return this.#call(
      {
        operation: 'recordReceipt',
        params: { providerRef },
        body: () => ({}),
        answer: PROTOCOL_ROUTES.recordReceipt.answer,
        notFound: { code: 'unknown_reference', result: unknownStatus(providerRef) },
      },
      now,
      options,
    );
  }

  cancelPayout(
    providerRef: ProviderRef,
    now: Date,
    options?: ProviderCallOptions,
  ): Promise<CancelOutcome> {
    const unknownPayout: CancelOutcome = {
      outcome: 'not_cancellable',
      providerRef,
      status: unknownStatus(providerRef),
    };
    return this.#call(
      {
        operation: 'cancelPayout',
        params: { providerRef },
        body: () => ({}),
        answer: PROTOCOL_ROUTES.cancelPayout.answer,
        notFound: { code: 'unknown_reference', result: unknownPayout },
      },
      now,
      options,
    );
  }

  /** Refunds (`POST /v1/refunds`, `GET /v1/refunds/{refundId}`). */
  readonly refunds: ProviderRefunds = {
    refund: (input: RefundInput, now: Date, options?: ProviderCallOptions) => {
      const route = PROTOCOL_ROUTES.refund;
      const answer: z.ZodType<RefundOutcome> = route.answer;
      return this.#call(
        {
          operation: 'refund',
          body: () => this.#encode('refund', z.safeEncode(route.body, input)),
          idempotencyKey: input.refundId,
          answer,
        },
        now,
        options,
      );
    },
    lookupRefund: (refundId: string, now: Date, options?: ProviderCallOptions) => {
      const answer: z.ZodType<RefundLookup> = PROTOCOL_ROUTES.lookupRefund.answer;
      const notFound: RefundLookup = { outcome: 'not_found' };
      return this.#call(
        {
          operation: 'lookupRefund',
          params: { refundId },
          answer,
          notFound: { code: 'not_found', result: notFound },
        },
        now,
        options,
      );
    },
  };

  /**
   * The encoded body, or {@link ProviderNotReachedError} when the input does not fit the
   * protocol (it is then never sent). The error names the fields, never their values.
   */
  #encode(operation: ProviderOperation, encoded: z.ZodSafeParseResult<unknown>): unknown {
    if (encoded.success) return encoded.data;
    throw new ProviderNotReachedError(
      `provider ${this.name}: ${operation} not sent, the input does not fit the protocol at ${issuePaths(encoded.error)}`,
    );
  }

  #fail(
    operation: ProviderOperation,
    failure: ProviderCallFailure,
    what: string,
    extra: { readonly httpStatus?: number; readonly cause?: unknown } = {},
  ): ProviderCallError {
    return new ProviderCallError({
      operation,
      failure,
      message: `provider ${this.name}: ${operation} ${what} (outcome unknown)`,
      ...extra,
    });
  }

  async #call<S extends z.ZodType>(
    input: CallInput<S>,
    now: Date,
    options: ProviderCallOptions | undefined,
  ): Promise<z.output<S>> {
    const { operation } = input;
    const route = PROTOCOL_ROUTES[operation];
    const callerSignal = options?.signal;
    if (callerSignal?.aborted === true) {
      throw new ProviderNotReachedError(
        `provider ${this.name}: ${operation} not sent, the caller had given up before the call`,
      );
    }
    const body = input.body === undefined ? undefined : JSON.stringify(input.body());
    const timeout = AbortSignal.timeout(this.#timeoutMs);
    const signal = callerSignal === undefined ? timeout : AbortSignal.any([callerSignal, timeout]);
    const headers: Record<string, string> = {
      accept: 'application/json',
      [PROTOCOL_HEADERS.now]: now.toISOString(),
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (input.idempotencyKey !== undefined) {
      headers[PROTOCOL_HEADERS.idempotencyKey] = input.idempotencyKey;
    }
    if (this.#apiKey !== undefined) {
      headers[PROTOCOL_HEADERS.authorization] = `Bearer ${this.#apiKey}`;
    }
    let status: number;
    let text: string;
    try {
      const response = await fetch(`${this.#baseUrl}${routePath(route.path, input.params)}`, {
        method: route.method,
        headers,
        body: body ?? null,
        signal,
        // A redirect is never followed: it would send the body (card data) to another address.
        redirect: 'error',
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      // A refusal is certain whatever fired meanwhile: the request never left.
      if (connectionRefused(error)) {
        throw new ProviderNotReachedError(
          `provider ${this.name}: ${operation} not sent, the connection was refused`,
          { cause: error },
        );
      }
      if (timeout.aborted) {
        throw this.#fail(operation, 'timeout', `timed out after ${this.#timeoutMs} ms`, {
          cause: error,
        });
      }
      if (signal.aborted) {
        // The combined signal fired and the time-out did not: the caller gave up.
        throw this.#fail(operation, 'aborted', 'aborted by the caller', { cause: error });
      }
      throw this.#fail(operation, 'network', 'failed on the connection', { cause: error });
    }
    return this.#answer(input, status, text);
  }

  #answer<S extends z.ZodType>(input: CallInput<S>, status: number, text: string): z.output<S> {
    const { operation } = input;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    if (status >= 200 && status < 300) {
      if (json === undefined) {
        throw this.#fail(operation, 'malformed', `answered ${status} without JSON`, {
          httpStatus: status,
        });
      }
      const parsed = z.safeParse(input.answer, json);
      if (!parsed.success) {
        throw this.#fail(
          operation,
          'malformed',
          `answered ${status} off the protocol at ${issuePaths(parsed.error)}`,
          { httpStatus: status },
        );
      }
      return parsed.data;
    }
    const error = ErrorAnswer.safeParse(json);
    const code = error.success ? error.data.error.code : undefined;
    if (status === 503 && code === 'not_processed') {
      throw new ProviderNotReachedError(
        `provider ${this.name}: ${operation} not processed, the provider said so (503 not_processed)`,
      );
    }
    if (status === 404 && input.notFound !== undefined && code === input.notFound.code) {
      return input.notFound.result;
    }
    throw this.#fail(operation, 'http', `answered ${status}${quotableCode(code)}`, {
      httpStatus: status,
    });
  }
}
