/**
 * The withdrawal calls of the method page (SPEC §7): submit and document upload, the route of a
 * routable method and the removal of a payout account, injected into the one API slice. Submit
 * and upload carry the player's Idempotency-Key (a repeat answers the first result,
 * so nothing is paid out twice) and RTK's abort signal.
 *
 * @packageDocumentation
 */
import { ENDPOINTS } from '@cashdesk/contract';
import type { RouteRequestInput } from '@cashdesk/contract';
import { cashierApi, endpointQuery } from '../../api/cashier-api';
import type { ResponseOf } from '../../api/http';
import { uploadFormData } from '../../method-form/upload-args';
import type { UploadArgs } from '../../method-form/upload-args';
import type { SubmitArgs } from '../../method-form/use-submit-once';

export const withdrawalApi = cashierApi.injectEndpoints({
  endpoints: (build) => ({
    /** SPEC §7 POST payouts/groups/{payGroupId}/submit. */
    payoutSubmit: build.mutation<ResponseOf<typeof ENDPOINTS.payoutSubmit>, SubmitArgs>({
      queryFn: ({ payGroupId, body, idempotencyKey }, { getState, signal }) =>
        endpointQuery(ENDPOINTS.payoutSubmit, getState, {
          pathParams: { payGroupId },
          body,
          idempotencyKey,
          signal,
        }),
      // A withdrawal reserves money: the balance and the pending withdrawal change, and a new
      // account saved with it joins the player's accounts.
      invalidatesTags: ['Init', 'Method'],
    }),
    /** SPEC §7 the withdrawal document upload (multipart `file`, `field_name`). */
    payoutUpload: build.mutation<ResponseOf<typeof ENDPOINTS.payoutUpload>, UploadArgs>({
      queryFn: (args, { getState, signal }) =>
        endpointQuery(ENDPOINTS.payoutUpload, getState, {
          pathParams: { payGroupId: args.payGroupId },
          body: uploadFormData(args),
          idempotencyKey: args.idempotencyKey,
          signal,
        }),
    }),
    /**
     * SPEC §7 POST payouts/groups/{paygroup_id}/route ("payouts/groups/... when not a deposit
     * page"): the form entered so far of a routable method; answers the fields to show now.
     */
    payoutRoute: build.mutation<
      ResponseOf<typeof ENDPOINTS.payoutRoute>,
      { readonly payGroupId: string; readonly body: RouteRequestInput }
    >({
      queryFn: ({ payGroupId, body }, { getState, signal }) =>
        endpointQuery(ENDPOINTS.payoutRoute, getState, {
          pathParams: { paygroup_id: payGroupId },
          body,
          signal,
        }),
    }),
    /**
     * SPEC §2 payout entry, delete-account confirmation: removes one of the player's payout
     * accounts (DELETE requisite/{requisiteId}); the method detail lists the accounts again.
     */
    deletePayoutAccount: build.mutation<ResponseOf<typeof ENDPOINTS.requisiteDelete>, string>({
      queryFn: (requisiteId, { getState, signal }) =>
        endpointQuery(ENDPOINTS.requisiteDelete, getState, {
          pathParams: { requisiteId },
          signal,
        }),
      invalidatesTags: ['Method'],
    }),
  }),
});

export const {
  usePayoutSubmitMutation,
  usePayoutUploadMutation,
  usePayoutRouteMutation,
  useDeletePayoutAccountMutation,
} = withdrawalApi;
