/**
 * Deposit confirmation codes (SPEC §7 payments/groups/{paygroup_id}/otp, §4 "the code is placed
 * into the field named by fieldName"): a form with a requisite field (is_otp_requisites) asks
 * for a code sent to that requisite, and the submit must carry it.
 *
 * @packageDocumentation
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { ERROR_CODES } from '@cashdesk/contract';
import type { PaymentOtpResponse } from '@cashdesk/contract';
import { MESSAGE_KEYS, fieldKind, mapField, validateField } from '@cashdesk/domain';
import type { FormField } from '@cashdesk/domain';
import type { ServerConfig } from '../../config';
import type { Database, Executor } from '../../db/open';
import { otpChallenges } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import {
  DEFAULT_OTP_POLICY,
  OTP_CODE_DIGITS,
  OtpError,
  generateOtpCode,
  hashOtpCode,
  sameHash,
  secondsUntil,
} from '../otp';
import type { OtpDelivery, OtpPolicy } from '../otp';
import { maskEmail, maskPhone } from '../contacts';
import { formFields, loadPlayer, withServerValues } from '../pay-groups';
import type { SessionPayGroup } from '../pay-groups';
import type { SessionContext } from '../sessions';
import { isCardField, parameterField, textOf } from './submission';
import type { Submitted } from './submission';

/** What deposit codes need: the database and the secret keying the code hashes. */
export interface DepositCodeDeps {
  readonly db: Database;
  readonly config: Pick<ServerConfig, 'secret'>;
}

/**
 * Deposit confirmation codes reuse the one-time code rules of services/otp.ts (six digits, HMAC
 * under the server secret, constant-time check, the same policy). A deposit challenge is an
 * otp_challenges row without a payout account. Its hash binds the code to the pay group, the
 * field the code is typed into and the requisite value, so a code sent for one phone and method
 * confirms nothing else. A block is kept on the row itself (attempts or resends used up and
 * `expires_at` moved to the end of the block) rather than in `blocked_until`, which blocks payout
 * account verification (services/otp.ts) and must not be touched by a deposit.
 */
function challengeBinding(
  challengeId: string,
  payGroupId: number,
  fieldName: string,
  requisite: string,
): string {
  return `${challengeId}:deposit:${String(payGroupId)}:${fieldName}:${requisite}`;
}

type Challenge = typeof otpChallenges.$inferSelect;

/** The player's latest deposit challenge (locked inside a transaction). */
async function latestDepositChallenge(
  db: Executor,
  playerId: string,
): Promise<Challenge | undefined> {
  const [row] = await db
    .select()
    .from(otpChallenges)
    .where(and(eq(otpChallenges.playerId, playerId), isNull(otpChallenges.payoutAccountId)))
    .orderBy(desc(otpChallenges.createdAt), desc(otpChallenges.id))
    .limit(1)
    .for('update');
  return row;
}

/** The end of a deposit challenge's block, if it is blocked at `now`. */
function depositBlock(challenge: Challenge | undefined, now: Date): Date | null {
  if (challenge === undefined || challenge.verifiedAt !== null) return null;
  const usedUp =
    challenge.attempts >= challenge.maxAttempts || challenge.resendCount >= challenge.maxResends;
  return usedUp && challenge.expiresAt > now ? challenge.expiresAt : null;
}

function isLiveChallenge(challenge: Challenge | undefined, now: Date): challenge is Challenge {
  return (
    challenge !== undefined &&
    challenge.verifiedAt === null &&
    challenge.expiresAt > now &&
    depositBlock(challenge, now) === null
  );
}

/** The requisite field of a form (is_otp_requisites), if it has one. */
function otpRequisiteField(fields: readonly FormField[]): FormField | undefined {
  return fields.find((field) => field.isOtpRequisites);
}

/** The codes of a submit that may confirm the challenge: six-digit values of other fields. */
function codeCandidates(
  fields: readonly FormField[],
  values: Submitted,
  requisite: FormField,
): string[] {
  const digits = new RegExp(`^[0-9]{${String(OTP_CODE_DIGITS)}}$`);
  return fields
    .filter((field) => field.name !== requisite.name && !isCardField(field))
    .map((field) => field.name)
    .filter((name) => digits.test(textOf(values, name) ?? ''));
}

