/**
 * Deposit confirmation codes (SPEC §7 payments/groups/{paygroup_id}/otp, §4 "the code is placed
 * into the field named by fieldName"): a form with a requisite field (is_otp_requisites) asks
 * for a code sent to that requisite, and the submit must carry it.
 *
 * The challenge mechanics are modules/accounts/otp.ts, the same rules and policy as a payout
 * account's code. What is this purpose's own:
 * - a player has one line of deposit challenges (no payout account), and a block of it blocks
 *   deposit codes only;
 * - the code is bound to the pay group, the field it is typed into and the requisite value, so a
 *   code sent for one phone and method confirms nothing else, and it goes to that requisite;
 * - a request for a code answers its outcome in the body (status sent, failed or blocked);
 * - a code confirms one deposit: once used it is spent (a retried submit resumes through its
 *   Idempotency-Key and does not check the code again).
 *
 * @packageDocumentation
 */
import { ERROR_CODES } from '@cashdesk/contract';
import type { ContactType, PaymentOtpResponse } from '@cashdesk/contract';
import {
  MESSAGE_KEYS,
  fieldKind,
  mapField,
  otpCodeField,
  otpRequisiteField,
  validateField,
} from '@cashdesk/domain';
import type { FormField } from '@cashdesk/domain';
import type { ServerConfig } from '../../config';
import type { Database } from '../../db/open';
import { ApiError } from '../../http/api-error';
import {
  maskContact,
  DEFAULT_OTP_POLICY,
  OTP_CODE_DIGITS,
  checkCode,
  handOverCode,
  secondsUntil,
  sendCode,
  notSentReason,
  otpMessage,
} from '../accounts';
import type { ChallengeRequest, OtpPolicy, OtpLog, OtpSender } from '../accounts';
import { formFields, withServerValues, loadPlayer } from '../cashier';
import type { SessionPayGroup } from '../cashier';
import type { SessionContext } from '../../http/sessions';
import { isCardField, parameterField, textOf } from './submission';
import type { Submitted } from './submission';

/** What deposit codes need: the database and the secret keying the code hashes. */
export interface DepositCodeDeps {
  readonly db: Database;
  readonly config: Pick<ServerConfig, 'secret'>;
  /** Where a code that could not be handed over is reported. */
  readonly log?: OtpLog | undefined;
}

/** The player's deposit challenges, as modules/accounts/otp.ts takes them. */
function depositChallenges(
  deps: DepositCodeDeps,
  session: SessionContext,
  policy: OtpPolicy,
  now: Date,
): ChallengeRequest {
  return {
    subject: { purpose: 'deposit', playerId: session.playerId },
    secret: deps.config.secret,
    policy,
    now,
  };
}

/** What a deposit code is bound to besides its challenge (modules/accounts/otp.ts hashOtpCode). */
function depositBinding(payGroupId: number, fieldName: string, requisite: string): string[] {
  return ['deposit', String(payGroupId), fieldName, requisite];
}

