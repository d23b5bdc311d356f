/**
 * The sandbox's stand-in for an e-mail or SMS gateway (OTP_SENDER=sandbox, the default in
 * sandbox mode): the code is written to the log on purpose and the latest one of each session is
 * kept in the database for the demo page (GET /sandbox/otp/latest), so that any server process
 * can show a code another one sent. Production never uses it unless
 * OTP_ALLOW_SANDBOX_IN_PRODUCTION=true (config/otp.ts), and even then GET /sandbox/otp/latest stays
 * off.
 *
 * @packageDocumentation
 */
import { eq, lt } from 'drizzle-orm';
import type { Database } from '../../../db/open';
import { sandboxOtpOutbox } from '../../../db/schema';
import type { OtpLog, OtpMessage, OtpSender } from './otp-sender';

/** What GET /sandbox/otp/latest shows of the latest code of a session. */
export type SandboxOtpEntry = Pick<
  OtpMessage,
  'requisiteId' | 'contactType' | 'maskedContact' | 'code' | 'sentAt' | 'expiresAt'
>;

/**
 * Writes the code to the log at info level, one line, and keeps the latest message of each
 * session in the database (table `sandbox_otp_outbox`: the requisite, the contact type, the
 * masked contact, the code and its times; not the full address). The code is checked against
 * its hash in `otp_challenges`, never against this table.
 *
 * Bounded: one row per session, replaced by the session's next code; every send deletes the
 * codes that have expired by then, and a session's row goes with the session.
 */
export class SandboxOtpOutbox implements OtpSender {
  readonly kind = 'sandbox';
  readonly #db: Database;
  readonly #log: OtpLog;

  constructor(db: Database, log: OtpLog) {
    this.#db = db;
    this.#log = log;
  }

  async send(message: OtpMessage): Promise<void> {
    // Deliberate: the sandbox has no gateway, so the log line is how a developer gets the code.
    this.#log.info(
      { messageId: message.messageId },
      `sandbox OTP for requisite ${message.requisiteId}: ${message.code}`,
    );
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
}

/** The latest code the sandbox outbox kept for a session, if any (GET /sandbox/otp/latest). */
export async function latestSandboxOtp(
  db: Database,
  sessionId: string,
): Promise<SandboxOtpEntry | undefined> {
  const [row] = await db
    .select()
    .from(sandboxOtpOutbox)
    .where(eq(sandboxOtpOutbox.sessionId, sessionId));
  return row;
}
