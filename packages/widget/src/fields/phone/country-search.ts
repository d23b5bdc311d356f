import { findCountriesByPhoneCode, listCountriesByName } from '@cashdesk/domain';
import type { Country } from '@cashdesk/domain';
import { countryName } from './flag';

/** A country as the picker lists it: its name in the current language. */
export interface CountryEntry {
  readonly country: Country;
  readonly name: string;
}

/**
 * SPEC §2 /select-country: every country, named in `language` and sorted by that name (the
 * domain's `listCountriesByName`, which also survives a language tag the browser refuses).
 */
export function countryEntries(countries: readonly Country[], language: string): CountryEntry[] {
  const names = new Map(
    countries.map((country) => [country.iso, countryName(country.iso, language, country.nicename)]),
  );
  const nameOf = (country: Country) => names.get(country.iso) ?? country.nicename;
  return listCountriesByName(countries, language, nameOf).map((country) => ({
    country,
    name: nameOf(country),
  }));
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/**
 * SPEC §2 /select-country search: a query matches a country whose local or English name contains
 * it (accents and case ignored), whose ISO code equals it, or, when it is digits (a leading plus
 * allowed), whose phone code starts with them. For digits, the countries whose code is exactly
 * those digits come first, the code's main country leading (SPEC §5: "+1" lists the United States,
 * then Canada, before American Samoa), then the longer codes by name.
 */
export function filterCountries(entries: readonly CountryEntry[], query: string): CountryEntry[] {
  const trimmed = query.trim();
  if (trimmed === '') return [...entries];
  const digits = /^\+?\d+$/.test(trimmed) ? trimmed.replace('+', '') : null;
  if (digits !== null) {
    const exact = findCountriesByPhoneCode(
      digits,
      entries.map((entry) => entry.country),
    ).map((country) => country.iso);
    const rank = (entry: CountryEntry) => {
      const index = exact.indexOf(entry.country.iso);
      return index === -1 ? exact.length : index;
    };
    // Array.prototype.sort is stable: the longer codes keep their order by name.
    return entries
      .filter(({ country }) => country.phonecode.startsWith(digits))
      .sort((a, b) => rank(a) - rank(b));
  }
  const needle = fold(trimmed);
  return entries.filter(
    ({ country, name }) =>
      fold(name).includes(needle) ||
      fold(country.nicename).includes(needle) ||
      country.iso.toLowerCase() === needle,
  );
}
