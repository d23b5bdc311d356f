/**
 * Picking a phone country (SPEC §2 /select-country, SPEC §5).
 *
 * @packageDocumentation
 */
import type { Country } from '../countries/country';
import type { Validation } from '../messages';
import type { PhoneCountryOptions } from './detect';
import { splitPhoneNumber } from './detect';
import { phoneDigits } from './sanitize';
import type { PhoneRules } from './validate';
import { validatePhone } from './validate';

/** SPEC §5: options of {@link pickPhoneCountry}, detection data plus the field's rules. */
export interface PickPhoneCountryOptions extends PhoneCountryOptions, PhoneRules {
  /**
   * The country selected before the pick. Leave it out to use the country detected from the
   * value; pass `null` to say there was none (then nothing is replaced).
   */
  readonly previous?: Country | null | undefined;
}

/** SPEC §5: the outcome of {@link pickPhoneCountry}. */
export interface PickedPhone {
  /** The new field value: `+`, the picked country's phonecode, the national digits. */
  readonly value: string;
  /** The picked country, for the flag. */
  readonly country: Country;
  /** The new value checked against the field's rules. */
  readonly validation: Validation;
}

/**
 * SPEC §5 ("Picking a country prefixes its code and validates against the pattern"): the value
 * after the user picks `picked`, the previous country's code replaced by the picked one's
 * (`+380 50 123 4567` with Poland picked becomes `+48501234567`). The code replaced is the one
 * the number was detected with when that is the previous country (so a Dominican number loses
 * its 1829 just as it would lose 1809), else the previous phonecode when the digits start with
 * it; with no previous code in the number, the picked code goes in front of all the digits.
 * The new value is validated with `required` and `pattern` (and `patternMessageKey`).
 */
export function pickPhoneCountry(
  value: string,
  picked: Country,
  options: PickPhoneCountryOptions = {},
): PickedPhone {
  const digits = phoneDigits(value);
  const pickedIso = options.previous === undefined ? options.pickedIso : options.previous?.iso;
  const parts = splitPhoneNumber(digits, { ...options, pickedIso });
  const previous = options.previous === undefined ? parts.country : options.previous;
  let national = digits;
  if (previous !== null && parts.country?.iso === previous.iso) {
    national = parts.national;
  } else if (previous !== null && digits.startsWith(previous.phonecode)) {
    national = digits.slice(previous.phonecode.length);
  }
  const next = `+${picked.phonecode}${national}`;
  return { value: next, country: picked, validation: validatePhone(next, options) };
}