/** Where a code for a requisite value goes: a phone field, else an address with an @. */
function contactTypeOf(requisite: FormField, value: string): ContactType {
  if (fieldKind(requisite) === 'phone' || requisite.type === 'user_phone') return 'phone';
  return value.includes('@') ? 'email' : 'phone';
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

/** Whether a deposit of this form needs a confirmation code (its form has a requisite field). */
export function needsDepositCode(fields: readonly FormField[]): boolean {
  return otpRequisiteField(fields) !== undefined;
}

/**
 * Checks the confirmation code of a deposit whose form has a requisite field: the player's live
 * challenge must have been sent for this pay group and requisite value, and one of the form's
 * fields must carry its code. The check is one try, whichever fields carry six digits; the
 * wrong try that uses up the last one blocks (modules/accounts/otp.ts checkCode).
 *
 * @returns the name of the field that carried the code (not stored with the transaction).
 * @throws {OtpError} otpInvalid or otpBlocked naming the field of the code.
 */
export async function confirmDepositCode(
  deps: DepositCodeDeps,
  session: SessionContext,
  payGroupId: number,
  fields: readonly FormField[],
  values: Submitted,
  now: Date,
  policy: OtpPolicy = DEFAULT_OTP_POLICY,
): Promise<string | null> {
  const requisite = otpRequisiteField(fields);
  if (requisite === undefined) return null;
  const requisiteValue = textOf(values, requisite.name) ?? '';
  const candidates = codeCandidates(fields, values, requisite);
  const field = parameterField(candidates[0] ?? requisite.name);
  const passed = await checkCode(deps.db, {
    ...depositChallenges(deps, session, policy, now),
    candidates: candidates.map((name) => ({
      name,
      code: textOf(values, name) ?? '',
      binding: depositBinding(payGroupId, name, requisiteValue),
    })),
    repeatAccepted: false,
    fields: { invalid: field, blocked: field },
  });
  return passed.candidate.name;
}

function otpAnswer(
  fieldName: string,
  answer: Omit<PaymentOtpResponse, 'field_name'>,
): PaymentOtpResponse {
  return { ...answer, field_name: fieldName };
}

/**
 * SPEC §7 payments/groups/{paygroup_id}/otp: sends a deposit confirmation code. The send is stored,
 * then handed to the sender; when the sender fails it is taken back (modules/accounts/otp.ts
 * handOverCode) and the answer is `failed` with 1404 and `can_resend` (nothing counted).
 */
export async function sendDepositCode(
  deps: DepositCodeDeps,
  sender: OtpSender,
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
  // SPEC §4: the code goes into the field the domain names for this form, the one the widget
  // offers the send beside.
  if (otpCodeField(fields)?.name !== request.fieldName) {
    throw new ApiError('invalidField', {
      field: 'body.field_name',
      detail: "field_name must name the form's code field",
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

  const contactType = contactTypeOf(requisite, requisiteValue);
  const outcome = await sendCode(deps.db, {
    ...depositChallenges(deps, session, policy, now),
    contactType,
    binding: depositBinding(entry.group.id, request.fieldName, requisiteValue),
  });

  switch (outcome.kind) {
    case 'blocked':
      return otpAnswer(request.fieldName, {
        status: 'blocked',
        error: true,
        can_resend: false,
        error_code: ERROR_CODES.otpBlocked.code,
        error_message: ERROR_CODES.otpBlocked.messageKey,
        resend_after: secondsUntil(outcome.until, now),
      });
    case 'too-soon':
      return otpAnswer(request.fieldName, {
        status: 'failed',
        error: true,
        can_resend: true,
        error_code: ERROR_CODES.otpResendTooSoon.code,
        error_message: ERROR_CODES.otpResendTooSoon.messageKey,
        resend_after: secondsUntil(outcome.resendAt, now),
      });
    case 'sent': {
      const message = otpMessage(session, {
        purpose: 'deposit',
        requisiteId: `deposit-${String(entry.group.id)}`,
        contactType,
        destination: requisiteValue,
        maskedContact: maskContact(contactType, requisiteValue),
        code: outcome.code,
        sentAt: now,
        expiresAt: outcome.expiresAt,
      });
      const handOver = await handOverCode(deps.db, outcome, () => sender.send(message));
      if (!handOver.delivered) {
        deps.log?.warn(
          { messageId: message.messageId, withdrawn: handOver.withdrawn },
          `deposit code not handed over: ${notSentReason(handOver.cause)}`,
        );
        return otpAnswer(request.fieldName, {
          status: 'failed',
          error: true,
          can_resend: true,
          error_code: ERROR_CODES.otpNotSent.code,
          error_message: ERROR_CODES.otpNotSent.messageKey,
          resend_after: 0,
        });
      }
      return otpAnswer(request.fieldName, {
        status: 'sent',
        error: false,
        can_resend: outcome.canResend,
        error_code: null,
        error_message: null,
        resend_after: Math.round(policy.resendAfterMs / 1000),
      });
    }
  }
}
