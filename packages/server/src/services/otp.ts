/**
 * One-time codes that confirm a payout account (SPEC §2 payout verification, §3 account
 * management {blockDuration, maxRequestCount, isShowTimerReceiveCode}, §7 otp/send and
 * otp/verify).
 *
 * Security rules:
 * - A code is six digits from `crypto.randomInt`. The database keeps only its HMAC-SHA-256 under
 *   the server secret (config CASHDESK_SECRET), bound to the challenge id, and a check compares
 *   the hashes in constant time (`timingSafeEqual`).
 * - Guessing is bounded: every try is counted on the challenge row under a row lock, and the
 *   try that uses up {@link OtpPolicy.maxAttempts} blocks verification of the player for
 *   {@link OtpPolicy.blockDurationMs}; while blocked even the right code is refused.
 * - Sending is bounded: a new code only after {@link OtpPolicy.resendAfterMs}, at most
 *   {@link OtpPolicy.maxRequestCount} codes per challenge, and asking for more blocks too.
 * - The code leaves the server only through an {@link OtpDelivery}. The sandbox delivery writes
 *   it to the log on purpose and keeps the latest one in memory for the demo page
 *   (GET /sandbox/otp/latest); production has no such delivery. Request bodies are never logged
 *   (http/logger.ts), so the typed code is not either.
 *
 * A challenge lasts until its code expires ({@link OtpPolicy.codeTtlMs}), it is verified or its
 * block has passed; the next send then starts a fresh one with fresh counters.
 *
 * @packageDocumentation
 */
import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
import { TIMEOUT_LONG_MS, TIMEOUT_SHORT_MS } from '@cashdesk/domain';
import type { ContactType, OtpSendResponse, OtpVerifyResponse } from '@cashdesk/contract';
import type { Database, Executor } from '../db/open';
import { otpChallenges } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { ErrorBody } from '../http/api-error';
import type { PayoutAccountRow } from './payout-accounts';
import {
  findPlayerPayoutAccount,
  markPayoutAccountVerified,
  playerContact,
} from './payout-accounts';

/** Digits of a code. */
export const OTP_CODE_DIGITS = 6;

/** The limits of one-time codes. */
export interface OtpPolicy {
  /** How long a code can be used (SPEC §9 timeout S, 5 minutes). */
  readonly codeTtlMs: number;
  /** Codes per challenge (otp/send max_request_count); one more request blocks. */
  readonly maxRequestCount: number;
  /** Wait before another code may be asked for (otp/send resend_after). */
  readonly resendAfterMs: number;
  /** Tries per challenge; the try that uses up the last one blocks. */
  readonly maxAttempts: number;
  /** How long verification stays blocked (otp/send block_duration; SPEC §9 timeout L, 15 min). */
  readonly blockDurationMs: number;
}

/** The default {@link OtpPolicy}. */
export const DEFAULT_OTP_POLICY: OtpPolicy = {
  codeTtlMs: TIMEOUT_SHORT_MS,
  maxRequestCount: 3,
  resendAfterMs: 60_000,
  maxAttempts: 3,
  blockDurationMs: TIMEOUT_LONG_MS,
};

/** A code on its way to the player. */
export interface OtpMessage {
  readonly playerId: string;
  readonly sessionId: string;
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

/** A new six-digit code (leading zeros kept). */
export function generateOtpCode(): string {
  return String(randomInt(0, 10 ** OTP_CODE_DIGITS)).padStart(OTP_CODE_DIGITS, '0');
}

/** HMAC-SHA-256 (hex) of a code under the server secret, bound to its challenge. */
export function hashOtpCode(secret: string, challengeId: string, code: string): string {
  return createHmac('sha256', secret).update(`${challengeId}:${code}`).digest('hex');
}

/** Constant-time comparison of two hex hashes of the same length. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Whole seconds from `now` until `until` (rounded up, never negative). */
export function secondsUntil(until: Date, now: Date): number {
  return Math.max(0, Math.ceil((until.getTime() - now.getTime()) / 1000));
}

/** Extra fields an OTP error answer carries (contract ErrorBody). */
export interface OtpErrorDetails {
  readonly attempts_left?: number;
  readonly block_until?: string;
  readonly resend_after?: number;
}

/**
 * An OTP refusal (1401, 1402, 1403) whose answer also says how many tries are left, until when
 * verification is blocked or when a code may be asked for again.
 */
export class OtpError extends ApiError {
  readonly details: OtpErrorDetails;

