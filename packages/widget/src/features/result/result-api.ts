/**
 * The one call the result pages add (SPEC §7 GET payments/status): the status of the transaction
 * the server sent the player back with, when no pay session came in router state.
 *
 * @packageDocumentation
 */
import { ENDPOINTS } from '@cashdesk/contract';
import { cashierApi, endpointQuery } from '../../api/cashier-api';
import type { ResponseOf } from '../../api/http';

export const resultApi = cashierApi.injectEndpoints({
  endpoints: (build) => ({
    /** SPEC §7 GET payments/status/{transactionId}. */
    resultTransactionStatus: build.query<ResponseOf<typeof ENDPOINTS.altStatus>, string>({
      queryFn: (transactionId, { getState, signal }) =>
        endpointQuery(ENDPOINTS.altStatus, getState, {
          pathParams: { transactionId },
          signal,
        }),
    }),
  }),
});

export const { useResultTransactionStatusQuery } = resultApi;
