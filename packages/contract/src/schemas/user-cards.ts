/**
 * Saved cards: list, delete and recurring check (SPEC §3 "Saved card", §7 /user-cards).
 *
 * @packageDocumentation
 */
import * as z from 'zod/mini';
import { ErrorCode, OpaqueId, PayGroupId } from './common';
import { BrowserData, SubmitAmount } from './payment';

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

/** SPEC §1, §2 tokenization page: the card typed to be saved without a payment. */
export const TokenizeCardData = z
  .object({
    card_pan: z.string().check(z.regex(/^[0-9]{12,19}$/, '12 to 19 digits')),
    card_exp_month: z.string().check(z.regex(/^[0-9]{1,2}$/, 'a month such as 07')),
    card_exp_year: z.string().check(z.regex(/^(?:[0-9]{2}|[0-9]{4})$/, 'two or four digits')),
    card_cvv: z.string().check(z.regex(/^[0-9]{3,4}$/, 'three or four digits')),
    card_cardholder_name: z.string().check(z.minLength(1), z.maxLength(255)),
  })
  .check(
    z.meta({
      id: 'TokenizeCardData',
      description:
        'The card of the tokenization page (SPEC §1, §2): number, expiry month and year, security code and holder, checked by the SPEC §5 card rules. Handed to the payment provider only: never stored or logged.',
    }),
  );

/** SPEC §1, §2: POST /user-cards, the tokenization page's request. */
export const TokenizeCardRequest = z
  .object({
    /** The card pay group whose provider keeps the card; absent: the brand's first one. */
    pay_group_id: z.optional(PayGroupId),
    card_data: TokenizeCardData,
    browser_data: z.optional(BrowserData),
  })
  .check(
    z.meta({
      id: 'TokenizeCardRequest',
      description:
        'Body of POST /user-cards (SPEC §1, §2 tokenization page, designed): the card to save without a payment, the card pay group whose provider keeps it (absent: the first card deposit method the session offers) and the browser data a provider may need.',
    }),
  );
/** The type of {@link TokenizeCardRequest} as sent. */
export type TokenizeCardRequestInput = z.input<typeof TokenizeCardRequest>;

/** What came of a tokenization (designed). */
export const TOKENIZE_RESULTS = ['saved', 'declined', 'not_saved'] as const;

/** Why a card was not saved (designed). */
export const TOKENIZE_REASONS = [
  'declined',
  'confirmation_needed',
  'provider_unavailable',
  'not_tokenized',
] as const;

/** SPEC §1, §2: the tokenization page's answer. */
export const TokenizeCardResponse = z
  .object({
    result: z.enum(TOKENIZE_RESULTS),
    card: z.nullable(SavedCardSchema),
    reason: z.nullable(z.enum(TOKENIZE_REASONS)),
    error_code: z.nullable(ErrorCode),
  })
  .check(
    z.meta({
      id: 'TokenizeCardResponse',
      description:
        'What came of a tokenization (designed): saved, with the saved card as GET /user-cards lists it; declined by the provider (reason declined, error_code 1301); or not saved: the bank asks to confirm the card with a payment (confirmation_needed: a 3-D Secure challenge or a redirect, which only a payment can carry), the provider did not answer (provider_unavailable: nothing was kept, try again) or gave no token (not_tokenized). No money is moved in any case.',
    }),
  );
/** The type of {@link TokenizeCardResponse}. */
export type TokenizeCardResponse = z.infer<typeof TokenizeCardResponse>;
