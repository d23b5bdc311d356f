/**
 * Countries of SPEC §3: the generated country table, its lookups and the language-to-flag rule.
 *
 * @packageDocumentation
 */
export type { Country } from './country';
export { COUNTRY_DATA, EXTRA_DIALLING_PREFIXES, PHONECODE_MAIN_COUNTRY } from './country-data';
export { LANGUAGE_FLAG_EXCEPTIONS, languageToFlag } from './language-flag';
export { findCountriesByPhoneCode, findCountryByIso, listCountriesByName } from './lookups';
