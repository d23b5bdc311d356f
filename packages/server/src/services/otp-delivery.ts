/**
 * How a one-time code reaches the player (SPEC §2 "request and confirm a one-time code", §7
 * otp/send and payments/groups/{paygroup_id}/otp): both purposes of services/otp.ts hand the
 * plain code to the app's one {@link OtpDelivery} and nowhere else.
 *
 * The sandbox delivery writes it to the log on purpose and keeps the latest one per session in the
 * database for the demo page (GET /sandbox/otp/latest), so that any server process can show a
 * code another one sent; production has no such delivery. Request bodies are never logged
 * (http/logger.ts), so the typed code is not either.
 *
 * @packageDocumentation
 */
import type { ContactType } from '@cashdesk/contract';
import { eq, lt } from 'drizzle-orm';
import type { Database } from '../db/open';
import { sandboxOtpOutbox } from '../db/schema';

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

/** What GET /sandbox/otp/latest shows of the latest code of a session. */
export type SandboxOtpEntry = Pick<
  OtpMessage,
  'requisiteId' | 'contactType' | 'maskedContact' | 'code' | 'sentAt' | 'expiresAt'
>;

/**
 * Sandbox delivery: writes the code to the log at info level, one line, and keeps the latest
 * message of each session in the database (table `sandbox_otp_outbox`: the requisite, the
 * contact type, the masked contact, the code and its times; not the full address), so that the
 * sandbox-only GET /sandbox/otp/latest can show it on the demo page whichever server process sent
 * it. The plain code in the database is the sandbox's stand-in for an e-mail or SMS gateway; it is
 * never used in production mode (account-management routes pick the delivery by mode), and the
 * code is checked against its hash in `otp_challenges`, never against this table.
 *
 * Bounded: one row per session, replaced by the session's next code; every delivery deletes the
 * codes that have expired by then, and a session's row goes with the session.
 */
export class SandboxOtpOutbox implements OtpDelivery {
  readonly #db: Database;
  readonly #log: OtpLog;

  constructor(db: Database, log: OtpLog) {
    this.#db = db;
    this.#log = log;
  }

  async deliver(message: OtpMessage): Promise<void> {
    // Deliberate: the sandbox has no gateway, so the log line is how a developer gets the code.
    this.#log.info(`sandbox OTP for requisite ${message.requisiteId}: ${message.code}`);
    await this.#db.delete(sandboxOtpOutbox).where(lt(sandboxOtpOutbox.expiresAt, message.sentAt));
    const entry = {
      requisiteId: message.requisiteId,
      contactType: message.contactType,
      maskedContact: message.maskedContact,
      code: message.code,
      sentAt: message.sentAt,
      expiresAt: message.expiresAt,
    };
    await this.#db
      .insert(sandboxOtpOutbox)
      .values({ sessionId: message.sessionId, ...entry })
      .onConflictDoUpdate({ target: sandboxOtpOutbox.sessionId, set: entry });
  }

  /** The latest code sent in a session, if any. */
  async latest(sessionId: string): Promise<SandboxOtpEntry | undefined> {
    const [row] = await this.#db
      .select()
      .from(sandboxOtpOutbox)
      .where(eq(sandboxOtpOutbox.sessionId, sessionId));
    return row;
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

/** What {@link otpDeliveryFor} chooses by: the app's database and mode. */
export interface OtpDeliveryDeps {
  readonly db: Database;
  readonly config: { readonly mode: 'sandbox' | 'production' };
}

/**
 * The code delivery of an app (pass `app.cashdesk`), chosen by mode: the sandbox outbox in
 * sandbox mode, {@link UndeliveredOtp} in production. The outbox keeps its codes in the
 * database, so every route module that sends codes (account management, the deposit otp call)
 * and every server process shows the same latest code of a session.
 */
export function otpDeliveryFor(deps: OtpDeliveryDeps, log: OtpLog): AppOtpDelivery {
  const outbox = deps.config.mode === 'sandbox' ? new SandboxOtpOutbox(deps.db, log) : null;
  return { delivery: outbox ?? new UndeliveredOtp(log), outbox };
}
