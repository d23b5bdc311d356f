/**
 * The country record of SPEC §3, shared by the generated table and the lookups.
 *
 * @packageDocumentation
 */

/**
 * SPEC §3 country record: one country or territory of the phone-country picker.
 *
 * - `id`: 1-based position in the table sorted by `iso`, so ids stay stable as long as no
 *   country is added before another alphabetically (ISO numeric codes were not used because
 *   Kosovo has none).
 * - `iso`: upper-case ISO 3166-1 alpha-2 code (Kosovo uses the user-assigned `XK`).
 * - `name`: upper-case short name, as in classic country tables.
 * - `nicename`: display name.
 * - `iso3`: ISO 3166-1 alpha-3 code.
 * - `numcode`: ISO 3166-1 numeric code, `null` where none exists (Kosovo).
 * - `phonecode`: international dialling code, digits only without the plus; for members of the
 *   North American Numbering Plan other than the United States and Canada it includes the
 *   territory's area code (Jamaica `1876`), so that detection by the longest code tells them apart.
 * - `telephoneMasks`: how the digits after `phonecode` are grouped, one mask per digit count,
 *   shortest first; `X` stands for a digit.
 */
export interface Country {
  readonly id: number;
  readonly iso: string;
  readonly name: string;
  readonly nicename: string;
  readonly iso3: string;
  readonly numcode: number | null;
  readonly phonecode: string;
  readonly telephoneMasks: readonly string[];
}