  constructor(
    errorName: 'otpInvalid' | 'otpBlocked' | 'otpResendTooSoon',
    details: OtpErrorDetails,
    options: { readonly field?: string; readonly detail?: string } = {},
  ) {
    super(errorName, options);
    this.details = details;
  }

  override toBody(): ErrorBody & OtpErrorDetails {
    return { ...super.toBody(), ...this.details };
  }
}

/** The player's verification block: SPEC §3 payout_account_verification_blocked(_until). */
export interface VerificationBlock {
  readonly blocked: boolean;
  readonly until: Date | null;
}

/**
 * Whether the player's payout account verification is blocked now (too many codes or wrong
 * codes), and until when. The withdrawal select answer carries it (SPEC §3, §4).
 */
export async function verificationBlock(
  db: Executor,
  playerId: string,
  now: Date = new Date(),
): Promise<VerificationBlock> {
  const [row] = await db
    .select({ until: otpChallenges.blockedUntil })
    .from(otpChallenges)
    .where(and(eq(otpChallenges.playerId, playerId), gt(otpChallenges.blockedUntil, now)))
    .orderBy(desc(otpChallenges.blockedUntil))
    .limit(1);
  return row?.until == null ? { blocked: false, until: null } : { blocked: true, until: row.until };
}

function blockedError(until: Date, detail: string): OtpError {
  return new OtpError(
    'otpBlocked',
    { block_until: until.toISOString(), attempts_left: 0 },
    { detail },
  );
}

/** Who asks, and how. */
export interface OtpContext {
  readonly playerId: string;
  readonly sessionId: string;
  /** Server secret keying the hashes. */
  readonly secret: string;
  readonly delivery: OtpDelivery;
  readonly policy?: OtpPolicy;
  readonly now?: Date;
}

async function requireAccount(
  db: Executor,
  playerId: string,
  requisiteId: string,
): Promise<PayoutAccountRow> {
  const account = await findPlayerPayoutAccount(db, playerId, requisiteId);
  if (account === null) {
    throw new ApiError('notFound', {
      field: 'body.requisite_id',
      detail: 'no such payout account for this player',
    });
  }
  return account;
}

/** The latest challenge of a player's account (locked when `tx` is a transaction that wants it). */
async function latestChallenge(db: Executor, playerId: string, accountId: string, lock: boolean) {
  const query = db
    .select()
    .from(otpChallenges)
    .where(and(eq(otpChallenges.playerId, playerId), eq(otpChallenges.payoutAccountId, accountId)))
    .orderBy(desc(otpChallenges.createdAt), desc(otpChallenges.id))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

type Challenge = typeof otpChallenges.$inferSelect;

/** The end of a challenge's block when it is blocked at `now`, else `null`. */
function activeBlock(challenge: Challenge | undefined, now: Date): Date | null {
  const until = challenge?.blockedUntil ?? null;
  return until !== null && until.getTime() > now.getTime() ? until : null;
}

/** Whether a challenge still counts sends and tries (see the module comment). */
function isLive(challenge: Challenge | undefined, now: Date): challenge is Challenge {
  if (challenge === undefined || challenge.verifiedAt !== null) return false;
  if (challenge.blockedUntil !== null && challenge.blockedUntil.getTime() <= now.getTime())
    return false;
  return challenge.expiresAt.getTime() > now.getTime();
}

/** What a send decided inside its transaction. */
type SendDecision =
  | { readonly kind: 'sent'; readonly challengeId: string; readonly code: string }
  | { readonly kind: 'blocked'; readonly until: Date }
  | { readonly kind: 'too-soon'; readonly resendAt: Date };

/**
 * SPEC §7 otp/send: sends a new code for a payout account of the player to the player's e-mail
 * or phone.
 *
 * @throws {ApiError} notFound (body.requisite_id) for an account that is not the player's;
 * invalidField (body.contact_type) when the profile has no such contact; {@link OtpError}
 * otpBlocked (with block_until) while blocked or when this request is one too many;
 * otpResendTooSoon (with resend_after seconds) before the resend timer ran out.
 */
export async function sendOtp(
  db: Database,
  context: OtpContext,
  request: { readonly contact_type: ContactType; readonly requisite_id: string },
): Promise<OtpSendResponse> {
  const policy = context.policy ?? DEFAULT_OTP_POLICY;
  const now = context.now ?? new Date();
  const account = await requireAccount(db, context.playerId, request.requisite_id);
  const contact = await playerContact(db, context.playerId, request.contact_type);
  if (contact === null) {
    throw new ApiError('invalidField', {
      field: 'body.contact_type',
      detail: `the player has no ${request.contact_type} to send a code to`,
    });
  }

  const decision = await db.transaction(async (tx): Promise<SendDecision> => {
    const block = await verificationBlock(tx, context.playerId, now);
    if (block.until !== null) return { kind: 'blocked', until: block.until };
    const current = await latestChallenge(tx, context.playerId, account.id, true);
    // Read again under the row lock: a concurrent request may have blocked it meanwhile.
    const blockedUntil = activeBlock(current, now);
    if (blockedUntil !== null) return { kind: 'blocked', until: blockedUntil };
    const code = generateOtpCode();
    const expiresAt = new Date(now.getTime() + policy.codeTtlMs);
    const resendAfter = new Date(now.getTime() + policy.resendAfterMs);
    if (isLive(current, now)) {
      if (current.resendAfter !== null && current.resendAfter.getTime() > now.getTime()) {
        return { kind: 'too-soon', resendAt: current.resendAfter };
      }
      if (current.resendCount + 1 >= current.maxResends) {
        const until = new Date(now.getTime() + policy.blockDurationMs);
        await tx
          .update(otpChallenges)
          .set({ blockedUntil: until })
          .where(eq(otpChallenges.id, current.id));
        return { kind: 'blocked', until };
      }
      await tx
        .update(otpChallenges)
        .set({
          codeHash: hashOtpCode(context.secret, current.id, code),
          contactType: request.contact_type,
          expiresAt,
          resendCount: current.resendCount + 1,
          resendAfter,
        })
        .where(eq(otpChallenges.id, current.id));
      return { kind: 'sent', challengeId: current.id, code };
    }
    const id = randomUUID();
    await tx.insert(otpChallenges).values({
      id,
      playerId: context.playerId,
      payoutAccountId: account.id,
      contactType: request.contact_type,
      codeHash: hashOtpCode(context.secret, id, code),
      attempts: 0,
      maxAttempts: policy.maxAttempts,
      expiresAt,
      resendCount: 0,
      maxResends: policy.maxRequestCount,
      resendAfter,
      createdAt: now,
    });
    return { kind: 'sent', challengeId: id, code };
  });

  if (decision.kind === 'blocked') {
    throw blockedError(decision.until, 'otp/send while blocked or one request too many');
  }
  if (decision.kind === 'too-soon') {
    throw new OtpError(
      'otpResendTooSoon',
      { resend_after: secondsUntil(decision.resendAt, now) },
      { detail: 'otp/send before the resend timer ran out' },
    );
  }
  await context.delivery.deliver({
    playerId: context.playerId,
    sessionId: context.sessionId,
    requisiteId: account.id,
    contactType: request.contact_type,
    destination: contact.destination,
    maskedContact: contact.masked,
    code: decision.code,
    sentAt: now,
    expiresAt: new Date(now.getTime() + policy.codeTtlMs),
  });
  return {
    success: true,
    max_request_count: policy.maxRequestCount,
    block_duration: Math.round(policy.blockDurationMs / 1000),
    resend_after: Math.round(policy.resendAfterMs / 1000),
    masked_contact: contact.masked,
  };
}

/** What a verify decided inside its transaction. */
type VerifyDecision =
  | { readonly kind: 'verified'; readonly attemptsLeft: number }
  | { readonly kind: 'wrong'; readonly attemptsLeft: number }
  | { readonly kind: 'expired'; readonly attemptsLeft: number }
  | { readonly kind: 'blocked'; readonly until: Date };

/**
 * SPEC §7 otp/verify: checks a code; a match marks the payout account verified.
 *
 * @throws {ApiError} notFound (body.requisite_id) for an account that is not the player's;
 * {@link OtpError} otpInvalid (400, with attempts_left) for a wrong or expired code or when no
 * code was sent; otpBlocked (429, with block_until) while blocked, and for the wrong code that
 * uses up the last try.
 */
export async function verifyOtp(
  db: Database,
  context: Omit<OtpContext, 'delivery' | 'sessionId'>,
  request: { readonly otp: string; readonly requisite_id: string },
): Promise<OtpVerifyResponse> {
  const policy = context.policy ?? DEFAULT_OTP_POLICY;
  const now = context.now ?? new Date();
  const account = await requireAccount(db, context.playerId, request.requisite_id);

  // Wrong tries and blocks must be stored, so refusals are decided here and thrown after commit.
  const decision = await db.transaction(async (tx): Promise<VerifyDecision> => {
    const block = await verificationBlock(tx, context.playerId, now);
    if (block.until !== null) return { kind: 'blocked', until: block.until };
    const current = await latestChallenge(tx, context.playerId, account.id, true);
    if (current === undefined) return { kind: 'expired', attemptsLeft: 0 };
    // Read again under the row lock: a concurrent guess may have blocked it meanwhile.
    const blockedUntil = activeBlock(current, now);
    if (blockedUntil !== null) return { kind: 'blocked', until: blockedUntil };
    const matches = sameHash(
      hashOtpCode(context.secret, current.id, request.otp),
      current.codeHash,
    );
    if (current.verifiedAt !== null) {
      // A repeated verify of the code that already verified the account answers the same.
      return matches && account.verified
        ? { kind: 'verified', attemptsLeft: Math.max(0, current.maxAttempts - current.attempts) }
        : { kind: 'expired', attemptsLeft: 0 };
    }
    if (!isLive(current, now)) return { kind: 'expired', attemptsLeft: 0 };
    const attempts = current.attempts + 1;
    const attemptsLeft = Math.max(0, current.maxAttempts - attempts);
    if (matches) {
      await tx
        .update(otpChallenges)
        .set({ attempts, verifiedAt: now })
        .where(eq(otpChallenges.id, current.id));
      await markPayoutAccountVerified(tx, account.id, now);
      return { kind: 'verified', attemptsLeft };
    }
    if (attempts >= current.maxAttempts) {
      const until = new Date(now.getTime() + policy.blockDurationMs);
      await tx
        .update(otpChallenges)
        .set({ attempts, blockedUntil: until })
        .where(eq(otpChallenges.id, current.id));
      return { kind: 'blocked', until };
    }
    await tx.update(otpChallenges).set({ attempts }).where(eq(otpChallenges.id, current.id));
    return { kind: 'wrong', attemptsLeft };
  });

  switch (decision.kind) {
    case 'verified':
      return { verified: true, attempts_left: decision.attemptsLeft };
    case 'blocked':
      throw blockedError(decision.until, 'otp/verify while blocked or after the last wrong code');
    case 'wrong':
      throw new OtpError(
        'otpInvalid',
        { attempts_left: decision.attemptsLeft },
        { field: 'body.otp', detail: 'wrong one-time code' },
      );
    case 'expired':
      throw new OtpError(
        'otpInvalid',
        { attempts_left: decision.attemptsLeft },
        { field: 'body.otp', detail: 'no live one-time code for this account' },
      );
  }
}
