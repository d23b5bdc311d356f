/**
 * Phone country detection of SPEC §5: the country whose dialling code is the longest prefix of
 * the number, the flag shown for it, and the split into code and national digits.
 *
 * @packageDocumentation
 */
import type { Country } from '../countries/country';
import {
  COUNTRY_DATA,
  EXTRA_DIALLING_PREFIXES,
  PHONECODE_MAIN_COUNTRY,
} from '../countries/country-data';
import { findCountryByIso } from '../countries/lookups';
import { phoneDigits } from './sanitize';

/** SPEC §5: the flag code shown while no country matches the number. */
export const UNKNOWN_PHONE_COUNTRY = 'UN';

/**
 * SPEC §5: the data detection works on. Every part defaults to the generated table, so callers
 * pass only what they narrow (a brand that offers fewer countries passes `countries`).
 */
export interface PhoneCountryOptions {
  /** The country table (default: every country of SPEC §3). */
  readonly countries?: readonly Country[] | undefined;
  /**
   * Further dialling prefixes (digits) to alpha-2 code, such as Canadian area codes; a prefix
   * counts only for a country in `countries`.
   */
  readonly extraPrefixes?: Readonly<Record<string, string>> | undefined;
  /** Phonecode to the alpha-2 code of the country it means when several share it. */
  readonly mainCountries?: Readonly<Record<string, string>> | undefined;
  /**
   * The alpha-2 code of the country the user picked in the country picker. It wins a tie, so
   * that picking Guernsey (+44, like the United Kingdom) keeps Guernsey's flag.
   */
  readonly pickedIso?: string | null | undefined;
}

/** A phone number split at its dialling code (SPEC §5). */
export interface PhoneParts {
  /** The detected country, `null` when no dialling code matches. */
  readonly country: Country | null;
  /** The leading digits that are the country's code (as long as its phonecode), else `''`. */
  readonly code: string;
  /** The digits after the code; all digits when no country matched. */
  readonly national: string;
}

/**
 * SPEC §5: the country of a phone number, by the longest dialling code the digits start with.
 * A country's codes are its phonecode and its entries in `extraPrefixes` (so `+1 416` is Canada
 * and `+1 829` the Dominican Republic). When several countries match equally long, the picked
 * country wins, then the main country of the phonecode (United States for +1, Russia for +7),
 * then table order. No digits, or no matching code, gives `null`.
 */
export function detectPhoneCountry(
  value: string,
  options: PhoneCountryOptions = {},
): Country | null {
  const digits = phoneDigits(value);
  if (digits === '') return null;
  const countries = options.countries ?? COUNTRY_DATA;
  const extraPrefixes = options.extraPrefixes ?? EXTRA_DIALLING_PREFIXES;
  const mainCountries = options.mainCountries ?? PHONECODE_MAIN_COUNTRY;

  const matchLength = new Map<Country, number>();
  for (const country of countries) {
    if (digits.startsWith(country.phonecode)) matchLength.set(country, country.phonecode.length);
  }
  for (const [prefix, iso] of Object.entries(extraPrefixes)) {
    if (!digits.startsWith(prefix)) continue;
    const country = findCountryByIso(iso, countries);
    if (country !== null && prefix.length > (matchLength.get(country) ?? 0)) {
      matchLength.set(country, prefix.length);
    }
  }
  const longest = Math.max(0, ...matchLength.values());
  const tied = [...matchLength].filter(([, length]) => length === longest).map(([c]) => c);
  const picked = options.pickedIso?.trim().toUpperCase();
  return (
    tied.find((country) => country.iso === picked) ??
    tied.find((country) => country.iso === mainCountries[country.phonecode]) ??
    tied[0] ??
    null
  );
}

/**
 * SPEC §5: a phone number split into the detected country, its code and the national digits.
 * The code is as many leading digits as the country's phonecode has, so a Dominican number
 * found by the prefix 1829 splits as `1829` + seven digits, like one starting 1809.
 */
export function splitPhoneNumber(value: string, options: PhoneCountryOptions = {}): PhoneParts {
  const digits = phoneDigits(value);
  const country = detectPhoneCountry(digits, options);
  if (country === null) return { country: null, code: '', national: digits };
  const length = country.phonecode.length;
  return { country, code: digits.slice(0, length), national: digits.slice(length) };
}

/**
 * SPEC §5: the default phone country, the user's country (alpha-2, any case); `null` when it
 * is missing or not in the table.
 */
export function defaultPhoneCountry(
  userCountryIso: string | null | undefined,
  countries: readonly Country[] = COUNTRY_DATA,
): Country | null {
  return findCountryByIso(userCountryIso, countries);
}
