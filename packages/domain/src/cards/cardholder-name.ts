/**
 * Cardholder name rules of SPEC §5, on card-validator's cardholder name check.
 *
 * @packageDocumentation
 */
import cardValidator from 'card-validator';
import { CARDHOLDER_NAME_MAX } from '../constants';
import { MESSAGE_KEYS, VALID, invalid } from '../messages';
import type { Validation } from '../messages';

/**
 * SPEC §5: the cardholder name as submitted: trimmed, every run of white space collapsed to one
 * space; `undefined` when nothing is left, so the payload drops the field.
 */
export function cleanCardholderName(raw: string): string | undefined {
  const cleaned = raw.trim().replace(/\s+/g, ' ');
  return cleaned === '' ? undefined : cleaned;
}

/** SPEC §5: options of {@link validateCardholderName}. */
export interface CardholderNameOptions {
  /** Whether an empty name is an error (PH.ERROR.FIELD_REQUIRED). Default `true`. */
  readonly required?: boolean | undefined;
}

/**
 * SPEC §5: the cardholder name check on the cleaned name: not empty (PH.ERROR.FIELD_REQUIRED,
 * unless `required` is `false`); at most 255 characters and not only digits, spaces and dashes
 * (so a card number typed into the wrong field is refused), else PH.ERROR.FIELD_HAS_ERROR, the
 * spec giving no key of its own for this field.
 */
export function validateCardholderName(
  raw: string,
  options: CardholderNameOptions = {},
): Validation {
  const cleaned = cleanCardholderName(raw);
  if (cleaned === undefined) {
    return (options.required ?? true) ? invalid(MESSAGE_KEYS.fieldRequired) : VALID;
  }
  // card-validator applies the same 255 limit; checking it here keeps the spec's figure in force.
  if (cleaned.length > CARDHOLDER_NAME_MAX) return invalid(MESSAGE_KEYS.fieldHasError);
  return cardValidator.cardholderName(cleaned).isValid
    ? VALID
    : invalid(MESSAGE_KEYS.fieldHasError);
}
