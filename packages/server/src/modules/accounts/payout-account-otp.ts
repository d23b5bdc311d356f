/**
 * One-time codes that confirm a payout account (SPEC §2 payout verification, §3 account
 * management {blockDuration, maxRequestCount, isShowTimerReceiveCode} and withdrawal
 * payout_account_verification_blocked(_until), §7 otp/send and otp/verify). The challenge
 * mechanics are modules/accounts/otp.ts; what is this purpose's own:
 * - a challenge belongs to one payout account of the player, and the code is sent to the
 *   player's e-mail or phone (the contact the player chose);
 * - a block covers payout account verification of the player, every account (the withdrawal
 *   select answers it, {@link verificationBlock});
 * - a request refused for sending answers an error (1402, 1403);
 * - the code verifies the account, and a repeated verify of the code that did answers the same.
 *
 * @packageDocumentation
 */
import type { ContactType, OtpSendResponse, OtpVerifyResponse } from '@cashdesk/contract';
import type { Database, Executor } from '../../db/open';
import { ApiError } from '../../http/api-error';
import {
  DEFAULT_OTP_POLICY,
  OtpError,
  blockedError,
  checkCode,
  handOverCode,
  purposeBlock,
  secondsUntil,
  sendCode,
} from './otp';
import type { OtpPolicy } from './otp';
import { notSentReason, otpMessage } from './otp-senders/otp-sender';
import type { OtpRecipient, OtpSender } from './otp-senders/otp-sender';
import type { PayoutAccountRow } from './payout-accounts';
import {
  findPlayerPayoutAccount,
  markPayoutAccountVerified,
  playerContact,
} from './payout-accounts';

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
  now: Date,
): Promise<VerificationBlock> {
  const until = await purposeBlock(db, playerId, 'payout-account', now);
  return until === null ? { blocked: false, until: null } : { blocked: true, until };
}

/** Who asks, and how. */
export interface OtpContext {
  readonly playerId: string;
  /** Server secret keying the hashes. */
  readonly secret: string;
  readonly now: Date;
  readonly policy?: OtpPolicy;
}

/** Who asks for a code, and who hands it over. */
export interface OtpSendContext extends OtpContext {
  readonly recipient: OtpRecipient;
  readonly sender: OtpSender;
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

/**
 * SPEC §7 otp/send: sends a new code for a payout account of the player to the player's e-mail
 * or phone. The send is stored, then handed to the sender; when the sender fails it is taken
 * back (modules/accounts/otp.ts handOverCode) and the player gets 1404.
 *
 * @throws {ApiError} notFound (body.requisite_id) for an account that is not the player's;
 * invalidField (body.contact_type) when the profile has no such contact; {@link OtpError}
 * otpBlocked (with block_until) while blocked or when this request is one too many;
 * otpResendTooSoon (with resend_after seconds) before the resend timer ran out; otpNotSent
 * (503) when the code could not be handed over (nothing counted).
 */
export async function sendOtp(
  db: Database,
  context: OtpSendContext,
  request: { readonly contact_type: ContactType; readonly requisite_id: string },
): Promise<OtpSendResponse> {
  const policy = context.policy ?? DEFAULT_OTP_POLICY;
  const { now } = context;
  const account = await requireAccount(db, context.playerId, request.requisite_id);
  const contact = await playerContact(db, context.playerId, request.contact_type);
  if (contact === null) {
    throw new ApiError('invalidField', {
      field: 'body.contact_type',
      detail: `the player has no ${request.contact_type} to send a code to`,
    });
  }

  const outcome = await sendCode(db, {
    subject: { purpose: 'payout-account', playerId: context.playerId, payoutAccountId: account.id },
    secret: context.secret,
    policy,
    now,
    contactType: request.contact_type,
    binding: [],
  });
  if (outcome.kind === 'blocked') {
    throw blockedError(outcome.until, undefined, 'otp/send while blocked or one request too many');
  }
  if (outcome.kind === 'too-soon') {
    // The code sent a moment ago is still valid: the answer says where it went, so that a player
    // who opened the screen again types it rather than waiting for another (SPEC §2 confirm a
    // one-time code).
    const sentTo = await playerContact(db, context.playerId, outcome.contactType);
    throw new OtpError(
      'otpResendTooSoon',
      {
        resend_after: secondsUntil(outcome.resendAt, now),
        ...(sentTo === null
          ? {}
          : { masked_contact: sentTo.masked, contact_type: outcome.contactType }),
      },
      { detail: 'otp/send before the resend timer ran out' },
    );
  }
  const message = otpMessage(context.recipient, {
    purpose: 'payout-account',
    requisiteId: account.id,
    contactType: request.contact_type,
    destination: contact.destination,
    maskedContact: contact.masked,
    code: outcome.code,
    sentAt: now,
    expiresAt: outcome.expiresAt,
  });
  const handOver = await handOverCode(db, outcome, () => context.sender.send(message));
  if (!handOver.delivered) {
    throw new ApiError('otpNotSent', {
      detail: `payout account code not handed over: ${notSentReason(handOver.cause)}; send withdrawn: ${String(handOver.withdrawn)}`,
    });
  }
  return {
    success: true,
    max_request_count: policy.maxRequestCount,
    block_duration: Math.round(policy.blockDurationMs / 1000),
    resend_after: Math.round(policy.resendAfterMs / 1000),
    masked_contact: contact.masked,
  };
}

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
  context: OtpContext,
  request: { readonly otp: string; readonly requisite_id: string },
): Promise<OtpVerifyResponse> {
  const { now } = context;
  const account = await requireAccount(db, context.playerId, request.requisite_id);
  const passed = await checkCode(db, {
    subject: { purpose: 'payout-account', playerId: context.playerId, payoutAccountId: account.id },
    secret: context.secret,
    policy: context.policy ?? DEFAULT_OTP_POLICY,
    now,
    candidates: [{ code: request.otp, binding: [] }],
    repeatAccepted: account.verified,
    fields: { invalid: 'body.otp', blocked: undefined },
    onVerified: (tx) => markPayoutAccountVerified(tx, account.id, now),
  });
  return { verified: true, attempts_left: passed.attemptsLeft };
}