/**
 * Checks the confirmation code of a deposit whose form has a requisite field: the player's live
 * challenge must have been sent for this pay group and requisite value, and one of the form's
 * fields must carry its code. Every check counts as a try; the try that uses up the last one
 * blocks. Decided inside a transaction, answered after it, so a wrong try is counted even though
 * the request fails.
 *
 * @returns the name of the field that carried the code (not stored with the transaction).
 */
export async function confirmDepositCode(
  deps: DepositCodeDeps,
  session: SessionContext,
  payGroupId: number,
  fields: readonly FormField[],
  values: Submitted,
  now: Date,
): Promise<string | null> {
  const requisite = otpRequisiteField(fields);
  if (requisite === undefined) return null;
  const requisiteValue = textOf(values, requisite.name) ?? '';
  const candidates = codeCandidates(fields, values, requisite);
  const field = parameterField(candidates[0] ?? requisite.name);
  const decision = await deps.db.transaction(async (tx) => {
    const challenge = await latestDepositChallenge(tx, session.playerId);
    const block = depositBlock(challenge, now);
    if (block !== null) return { kind: 'blocked', until: block } as const;
    if (!isLiveChallenge(challenge, now)) return { kind: 'none' } as const;
    const matched = candidates.find((name) => {
      const code = textOf(values, name) ?? '';
      const hash = hashOtpCode(
        deps.config.secret,
        challengeBinding(challenge.id, payGroupId, name, requisiteValue),
        code,
      );
      return sameHash(hash, challenge.codeHash);
    });
    if (matched !== undefined) {
      await tx
        .update(otpChallenges)
        .set({ verifiedAt: now })
        .where(eq(otpChallenges.id, challenge.id));
      return { kind: 'verified', field: matched } as const;
    }
    const attempts = challenge.attempts + 1;
    const blocked = attempts >= challenge.maxAttempts;
    const policy = DEFAULT_OTP_POLICY;
    await tx
      .update(otpChallenges)
      .set({
        attempts,
        ...(blocked ? { expiresAt: new Date(now.getTime() + policy.blockDurationMs) } : {}),
      })
      .where(eq(otpChallenges.id, challenge.id));
    return blocked
      ? ({ kind: 'blocked', until: new Date(now.getTime() + policy.blockDurationMs) } as const)
      : ({ kind: 'wrong', attemptsLeft: challenge.maxAttempts - attempts } as const);
  });
  switch (decision.kind) {
    case 'verified':
      return decision.field;
    case 'blocked':
      throw new OtpError(
        'otpBlocked',
        { block_until: decision.until.toISOString(), attempts_left: 0 },
        { field, detail: 'deposit confirmation blocked' },
      );
    case 'none':
      throw new OtpError(
        'otpInvalid',
        { attempts_left: 0 },
        { field, detail: 'no confirmation code was sent for this deposit' },
      );
    case 'wrong':
      throw new OtpError(
        'otpInvalid',
        { attempts_left: decision.attemptsLeft },
        { field, detail: 'wrong confirmation code' },
      );
  }
}

/** What a deposit code request decided inside its transaction. */
type SendDecision =
  | { readonly kind: 'sent'; readonly code: string; readonly canResend: boolean }
  | { readonly kind: 'blocked'; readonly until: Date }
  | { readonly kind: 'too-soon'; readonly resendAt: Date };

function otpAnswer(
  fieldName: string,
  answer: Omit<PaymentOtpResponse, 'field_name'>,
): PaymentOtpResponse {
  return { ...answer, field_name: fieldName };
}

