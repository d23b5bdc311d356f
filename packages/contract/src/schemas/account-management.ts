/**
 * Payout account management: create a requisite, verify it with a one-time code and delete it
 * (SPEC §2 payout entry and payout verification, §3 account management state, §7
 * account-management service).
 *
 * @packageDocumentation
 */
import * as z from 'zod/mini';
import { DateTime, OpaqueId, PayGroupId } from './common';
import { ContactType } from './method-detail';
import { SubmitParameters } from './payment';

/** SPEC §7: POST requisite/create body ("requisite payload"; designed). */
export const RequisiteCreateRequest = z
  .object({
    pay_group_id: PayGroupId,
    requisite_type: z.string().check(z.minLength(1), z.maxLength(50)),
    value: z.string().check(z.minLength(1), z.maxLength(100)),
    label: z.optional(z.string().check(z.maxLength(200))),
    parameters: z.optional(SubmitParameters),
  })
  .check(
    z.meta({
      id: 'RequisiteCreateRequest',
      description:
        'Body of POST /api/account-management/v1.0/requisite/create (SPEC §7 "requisite payload"; designed): the pay group the account is for, its requisite_type (the field\'s user_requisite_type_id as text), the account value (e.g. an IBAN or wallet id; stored masked after verification), an optional label, and other form values.',
    }),
  );
/** SPEC §7: requisite create body. */
export type RequisiteCreateRequest = z.infer<typeof RequisiteCreateRequest>;

/** SPEC §7: requisite create answer. */
export const RequisiteCreateResponse = z
  .object({
    requisite_id: OpaqueId,
    masked: z.string().check(z.minLength(1), z.maxLength(100)),
    verification_required: z.boolean(),
  })
  .check(
    z.meta({
      id: 'RequisiteCreateResponse',
      description:
        'The new payout account (SPEC §7: the widget reads requisite_id; masked and verification_required designed): verification_required says whether it must be confirmed with otp/send and otp/verify before it can be paid to.',
    }),
  );
/** SPEC §7: requisite create answer. */
export type RequisiteCreateResponse = z.infer<typeof RequisiteCreateResponse>;

/**
 * Path parameters of DELETE requisite/{requisiteId} (designed: SPEC §2 shows a delete-account
 * confirmation popup on the payout entry but §7 no call for it).
 */
export const RequisiteDeleteParams = z.object({ requisiteId: OpaqueId });
/** Path parameters of requisite delete. */
export type RequisiteDeleteParams = z.infer<typeof RequisiteDeleteParams>;

/** Answer of DELETE requisite/{requisiteId} (designed, like the DELETE /user-cards answer). */
export const RequisiteDeleteResponse = z
  .object({ deleted: z.literal(true), requisite_id: OpaqueId })
  .check(
    z.meta({
      id: 'RequisiteDeleteResponse',
      description:
        "The payout account was removed (SPEC §2 payout entry delete-account confirmation; the call is designed, SPEC §7 does not show it). It no longer appears in the withdrawal select's payout_accounts and cannot be paid to. Another player's or an unknown account answers 404 error 1008.",
    }),
  );
/** Requisite delete answer. */
export type RequisiteDeleteResponse = z.infer<typeof RequisiteDeleteResponse>;

/** SPEC §7: POST otp/send body. */
export const OtpSendRequest = z
  .object({
    contact_type: ContactType,
    requisite_id: OpaqueId,
  })
  .check(
    z.meta({
      id: 'OtpSendRequest',
      description:
        "Body of POST /api/account-management/v1.0/otp/send (SPEC §7 contact_type; requisite_id from the account-management state): send a one-time code to the player's email or phone to confirm the requisite.",
    }),
  );
/** SPEC §7: OTP send body. */
export type OtpSendRequest = z.infer<typeof OtpSendRequest>;

/** SPEC §7: POST otp/send answer. */
export const OtpSendResponse = z
  .object({
    success: z.boolean(),
    max_request_count: z.number().check(z.int(), z.gte(0)),
    block_duration: z.number().check(z.int(), z.gte(0)),
    resend_after: z.number().check(z.int(), z.gte(0)),
    masked_contact: z.string().check(z.maxLength(200)),
    block_until: z.optional(DateTime),
  })
  .check(
    z.meta({
      id: 'OtpSendResponse',
      description:
        'Answer of otp/send (SPEC §7 reads success, max_request_count, block_duration; the rest designed): success whether a code was sent; max_request_count how many codes may be asked for before blocking; block_duration how long (seconds) verification is blocked after too many; resend_after seconds before another code may be asked for (the receive-code timer); masked_contact where it went; block_until set while blocked.',
    }),
  );
/** SPEC §7: OTP send answer. */
export type OtpSendResponse = z.infer<typeof OtpSendResponse>;

/** SPEC §7: POST otp/verify body. */
export const OtpVerifyRequest = z
  .object({
    otp: z.string().check(z.regex(/^[0-9]{4,8}$/, 'four to eight digits')),
    requisite_id: OpaqueId,
  })
  .check(
    z.meta({
      id: 'OtpVerifyRequest',
      description:
        'Body of POST /api/account-management/v1.0/otp/verify (SPEC §7 otp; requisite_id designed): the code the player typed. Codes are stored hashed and never logged.',
    }),
  );
/** SPEC §7: OTP verify body. */
export type OtpVerifyRequest = z.infer<typeof OtpVerifyRequest>;

/** SPEC §7: POST otp/verify answer (designed). */
export const OtpVerifyResponse = z
  .object({
    verified: z.boolean(),
    attempts_left: z.number().check(z.int(), z.gte(0)),
    block_until: z.optional(DateTime),
  })
  .check(
    z.meta({
      id: 'OtpVerifyResponse',
      description:
        'Answer of otp/verify (answer not shown in SPEC §7, designed): verified when the code matched; otherwise attempts_left before verification blocks, and block_until once it has.',
    }),
  );
/** SPEC §7: OTP verify answer. */
export type OtpVerifyResponse = z.infer<typeof OtpVerifyResponse>;

/** Sandbox only: the latest one-time code sent in a session (designed; not in SPEC §7). */
export const SandboxOtpResponse = z
  .object({
    requisite_id: OpaqueId,
    contact_type: ContactType,
    masked_contact: z.string().check(z.maxLength(200)),
    otp: z.string().check(z.regex(/^[0-9]{4,8}$/, 'four to eight digits')),
    sent_at: DateTime,
    expires_at: DateTime,
  })
  .check(
    z.meta({
      id: 'SandboxOtpResponse',
      description:
        "Sandbox only (designed; not in SPEC §7): the latest one-time code otp/send sent in the calling session, so that the demo host page can show it (the sandbox has no e-mail or SMS gateway). The code is held in the server's memory only, never in the database, and the route does not exist in production mode (1901).",
    }),
  );
/** Sandbox latest OTP answer. */
export type SandboxOtpResponse = z.infer<typeof SandboxOtpResponse>;
