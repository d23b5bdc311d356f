/**
 * Lookups over the country table of SPEC §3. Every function takes the table as an optional last
 * argument (default: the generated {@link COUNTRY_DATA}) so that callers and tests can narrow it.
 *
 * @packageDocumentation
 */
import type { Country } from './country';
import { COUNTRY_DATA, PHONECODE_MAIN_COUNTRY } from './country-data';

const ISO_PATTERN = /^[A-Za-z]{2}$/;
const PHONE_CODE_PATTERN = /^\+?(\d+)$/;

/**
 * SPEC §3, §5: the country with the alpha-2 code `iso`, compared case-insensitively after
 * trimming (`'ua'`, `' UA '` and `'Ua'` all find Ukraine). Anything that is not two letters, or
 * a code not in the table, gives `null`.
 */
export function findCountryByIso(
  iso: string | null | undefined,
  countries: readonly Country[] = COUNTRY_DATA,
): Country | null {
  if (typeof iso !== 'string') return null;
  const code = iso.trim();
  if (!ISO_PATTERN.test(code)) return null;
  const upper = code.toUpperCase();
  return countries.find((country) => country.iso === upper) ?? null;
}

/**
 * SPEC §3, §5: the countries whose phonecode is exactly `code` (digits, a leading plus allowed,
 * surrounding spaces ignored), the main country of a shared code first (`'1'` gives the United
 * States, then Canada), the rest in table order. Bad input or an unknown code gives `[]`.
 * Prefix matching of a whole number is {@link detectPhoneCountry}'s job, not this one's.
 */
export function findCountriesByPhoneCode(
  code: string | null | undefined,
  countries: readonly Country[] = COUNTRY_DATA,
  mainCountries: Readonly<Record<string, string>> = PHONECODE_MAIN_COUNTRY,
): readonly Country[] {
  if (typeof code !== 'string') return [];
  const digits = PHONE_CODE_PATTERN.exec(code.trim())?.[1];
  if (digits === undefined) return [];
  const matches = countries.filter((country) => country.phonecode === digits);
  const main = mainCountries[digits];
  return [
    ...matches.filter((country) => country.iso === main),
    ...matches.filter((country) => country.iso !== main),
  ];
}

function collatorFor(locale: string): Intl.Collator {
  try {
    return new Intl.Collator(locale, { sensitivity: 'base' });
  } catch {
    // A malformed locale tag throws a RangeError; a list in English order beats no list.
    return new Intl.Collator('en', { sensitivity: 'base' });
  }
}

/**
 * SPEC §2 (/select-country picker), §3: the countries sorted by the name the player reads
 * (`nameOf`, default the English `nicename`) with the collation of `locale` (default English; a
 * malformed tag falls back to English), ties by alpha-2 code. Returns a new array; the table is
 * not touched.
 */
export function listCountriesByName(
  countries: readonly Country[] = COUNTRY_DATA,
  locale = 'en',
  nameOf: (country: Country) => string = (country) => country.nicename,
): readonly Country[] {
  const collator = collatorFor(locale);
  return [...countries].sort(
    (a, b) => collator.compare(nameOf(a), nameOf(b)) || a.iso.localeCompare(b.iso, 'en'),
  );
}
