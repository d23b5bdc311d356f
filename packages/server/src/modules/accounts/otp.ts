/**
 * One-time codes: the one module that owns the challenge mechanics (SPEC §3 account management
 * {blockDuration, maxRequestCount, isShowTimerReceiveCode} and one-time code state, §4 one-time
 * code and withdrawal verification). Two purposes use it and keep only what is theirs:
 * - confirming a payout account (SPEC §2 payout verification, §7 otp/send and otp/verify):
 *   modules/accounts/payout-account-otp.ts;
 * - confirming a deposit whose form has a requisite field (SPEC §7
 *   payments/groups/{paygroup_id}/otp, and the code typed into the submit):
 *   modules/payments/deposit-code.ts.
 *
 * Security rules:
 * - A code is six digits from `crypto.randomInt`. The database keeps only its HMAC-SHA-256 under
 *   the server secret (config CASHDESK_SECRET), bound to the challenge id and to whatever else the
 *   purpose binds it to, and a check compares the hashes in constant time (`timingSafeEqual`).
 * - Guessing is bounded: every check is a try, counted on the challenge row under a row lock, and
 *   the wrong try that uses up {@link OtpPolicy.maxAttempts} blocks the purpose for the player for
 *   {@link OtpPolicy.blockDurationMs}; while blocked even the right code is refused. Tries count per
 *   challenge: a new code on the same challenge does not give new tries.
 * - Sending is bounded: a new code only after {@link OtpPolicy.resendAfterMs}, at most
 *   {@link OtpPolicy.maxRequestCount} codes per challenge, and asking for one more blocks too.
 *   A code that could not be handed to the sender counts against none of it: the send is stored
 *   first and taken back when the hand-over fails ({@link handOverCode}, {@link withdrawSend}).
 *
 * A challenge lasts until its code expires ({@link OtpPolicy.codeTtlMs}), it is verified or its
 * block has passed; the next send then starts a fresh one with fresh counters.
 *
 * How it is built: {@link decideSend} and {@link decideCheck} are pure (the latest challenge, the
 * block, the clock and the policy give a decision); {@link sendCode} and {@link checkCode} read the
 * challenge under a row lock, decide and store the decision in one transaction, and answer after
 * the commit, so a refused try is counted although the request fails.
 *
 * What a purpose passes in: its {@link ChallengeSubject} (which challenges are its own: the lookup
 * of the latest one and the scope of a block), what the code is bound to besides the challenge,
 * the codes a check compares, whether a code that already verified may verify again, and the
 * request field a refusal names. The block is kept in `blocked_until` of the challenge that used
 * up its codes or tries for both purposes; a block covers the purpose it happened in and no other
 * (a deposit block never blocks payout account verification, nor the reverse).
 *
 * @packageDocumentation
 */
import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { TIMEOUT_LONG_MS, TIMEOUT_SHORT_MS } from '@cashdesk/domain';
import type { ContactType } from '@cashdesk/contract';
import type { Database, Executor, Transaction } from '../../db/open';
import { otpChallenges } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import type { ErrorBody } from '../../http/api-error';

/** Digits of a code. */
export const OTP_CODE_DIGITS = 6;

/** The limits of one-time codes (SPEC §3 account management, §9 timeouts). */
export interface OtpPolicy {
  /** How long a code can be used (SPEC §9 timeout S, 5 minutes). */
  readonly codeTtlMs: number;
  /** Codes per challenge (otp/send max_request_count); one more request blocks. */
  readonly maxRequestCount: number;
  /** Wait before another code may be asked for (resend_after). */
  readonly resendAfterMs: number;
  /** Tries per challenge; the wrong try that uses up the last one blocks. */
  readonly maxAttempts: number;
  /** How long a block lasts (otp/send block_duration; SPEC §9 timeout L, 15 minutes). */
  readonly blockDurationMs: number;
}

/** The default {@link OtpPolicy}, the same for both purposes. */
export const DEFAULT_OTP_POLICY: OtpPolicy = {
  codeTtlMs: TIMEOUT_SHORT_MS,
  maxRequestCount: 3,
  resendAfterMs: 60_000,
  maxAttempts: 3,
  blockDurationMs: TIMEOUT_LONG_MS,
};

