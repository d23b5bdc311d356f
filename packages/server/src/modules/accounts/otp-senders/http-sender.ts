/**
 * OTP_SENDER=http: hands each code to the operator's messaging service (an e-mail or SMS
 * gateway of its own) over HTTP, by the protocol of ./protocol.ts, signed with http/signing.ts.
 *
 * - **Time-out:** each request may take {@link HttpOtpSenderOptions.timeoutMs} (OTP_HTTP_TIMEOUT_MS),
 *   answer included; then it counts as failed.
 * - **Bounded retry, same message id:** a time-out, a connection failure, or an answer 5xx, 408 or
 *   429 is tried again, at most {@link HttpOtpSenderOptions.attempts} requests in all, with a short
 *   growing pause between them. Every retry carries the same `message_id` (body and
 *   `Idempotency-Key`), so a service that got the first request and only the answer was lost
 *   drops the repeat instead of texting the player twice. Any other 4xx (a refused signature, a
 *   destination the service does not take) and any 3xx (never followed: it would take the code
 *   elsewhere) end the hand-over at once: a repeat would get the same answer.
 * - **Failure:** {@link OtpNotSentError} with the reason; the player gets 1404 and the send is not
 *   counted (modules/accounts/otp.ts handOverCode).
 * - **Logs:** the message id, purpose, contact type, masked contact, attempts and statuses; never
 *   the code, the full destination or the body.
 *
 * @packageDocumentation
 */
import { setTimeout as delay } from 'node:timers/promises';
import { DEFAULT_OTP_HTTP_ATTEMPTS, DEFAULT_OTP_HTTP_TIMEOUT_MS } from '../../../config';
import { signatureHeaders } from '../../../http/signing';
import type { SigningKey } from '../../../http/signing';
import { OtpNotSentError } from './otp-sender';
import type { OtpLog, OtpMessage, OtpNotSentReason, OtpSender } from './otp-sender';
import { IDEMPOTENCY_HEADER, handOverBody } from './protocol';

/** The default of {@link HttpOtpSenderOptions.retryDelayMs}. */
const DEFAULT_RETRY_DELAY_MS = 200;

/** Options of {@link HttpOtpSender}. */
export interface HttpOtpSenderOptions {
  /** The messaging service's address (OTP_HTTP_URL); messages are posted to it as it is. */
  readonly url: string;
  /** The signing secret and its id (OTP_HTTP_SECRET, OTP_HTTP_KEY_ID). */
  readonly key: SigningKey;
  /** One request, answer included. Default {@link DEFAULT_OTP_HTTP_TIMEOUT_MS}. */
  readonly timeoutMs?: number | undefined;
  /** Requests per message at most, the first included. Default {@link DEFAULT_OTP_HTTP_ATTEMPTS}. */
  readonly attempts?: number | undefined;
  /** The pause before the n-th retry is n times this. Default 200 ms. */
  readonly retryDelayMs?: number | undefined;
  /** The clock the signatures are timed by. Default the system clock. */
  readonly clock?: (() => Date) | undefined;
  readonly log: OtpLog;
}

/** How one request ended. */
type Attempt =
  | { readonly ok: true; readonly httpStatus: number }
  | {
      readonly ok: false;
      readonly reason: Exclude<OtpNotSentReason, 'unconfigured'>;
      readonly httpStatus: number | undefined;
    };

/** Whether an answer's status is worth a retry: the service was busy or failed. */
function retryableStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

/** Whether an error is the time-out of the request's own signal. */
function timedOut(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/** The sender (see the module comment). */
export class HttpOtpSender implements OtpSender {
  readonly kind = 'http';
  readonly #url: string;
  readonly #key: SigningKey;
  readonly #timeoutMs: number;
  readonly #attempts: number;
  readonly #retryDelayMs: number;
  readonly #clock: () => Date;
  readonly #log: OtpLog;

  constructor(options: HttpOtpSenderOptions) {
    const url = new URL(options.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new RangeError('HttpOtpSender: url must be an http(s) address.');
    }
    this.#url = url.href;
    this.#key = options.key;
    this.#timeoutMs = options.timeoutMs ?? DEFAULT_OTP_HTTP_TIMEOUT_MS;
    this.#attempts = options.attempts ?? DEFAULT_OTP_HTTP_ATTEMPTS;
    this.#retryDelayMs = options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
    for (const [name, value, min] of [
      ['timeoutMs', this.#timeoutMs, 1],
      ['attempts', this.#attempts, 1],
      ['retryDelayMs', this.#retryDelayMs, 0],
    ] as const) {
      if (!Number.isSafeInteger(value) || value < min) {
        throw new RangeError(`HttpOtpSender: ${name} must be a whole number ≥ ${String(min)}.`);
      }
    }
    this.#clock = options.clock ?? (() => new Date());
    this.#log = options.log;
  }

  async send(message: OtpMessage): Promise<void> {
    const body = JSON.stringify(handOverBody(message));
    const about = {
      messageId: message.messageId,
      purpose: message.purpose,
      contactType: message.contactType,
      to: message.maskedContact,
    };
    let attempt = 0;
    for (;;) {
      attempt += 1;
      const result = await this.#post(message.messageId, body);
      if (result.ok) {
        this.#log.info(
          { ...about, attempts: attempt, httpStatus: result.httpStatus },
          'one-time code handed to the messaging service',
        );
        return;
      }
      this.#log.warn(
        { ...about, attempt, reason: result.reason, httpStatus: result.httpStatus },
        'one-time code hand-over failed',
      );
      if (result.reason === 'refused' || attempt >= this.#attempts) {
        throw new OtpNotSentError({
          messageId: message.messageId,
          reason: result.reason,
          attempts: attempt,
          httpStatus: result.httpStatus,
        });
      }
      await delay(this.#retryDelayMs * attempt);
    }
  }

  /** One signed request. */
  async #post(messageId: string, body: string): Promise<Attempt> {
    let response: Response;
    try {
      response = await fetch(this.#url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [IDEMPOTENCY_HEADER]: messageId,
          ...signatureHeaders(this.#key, body, this.#clock()),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
    } catch (error) {
      return { ok: false, reason: timedOut(error) ? 'timeout' : 'network', httpStatus: undefined };
    }
    // The answer's body is not read; drain it so the connection can be reused.
    try {
      await response.arrayBuffer();
    } catch (error) {
      // The body never arrived in full: the answer cannot be trusted, whatever its status.
      return { ok: false, reason: timedOut(error) ? 'timeout' : 'network', httpStatus: undefined };
    }
    const status = response.status;
    if (status >= 200 && status < 300) return { ok: true, httpStatus: status };
    return {
      ok: false,
      reason: retryableStatus(status) ? 'unavailable' : 'refused',
      httpStatus: status,
    };
  }
}
