/**
 * The saved-card calls of the cards screens (SPEC §7): DELETE /user-cards with
 * {card_id, withholding_type: Payment}, and the tokenization page's POST /user-cards. The list itself is the API slice's userCards query
 * (with X-Fingerprint when PH_fingerprint is stored), which a deletion refreshes.
 *
 * @packageDocumentation
 */
import { ENDPOINTS } from '@cashdesk/contract';
import type { TokenizeCardRequestInput } from '@cashdesk/contract';
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
    /**
     * SPEC §1, §2 tokenization page: POST /user-cards saves a card without a payment; the
     * Idempotency-Key makes a repeat answer the first result. A saved card joins the list.
     */
    tokenizeCard: build.mutation<
      ResponseOf<typeof ENDPOINTS.userCardsTokenize>,
      { readonly body: TokenizeCardRequestInput; readonly idempotencyKey: string }
    >({
      queryFn: ({ body, idempotencyKey }, { getState, signal }) =>
        endpointQuery(ENDPOINTS.userCardsTokenize, getState, { body, idempotencyKey, signal }),
      invalidatesTags: ['Cards'],
    }),
  }),
});

export const { useDeleteSavedCardMutation, useTokenizeCardMutation } = cardsApi;