// --- codes and hashes -----------------------------------------------------------------------------

/** A new six-digit code (leading zeros kept). */
export function generateOtpCode(): string {
  return String(randomInt(0, 10 ** OTP_CODE_DIGITS)).padStart(OTP_CODE_DIGITS, '0');
}

/**
 * HMAC-SHA-256 (hex) of a code under the server secret, bound to its challenge and to `binding`
 * (what else the code confirms, e.g. a deposit's pay group, field and requisite value):
 * the MAC of `challengeId:binding…:code`.
 */
export function hashOtpCode(
  secret: string,
  challengeId: string,
  code: string,
  binding: readonly string[] = [],
): string {
  return createHmac('sha256', secret)
    .update([challengeId, ...binding, code].join(':'))
    .digest('hex');
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

// --- pure decisions -------------------------------------------------------------------------------

/** A stored challenge. */
export type OtpChallengeRow = typeof otpChallenges.$inferSelect;

/** What of a challenge the decisions read. */
export type ChallengeState = Pick<
  OtpChallengeRow,
  | 'attempts'
  | 'maxAttempts'
  | 'resendCount'
  | 'maxResends'
  | 'resendAfter'
  | 'expiresAt'
  | 'blockedUntil'
  | 'verifiedAt'
>;

/** What a decision is taken on. */
export interface ChallengeView {
  /** The subject's latest challenge, if it has one. */
  readonly latest: ChallengeState | undefined;
  /** The end of the block of the purpose for the player (any of its challenges), if any. */
  readonly block: Date | null;
}

function later(a: Date | null, b: Date | null): Date | null {
  if (a === null) return b;
  if (b === null) return a;
  return a.getTime() >= b.getTime() ? a : b;
}

/** The end of the block in force at `now`, else `null`. */
export function blockEnd(view: ChallengeView, now: Date): Date | null {
  const own = view.latest?.blockedUntil ?? null;
  const until = later(view.block, own);
  return until !== null && until.getTime() > now.getTime() ? until : null;
}

/** Whether a challenge still takes tries and resends: not verified, not expired, never blocked. */
export function isLive(challenge: ChallengeState | undefined, now: Date): boolean {
  return (
    challenge !== undefined &&
    challenge.verifiedAt === null &&
    challenge.blockedUntil === null &&
    challenge.expiresAt.getTime() > now.getTime()
  );
}

/** Whether one more code may be asked for without blocking (deposit otp can_resend). */
export function canAskAgain(
  challenge: Pick<ChallengeState, 'resendCount' | 'maxResends'>,
): boolean {
  return challenge.resendCount + 1 < challenge.maxResends;
}

/** The end of a block that starts at `now`. */
function blockFrom(now: Date, policy: OtpPolicy): Date {
  return new Date(now.getTime() + policy.blockDurationMs);
}

/** What a send decided. */
export type SendDecision =
  /** No live challenge: a new one with fresh counters. */
  | { readonly kind: 'new' }
  /** A new code on the live challenge; `resendCount` is its count after this one. */
  | { readonly kind: 'resend'; readonly resendCount: number }
  /** The resend timer has not run out. */
  | { readonly kind: 'too-soon'; readonly resendAt: Date }
  /** Blocked until `until`; `starts` when this request is the one too many (to be stored). */
  | { readonly kind: 'blocked'; readonly until: Date; readonly starts: boolean };

/**
 * Decides a request for a code (SPEC §3 maxRequestCount and blockDuration, §4 blocking): blocked
 * while a block is in force; a new challenge when there is no live one; too soon before the
 * resend timer ran out; one request more than `maxRequestCount` codes blocks; otherwise a new
 * code on the same challenge.
 */
export function decideSend(view: ChallengeView, now: Date, policy: OtpPolicy): SendDecision {
  const block = blockEnd(view, now);
  if (block !== null) return { kind: 'blocked', until: block, starts: false };
  const { latest } = view;
  if (latest === undefined || !isLive(latest, now)) return { kind: 'new' };
  if (latest.resendAfter !== null && latest.resendAfter.getTime() > now.getTime()) {
    return { kind: 'too-soon', resendAt: latest.resendAfter };
  }
  if (!canAskAgain(latest)) {
    return { kind: 'blocked', until: blockFrom(now, policy), starts: true };
  }
  return { kind: 'resend', resendCount: latest.resendCount + 1 };
}

/** What a check decided; `M` is the code that matched. */
export type CheckDecision<M> =
  /** The code matched (`repeat`: a challenge verified before, confirmed again; nothing to store). */
  | {
      readonly kind: 'verified';
      readonly match: M;
      readonly attempts: number;
      readonly attemptsLeft: number;
      readonly repeat: boolean;
    }
  /** A wrong code with tries left. */
  | { readonly kind: 'wrong'; readonly attempts: number; readonly attemptsLeft: number }
  /** Blocked until `until`; `starts` when this wrong try used up the last one (to be stored). */
  | {
      readonly kind: 'blocked';
      readonly until: Date;
      readonly starts: boolean;
      readonly attempts: number;
    }
  /** No live challenge: none sent, expired, or verified already. */
  | { readonly kind: 'none' };

/**
 * Decides a check of a code (SPEC §4 one-time code and blocking): blocked while a block is in
 * force, even for the right code; none without a live challenge; otherwise a try is counted and
 * the code verifies, or is wrong with tries left, or is the wrong try that uses up the last one
 * and blocks. A challenge that was verified already verifies again only when `repeatAccepted`
 * and the code is its code (a double click answers the same), without counting a try.
 *
 * @param match what matched the challenge's hash (`undefined`: no code did)
 */
export function decideCheck<M>(
  view: ChallengeView,
  match: M | undefined,
  repeatAccepted: boolean,
  now: Date,
  policy: OtpPolicy,
): CheckDecision<M> {
  const { latest } = view;
  const block = blockEnd(view, now);
  if (block !== null) {
    return { kind: 'blocked', until: block, starts: false, attempts: latest?.attempts ?? 0 };
  }
  if (latest === undefined) return { kind: 'none' };
  if (latest.verifiedAt !== null) {
    return match !== undefined && repeatAccepted
      ? {
          kind: 'verified',
          match,
          attempts: latest.attempts,
          attemptsLeft: Math.max(0, latest.maxAttempts - latest.attempts),
          repeat: true,
        }
      : { kind: 'none' };
  }
  if (!isLive(latest, now)) return { kind: 'none' };
  const attempts = latest.attempts + 1;
  const attemptsLeft = Math.max(0, latest.maxAttempts - attempts);
  if (match !== undefined)
    return { kind: 'verified', match, attempts, attemptsLeft, repeat: false };
  if (attempts >= latest.maxAttempts) {
    return { kind: 'blocked', until: blockFrom(now, policy), starts: true, attempts };
  }
  return { kind: 'wrong', attempts, attemptsLeft };
}

// --- refusals -------------------------------------------------------------------------------------

/** Extra fields an OTP error answer carries (contract ErrorBody). */
export interface OtpErrorDetails {
  readonly attempts_left?: number;
  readonly block_until?: string;
  readonly resend_after?: number;
  /** 1403 of a payout account: where the code still valid went. */
  readonly masked_contact?: string;
  readonly contact_type?: ContactType;
}

/**
 * An OTP refusal (1401, 1402, 1403) whose answer also says how many tries are left, until when
 * the purpose is blocked or when a code may be asked for again.
 */
export class OtpError extends ApiError {
  readonly details: OtpErrorDetails;

  constructor(
    errorName: 'otpInvalid' | 'otpBlocked' | 'otpResendTooSoon',
    details: OtpErrorDetails,
    options: { readonly field?: string | undefined; readonly detail?: string } = {},
  ) {
    super(errorName, options);
    this.details = details;
  }

  override toBody(): ErrorBody & OtpErrorDetails {
    return { ...super.toBody(), ...this.details };
  }
}

/** 1402 with block_until and no tries left. */
export function blockedError(until: Date, field: string | undefined, detail: string): OtpError {
  return new OtpError(
    'otpBlocked',
    { block_until: until.toISOString(), attempts_left: 0 },
    { field, detail },
  );
}

// --- challenges in the database -------------------------------------------------------------------

/** Which challenges belong together: those of one purpose of one player. */
export type ChallengePurpose = 'payout-account' | 'deposit';

/**
 * What a challenge confirms. A payout account's challenges are its own (the latest one is looked
 * up per account); a player has one line of deposit challenges. A block covers the purpose.
 */
export type ChallengeSubject =
  | {
      readonly purpose: 'payout-account';
      readonly playerId: string;
      readonly payoutAccountId: string;
    }
  | { readonly purpose: 'deposit'; readonly playerId: string };

/** The challenges of a purpose: a deposit challenge has no payout account. */
function purposeScope(playerId: string, purpose: ChallengePurpose): SQL | undefined {
  return and(
    eq(otpChallenges.playerId, playerId),
    purpose === 'deposit'
      ? isNull(otpChallenges.payoutAccountId)
      : isNotNull(otpChallenges.payoutAccountId),
  );
}

/** The end of the player's block in a purpose at `now`, else `null` (latest end first). */
export async function purposeBlock(
  db: Executor,
  playerId: string,
  purpose: ChallengePurpose,
  now: Date,
): Promise<Date | null> {
  const [row] = await db
    .select({ until: otpChallenges.blockedUntil })
    .from(otpChallenges)
    .where(and(purposeScope(playerId, purpose), gt(otpChallenges.blockedUntil, now)))
    .orderBy(desc(otpChallenges.blockedUntil))
    .limit(1);
  return row?.until ?? null;
}

/** The subject's latest challenge, locked for the rest of the transaction. */
async function latestChallenge(
  tx: Transaction,
  subject: ChallengeSubject,
): Promise<OtpChallengeRow | undefined> {
  const own =
    subject.purpose === 'deposit'
      ? isNull(otpChallenges.payoutAccountId)
      : eq(otpChallenges.payoutAccountId, subject.payoutAccountId);
  const [row] = await tx
    .select()
    .from(otpChallenges)
    .where(and(eq(otpChallenges.playerId, subject.playerId), own))
    .orderBy(desc(otpChallenges.createdAt), desc(otpChallenges.id))
    .limit(1)
    .for('update');
  return row;
}

/** The block of the purpose, then the latest challenge under its row lock. */
async function readView(
  tx: Transaction,
  subject: ChallengeSubject,
  now: Date,
): Promise<{ readonly view: ChallengeView; readonly latest: OtpChallengeRow | undefined }> {
  const block = await purposeBlock(tx, subject.playerId, subject.purpose, now);
  // Read under the row lock: a concurrent request may have blocked it meanwhile.
  const latest = await latestChallenge(tx, subject);
  return { view: { latest, block }, latest };
}

/** What every use of a challenge needs. */
export interface ChallengeRequest {
  readonly subject: ChallengeSubject;
  /** Server secret keying the hashes. */
  readonly secret: string;
  readonly policy: OtpPolicy;
  readonly now: Date;
}

/** A request for a code. */
export interface SendRequest extends ChallengeRequest {
  readonly contactType: ContactType;
  /** What the code is bound to besides its challenge ({@link hashOtpCode}). */
  readonly binding: readonly string[];
}

/** What a resend replaced on its challenge: put back when the new code never left. */
type ReplacedCode = Pick<
  OtpChallengeRow,
  'codeHash' | 'contactType' | 'expiresAt' | 'resendCount' | 'resendAfter'
>;

/** A code stored and not yet handed over ({@link handOverCode}). */
export interface SentCode {
  readonly kind: 'sent';
  readonly challengeId: string;
  /** The plain code: for the sender only. */
  readonly code: string;
  readonly expiresAt: Date;
  /** Whether one more code may be asked for without blocking. */
  readonly canResend: boolean;
  /** The hash stored for this code: a withdrawal undoes only its own send. */
  readonly codeHash: string;
  /** What the send replaced: `null` when it started the challenge. */
  readonly replaced: ReplacedCode | null;
}

/** What a send did. */
export type SendOutcome =
  | SentCode
  | { readonly kind: 'blocked'; readonly until: Date }
  /** The code sent last is still valid; it went to `contactType`. */
  | { readonly kind: 'too-soon'; readonly resendAt: Date; readonly contactType: ContactType };

/**
 * Decides a request for a code ({@link decideSend}) and stores it: a new challenge, a new code
 * on the live one, or the block. The caller delivers the code of a `sent` outcome.
 */
export async function sendCode(db: Database, request: SendRequest): Promise<SendOutcome> {
  const { subject, secret, policy, now } = request;
  return db.transaction(async (tx): Promise<SendOutcome> => {
    const { view, latest } = await readView(tx, subject, now);
    const decision = decideSend(view, now, policy);
    if (decision.kind === 'too-soon') {
      // Too soon needs a live challenge: the latest one, whose code is still valid.
      return { ...decision, contactType: latest?.contactType ?? request.contactType };
    }
    if (decision.kind === 'blocked') {
      if (decision.starts && latest !== undefined) {
        await tx
          .update(otpChallenges)
          .set({ blockedUntil: decision.until })
          .where(eq(otpChallenges.id, latest.id));
      }
      return { kind: 'blocked', until: decision.until };
    }
    const code = generateOtpCode();
    const expiresAt = new Date(now.getTime() + policy.codeTtlMs);
    const resendAfter = new Date(now.getTime() + policy.resendAfterMs);
    if (decision.kind === 'resend' && latest !== undefined) {
      const codeHash = hashOtpCode(secret, latest.id, code, request.binding);
      await tx
        .update(otpChallenges)
        .set({
          codeHash,
          contactType: request.contactType,
          expiresAt,
          resendCount: decision.resendCount,
          resendAfter,
        })
        .where(eq(otpChallenges.id, latest.id));
      return {
        kind: 'sent',
        challengeId: latest.id,
        code,
        expiresAt,
        canResend: canAskAgain({
          resendCount: decision.resendCount,
          maxResends: latest.maxResends,
        }),
        codeHash,
        replaced: {
          codeHash: latest.codeHash,
          contactType: latest.contactType,
          expiresAt: latest.expiresAt,
          resendCount: latest.resendCount,
          resendAfter: latest.resendAfter,
        },
      };
    }
    const id = randomUUID();
    const codeHash = hashOtpCode(secret, id, code, request.binding);
    await tx.insert(otpChallenges).values({
      id,
      playerId: subject.playerId,
      payoutAccountId: subject.purpose === 'deposit' ? null : subject.payoutAccountId,
      contactType: request.contactType,
      codeHash,
      attempts: 0,
      maxAttempts: policy.maxAttempts,
      expiresAt,
      resendCount: 0,
      maxResends: policy.maxRequestCount,
      resendAfter,
      createdAt: now,
    });
    return {
      kind: 'sent',
      challengeId: id,
      code,
      expiresAt,
      canResend: canAskAgain({ resendCount: 0, maxResends: policy.maxRequestCount }),
      codeHash,
      replaced: null,
    };
  });
}

/**
 * Takes back a send whose code never reached the player, so that it counts against nothing: a
 * challenge the send started is deleted, a resend puts back the code, expiry, count and resend
 * timer it replaced (the code sent before works again). Tries stay counted. Conditional on the
 * challenge still holding this send's code and being neither verified nor blocked: a later
 * send, a verification or a block since then is never undone.
 *
 * @returns whether the send was taken back.
 */
export async function withdrawSend(db: Database, sent: SentCode): Promise<boolean> {
  const own = and(
    eq(otpChallenges.id, sent.challengeId),
    eq(otpChallenges.codeHash, sent.codeHash),
    isNull(otpChallenges.verifiedAt),
    isNull(otpChallenges.blockedUntil),
  );
  const rows =
    sent.replaced === null
      ? await db.delete(otpChallenges).where(own).returning({ id: otpChallenges.id })
      : await db
          .update(otpChallenges)
          .set(sent.replaced)
          .where(own)
          .returning({ id: otpChallenges.id });
  return rows.length > 0;
}

/** What {@link handOverCode} did. */
export type HandOver =
  | { readonly delivered: true }
  /** The sender failed (`cause`); the send was taken back (`withdrawn`) unless a later one won. */
  | { readonly delivered: false; readonly cause: unknown; readonly withdrawn: boolean };

/**
 * Hands a stored code to the sender, after the commit of {@link sendCode}. Why in this order:
 * the code's hash must be stored before the code can reach the player (a code delivered but
 * never stored would fail however right it is), and the network call must not run inside the
 * transaction (it would hold the challenge's row lock and a database connection, PGlite's only
 * one, for as long as the messaging service takes). So the send is counted first, and when the
 * sender fails (it throws, whatever the reason) {@link withdrawSend} takes the count back before
 * the player is answered: a failed hand-over costs the player no request, no resend wait and no
 * block. A process that dies between the commit and the hand-over leaves the send counted (the
 * player waits the resend timer): the safe side for a limit that stops code flooding.
 */
export async function handOverCode(
  db: Database,
  sent: SentCode,
  send: () => Promise<void>,
): Promise<HandOver> {
  try {
    await send();
    return { delivered: true };
  } catch (cause) {
    return { delivered: false, cause, withdrawn: await withdrawSend(db, sent) };
  }
}

/** A code a check compares with the challenge, and what it is bound to. */
export interface OtpCandidate {
  readonly code: string;
  readonly binding: readonly string[];
}

/** A check of codes. */
export interface CheckRequest<C extends OtpCandidate> extends ChallengeRequest {
  /** The codes to compare (one try for all of them); the first that matches verifies. */
  readonly candidates: readonly C[];
  /** Whether the code of a challenge verified before verifies again (a repeated request). */
  readonly repeatAccepted: boolean;
  /** The request field a refusal names: a wrong or missing code, and a block (none: no field). */
  readonly fields: { readonly invalid: string; readonly blocked: string | undefined };
  /** Runs inside the transaction that marks the challenge verified (not on a repeat). */
  readonly onVerified?: (tx: Transaction) => Promise<void>;
}

/** A check that passed. */
export interface CheckPassed<C> {
  readonly candidate: C;
  readonly attemptsLeft: number;
}

/**
 * Decides a check ({@link decideCheck}) and stores it: the try, the verification or the block.
 *
 * @throws {OtpError} otpInvalid (400, with attempts_left) for a wrong code, or when no live code
 * was sent (attempts_left 0); otpBlocked (429, with block_until) while blocked, and for the wrong
 * code that uses up the last try. Thrown after the commit, so the try stays counted.
 */
export async function checkCode<C extends OtpCandidate>(
  db: Database,
  request: CheckRequest<C>,
): Promise<CheckPassed<C>> {
  const { subject, secret, policy, now } = request;
  const decision = await db.transaction(async (tx): Promise<CheckDecision<C>> => {
    const { view, latest } = await readView(tx, subject, now);
    const match =
      latest === undefined
        ? undefined
        : request.candidates.find((candidate) =>
            sameHash(
              hashOtpCode(secret, latest.id, candidate.code, candidate.binding),
              latest.codeHash,
            ),
          );
    const decided = decideCheck(view, match, request.repeatAccepted, now, policy);
    if (latest === undefined) return decided;
    if (decided.kind === 'verified' && !decided.repeat) {
      await tx
        .update(otpChallenges)
        .set({ attempts: decided.attempts, verifiedAt: now })
        .where(eq(otpChallenges.id, latest.id));
      await request.onVerified?.(tx);
    } else if (decided.kind === 'wrong') {
      await tx
        .update(otpChallenges)
        .set({ attempts: decided.attempts })
        .where(eq(otpChallenges.id, latest.id));
    } else if (decided.kind === 'blocked' && decided.starts) {
      await tx
        .update(otpChallenges)
        .set({ attempts: decided.attempts, blockedUntil: decided.until })
        .where(eq(otpChallenges.id, latest.id));
    }
    return decided;
  });
  switch (decision.kind) {
    case 'verified':
      return { candidate: decision.match, attemptsLeft: decision.attemptsLeft };
    case 'blocked':
      throw blockedError(
        decision.until,
        request.fields.blocked,
        `${subject.purpose} code check while blocked or after the last wrong code`,
      );
    case 'wrong':
      throw new OtpError(
        'otpInvalid',
        { attempts_left: decision.attemptsLeft },
        { field: request.fields.invalid, detail: `wrong ${subject.purpose} code` },
      );
    case 'none':
      throw new OtpError(
        'otpInvalid',
        { attempts_left: 0 },
        { field: request.fields.invalid, detail: `no live ${subject.purpose} code` },
      );
  }
}
