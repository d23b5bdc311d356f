/**
 * The deposit calls of the method page (SPEC §7): submit and document upload, injected into the
 * one API slice. Both carry the player's Idempotency-Key (a repeat answers the first result, so
 * nothing is charged or stored twice) and RTK's abort signal (the page aborts a submit it leaves).
 *
 * @packageDocumentation
 */
import { ENDPOINTS } from '@cashdesk/contract';
import type { RecurringCheckRequestInput, SubmitRequestInput } from '@cashdesk/contract';
import { cashierApi, endpointQuery } from '../../../api/cashier-api';
import type { ResponseOf } from '../../../api/http';

/** SPEC §7 deposit submit arguments. */
export interface DepositSubmitArgs {
  readonly payGroupId: string;
  readonly body: SubmitRequestInput;
  /** One key per attempt; the same key when the very same body is sent again after a failure. */
  readonly idempotencyKey: string;
}

/** SPEC §7 deposit upload arguments. */
export interface DepositUploadArgs {
  readonly payGroupId: string;
  readonly file: File;
  /** The file_upload field the document fills. */
  readonly fieldName: string;
  readonly idempotencyKey: string;
}

export const depositMethodApi = cashierApi.injectEndpoints({
  endpoints: (build) => ({
    /** SPEC §7 POST payments/groups/{payGroupId}/submit. */
    depositSubmit: build.mutation<ResponseOf<typeof ENDPOINTS.depositSubmit>, DepositSubmitArgs>({
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
    depositUpload: build.mutation<ResponseOf<typeof ENDPOINTS.depositUpload>, DepositUploadArgs>({
      queryFn: ({ payGroupId, file, fieldName, idempotencyKey }, { getState, signal }) => {
        const form = new FormData();
        form.append('field_name', fieldName);
        form.append('file', file);
        return endpointQuery(ENDPOINTS.depositUpload, getState, {
          pathParams: { payGroupId },
          body: form,
          idempotencyKey,
          signal,
        });
      },
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
  }),
});

export const { useDepositSubmitMutation, useDepositUploadMutation, useRecurringCheckMutation } =
  depositMethodApi;
