/**
 * Card number rules of SPEC §5: validity on card-validator (so the spec's extra types count), the
 * blur and submit checks, and the input formatting. Nothing here keeps or returns the number.
 *
 * @packageDocumentation
 */
import cardValidator from 'card-validator';
import { CARD_NUMBER_MAX_DIGITS } from '../constants';
import { latinDigits } from '../digits';
import { MESSAGE_KEYS, VALID, invalid } from '../messages';
import type { Validation } from '../messages';
import { alternateCardType, configureCardTypes } from './card-types';
import type { CardTypeInfo } from './card-types';
import { luhnCheck } from './luhn';

/**
 * SPEC §5: numbers shorter than this only need to be potentially valid. Fourteen- and 15-digit
 * cards (Diners Club, American Express) and short Maestro numbers fall under it.
 */
export const CARD_NUMBER_STRICT_FROM_DIGITS = 16;

/** SPEC §5: options of the card number checks. */
export interface CardNumberOptions {
  /**
   * Whether UnionPay numbers must pass Luhn too. The spec says every number must; card-validator
   * exempts UnionPay by default because some real UnionPay cards fail it. Default `true`.
   */
  readonly luhnValidateUnionPay?: boolean | undefined;
  /** Digit count from which the number must be fully valid. Default {@link CARD_NUMBER_STRICT_FROM_DIGITS}. */
  readonly strictFromDigits?: number | undefined;
  /** Whether an empty number is an error (PH.ERROR.FIELD_REQUIRED). */
  readonly required?: boolean | undefined;
}

/** SPEC §5: what the card number check found. */
export interface CardNumberCheck {
  /** A complete number of its type's length that passes Luhn. */
  readonly isValid: boolean;
  /** The digits so far can still become a valid number. */
  readonly isPotentiallyValid: boolean;
  /** The spec's verdict: valid, or potentially valid while under the strict digit count. */
  readonly isAccepted: boolean;
  /** The detected type, `null` while several or none fit. */
  readonly cardType: CardTypeInfo | null;
}

interface Verdict {
  readonly isValid: boolean;
  readonly isPotentiallyValid: boolean;
  readonly cardType: CardTypeInfo | null;
}

/** The rule card-validator applies to the detected type, for the type the tie-break hid. */
function verdictFor(cardType: CardTypeInfo, digits: string): Verdict {
  const isValid = cardType.lengths.includes(digits.length) && luhnCheck(digits);
  const longest = Math.max(...cardType.lengths);
  return { isValid, isPotentiallyValid: isValid || digits.length < longest, cardType };
}

function detectAndVerify(digits: string, luhnValidateUnionPay: boolean): Verdict {
  configureCardTypes();
  const result = cardValidator.number(digits, { luhnValidateUnionPay });
  const card = result.card;
  const primary: Verdict = {
    isValid: result.isValid,
    isPotentiallyValid: result.isPotentiallyValid,
    cardType:
      card === null
        ? null
        : {
            type: card.type,
            niceType: card.niceType,
            lengths: card.lengths,
            gaps: card.gaps,
            code: { name: card.code.name, size: card.code.size },
          },
  };
  if (primary.isValid || primary.cardType === null) return primary;
  const alternateType = alternateCardType(primary.cardType.type);
  if (alternateType === null) return primary;
  const alternate = verdictFor(alternateType, digits);
  if (alternate.isValid) return alternate;
  return primary.isPotentiallyValid || !alternate.isPotentiallyValid ? primary : alternate;
}

/**
 * SPEC §5: checks a card number as typed (spaces and dashes ignored): its type, whether it is
 * valid (a length of its type and the Luhn check), potentially valid, and accepted (numbers under
 * 16 digits need only be potentially valid). A type tied on its prefix with another (Visa and
 * Visa-like, local-6 and Maestro) is checked against the other too when it fails.
 */
export function checkCardNumber(value: string, options: CardNumberOptions = {}): CardNumberCheck {
  const digits = value.replace(/[\s-]/g, '');
  const verdict = detectAndVerify(digits, options.luhnValidateUnionPay ?? true);
  const strictFrom = options.strictFromDigits ?? CARD_NUMBER_STRICT_FROM_DIGITS;
  const isAccepted = digits.length < strictFrom ? verdict.isPotentiallyValid : verdict.isValid;
  return { ...verdict, isAccepted };
}

function validateCardNumber(
  value: string,
  options: CardNumberOptions,
  required: boolean,
): Validation {
  if (value.trim() === '') return required ? invalid(MESSAGE_KEYS.fieldRequired) : VALID;
  return checkCardNumber(value, options).isAccepted
    ? VALID
    : invalid(MESSAGE_KEYS.incorrectCardNumber);
}

/**
 * SPEC §5: the card number check on blur; a number that is not accepted gives
 * PH.ERROR.INCORRECT_CARD_NUMBER. An empty field passes unless `required` is set, so that leaving
 * an untouched field does not flag it; emptiness is the submit check's business.
 */
export function validateCardNumberOnBlur(
  value: string,
  options: CardNumberOptions = {},
): Validation {
  return validateCardNumber(value, options, options.required ?? false);
}

/**
 * SPEC §5: the card number check on submit, whose error the form sets as a manual error on the
 * card field: PH.ERROR.FIELD_REQUIRED when empty (unless `required` is `false`),
 * PH.ERROR.INCORRECT_CARD_NUMBER when not accepted.
 */
export function validateCardNumberOnSubmit(
  value: string,
  options: CardNumberOptions = {},
): Validation {
  return validateCardNumber(value, options, options.required ?? true);
}

/**
 * SPEC §5, §9: formats card number input: digits only, at most `maxDigits` of them (19 by
 * default: the longest card numbers), in groups of 4 separated by one space (so up to 23
 * characters shown). A number is never cut short of its real length: a 19-digit Visa or Maestro
 * is typed whole, not silently shortened to a different 16-digit number. Idempotent.
 */
export function formatCardNumberInput(raw: string, maxDigits = CARD_NUMBER_MAX_DIGITS): string {
  const limit = Number.isFinite(maxDigits)
    ? Math.max(0, Math.floor(maxDigits))
    : CARD_NUMBER_MAX_DIGITS;
  // Digits of every script count (domain digits.ts): an Arabic keyboard types ٤١١١….
  const digits = latinDigits(raw).replace(/\D/g, '').slice(0, limit);
  return (digits.match(/\d{1,4}/g) ?? []).join(' ');
}

/** SPEC §5: the stored card number value: the displayed one with the spaces removed. */
export function unformatCardNumber(display: string): string {
  return display.replace(/\s/g, '');
}
