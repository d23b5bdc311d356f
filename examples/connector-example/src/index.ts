/**
 * An example Cashdesk connector, written the way an operator writes one for its own PSP: a
 * package of its own that imports `@cashdesk/connector-kit` and nothing else, loaded by the
 * server from its configuration:
 *
 * ```sh
 * CONNECTORS=card-psp
 * CONNECTOR_CARD_PSP_KIND=module
 * CONNECTOR_CARD_PSP_MODULE=@example/cashdesk-connector
 * CONNECTOR_CARD_PSP_SETTING_URL=https://psp.example.com
 * CONNECTOR_CARD_PSP_SETTING_API_KEY=…
 * CONNECTOR_CARD_PSP_SETTING_WEBHOOK_SECRET=…
 * ```
 *
 * The PSP it talks to is a webhook-driven card PSP: card deposits (approved, declined, 3-D Secure
 * or `processing`), card and account payouts, refunds, and signed push notifications of every
 * final result, which is how this connector learns what became of a `processing` payment. Its
 * API is the Cashdesk PSP protocol (the PSP simulator of `@cashdesk/testkit` serves it), so the
 * example can be run for real; a connector for another PSP keeps this shape and changes the
 * requests and the translation of their answers.
 *
 * What every connector must do (the kit's provider.ts says why): send our transaction id (or
 * refund id) as the idempotency key; decline by result, never by throwing; throw
 * `ProviderNotReachedError` only when the request certainly never arrived; verify a webhook's
 * signature over the raw body before reading it; never log card data or secrets.
 *
 * @packageDocumentation
 */
import {
  ProviderNotReachedError,
  defineConnector,
  verifyWebhookSignature,
} from '@cashdesk/connector-kit';
import type {
  CancelOutcome,
  ConnectorOptions,
  DepositInput,
  DepositOutcome,
  LookupResult,
  PaymentProvider,
  PayoutInput,
  PayoutOutcome,
  ProviderCallOptions,
  ProviderRefunds,
  ProviderStatus,
  ProviderWebhook,
  RefundLookup,
  RefundOutcome,
  ThreeDsChallengeResult,
  ThreeDsOutcome,
  WebhookNotification,
  WebhookRequest,
  WebhookVerification,
} from '@cashdesk/connector-kit';

/** The connector's settings (`CONNECTOR_<NAME>_SETTING_<KEY>`, keys lower-cased). */
interface Settings {
  readonly url: string;
  readonly apiKey: string | undefined;
  readonly webhookSecrets: readonly string[];
  readonly timeoutMs: number;
}

/** The settings, or a throw naming the one that is missing or wrong (never its value). */
function readSettings(settings: Readonly<Record<string, string>>): Settings {
  const url = settings.url;
  if (url === undefined || !/^https?:\/\//.test(url)) {
    throw new Error("SETTING_URL: the PSP's http(s) address is required");
  }
  const secrets = (settings.webhook_secret ?? '').split(',').map((secret) => secret.trim());
  if (secrets.some((secret) => secret.length < 16)) {
    throw new Error(
      'SETTING_WEBHOOK_SECRET: at least 16 characters (two, comma-separated, during a rotation)',
    );
  }
  const timeoutMs = Number(settings.timeout_ms ?? '10000');
  if (!Number.isSafeInteger(timeoutMs) || timeoutMs < 1) {
    throw new Error('SETTING_TIMEOUT_MS: a whole number of milliseconds');
  }
  return {
    url: url.replace(/\/+$/, ''),
    apiKey: settings.api_key,
    webhookSecrets: secrets,
    timeoutMs,
  };
}

/** Thrown when the outcome of a call is unknown (the server asks again with the same id). */
class OutcomeUnknownError extends Error {
  override readonly name = 'OutcomeUnknownError';
}

/** Whether an error (or a cause of it) is a refused connection: the request never left. */
function refused(error: unknown, depth = 0): boolean {
  if (depth > 8 || typeof error !== 'object' || error === null) return false;
  if (Reflect.get(error, 'code') === 'ECONNREFUSED') return true;
  if (error instanceof AggregateError)
    return error.errors.every((inner) => refused(inner, depth + 1));
  return refused(Reflect.get(error, 'cause'), depth + 1);
}

/** The PSP's instants arrive as ISO 8601 text; the contract wants `Date`s. */
const INSTANT_FIELDS = new Set(['settlesAt', 'expiresAt']);

function revive(key: string, value: unknown): unknown {
  return INSTANT_FIELDS.has(key) && typeof value === 'string' ? new Date(value) : value;
}

/** Whether `answer` is an object whose `field` is one of `allowed`. */
function fieldIn(answer: unknown, field: string, allowed: readonly string[]): boolean {
  const value: unknown =
    typeof answer === 'object' && answer !== null ? Reflect.get(answer, field) : undefined;
  return typeof value === 'string' && allowed.includes(value);
}

/**
 * The answer as the contract's type, once `guard` accepted it (a real connector validates every
 * field it uses; this example checks the one the server decides by).
 */
