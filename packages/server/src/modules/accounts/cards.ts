/**
 * Saved cards (SPEC §3 "Saved card", §7 /user-cards): the player's card list, removing a card and
 * the recurring check. A saved card is a provider token plus what may be shown (last4, BIN,
 * expiry, holder, type); the card number and CVV never reach this table (db/schema/saved-cards.ts).
 *
 * Ownership: every query is scoped to the session's player, so a card of another player is
 * indistinguishable from a card that does not exist (404 notFound, error 1008), and its existence
 * is never revealed.
 *
 * @packageDocumentation
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import { cvvRequirement, validateAmount, validateExpiryParts } from '@cashdesk/domain';
import type { SavedCard } from '@cashdesk/domain';
import type { RecurringCheckResponse, SavedCardWire } from '@cashdesk/contract';
import type { Executor } from '../../db/open';
import { payGroupCurrencies, payGroups, savedCards } from '../../db/schema';
import { ApiError } from '../../http/api-error';

/**
 * Saved card ids are uuids in the database. An id of another shape cannot name a card, and
 * handing it to a uuid column would be a database error (500) instead of the 404 it deserves.
 */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a text can be a saved card id (a uuid). */
export function isCardId(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/** A saved card row as the services read it. */
export type SavedCardRow = typeof savedCards.$inferSelect;

/** SPEC §3: a stored card in its wire shape (exp_month "01"-"12", exp_year four digits). */
export function toSavedCardWire(row: SavedCardRow): SavedCardWire {
  return {
    card_id: row.id,
    last4: row.last4,
    bin: row.bin,
    is_card_token_active: row.active,
    exp_month: String(row.expMonth).padStart(2, '0'),
    exp_year: String(row.expYear).padStart(4, '0'),
    cardholder_name: row.holder === null || row.holder === '' ? null : row.holder,
    card_type: row.cardType,
  };
}

/**
 * SPEC §7 GET /user-cards: the player's saved cards that were not removed, newest first (the id
 * breaks ties so the order is stable when cards were saved in the same instant).
 */
export async function listSavedCards(db: Executor, playerId: string): Promise<SavedCardWire[]> {
  const rows = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.playerId, playerId), isNull(savedCards.deletedAt)))
    .orderBy(desc(savedCards.createdAt), desc(savedCards.id));
  return rows.map(toSavedCardWire);
}

/**
 * One saved card of the player that was not removed, or `undefined` (unknown id, another player's
 * card, a removed card or an id that is not a uuid). Deposit submit uses it to resolve
 * `card_data.card_id` to the provider token.
 */
export async function findSavedCard(
  db: Executor,
  playerId: string,
  cardId: string,
): Promise<SavedCardRow | undefined> {
  if (!isCardId(cardId)) return undefined;
  const [row] = await db
    .select()
    .from(savedCards)
    .where(
      and(
        eq(savedCards.id, cardId),
        eq(savedCards.playerId, playerId),
        isNull(savedCards.deletedAt),
      ),
    );
  return row;
}

/**
 * SPEC §7 DELETE /user-cards: removes a saved card of the player. The row stays (transactions
 * keep referring to it) but is marked removed and its token inactive, so it is never listed or
 * charged again. The single conditional UPDATE is the ownership check: it touches nothing unless
 * the card is the player's and not yet removed.
 *
 * @throws {ApiError} notFound (field `body.card_id`) for an unknown, removed or foreign card.
 */
export async function removeSavedCard(
  db: Executor,
  playerId: string,
  cardId: string,
  now: Date = new Date(),
): Promise<void> {
  const notFound = new ApiError('notFound', {
    field: 'body.card_id',
    detail: 'no such saved card for this player',
  });
  if (!isCardId(cardId)) throw notFound;
  const removed = await db
    .update(savedCards)
    .set({ deletedAt: now, active: false })
    .where(
      and(
        eq(savedCards.id, cardId),
        eq(savedCards.playerId, playerId),
        isNull(savedCards.deletedAt),
      ),
    )
    .returning({ id: savedCards.id });
  if (removed.length === 0) throw notFound;
}

/** The card pay group's settings in one currency that the recurring check reads. */
export interface RecurringLimits {
  readonly payGroupId: number;
  readonly minAmount: string | null;
  readonly maxAmount: string | null;
  readonly maxRecurringAmount: string | null;
  readonly amountRegExp: string | null;
}

/**
 * The deposit pay group a saved card pays through in a currency: the brand's enabled,
 * unrestricted card pay group whose form offers saved cards (a `card_id` field) and that has the
 * currency, the one with the highest arrangement (the one shown first). SPEC §7 sends only
 * {user_card_id, amount}, so the pay group is chosen here; `undefined` when the brand has none.
 */
