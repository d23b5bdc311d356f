/**
 * How a one-time code reaches the player (SPEC §2 "request and confirm a one-time code", §7
 * otp/send and payments/groups/{paygroup_id}/otp): both purposes of services/otp.ts hand the
 * plain code to the app's one {@link OtpDelivery} and nowhere else.
 *
 * The sandbox delivery writes it to the log on purpose and keeps the latest one in memory for the
 * demo page (GET /sandbox/otp/latest); production has no such delivery. Request bodies are never
 * logged (http/logger.ts), so the typed code is not either.
 *
 * @packageDocumentation
 */
import type { ContactType } from '@cashdesk/contract';

/** A code on its way to the player. */
export interface OtpMessage {
  readonly playerId: string;
  readonly sessionId: string;
  /** What the code confirms: a payout account's id, or `deposit-{payGroupId}`. */
  readonly requisiteId: string;
  readonly contactType: ContactType;
  /** The full address; a real delivery sends there. */
  readonly destination: string;
  readonly maskedContact: string;
  /** The plain code: only a delivery sees it. */
  readonly code: string;
  readonly sentAt: Date;
  readonly expiresAt: Date;
}

/**
 * Sends a code to the player (an e-mail or SMS gateway). An operator implements this for
 * production; the server ships {@link SandboxOtpOutbox} and {@link UndeliveredOtp}.
 */
export interface OtpDelivery {
  deliver(message: OtpMessage): Promise<void>;
}

/** The one log call a delivery needs (a pino or Fastify logger fits). */
export interface OtpLog {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * Sandbox delivery: writes the code to the log at info level, one line, and keeps the latest
 * message per session in memory so that the sandbox-only GET /sandbox/otp/latest can show it on
 * the demo page. Never used in production mode (account-management routes pick the delivery by
 * mode). Memory only: nothing of the plain code reaches the database.
 */
export class SandboxOtpOutbox implements OtpDelivery {
  readonly #log: OtpLog;
  readonly #latest = new Map<string, OtpMessage>();
  /** Sessions remembered at most; the oldest is forgotten first. */
  readonly #limit: number;

  constructor(log: OtpLog, limit = 10_000) {
    this.#log = log;
    this.#limit = limit;
  }

  deliver(message: OtpMessage): Promise<void> {
    // Deliberate: the sandbox has no gateway, so the log line is how a developer gets the code.
    this.#log.info(`sandbox OTP for requisite ${message.requisiteId}: ${message.code}`);
    this.#latest.delete(message.sessionId);
    this.#latest.set(message.sessionId, message);
    if (this.#latest.size > this.#limit) {
      const [oldest] = this.#latest.keys();
      if (oldest !== undefined) this.#latest.delete(oldest);
    }
    return Promise.resolve();
  }

  /** The latest code sent in a session, if any. */
  latest(sessionId: string): OtpMessage | undefined {
    return this.#latest.get(sessionId);
  }
}

/**
 * Production without a configured gateway: the code is not sent anywhere and not logged; a
 * warning says so. Operators replace it with their own {@link OtpDelivery}.
 */
export class UndeliveredOtp implements OtpDelivery {
  readonly #log: OtpLog;

  constructor(log: OtpLog) {
    this.#log = log;
  }

  deliver(message: OtpMessage): Promise<void> {
    this.#log.warn(
      `no OTP delivery configured: a code for requisite ${message.requisiteId} was not sent`,
    );
    return Promise.resolve();
  }
}

/** The code delivery of one app, and its sandbox outbox when there is one. */
export interface AppOtpDelivery {
  readonly delivery: OtpDelivery;
  /** Set in sandbox mode only: what GET /sandbox/otp/latest reads. */
  readonly outbox: SandboxOtpOutbox | null;
}

const APP_DELIVERIES = new WeakMap<object, AppOtpDelivery>();

/**
 * The one code delivery of an app (pass `app.cashdesk` as the owner), chosen by mode on first
 * use: the sandbox outbox in sandbox mode, {@link UndeliveredOtp} in production. Every route
 * module that sends codes (account management, the deposit otp call) shares it, so the sandbox
 * page shows the latest code of a session whichever call sent it.
 */
export function otpDeliveryFor(
  owner: object,
  mode: 'sandbox' | 'production',
  log: OtpLog,
): AppOtpDelivery {
  const known = APP_DELIVERIES.get(owner);
  if (known !== undefined) return known;
  const outbox = mode === 'sandbox' ? new SandboxOtpOutbox(log) : null;
  const created: AppOtpDelivery = { delivery: outbox ?? new UndeliveredOtp(log), outbox };
  APP_DELIVERIES.set(owner, created);
  return created;
}
