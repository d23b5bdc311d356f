/**
 * The account-management service calls of the verification screens (SPEC §7): requisite/create
 * for a new payout account, otp/send and otp/verify for its one-time code. Mutations: each call
 * changes the server's state (a new account, a code sent, a try counted).
 *
 * @packageDocumentation
 */
import { CONTACT_TYPES, ENDPOINTS } from '@cashdesk/contract';
import type { ContactType } from '@cashdesk/contract';
import { cashierApi, endpointQuery } from '../../api/cashier-api';
import type { ApiError, ResponseOf } from '../../api/http';

/** SPEC §7 requisite payload: the pay group, the field's requisite type and the account. */
export interface RequisiteCreateArgs {
  readonly payGroupId: string;
  readonly requisiteType: string;
  readonly value: string;
}

/** SPEC §7 otp/send: where the code goes, for which account. */
export interface OtpSendArgs {
  readonly contactType: ContactType;
  readonly requisiteId: string;
}

/** SPEC §7 otp/verify: the typed code, for which account. */
export interface OtpVerifyArgs {
  readonly otp: string;
  readonly requisiteId: string;
}

export const accountManagementApi = cashierApi.injectEndpoints({
  endpoints: (build) => ({
    /** SPEC §7 POST /requisite/create: saves the new payout account, answers requisite_id. */
    createRequisite: build.mutation<
      ResponseOf<typeof ENDPOINTS.requisiteCreate>,
      RequisiteCreateArgs
    >({
      queryFn: ({ payGroupId, requisiteType, value }, { getState, signal }) =>
        endpointQuery(ENDPOINTS.requisiteCreate, getState, {
          body: { pay_group_id: Number(payGroupId), requisite_type: requisiteType, value },
          signal,
        }),
    }),
    /** SPEC §7 POST /otp/send {contact_type, requisite_id}. */
    sendOtp: build.mutation<ResponseOf<typeof ENDPOINTS.otpSend>, OtpSendArgs>({
      queryFn: ({ contactType, requisiteId }, { getState, signal }) =>
        endpointQuery(ENDPOINTS.otpSend, getState, {
          body: { contact_type: contactType, requisite_id: requisiteId },
          signal,
        }),
    }),
    /** SPEC §7 POST /otp/verify {otp, requisite_id}; a match marks the account verified. */
    verifyOtp: build.mutation<ResponseOf<typeof ENDPOINTS.otpVerify>, OtpVerifyArgs>({
      queryFn: ({ otp, requisiteId }, { getState, signal }) =>
        endpointQuery(ENDPOINTS.otpVerify, getState, {
          body: { otp, requisite_id: requisiteId },
          signal,
        }),
      // The method detail lists the accounts with their verified flag and the block.
      invalidatesTags: ['Method'],
    }),
  }),
});

export const { useCreateRequisiteMutation, useSendOtpMutation, useVerifyOtpMutation } =
  accountManagementApi;

/** The extra fields of an OTP refusal (1401 attempts_left, 1402 block_until, 1403 resend_after). */
export interface OtpRefusal {
  readonly code: string | null;
  readonly attemptsLeft: number | null;
  readonly blockUntil: string | null;
  readonly resendAfter: number | null;
  /** The field a 400 names in error_field (body.otp, body.contact_type, body.value …), when it names one. */
  readonly field: string | null;
  /** 1403 of a payout account: where the code still valid went, and by which contact. */
  readonly maskedContact: string | null;
  readonly contactType: ContactType | null;
}

function bodyField(data: unknown, key: string): unknown {
  return typeof data === 'object' && data !== null ? Reflect.get(data, key) : undefined;
}

function numberOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function textOf(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function contactTypeOf(value: unknown): ContactType | null {
  return CONTACT_TYPES.find((type) => type === value) ?? null;
}

/** SPEC §8: reads an account-management error answer's code and OTP details. */
export function readOtpRefusal(error: ApiError): OtpRefusal {
  return {
    code: error.errorCode,
    attemptsLeft: numberOf(bodyField(error.data, 'attempts_left')),
    blockUntil: textOf(bodyField(error.data, 'block_until')),
    resendAfter: numberOf(bodyField(error.data, 'resend_after')),
    field: textOf(bodyField(error.data, 'error_field')),
    maskedContact: textOf(bodyField(error.data, 'masked_contact')),
    contactType: contactTypeOf(bodyField(error.data, 'contact_type')),
  };
}

/** The account-management error codes the screens tell apart (contract errors.ts). */
export const OTP_ERROR_CODES = {
  invalid: '1401',
  blocked: '1402',
  resendTooSoon: '1403',
  notFound: '1008',
} as const;
