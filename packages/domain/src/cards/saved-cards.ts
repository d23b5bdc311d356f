/**
 * Saved cards and the card form variants of SPEC §4, with the CVV shown/required rule of §5:
 * which card fields a form shows for the chosen card, choosing and removing cards, and the masked
 * display of a saved card.
 *
 * @packageDocumentation
 */
import { compareDecimal } from '../money/decimal';
import { detectCardType } from './card-types';
import type { CardTypeInfo } from './card-types';

/**
 * SPEC §3: a saved card as the card list gives it (wire names), plus the front end's `isNew`.
 * Only the first six and last four digits are ever known.
 */
export interface SavedCard {
  readonly id?: string | number | null | undefined;
  readonly card_id?: string | number | null | undefined;
  readonly last4?: string | null | undefined;
  readonly is_card_token_active?: boolean | null | undefined;
  readonly exp_month?: string | number | null | undefined;
  readonly exp_year?: string | number | null | undefined;
  readonly cardholder_name?: string | null | undefined;
  readonly bin?: string | null | undefined;
  readonly isNew?: boolean | null | undefined;
}

/** SPEC §3: a saved card's identifier (`id`, else the wire's `card_id`) as text; `undefined` when none. */
export function savedCardId(card: SavedCard): string | undefined {
  const id = card.id ?? card.card_id;
  if (id === undefined || id === null) return undefined;
  const text = String(id).trim();
  return text === '' ? undefined : text;
}

/** SPEC §4: the card list without the removed card (matched by id, compared as text). */
export function removeCard<T extends SavedCard>(cards: readonly T[], cardId: string | number): T[] {
  const removed = String(cardId).trim();
  return cards.filter((card) => savedCardId(card) !== removed);
}

function digitsOf(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '');
}

/**
 * SPEC §4: whether a saved card with last4 is chosen, which hides the card number input: a
 * selected card that is not new, has an id and has its last four digits.
 */
export function isSavedCardChosen(card: SavedCard | null | undefined): card is SavedCard {
  if (card === undefined || card === null) return false;
  return card.isNew !== true && savedCardId(card) !== undefined && digitsOf(card.last4) !== '';
}

/** SPEC §4, §5: the inputs that decide the card form variant and the CVV rule. */
export interface CardFormInput {
  /** The selected card, if any (SPEC §3 card state selectedCard). */
  readonly selectedCard?: SavedCard | null | undefined;
  /** The amount being paid, a decimal string. */
  readonly amount?: string | number | null | undefined;
  /** The method's limits.max_recurring_amount, a decimal string. */
  readonly maxRecurringAmount?: string | number | null | undefined;
  /** Whether the method's CVV field definition is required (isRequired). */
  readonly cvvFieldRequired?: boolean | null | undefined;
}

/** SPEC §5: why the CVV is shown (or not), so the form and its tests can tell the cases apart. */
export type CvvReason =
  'new-card' | 'active-token' | 'above-recurring-limit' | 'field-required' | 'not-needed';

/** SPEC §5: whether the CVV field is shown and required, and why. */
export interface CvvRequirement {
  readonly shown: boolean;
  readonly required: boolean;
  readonly reason: CvvReason;
}

function cvv(reason: CvvReason): CvvRequirement {
  const needed = reason !== 'not-needed';
  return { shown: needed, required: needed, reason };
}

/**
 * SPEC §5: when the CVV is shown, and then required. For a chosen saved card: always with an
 * active token; otherwise when the amount exceeds max_recurring_amount (compared with big.js; a
 * missing or unreadable amount or limit does not exceed) or the field is required.
 *
 * Where the spec is silent: without a chosen saved card (a new card, the full form) the CVV is
 * shown and required, because a first card-not-present payment needs its security code.
 */
export function cvvRequirement(input: CardFormInput): CvvRequirement {
  const card = input.selectedCard;
  if (!isSavedCardChosen(card)) return cvv('new-card');
  if (card.is_card_token_active === true) return cvv('active-token');
  if (compareDecimal(input.amount, input.maxRecurringAmount) === 1) {
    return cvv('above-recurring-limit');
  }
  return cvv(input.cvvFieldRequired === true ? 'field-required' : 'not-needed');
}