export async function findSavedCardPayGroup(
  db: Executor,
  brandId: string,
  currency: string,
  now: Date = new Date(),
): Promise<RecurringLimits | undefined> {
  const rows = await db
    .select({
      id: payGroups.id,
      fields: payGroups.fields,
      restrictedUntil: payGroups.restrictedUntil,
      amountRegExp: payGroups.amountRegExpFe,
      minAmount: payGroupCurrencies.minAmount,
      maxAmount: payGroupCurrencies.maxAmount,
      maxRecurringAmount: payGroupCurrencies.maxRecurringAmount,
    })
    .from(payGroups)
    .innerJoin(payGroupCurrencies, eq(payGroupCurrencies.payGroupId, payGroups.id))
    .where(
      and(
        eq(payGroups.brandId, brandId),
        eq(payGroups.flow, 'deposit'),
        eq(payGroups.providerKind, 'card'),
        eq(payGroups.enabled, true),
        eq(payGroupCurrencies.currency, currency),
      ),
    )
    .orderBy(desc(payGroups.arrangement), payGroups.id);
  const row = rows.find(
    (candidate) =>
      (candidate.restrictedUntil === null ||
        candidate.restrictedUntil.getTime() <= now.getTime()) &&
      candidate.fields.some((field) => field.extended_type === 'card_id'),
  );
  if (row === undefined) return undefined;
  return {
    payGroupId: row.id,
    minAmount: row.minAmount,
    maxAmount: row.maxAmount,
    maxRecurringAmount: row.maxRecurringAmount,
    amountRegExp: row.amountRegExp,
  };
}

/** What {@link recurringCheck} needs. */
export interface RecurringCheckInput {
  readonly playerId: string;
  readonly brandId: string;
  /** The session's currency: the amount is in it. */
  readonly currency: string;
  readonly cardId: string;
  /** A decimal string. */
  readonly amount: string;
}

/**
 * SPEC §7 POST /user-cards/recurring-check: may the saved card pay the amount, and does the
 * player have to type the CVV?
 *
 * - `allowed`: the card is the player's, not removed, not expired (SPEC §5 expiry rule of
 *   @cashdesk/domain at `now`), and the brand has a card pay group for saved cards in the
 *   session's currency.
 * - `cvv_required`: the SPEC §5 CVV rule, `cvvRequirement` of @cashdesk/domain, for this card as
 *   the selected saved card: always with an active token; otherwise when the amount exceeds the
 *   pay group's max_recurring_amount. The form's own CVV field is the generated optional one for
 *   a saved card (SPEC §3 "generated cvv field ... optional"), so it does not require it.
 *
 * @throws {ApiError} notFound (field `body.user_card_id`) for an unknown, removed or foreign card;
 * invalidAmount (field `body.amount`, the domain's message key) for an amount outside the pay
 * group's limits.
 */
export async function recurringCheck(
  db: Executor,
  input: RecurringCheckInput,
  now: Date = new Date(),
): Promise<RecurringCheckResponse> {
  const row = await findSavedCard(db, input.playerId, input.cardId);
  if (row === undefined) {
    throw new ApiError('notFound', {
      field: 'body.user_card_id',
      detail: 'no such saved card for this player',
    });
  }
  const card = toSavedCardWire(row);
  const selectedCard: SavedCard = {
    card_id: card.card_id,
    last4: card.last4,
    bin: card.bin,
    is_card_token_active: card.is_card_token_active,
    exp_month: card.exp_month,
    exp_year: card.exp_year,
  };
  const payGroup = await findSavedCardPayGroup(db, input.brandId, input.currency, now);
  if (payGroup !== undefined) {
    const amountCheck = validateAmount(input.amount, {
      flowType: 'deposit',
      limits: { min: payGroup.minAmount, max: payGroup.maxAmount },
      pattern: payGroup.amountRegExp,
      currency: input.currency,
    });
    if (!amountCheck.valid) {
      throw new ApiError('invalidAmount', {
        field: 'body.amount',
        messageKey: amountCheck.error.key,
        detail: `recurring-check amount: ${amountCheck.kind}`,
      });
    }
  }
  const requirement = cvvRequirement({
    selectedCard,
    amount: input.amount,
    maxRecurringAmount: payGroup?.maxRecurringAmount ?? null,
    cvvFieldRequired: false,
  });
  const notExpired = validateExpiryParts({ month: card.exp_month, year: card.exp_year }, now).valid;
  return {
    allowed: payGroup !== undefined && notExpired,
    cvv_required: requirement.required,
  };
}
