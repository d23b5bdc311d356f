/**
 * Phone input sanitising of SPEC §5: only digits and a leading plus survive.
 *
 * @packageDocumentation
 */
import { isDigitChar, latinDigits } from '../digits';

/** SPEC §5: the outcome of {@link sanitizePhoneInput}. */
export interface SanitizedPhone {
  /** Digits with at most one plus, in front: always matches `/^\+?\d*$/`. */
  readonly value: string;
  /**
   * True when the input held a character that has no place in a phone number (a letter, an
   * underscore, any other symbol), so the field can tell the user the keystroke was refused.
   * Grouping characters of a pasted or masked number are dropped without setting it.
   */
  readonly rejected: boolean;
}

/** Characters a formatted number carries (mask output, pasted numbers): dropped quietly. */
const GROUPING = /[\s\-().]/u;
/** The Latin digit of `char`, for the digits of every script (domain digits.ts), else null. */
function asciiDigit(char: string): string | null {
  return isDigitChar(char) ? latinDigits(char) : null;
}

/**
 * SPEC §5 phone input: keeps only digits and a leading plus. A plus anywhere after the start
 * (a second plus) restarts the number after it, so `'+380+44'` becomes `'+44'`: a user who
 * types a new code over an old one gets the new one. Letters, underscores and other symbols
 * are dropped and reported in `rejected`; spaces, dashes, brackets and dots are dropped quietly
 * because masked and pasted numbers contain them. Digits of every script (Arabic-Indic,
 * Persian, full-width…) become ASCII digits (the product supports right-to-left languages). Idempotent, and total on any string.
 */
export function sanitizePhoneInput(raw: string): SanitizedPhone {
  let value = '';
  let rejected = false;
  for (const char of raw) {
    const digit = asciiDigit(char);
    if (digit !== null) {
      value += digit;
    } else if (char === '+') {
      value = '+';
    } else if (!GROUPING.test(char)) {
      rejected = true;
    }
  }
  return { value, rejected };
}

/** SPEC §5: the digits of a phone value, without the plus or anything else. */
export function phoneDigits(value: string): string {
  return sanitizePhoneInput(value).value.replace('+', '');
}