/** SPEC §4: the card form variants. */
export type CardFormVariant = 'number-only' | 'number-and-cvv' | 'full';

/** SPEC §4: which card fields a card form shows. */
export interface CardFormLayout {
  readonly variant: CardFormVariant;
  /** The card number input (hidden when a saved card with last4 is chosen). */
  readonly showCardNumberInput: boolean;
  /** The chosen saved card's masked number in place of the input. */
  readonly showMaskedCard: boolean;
  readonly showExpiry: boolean;
  readonly showCardholderName: boolean;
  readonly cvv: CvvRequirement;
}

/**
 * SPEC §4: the card form variant for the chosen card. A chosen saved card (not new, with an id and
 * last4) shows its masked number instead of the card number input, with the CVV when
 * {@link cvvRequirement} asks for it ('number-and-cvv', always so with an active token) and
 * without it otherwise ('number-only'); anything else is the full form: number, expiry, CVV and
 * cardholder name. Expiry and cardholder name of a saved card are on file, so they are not asked
 * again. The method's own field list still decides whether a field exists at all.
 */
export function cardFormLayout(input: CardFormInput): CardFormLayout {
  const requirement = cvvRequirement(input);
  if (!isSavedCardChosen(input.selectedCard)) {
    return {
      variant: 'full',
      showCardNumberInput: true,
      showMaskedCard: false,
      showExpiry: true,
      showCardholderName: true,
      cvv: requirement,
    };
  }
  return {
    variant: requirement.shown ? 'number-and-cvv' : 'number-only',
    showCardNumberInput: false,
    showMaskedCard: true,
    showExpiry: false,
    showCardholderName: false,
    cvv: requirement,
  };
}

/** SPEC §4: options of {@link maskSavedCard}. */
export interface MaskOptions {
  /** The character standing for a hidden digit. Default '•'. */
  readonly maskChar?: string | undefined;
  /** The number of digits the masked number shows. Default 16. */
  readonly length?: number | undefined;
}

const DEFAULT_MASKED_LENGTH = 16;

/**
 * SPEC §4, §5: a saved card's number for the card list: its bin, hidden digits, then its last four,
 * grouped by 4 like the card number input ("4111 11•• •••• 1111"); without a bin the hidden digits
 * lead ("•••• •••• •••• 1111"). Empty when last4 is unknown. Only bin and last4 are used.
 */
export function maskSavedCard(card: SavedCard, options: MaskOptions = {}): string {
  const last4 = digitsOf(card.last4);
  if (last4 === '') return '';
  const bin = digitsOf(card.bin);
  const maskChar = options.maskChar ?? '•';
  const length = options.length ?? DEFAULT_MASKED_LENGTH;
  const hidden = Number.isInteger(length) ? Math.max(0, length - bin.length - last4.length) : 0;
  const hiddenSymbols = Array.from({ length: hidden }, () => maskChar);
  // bin and last4 are ASCII digits here, so one array item per character is safe.
  const symbols = [...Array.from(bin), ...hiddenSymbols, ...Array.from(last4)];
  const groups: string[] = [];
  for (let i = 0; i < symbols.length; i += 4) groups.push(symbols.slice(i, i + 4).join(''));
  return groups.join(' ');
}

/** SPEC §4, §5: a saved card's type, detected from its bin (for the brand icon); `null` if unknown. */
export function savedCardType(card: SavedCard): CardTypeInfo | null {
  return detectCardType(digitsOf(card.bin));
}

/**
 * SPEC §4, §5: whether a saved card has expired at `now` (epoch ms): a card is good through the
 * last day of its expiry month (UTC), as the expiry check of a typed card treats the current
 * month as not past. A card without a readable month and four-digit year counts as expired, so
 * it is never offered for a payment it cannot make.
 */
export function isSavedCardExpired(card: SavedCard, now: number): boolean {
  const month = Number(digitsOf(String(card.exp_month ?? '')));
  const yearText = digitsOf(String(card.exp_year ?? ''));
  const year = Number(yearText);
  if (!Number.isInteger(month) || month < 1 || month > 12 || yearText.length !== 4) return true;
  // Date.UTC(year, month) is the first instant of the month after the expiry month.
  return now >= Date.UTC(year, month);
}
