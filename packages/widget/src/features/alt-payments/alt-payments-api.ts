/**
 * The alternative-payment calls (SPEC §7): GET payments/interaction and GET payments/status with
 * the transaction id as the last segment of the call's path, and POST payments/3ds-result.
 *
 * @packageDocumentation
 */
import { ENDPOINTS } from '@cashdesk/contract';
import type { ThreeDsResultRequest } from '@cashdesk/contract';
import { cashierApi, endpointQuery } from '../../api/cashier-api';
import type { ResponseOf } from '../../api/http';

export const altPaymentsApi = cashierApi.injectEndpoints({
  endpoints: (build) => ({
    /** SPEC §7 GET payments/interaction/{transactionId}. */
    altPaymentInteraction: build.query<ResponseOf<typeof ENDPOINTS.altInteraction>, string>({
      queryFn: (transactionId, { getState, signal }) =>
        endpointQuery(ENDPOINTS.altInteraction, getState, {
          pathParams: { transactionId },
          signal,
        }),
      // The interaction changes as the player acts; never show an old one.
      keepUnusedDataFor: 0,
    }),
    /** SPEC §7 GET payments/status/{transactionId}; polled by {@link useStatusPoll}. */
    altPaymentStatus: build.query<ResponseOf<typeof ENDPOINTS.altStatus>, string>({
      queryFn: (transactionId, { getState, signal }) =>
        endpointQuery(ENDPOINTS.altStatus, getState, { pathParams: { transactionId }, signal }),
      keepUnusedDataFor: 0,
    }),
    /** SPEC §7 POST payments/3ds-result, the body passed through from the challenge's return. */
    altPayment3dsResult: build.mutation<
      ResponseOf<typeof ENDPOINTS.alt3dsResult>,
      ThreeDsResultRequest
    >({
      queryFn: (body, { getState, signal }) =>
        endpointQuery(ENDPOINTS.alt3dsResult, getState, { body, signal }),
      // A passed challenge credits the balance and may save the card.
      invalidatesTags: ['Init', 'Cards'],
    }),
  }),
});

export const {
  useAltPaymentInteractionQuery,
  useLazyAltPaymentStatusQuery,
  useAltPayment3dsResultMutation,
} = altPaymentsApi;
