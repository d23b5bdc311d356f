/**
 * The saved-card calls of the cards screens (SPEC §7): DELETE /user-cards with
 * {card_id, withholding_type: Payment}. The list itself is the API slice's userCards query
 * (with X-Fingerprint when PH_fingerprint is stored), which a deletion refreshes.
 *
 * @packageDocumentation
 */
import { ENDPOINTS } from '@cashdesk/contract';
import { cashierApi, endpointQuery } from '../../api/cashier-api';
import type { ResponseOf } from '../../api/http';

export const cardsApi = cashierApi.injectEndpoints({
  endpoints: (build) => ({
    /** SPEC §7 DELETE /user-cards: removes a saved card of the player. */
    deleteSavedCard: build.mutation<ResponseOf<typeof ENDPOINTS.userCardsDelete>, string>({
      queryFn: (cardId, { getState, signal }) =>
        endpointQuery(ENDPOINTS.userCardsDelete, getState, {
          body: { card_id: cardId, withholding_type: 'Payment' },
          signal,
        }),
      invalidatesTags: ['Cards'],
    }),
  }),
});

export const { useDeleteSavedCardMutation } = cardsApi;
