/**
 * How a long value (a payment reference, an IBAN, a voucher code, a wallet address) is broken into
 * groups for the screen, so that it wraps only between groups and never loses a character to the
 * edge of a field (long-value.tsx shows them). What is copied is always the value as given.
 *
 * @packageDocumentation
 */

/** The groups of a value and how they are joined on the screen. */
export interface ValueGroups {
  readonly groups: readonly string[];
  /**
   * `true`: the groups are shown with a space between them (a code or an IBAN in groups of four,
   * words); `false`: side by side, a line may break after each (after the hyphens of a reference).
   */
  readonly spaced: boolean;
}

/** Digits read in groups of four (a voucher, a card number): from eight digits on. */
const DIGIT_CODE = /^\d{8,}$/;
/** An IBAN (ISO 13616): country, check digits, then up to 30 letters and digits. */
const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/i;
/** Where a reference without spaces may break: after each of these. */
const BREAK_AFTER = /(?<=[-_/.:])/;

function inFours(text: string): string[] {
  return text.match(/.{1,4}/g) ?? [];
}

/**
 * The groups of `value` (trimmed): a code of eight or more digits and an IBAN in groups of four,
 * as they are printed on paper (ISO 13616, ISO/IEC 7812); a value with spaces in its own words; a
 * reference without spaces after each hyphen, underscore, slash, dot or colon; anything else as
 * one group (the last resort of the stylesheet breaks it anywhere).
 *
 * @example valueGroups('123456789012') // { groups: ['1234', '5678', '9012'], spaced: true }
 * @example valueGroups('SBX-EFF7D4DD8B') // { groups: ['SBX-', 'EFF7D4DD8B'], spaced: false }
 */
export function valueGroups(value: string): ValueGroups {
  const text = value.trim();
  const compact = text.replace(/\s+/g, '');
  if (DIGIT_CODE.test(compact) || IBAN.test(compact)) {
    return { groups: inFours(compact), spaced: true };
  }
  if (/\s/.test(text)) return { groups: text.split(/\s+/), spaced: true };
  const parts = text.split(BREAK_AFTER).filter((part) => part !== '');
  return { groups: parts, spaced: false };
}
