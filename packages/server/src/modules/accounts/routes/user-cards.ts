/**
 * Saved cards (SPEC §7 /user-cards): GET lists the session player's cards, DELETE removes one, POST
 * recurring-check says whether a saved card may pay an amount and whether the CVV is needed. Rules
 * live in modules/accounts/cards.ts; a card of another player answers 404 (error 1008) exactly like
 * an unknown one.
 *
 * X-Fingerprint (SPEC §7: the widget sends it when a fingerprint is stored under PH_fingerprint):
 * the server does not store it and makes no decision with it. It logs only a truncated SHA-256 of
 * it (16 hex digits), enough for an operator to correlate requests from one device in the logs
 * without the logs holding the fingerprint itself. A fraud check would hook in here.
 *
 * @packageDocumentation
 */
import { createHash } from 'node:crypto';
import { ENDPOINTS } from '@cashdesk/contract';
import type { App } from '../../../http/app-types';
import { registerEndpoint } from '../../../http/register-endpoint';
import { listSavedCards, recurringCheck, removeSavedCard } from '../cards';

/** How many hex digits of the fingerprint's SHA-256 are logged. */
export const FINGERPRINT_HASH_LENGTH = 16;

/** The logged form of a device fingerprint: the first hex digits of its SHA-256. */
export function fingerprintHash(fingerprint: string): string {
  return createHash('sha256')
    .update(fingerprint, 'utf8')
    .digest('hex')
    .slice(0, FINGERPRINT_HASH_LENGTH);
}

/** Registers GET and DELETE /user-cards and POST /user-cards/recurring-check. */
export function registerUserCardRoutes(app: App): void {
  registerEndpoint(app, ENDPOINTS.userCardsList, async ({ session, headers, deps, request }) => {
    const fingerprint = headers['x-fingerprint'];
    if (fingerprint !== undefined) {
      request.log.info({ fingerprintHash: fingerprintHash(fingerprint) }, 'user-cards fingerprint');
    }
    const cards = await listSavedCards(deps.db, session.playerId);
    return { status: 200, body: { cards } };
  });

  registerEndpoint(app, ENDPOINTS.userCardsDelete, async ({ session, body, deps, request }) => {
    await removeSavedCard(deps.db, session.playerId, body.card_id);
    request.log.info({ cardId: body.card_id }, 'saved card removed');
    return { status: 200, body: { card_id: body.card_id, deleted: true } };
  });

  registerEndpoint(app, ENDPOINTS.userCardsRecurringCheck, async ({ session, body, deps }) => {
    const result = await recurringCheck(deps.db, {
      playerId: session.playerId,
      brandId: session.brandId,
      currency: session.currency,
      cardId: body.user_card_id,
      amount: body.amount,
    });
    return { status: 200, body: result };
  });
}
