/**
 * Phone masks of SPEC §3 and §5: a mask is a string in which X stands for a digit and every
 * other character is shown as it is; a country has one mask per digit count.
 *
 * @packageDocumentation
 */
import type { PhoneCountryOptions } from './detect';
import { splitPhoneNumber } from './detect';
import { phoneDigits } from './sanitize';

/** SPEC §3: the character of a mask that stands for one digit. */
export const MASK_DIGIT = 'X';

/** SPEC §3, §5: how many digits a mask holds (its count of X). */
export function maskDigitCount(mask: string): number {
  let count = 0;
  for (const char of mask) if (char === MASK_DIGIT) count += 1;
  return count;
}

/**
 * SPEC §5 ("mask chosen by digit count"): the mask for `digitCount` national digits: the one
 * holding exactly that many digits; while the number is still being typed, the shortest mask
 * that holds more; past every mask, the longest one. `null` when there are no masks.
 */
export function selectPhoneMask(masks: readonly string[], digitCount: number): string | null {
  let exact: string | null = null;
  let shortestLonger: string | null = null;
  let longest: string | null = null;
  for (const mask of masks) {
    const count = maskDigitCount(mask);
    if (count === digitCount && exact === null) exact = mask;
    if (count > digitCount && (shortestLonger === null || count < maskDigitCount(shortestLonger))) {
      shortestLonger = mask;
    }
    if (longest === null || count > maskDigitCount(longest)) longest = mask;
  }
  return exact ?? shortestLonger ?? longest;
}

/**
 * SPEC §5: `digits` laid into `mask`, one digit per X. Separators are written only between
 * digits, so a half-typed number has no dangling dash; digits beyond the mask are appended
 * unformatted rather than lost. Non-digits in `digits` are ignored; a `null` mask leaves the
 * digits as they are.
 */
export function applyPhoneMask(digits: string, mask: string | null): string {
  const queue = digits.replace(/\D/g, '');
  if (mask === null) return queue;
  let out = '';
  let next = 0;
  let pending = '';
  for (const char of mask) {
    if (next >= queue.length) break;
    if (char === MASK_DIGIT) {
      out += pending + queue.charAt(next);
      pending = '';
      next += 1;
    } else {
      pending += char;
    }
  }
  return out + queue.slice(next);
}

/**
 * SPEC §5: a phone number as shown: `+`, the dialling code, a space and the national digits in
 * the detected country's mask for their count (`'+380501234567'` shows as `'+380 50 123 4567'`).
 * With no matching country the digits follow the plus unformatted; no digits gives `''`.
 */
export function formatPhoneNumber(value: string, options: PhoneCountryOptions = {}): string {
  if (phoneDigits(value) === '') return '';
  const { country, code, national } = splitPhoneNumber(value, options);
  if (country === null) return `+${national}`;
  if (national === '') return `+${code}`;
  const mask = selectPhoneMask(country.telephoneMasks, national.length);
  return `+${code} ${applyPhoneMask(national, mask)}`;
}
