/**
 * The withdrawal reversal call (SPEC §7 GET payments/reverse-pending-withdrawal). It is a GET on
 * the wire but it changes the player's balance, so the widget holds it as a mutation: it is
 * never cached, never sent again by a re-render or a refocus, and only when the player confirms,
 * with an Idempotency-Key of that confirmation (the server requires one).
 *
 * @packageDocumentation
 */
import { ENDPOINTS, ERROR_CODES } from '@cashdesk/contract';
import { cashierApi, endpointQuery } from '../api/cashier-api';
import type { ApiError, ResponseOf } from '../api/http';

/** SPEC §7: the answer of a reversal (success_amount, fail_amount, currency). */
export type ReversalAnswer = ResponseOf<typeof ENDPOINTS.reversePendingWithdrawal>;

/** Whether an error says there was nothing left to reverse (error 1501). */
export function isNothingPendingError(error: ApiError): boolean {
  return error.errorCode === ERROR_CODES.nothingToReverse.code;
}

export const reversalApi = cashierApi.injectEndpoints({
  endpoints: (build) => ({
    /**
     * SPEC §7 GET payments/reverse-pending-withdrawal. Any answer, and a 1501 "nothing pending",
     * means the init answer's balance and withdrawal_reverse are out of date: both refresh it.
     */
    reversePendingWithdrawal: build.mutation<ReversalAnswer, { readonly idempotencyKey: string }>({
      queryFn: ({ idempotencyKey }, { getState, signal }) =>
        endpointQuery(ENDPOINTS.reversePendingWithdrawal, getState, { signal, idempotencyKey }),
      invalidatesTags: (answer, error) =>
        answer !== undefined || (error !== undefined && isNothingPendingError(error))
          ? ['Init']
          : [],
    }),
  }),
});

export const { useReversePendingWithdrawalMutation } = reversalApi;