/** SPEC §7 payments/groups/{paygroup_id}/otp: sends a deposit confirmation code. */
export async function sendDepositCode(
  deps: DepositCodeDeps,
  delivery: OtpDelivery,
  session: SessionContext,
  entry: SessionPayGroup,
  request: { readonly parameters: Submitted; readonly fieldName: string },
  now: Date,
  policy: OtpPolicy = DEFAULT_OTP_POLICY,
): Promise<PaymentOtpResponse> {
  const player = await loadPlayer(deps.db, session.playerId);
  const fields = formFields(entry.group, player).map(mapField);
  const requisite = otpRequisiteField(fields);
  if (requisite === undefined) {
    return otpAnswer(request.fieldName, {
      status: 'failed',
      error: true,
      can_resend: false,
      error_code: ERROR_CODES.invalidField.code,
      error_message: 'CASHIER.ERROR.OTP_NOT_REQUIRED',
      resend_after: 0,
    });
  }
  const codeField = fields.find((field) => field.name === request.fieldName);
  if (codeField === undefined || codeField.name === requisite.name || isCardField(codeField)) {
    throw new ApiError('invalidField', {
      field: 'body.field_name',
      detail: 'field_name must name a field of the form other than the requisite',
    });
  }
  const values = withServerValues(fields, request.parameters, isCardField);
  const requisiteValue = textOf(values, requisite.name) ?? '';
  const check = validateField(requisite, requisiteValue);
  if (!check.valid || requisiteValue === '') {
    const error = check.valid ? { key: MESSAGE_KEYS.fieldRequired } : check.error;
    throw new ApiError('invalidField', {
      field: parameterField(requisite.name),
      messageKey: error.key,
      detail: 'requisite refused',
    });
  }

  const decision = await deps.db.transaction(async (tx): Promise<SendDecision> => {
    const current = await latestDepositChallenge(tx, session.playerId);
    const block = depositBlock(current, now);
    if (block !== null) return { kind: 'blocked', until: block };
    const code = generateOtpCode();
    const expiresAt = new Date(now.getTime() + policy.codeTtlMs);
    const resendAfter = new Date(now.getTime() + policy.resendAfterMs);
    const contactType =
      fieldKind(requisite) === 'phone' || requisite.type === 'user_phone'
        ? 'phone'
        : requisiteValue.includes('@')
          ? 'email'
          : 'phone';
    if (isLiveChallenge(current, now)) {
      if (current.resendAfter !== null && current.resendAfter > now) {
        return { kind: 'too-soon', resendAt: current.resendAfter };
      }
      const resendCount = current.resendCount + 1;
      if (resendCount >= current.maxResends) {
        const until = new Date(now.getTime() + policy.blockDurationMs);
        await tx
          .update(otpChallenges)
          .set({ resendCount, expiresAt: until })
          .where(eq(otpChallenges.id, current.id));
        return { kind: 'blocked', until };
      }
      await tx
        .update(otpChallenges)
        .set({
          codeHash: hashOtpCode(
            deps.config.secret,
            challengeBinding(current.id, entry.group.id, request.fieldName, requisiteValue),
            code,
          ),
          contactType,
          attempts: 0,
          expiresAt,
          resendCount,
          resendAfter,
        })
        .where(eq(otpChallenges.id, current.id));
      return { kind: 'sent', code, canResend: resendCount + 1 < current.maxResends };
    }
    const id = randomUUID();
    await tx.insert(otpChallenges).values({
      id,
      playerId: session.playerId,
      payoutAccountId: null,
      contactType,
      codeHash: hashOtpCode(
        deps.config.secret,
        challengeBinding(id, entry.group.id, request.fieldName, requisiteValue),
        code,
      ),
      attempts: 0,
      maxAttempts: policy.maxAttempts,
      expiresAt,
      resendCount: 0,
      maxResends: policy.maxRequestCount,
      resendAfter,
      createdAt: now,
    });
    return { kind: 'sent', code, canResend: policy.maxRequestCount > 1 };
  });

  switch (decision.kind) {
    case 'blocked':
      return otpAnswer(request.fieldName, {
        status: 'blocked',
        error: true,
        can_resend: false,
        error_code: ERROR_CODES.otpBlocked.code,
        error_message: ERROR_CODES.otpBlocked.messageKey,
        resend_after: secondsUntil(decision.until, now),
      });
    case 'too-soon':
      return otpAnswer(request.fieldName, {
        status: 'failed',
        error: true,
        can_resend: true,
        error_code: ERROR_CODES.otpResendTooSoon.code,
        error_message: ERROR_CODES.otpResendTooSoon.messageKey,
        resend_after: secondsUntil(decision.resendAt, now),
      });
    case 'sent': {
      const email = requisiteValue.includes('@');
      await delivery.deliver({
        playerId: session.playerId,
        sessionId: session.sessionId,
        requisiteId: `deposit-${String(entry.group.id)}`,
        contactType: email ? 'email' : 'phone',
        destination: requisiteValue,
        maskedContact: email ? maskEmail(requisiteValue) : maskPhone(requisiteValue),
        code: decision.code,
        sentAt: now,
        expiresAt: new Date(now.getTime() + policy.codeTtlMs),
      });
      return otpAnswer(request.fieldName, {
        status: 'sent',
        error: false,
        can_resend: decision.canResend,
        error_code: null,
        error_message: null,
        resend_after: Math.round(policy.resendAfterMs / 1000),
      });
    }
  }
}
