/**
 * The payment history call (GET payments/history): a page of the player's payments, the open ones
 * first.
 *
 * @packageDocumentation
 */
import { ENDPOINTS } from '@cashdesk/contract';
import { cashierApi, endpointQuery } from '../../api/cashier-api';
import type { ResponseOf } from '../../api/http';

/** Which page: the first (`null`) or the one after a `next_cursor`. */
export interface HistoryPageArgs {
  readonly cursor: string | null;
}

export const historyApi = cashierApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET payments/history, the first page or the one after `cursor`. */
    paymentHistory: build.query<ResponseOf<typeof ENDPOINTS.paymentHistory>, HistoryPageArgs>({
      queryFn: ({ cursor }, { getState, signal }) =>
        endpointQuery(ENDPOINTS.paymentHistory, getState, {
          ...(cursor === null ? {} : { query: { cursor } }),
          signal,
        }),
      // Payments move on by themselves: a list shown again is read again.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { usePaymentHistoryQuery, useLazyPaymentHistoryQuery } = historyApi;
