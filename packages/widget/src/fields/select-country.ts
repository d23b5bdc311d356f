/**
 * The /select-country overlay route (SPEC §2), loaded lazily by app/app-routes.tsx.
 *
 * @packageDocumentation
 */
export { SelectCountryPage } from './phone/select-country-page';
