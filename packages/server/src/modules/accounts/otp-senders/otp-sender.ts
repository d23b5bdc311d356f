/**
 * The one-time-code delivery boundary (SPEC §2 "request and confirm a one-time code", §7 otp/send
 * and payments/groups/{paygroup_id}/otp): both purposes of modules/accounts/otp.ts hand the plain
 * code to the app's one {@link OtpSender} (`app.cashdesk.otpSender`) and nowhere else.
 *
 * Implementations (chosen by OTP_SENDER, ./create-otp-sender.ts, or passed to createApp as
 * `otpSender` by an operator embedding the server):
 * - the sandbox outbox (./sandbox-outbox.ts): the code goes to the log and to a table the demo
 *   page reads; sandbox mode only, unless production explicitly allows it;
 * - the HTTP sender (./http-sender.ts): a signed POST to the operator's messaging service;
 * - {@link UnconfiguredOtpSender} (`none`): sends nothing and fails every hand-over.
 *
 * The rules every sender keeps:
 * - `send` resolves only once the message is handed over; it throws when it could not be (the
 *   player then gets error 1404 and the send is not counted, modules/accounts/otp.ts handOverCode).
 *   {@link OtpNotSentError} says why; any other throw counts the same.
 * - A retried message carries the same {@link OtpMessage.messageId}, so the receiver can drop a
 *   repeat; a new send (even of the same challenge) gets a new id.
 * - Nothing but the sandbox outbox writes the code anywhere, and no sender logs the code or the
 *   full destination (only {@link OtpMessage.maskedContact}).
 *
 * @packageDocumentation
 */
import { randomUUID } from 'node:crypto';
import type { ContactType } from '@cashdesk/contract';
import type { ChallengePurpose } from '../otp';
import type { SessionContext } from '../../../http/sessions';

/** A code on its way to the player. */
export interface OtpMessage {
  /** New for every send, the same for each retry of it (the receiver's idempotency key). */
  readonly messageId: string;
  /** Which code this is: a payout account's verification or a deposit's confirmation. */
  readonly purpose: ChallengePurpose;
  /** Internal player id (uuid). */
  readonly playerId: string;
  /** The player id the brand knows, and the brand. */
  readonly playerExternalId: string;
  readonly brandId: string;
  /** The session the code was asked for in: the sandbox outbox's key, never sent to an operator. */
  readonly sessionId: string;
  /** The player's language (the session's), for the message text. */
  readonly language: string;
  /** What the code confirms: a payout account's id, or `deposit-{payGroupId}`. */
  readonly requisiteId: string;
  readonly contactType: ContactType;
  /** The full address; only a sender sees it. */
  readonly destination: string;
  /** The address as it may be shown and logged (modules/accounts/contacts.ts). */
  readonly maskedContact: string;
  /** The plain code: only a sender sees it. */
  readonly code: string;
  readonly sentAt: Date;
  readonly expiresAt: Date;
}

/** Who a code is for: the session it was asked for in. */
export type OtpRecipient = Pick<
  SessionContext,
  'sessionId' | 'playerId' | 'playerExternalId' | 'brandId' | 'language'
>;

/** A new message (with a new {@link OtpMessage.messageId}) of a code for a recipient. */
export function otpMessage(
  recipient: OtpRecipient,
  code: Omit<
    OtpMessage,
    'messageId' | 'sessionId' | 'playerId' | 'playerExternalId' | 'brandId' | 'language'
  >,
): OtpMessage {
  return {
    messageId: randomUUID(),
    sessionId: recipient.sessionId,
    playerId: recipient.playerId,
    playerExternalId: recipient.playerExternalId,
    brandId: recipient.brandId,
    language: recipient.language,
    ...code,
  };
}

/** Hands codes over to whatever reaches the player (an e-mail or SMS gateway). */
export interface OtpSender {
  /** A short name for the start-up line and the logs (`sandbox`, `http`, `none`, …). */
  readonly kind: string;
  /**
   * Hands the message over; resolves once the receiver has taken it.
   *
   * @throws when it could not be handed over ({@link OtpNotSentError} or anything else).
   */
  send(message: OtpMessage): Promise<void>;
}

/** The log calls a sender needs (a pino or Fastify logger fits). */
export interface OtpLog {
  info(fields: Readonly<Record<string, unknown>>, message: string): void;
  warn(fields: Readonly<Record<string, unknown>>, message: string): void;
}

/**
 * Why a code was not handed over:
 * - `unconfigured`: no sender is configured (OTP_SENDER=none);
 * - `timeout`: the receiver did not answer within the time-out, on every try;
 * - `network`: the connection failed (refused, reset, closed without an answer) on every try;
 * - `unavailable`: the receiver answered 5xx, 408 or 429 on every try;
 * - `refused`: the receiver answered another 4xx (a bad signature, a destination it refuses):
 *   not retried, since a repeat gets the same answer.
 */
export type OtpNotSentReason = 'unconfigured' | 'timeout' | 'network' | 'unavailable' | 'refused';

/** A message that was not handed over. Its text names the message id, never the code or address. */
export class OtpNotSentError extends Error {
  override readonly name = 'OtpNotSentError';
  readonly reason: OtpNotSentReason;
  /** How many requests were made (0 without a sender). */
  readonly attempts: number;
  /** The last answer's status code, when there was an answer. */
  readonly httpStatus: number | undefined;

  constructor(input: {
    readonly messageId: string;
    readonly reason: OtpNotSentReason;
    readonly attempts: number;
    readonly httpStatus?: number | undefined;
  }) {
    const status = input.httpStatus === undefined ? '' : ` (HTTP ${String(input.httpStatus)})`;
    super(
      `one-time code message ${input.messageId} not handed over: ${input.reason}${status} after ${String(input.attempts)} request(s)`,
    );
    this.reason = input.reason;
    this.attempts = input.attempts;
    this.httpStatus = input.httpStatus;
  }
}

/**
 * Why a hand-over failed, fit for a log line: the reason of an {@link OtpNotSentError}, only the
 * class name of anything else (an operator's sender may put an address in its messages).
 */
export function notSentReason(cause: unknown): string {
  if (cause instanceof OtpNotSentError) return cause.message;
  return `the sender failed (${cause instanceof Error ? cause.name : typeof cause})`;
}

/**
 * OTP_SENDER=none (production's default): no code can reach a player, so every hand-over fails
 * and the player is told the code could not be sent (1404), instead of waiting for a code that
 * never comes. Nothing is logged but a warning naming the message id.
 */
export class UnconfiguredOtpSender implements OtpSender {
  readonly kind = 'none';
  readonly #log: OtpLog;

  constructor(log: OtpLog) {
    this.#log = log;
  }

  send(message: OtpMessage): Promise<void> {
    this.#log.warn(
      { messageId: message.messageId, purpose: message.purpose },
      'no one-time-code sender configured (OTP_SENDER=none): the code was not sent',
    );
    return Promise.reject(
      new OtpNotSentError({ messageId: message.messageId, reason: 'unconfigured', attempts: 0 }),
    );
  }
}

declare module '../../../http/app-types' {
  interface AppDeps {
    /** Hands one-time codes to the player: one per app. */
    readonly otpSender: OtpSender;
  }
}