function checked<T>(answer: unknown, guard: (value: unknown) => value is T): T {
  if (!guard(answer)) throw new OutcomeUnknownError('the PSP answered off its API');
  return answer;
}

const isDepositOutcome = (value: unknown): value is DepositOutcome =>
  fieldIn(value, 'outcome', [
    'approved',
    'declined',
    'challenge',
    'processing',
    'redirect',
    'await',
  ]);
const isThreeDsOutcome = (value: unknown): value is ThreeDsOutcome =>
  fieldIn(value, 'outcome', ['approved', 'declined']);
const isPayoutOutcome = (value: unknown): value is PayoutOutcome =>
  fieldIn(value, 'outcome', ['approved', 'declined', 'processing']);
const isCancelOutcome = (value: unknown): value is CancelOutcome =>
  fieldIn(value, 'outcome', ['cancelled', 'not_cancellable']);
const isRefundOutcome = (value: unknown): value is RefundOutcome =>
  fieldIn(value, 'outcome', ['succeeded', 'pending', 'failed']);
const isStatus = (value: unknown): value is ProviderStatus =>
  fieldIn(value, 'status', ['approved', 'declined', 'pending', 'cancelled', 'unknown']);

/** One HTTP call to the PSP: the answer's status and JSON body. */
interface Answer {
  readonly status: number;
  readonly body: unknown;
}

/** The PSP's push notification (its API's `PushNotification`). */
interface Push {
  readonly type: string;
  readonly eventId: string;
  readonly transactionId: string;
  readonly amount: string;
  readonly currency: string;
  readonly status?: ProviderStatus;
  readonly refundId?: string;
  readonly providerRef?: string;
  readonly refundRef?: string;
  readonly outcome?: 'succeeded' | 'failed';
}

const isPush = (value: unknown): value is Push =>
  fieldIn(value, 'type', ['payment.status', 'refund.result']);

