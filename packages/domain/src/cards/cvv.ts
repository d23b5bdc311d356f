/**
 * Card security code rules of SPEC §5, on card-validator's CVV check. When the code is shown and
 * required is decided with the card form variant (saved-cards.ts).
 *
 * @packageDocumentation
 */
import cardValidator from 'card-validator';
import { CVV_DEFAULT_LENGTH } from '../constants';
import { latinDigits } from '../digits';
import { MESSAGE_KEYS, VALID, invalid } from '../messages';
import type { Validation } from '../messages';
import { cardTypeInfo } from './card-types';

/** SPEC §5: what the CVV check found. */
export interface CvvCheck {
  /** Digits only, of an allowed length. */
  readonly isValid: boolean;
  /** Digits only, and not longer than the longest allowed length. */
  readonly isPotentiallyValid: boolean;
}

/** SPEC §5: options of {@link validateCvv}. */
export interface CvvOptions {
  /** The detected card type; its code size gives the allowed length. */
  readonly cardType?: string | null | undefined;
  /** Allowed lengths, overriding the card type's (for a method that says otherwise). */
  readonly lengths?: readonly number[] | undefined;
  /** Whether an empty code is an error (PH.ERROR.FIELD_REQUIRED). Default `true`. */
  readonly required?: boolean | undefined;
}

/**
 * SPEC §5, §9: the allowed CVV lengths of a card type: its code size (4 for American Express),
 * 3 when the type is unknown or not yet detected.
 */
export function cvvLengths(cardType?: string | null): readonly number[] {
  const info = cardType === undefined || cardType === null ? null : cardTypeInfo(cardType);
  return [info?.code.size ?? CVV_DEFAULT_LENGTH];
}

function allowedLengths(options: CvvOptions): number[] {
  const given = options.lengths?.filter((length) => Number.isInteger(length) && length > 0);
  return given !== undefined && given.length > 0 ? [...given] : [...cvvLengths(options.cardType)];
}

/**
 * SPEC §5: checks a CVV as typed: valid when digits only and of an allowed length; shorter is
 * potentially valid; longer or with any other character is neither.
 */
export function checkCvv(value: string, options: CvvOptions = {}): CvvCheck {
  const result = cardValidator.cvv(value, allowedLengths(options));
  return { isValid: result.isValid, isPotentiallyValid: result.isPotentiallyValid };
}

/**
 * SPEC §5: the CVV field rule: empty gives PH.ERROR.FIELD_REQUIRED (unless `required` is
 * `false`), anything not valid PH.ERROR.INCORRECT_CVV.
 */
export function validateCvv(value: string, options: CvvOptions = {}): Validation {
  if (value === '') return (options.required ?? true) ? invalid(MESSAGE_KEYS.fieldRequired) : VALID;
  return checkCvv(value, options).isValid ? VALID : invalid(MESSAGE_KEYS.incorrectCvv);
}

/**
 * SPEC §5: CVV input formatting: digits only (the field uses the numeric keyboard), cut at the
 * longest allowed length.
 */
export function formatCvvInput(raw: string, options: CvvOptions = {}): string {
  return latinDigits(raw)
    .replace(/\D/g, '')
    .slice(0, Math.max(...allowedLengths(options)));
}
