/**
 * Phone input sanitising of SPEC §5: only digits and a leading plus survive.
 *
 * @packageDocumentation
 */

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
const ARABIC_INDIC_ZERO = 0x0660;
const EXTENDED_ARABIC_INDIC_ZERO = 0x06f0;

/** The ASCII digit of `char`, also for the Arabic-Indic digits of right-to-left keyboards. */
function asciiDigit(char: string): string | null {
  if (char >= '0' && char <= '9') return char;
  const code = char.charCodeAt(0);
  for (const zero of [ARABIC_INDIC_ZERO, EXTENDED_ARABIC_INDIC_ZERO]) {
    if (code >= zero && code <= zero + 9) return String(code - zero);
  }
  return null;
}

/**
 * SPEC §5 phone input: keeps only digits and a leading plus. A plus anywhere after the start
 * (a second plus) restarts the number after it, so `'+380+44'` becomes `'+44'`: a user who
 * types a new code over an old one gets the new one. Letters, underscores and other symbols
 * are dropped and reported in `rejected`; spaces, dashes, brackets and dots are dropped quietly
 * because masked and pasted numbers contain them. Arabic-Indic digits become ASCII digits
 * (the product supports right-to-left languages). Idempotent, and total on any string.
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