/** The contract's notification of a push, or `undefined` when it is not one this PSP sends. */
function notificationOf(push: Push): WebhookNotification | undefined {
  const text = (value: unknown): value is string => typeof value === 'string' && value !== '';
  if (!text(push.eventId) || !text(push.transactionId) || !/^\d+(\.\d+)?$/.test(push.amount)) {
    return undefined;
  }
  if (push.type === 'refund.result') {
    if (!text(push.refundId) || (push.outcome !== 'succeeded' && push.outcome !== 'failed')) {
      return undefined;
    }
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
  if (push.type !== 'payment.status' || push.status === undefined) return undefined;
  const status = checked(push.status, isStatus);
  return {
    kind: 'status',
    eventId: push.eventId,
    transactionId: push.transactionId,
    providerRef: status.providerRef,
    status:
      status.status === 'approved'
        ? { ...status, moved: { amount: push.amount, currency: push.currency } }
        : status,
  };
}

/** The connector's provider. */
class CardPspProvider implements PaymentProvider {
  readonly name: string;
  readonly #settings: Settings;
  readonly webhook: ProviderWebhook;
  readonly refunds: ProviderRefunds;

  constructor(options: ConnectorOptions) {
    this.name = options.name;
    this.#settings = readSettings(options.settings);
    const keys = this.#settings.webhookSecrets.map((secret, index) => ({
      keyId: `key-${String(index + 1)}`,
      secret,
    }));
    this.webhook = { verify: (request, now) => verify(keys, request, now) };
    this.refunds = {
      refund: async (input, now, call) => {
        const answer = await this.#call('POST', '/v1/refunds', now, call, input, input.refundId);
        return checked(this.#ok(answer), isRefundOutcome);
      },
      lookupRefund: async (refundId, now, call) => {
        const answer = await this.#call(
          'GET',
          `/v1/refunds/${encodeURIComponent(refundId)}`,
          now,
          call,
        );
        if (answer.status === 404) return { outcome: 'not_found' } satisfies RefundLookup;
        return checked(this.#ok(answer), isRefundOutcome);
      },
    };
  }

  async authorizeDeposit(
    input: DepositInput,
    now: Date,
    call?: ProviderCallOptions,
  ): Promise<DepositOutcome> {
    // A card PSP: every other method kind is declined without a call.
    if (input.methodKind !== 'card') return { outcome: 'declined', reason: 'unsupported' };
    const answer = await this.#call('POST', '/v1/deposits', now, call, input, input.transactionId);
    return checked(this.#ok(answer), isDepositOutcome);
  }

  async complete3ds(
    providerRef: string,
    challengeResult: ThreeDsChallengeResult,
    now: Date,
    call?: ProviderCallOptions,
  ): Promise<ThreeDsOutcome> {
    const path = `/v1/payments/${encodeURIComponent(providerRef)}/3ds`;
    const answer = await this.#call('POST', path, now, call, challengeResult);
    if (answer.status === 404)
      return { outcome: 'declined', providerRef, reason: 'unknown_reference' };
    return checked(this.#ok(answer), isThreeDsOutcome);
  }

  /**
   * The payment's state at the PSP. The server asks only when no notification came in time
   * (a lost webhook, the reconciler); results normally arrive pushed.
   */
  async status(
    providerRef: string,
    now: Date,
    call?: ProviderCallOptions,
  ): Promise<ProviderStatus> {
    const answer = await this.#call(
      'GET',
      `/v1/payments/${encodeURIComponent(providerRef)}`,
      now,
      call,
    );
    if (answer.status === 404) return { status: 'unknown', providerRef };
    return checked(this.#ok(answer), isStatus);
  }

  async lookup(
    transactionId: string,
    now: Date,
    call?: ProviderCallOptions,
  ): Promise<LookupResult> {
    const path = `/v1/payments/by-reference/${encodeURIComponent(transactionId)}`;
    const answer = await this.#call('GET', path, now, call);
    if (answer.status === 404) return { status: 'not_found', transactionId };
    return checked(this.#ok(answer), isStatus);
  }

  async payout(input: PayoutInput, now: Date, call?: ProviderCallOptions): Promise<PayoutOutcome> {
    const answer = await this.#call('POST', '/v1/payouts', now, call, input, input.transactionId);
    return checked(this.#ok(answer), isPayoutOutcome);
  }

  /** A card PSP takes no bank-transfer receipts. */
  recordReceipt(providerRef: string): Promise<ProviderStatus> {
    return Promise.resolve({ status: 'unknown', providerRef });
  }

  async cancelPayout(
    providerRef: string,
    now: Date,
    call?: ProviderCallOptions,
  ): Promise<CancelOutcome> {
    const path = `/v1/payouts/${encodeURIComponent(providerRef)}/cancel`;
    const answer = await this.#call('POST', path, now, call, {});
    if (answer.status === 404) {
      return {
        outcome: 'not_cancellable',
        providerRef,
        status: { status: 'unknown', providerRef },
      };
    }
    return checked(this.#ok(answer), isCancelOutcome);
  }

  /** A 2xx answer's body; any other status leaves the outcome unknown. */
  #ok(answer: Answer): unknown {
    if (answer.status >= 200 && answer.status < 300) return answer.body;
    throw new OutcomeUnknownError(
      `${this.name}: the PSP answered ${String(answer.status)} (outcome unknown)`,
    );
  }

  async #call(
    method: 'GET' | 'POST',
    path: string,
    now: Date,
    call: ProviderCallOptions | undefined,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<Answer> {
    if (call?.signal?.aborted === true) {
      throw new ProviderNotReachedError(`${this.name}: not sent, the server had given up`);
    }
    const headers: Record<string, string> = {
      accept: 'application/json',
      // The server's clock; the PSP simulator decides with it (a real PSP ignores it).
      'cashdesk-now': now.toISOString(),
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
    if (this.#settings.apiKey !== undefined)
      headers.authorization = `Bearer ${this.#settings.apiKey}`;
    const timeout = AbortSignal.timeout(this.#settings.timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${this.#settings.url}${path}`, {
        method,
        headers,
        body: body === undefined ? null : JSON.stringify(body),
        signal: call?.signal === undefined ? timeout : AbortSignal.any([call.signal, timeout]),
        // Never follow a redirect: it would carry the card data elsewhere.
        redirect: 'error',
      });
      text = await response.text();
    } catch (error) {
      if (refused(error)) {
        throw new ProviderNotReachedError(`${this.name}: not sent, the connection was refused`);
      }
      throw new OutcomeUnknownError(`${this.name}: the call failed (outcome unknown)`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text, revive);
    } catch {
      json = undefined;
    }
    const code: unknown =
      typeof json === 'object' && json !== null
        ? Reflect.get(Reflect.get(json, 'error') ?? {}, 'code')
        : undefined;
    if (response.status === 503 && code === 'not_processed') {
      throw new ProviderNotReachedError(`${this.name}: the PSP did not process the request`);
    }
    if (response.status === 404 && code !== 'unknown_reference' && code !== 'not_found') {
      throw new OutcomeUnknownError(`${this.name}: no such route at the PSP (outcome unknown)`);
    }
    return { status: response.status, body: json };
  }
}

/** Verifies a push notification's signature over the raw body, then reads it. */
function verify(
  keys: readonly { keyId: string; secret: string }[],
  request: WebhookRequest,
  now: Date,
): WebhookVerification {
  const check = verifyWebhookSignature({
    headers: request.headers,
    rawBody: request.rawBody,
    keys,
    now,
  });
  if (!check.valid) return { valid: false, problem: 'signature', detail: check.problem };
  let push: unknown;
  try {
    push = JSON.parse(request.rawBody, revive);
  } catch {
    return { valid: false, problem: 'malformed', detail: 'not JSON' };
  }
  let notification: WebhookNotification | undefined;
  try {
    notification = isPush(push) ? notificationOf(push) : undefined;
  } catch {
    notification = undefined;
  }
  if (notification === undefined) {
    return { valid: false, problem: 'malformed', detail: 'not a notification of this PSP' };
  }
  return { valid: true, notifications: [notification] };
}

export default defineConnector((options) => new CardPspProvider(options));
