/**
 * Countries of SPEC §3: the generated country table, its lookups and the language-to-flag rule.
 *
 * @packageDocumentation
 */
export type { Country } from './country';
export { COUNTRY_DATA } from './country-data';
export { languageToFlag } from './language-flag';
export { findCountriesByPhoneCode, findCountryByIso, listCountriesByName } from './lookups';
