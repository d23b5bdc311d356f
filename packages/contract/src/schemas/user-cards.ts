/**
 * Saved cards: list, delete and recurring check (SPEC §3 "Saved card", §7 /user-cards).
 *
 * @packageDocumentation
 */
import * as z from 'zod/mini';
import { OpaqueId } from './common';
import { SubmitAmount } from './payment';

/** SPEC §3 "Saved card" as the card list sends it. */
export const SavedCardSchema = z
  .object({
    card_id: OpaqueId,
    last4: z.string().check(z.regex(/^[0-9]{4}$/, 'four digits')),
    bin: z.string().check(z.regex(/^[0-9]{6,8}$/, 'six to eight digits')),
    is_card_token_active: z.boolean(),
    exp_month: z.string().check(z.regex(/^(?:0[1-9]|1[0-2])$/, 'two-digit month')),
    exp_year: z.string().check(z.regex(/^[0-9]{4}$/, 'four-digit year')),
    cardholder_name: z.nullable(z.string().check(z.maxLength(255))),
    card_type: z.string().check(z.minLength(1), z.maxLength(50)),
  })
  .check(
    z.meta({
      id: 'SavedCard',
      description:
        'A saved card (SPEC §3 "Saved card": card_id, last4, is_card_token_active, exp_month, exp_year, cardholder_name, bin; card_type designed): only the first six to eight and the last four digits are ever known. exp_month is "01"-"12", exp_year four digits. card_type is the brand as @cashdesk/domain detects it (visa, mastercard, ...). is_card_token_active false means the card needs its full form again (SPEC §4 card form variants).',
    }),
  );
/** SPEC §3: a saved card. */
export type SavedCardWire = z.infer<typeof SavedCardSchema>;

/** SPEC §7: GET /user-cards answer. */
export const UserCardsResponse = z.object({ cards: z.array(SavedCardSchema) }).check(
  z.meta({
    id: 'UserCardsResponse',
    description:
      "The player's saved cards (SPEC §7 GET /user-cards; the answer is wrapped in {cards} so it can grow), newest first.",
  }),
);
/** SPEC §7: saved card list. */
export type UserCardsResponse = z.infer<typeof UserCardsResponse>;

/** SPEC §7: the optional fingerprint header of the card list. */
export const UserCardsHeaders = z.object({
  'x-fingerprint': z.optional(z.string().check(z.minLength(1), z.maxLength(256))),
});

/** SPEC §7: DELETE /user-cards body. */
export const DeleteCardRequest = z
  .object({
    card_id: OpaqueId,
    withholding_type: z.literal('Payment'),
  })
  .check(
    z.meta({
      id: 'DeleteCardRequest',
      description: 'Body of DELETE /user-cards (SPEC §7: {card_id, withholding_type: Payment}).',
    }),
  );
/** SPEC §7: delete card body. */
export type DeleteCardRequest = z.infer<typeof DeleteCardRequest>;

/** SPEC §7: DELETE /user-cards answer (designed). */
export const DeleteCardResponse = z.object({ card_id: OpaqueId, deleted: z.literal(true) }).check(
  z.meta({
    id: 'DeleteCardResponse',
    description:
      'The card was removed (SPEC §7 DELETE /user-cards; answer not shown, designed). A card of another player answers 404 error 1008, as an unknown card does.',
  }),
);
/** SPEC §7: delete card answer. */
export type DeleteCardResponse = z.infer<typeof DeleteCardResponse>;

/** SPEC §7: POST /user-cards/recurring-check body. */
export const RecurringCheckRequest = z
  .object({
    user_card_id: OpaqueId,
    amount: SubmitAmount,
  })
  .check(
    z.meta({
      id: 'RecurringCheckRequest',
      description:
        'Body of POST /user-cards/recurring-check (SPEC §7 {user_card_id, amount}): may this saved card pay this amount without the full card form?',
    }),
  );
/** SPEC §7: recurring check body (as parsed). */
export type RecurringCheckRequest = z.infer<typeof RecurringCheckRequest>;
/** SPEC §7: recurring check body as sent. */
export type RecurringCheckRequestInput = z.input<typeof RecurringCheckRequest>;

/** SPEC §7: recurring check answer (designed). */
export const RecurringCheckResponse = z
  .object({
    allowed: z.boolean(),
    cvv_required: z.boolean(),
  })
  .check(
    z.meta({
      id: 'RecurringCheckResponse',
      description:
        "Answer of the recurring check (answer not shown, designed from the SPEC §5 CVV rule). allowed: the card is the player's saved card, not removed and not expired, and the brand has a card method for saved cards in the session currency (an amount outside that method's limits answers 1010 instead). cvv_required follows SPEC §5 (cvvRequirement of @cashdesk/domain): always for a card with an active token (is_card_token_active), otherwise when the amount exceeds the method's max_recurring_amount.",
    }),
  );
/** SPEC §7: recurring check answer. */
export type RecurringCheckResponse = z.infer<typeof RecurringCheckResponse>;
