/**
 * The deposit calls of the method page (SPEC §7): submit and document upload, the recurring check,
 * the route of a routable method and the one-time code of a confirmed one, injected into the one
 * API slice. Submit and upload carry the player's Idempotency-Key (a repeat answers the first result, so
 * nothing is charged or stored twice) and RTK's abort signal (the page aborts a submit it leaves).
 *
 * @packageDocumentation
 */
import { ENDPOINTS } from '@cashdesk/contract';
import type {
  PaymentOtpRequestInput,
  RecurringCheckRequestInput,
  RouteRequestInput,
} from '@cashdesk/contract';
import { cashierApi, endpointQuery } from '../../../api/cashier-api';
import type { ResponseOf } from '../../../api/http';
import { uploadFormData } from '../../../method-form/upload-args';
import type { UploadArgs } from '../../../method-form/upload-args';
import type { SubmitArgs } from '../../../method-form/use-submit-once';

export const depositMethodApi = cashierApi.injectEndpoints({
  endpoints: (build) => ({
    /** SPEC §7 POST payments/groups/{payGroupId}/submit. */
    depositSubmit: build.mutation<ResponseOf<typeof ENDPOINTS.depositSubmit>, SubmitArgs>({
      queryFn: ({ payGroupId, body, idempotencyKey }, { getState, signal }) =>
        endpointQuery(ENDPOINTS.depositSubmit, getState, {
          pathParams: { payGroupId },
          body,
          idempotencyKey,
          signal,
        }),
      // A submit moves money: the balance and the method list (last used) change, and a card
      // paid with save_card on joins the saved cards.
      invalidatesTags: ['Init', 'Cards'],
    }),
    /** SPEC §7 POST payments/groups/{payGroupId}/upload (multipart `file`, `field_name`). */
    depositUpload: build.mutation<ResponseOf<typeof ENDPOINTS.depositUpload>, UploadArgs>({
      queryFn: (args, { getState, signal }) =>
        endpointQuery(ENDPOINTS.depositUpload, getState, {
          pathParams: { payGroupId: args.payGroupId },
          body: uploadFormData(args),
          idempotencyKey: args.idempotencyKey,
          signal,
        }),
    }),
    /**
     * SPEC §7 POST /user-cards/recurring-check {user_card_id, amount}: may this saved card pay
     * this amount, and is its CVV needed? Asked before a saved card is charged.
     */
    recurringCheck: build.mutation<
      ResponseOf<typeof ENDPOINTS.userCardsRecurringCheck>,
      RecurringCheckRequestInput
    >({
      queryFn: (body, { getState, signal }) =>
        endpointQuery(ENDPOINTS.userCardsRecurringCheck, getState, { body, signal }),
    }),
    /**
     * SPEC §7 POST payments/groups/{paygroup_id}/route: the form entered so far of a routable
     * method (is_routable); answers the fields to show now, mapped as form fields.
     */
    depositRoute: build.mutation<
      ResponseOf<typeof ENDPOINTS.depositRoute>,
      { readonly payGroupId: string; readonly body: RouteRequestInput }
    >({
      queryFn: ({ payGroupId, body }, { getState, signal }) =>
        endpointQuery(ENDPOINTS.depositRoute, getState, {
          pathParams: { paygroup_id: payGroupId },
          body,
          signal,
        }),
    }),
    /**
     * SPEC §7 POST payments/groups/{paygroup_id}/otp: sends a code to the form's requisite; the
     * player types it into `field_name` (SPEC §4).
     */
    depositOtp: build.mutation<
      ResponseOf<typeof ENDPOINTS.depositOtp>,
      { readonly payGroupId: string; readonly body: PaymentOtpRequestInput }
    >({
      queryFn: ({ payGroupId, body }, { getState, signal }) =>
        endpointQuery(ENDPOINTS.depositOtp, getState, {
          pathParams: { paygroup_id: payGroupId },
          body,
          signal,
        }),
    }),
  }),
});

export const {
  useDepositSubmitMutation,
  useDepositUploadMutation,
  useRecurringCheckMutation,
  useDepositRouteMutation,
  useDepositOtpMutation,
} = depositMethodApi;
