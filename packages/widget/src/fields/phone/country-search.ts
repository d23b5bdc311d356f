import type { Country } from '@cashdesk/domain';
import { countryName } from './flag';

/** A country as the picker lists it: its name in the current language. */
export interface CountryEntry {
  readonly country: Country;
  readonly name: string;
}

/** SPEC §2 /select-country: every country, named in `language` and sorted by that name. */
export function countryEntries(countries: readonly Country[], language: string): CountryEntry[] {
  const collator = new Intl.Collator(language);
  return countries
    .map((country) => ({ country, name: countryName(country.iso, language, country.nicename) }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/**
 * SPEC §2 /select-country search: a query matches a country whose local or English name contains
 * it (accents and case ignored), whose ISO code equals it, or, when it is digits (a leading plus
 * allowed), whose phone code starts with them.
 */
export function filterCountries(entries: readonly CountryEntry[], query: string): CountryEntry[] {
  const trimmed = query.trim();
  if (trimmed === '') return [...entries];
  const digits = /^\+?\d+$/.test(trimmed) ? trimmed.replace('+', '') : null;
  const needle = fold(trimmed);
  return entries.filter(({ country, name }) =>
    digits === null
      ? fold(name).includes(needle) ||
        fold(country.nicename).includes(needle) ||
        country.iso.toLowerCase() === needle
      : country.phonecode.startsWith(digits),
  );
}
