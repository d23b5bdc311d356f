/**
 * Card saving (SPEC §3 saved card): when a deposit the player asked to save the card for succeeds,
 * the card the provider tokenised is stored for the player's next payments: its token, last four,
 * BIN, expiry, holder and type; the number and the CVV never reach the `saved_cards` table. The
 * status machine (modules/payments/transactions.ts) calls it in the database transaction of the
 * success; modules/accounts/cards.ts lists and removes the saved cards.
 *
 * @packageDocumentation
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { savedCards } from '../../db/schema';
import type { CardSummary } from '../../providers';

function cardMonth(value: string): number {
  return Number.parseInt(value, 10);
}

/**
 * Saves a card the provider tokenised (SPEC §3 saved card). The token is unique: a second
 * approval with the same token (a repeated callback) keeps the first row. A card the player has
 * saved already (same BIN, last four and expiry, not removed) is the same entry ("try
 * again" with save card ticked saved it twice): it takes the new token, which is the provider's
 * latest word on the card. `connector` issued the token: a later payment with it goes there.
 */
export async function saveCard(
  tx: Executor,
  playerId: string,
  token: string,
  card: CardSummary,
  connector: string | null = null,
): Promise<string | null> {
  const month = cardMonth(card.expMonth);
  const year = cardMonth(card.expYear);
  const holder = card.holder === '' ? null : card.holder;
  const [inserted] = await tx
    .insert(savedCards)
    .values({
      playerId,
      token,
      last4: card.last4,
      bin: card.bin,
      expMonth: month,
      expYear: year,
      holder,
      cardType: card.cardType,
      connector,
    })
    .onConflictDoNothing()
    .returning({ id: savedCards.id });
  if (inserted !== undefined) return inserted.id;
  const [existing] = await tx
    .select({ id: savedCards.id, playerId: savedCards.playerId })
    .from(savedCards)
    .where(eq(savedCards.token, token));
  if (existing !== undefined) return existing.playerId === playerId ? existing.id : null;
  const [same] = await tx
    .update(savedCards)
    .set({ token, holder, cardType: card.cardType, connector, active: true })
    .where(
      and(
        eq(savedCards.playerId, playerId),
        eq(savedCards.bin, card.bin),
        eq(savedCards.last4, card.last4),
        eq(savedCards.expMonth, month),
        eq(savedCards.expYear, year),
        isNull(savedCards.deletedAt),
      ),
    )
    .returning({ id: savedCards.id });
  return same?.id ?? null;
}
