/**
 * Country filtering of pay groups (SPEC §3 `cashier_settings.country_filtering_enabled`).
 *
 * @packageDocumentation
 */

/** What {@link isOfferedInCountry} reads. */
export interface CountryFilterInput {
  /** The brand's `country_filtering_enabled`. */
  readonly filtering: boolean;
  /** The pay group's countries (ISO 3166-1 alpha-2); empty: every country. */
  readonly countries: readonly string[];
  /** The player's country (ISO alpha-2), `null` when the profile has none. */
  readonly playerCountry: string | null;
}

/**
 * SPEC §3: whether a pay group is offered to a player. With the brand's country filtering on, a
 * pay group that names countries is offered only to players of one of them (codes compared in any
 * case); a player whose country is unknown is offered only the pay groups that name none. With
 * filtering off, or a pay group naming no country, it is offered to everyone.
 *
 * @example isOfferedInCountry({ filtering: true, countries: ['DE', 'AT'], playerCountry: 'at' }) // true
 * @example isOfferedInCountry({ filtering: true, countries: ['DE'], playerCountry: null }) // false
 */
export function isOfferedInCountry(input: CountryFilterInput): boolean {
  if (!input.filtering || input.countries.length === 0) return true;
  const country = input.playerCountry?.trim().toUpperCase() ?? '';
  return country !== '' && input.countries.some((code) => code.toUpperCase() === country);
}
