/**
 * Issue 15: numbers by the player's language where the spec fixes no format. SPEC §9 fixes the
 * grouping (a space), the digits (Latin, never Intl's) and the currency display formats of §3;
 * it does not fix the decimal separator for every language. Languages that write a decimal comma
 * (Ukrainian, German, Russian, French, ...) get "1 000,00 GBP"; English, Arabic and every
 * language not listed keep the point of the Russian-locale pattern the widget always used
 * ("1 000.00 GBP").
 *
 * @packageDocumentation
 */

/** The separators an amount is written with in one language. */
export interface NumberSeparators {
  /** Between the integer part and the decimals: '.' or ','. */
  readonly decimalSeparator: '.' | ',';
  /** Between groups of three digits: always a space (SPEC §9). */
  readonly groupSeparator: ' ';
}

/**
 * Issue 15: the languages (ISO 639-1/-2 codes) whose amounts are written with a decimal comma.
 * Chosen from each language's common usage (CLDR's decimal symbol); Arabic is left out on
 * purpose: the widget writes Arabic amounts with Latin digits and the point (see the widget's
 * i18n/format.ts), as the player's card statement does.
 */
const DECIMAL_COMMA_LANGUAGES: ReadonlySet<string> = new Set([
  'uk',
  'de',
  'ru',
  'be',
  'kk',
  'fr',
  'es',
  'it',
  'pt',
  'nl',
  'pl',
  'cs',
  'sk',
  'sl',
  'hr',
  'sr',
  'bs',
  'bg',
  'ro',
  'hu',
  'el',
  'tr',
  'az',
  'ka',
  'hy',
  'lt',
  'lv',
  'et',
  'fi',
  'sv',
  'da',
  'nb',
  'nn',
  'no',
  'is',
  'id',
  'vi',
]);

const POINT: NumberSeparators = { decimalSeparator: '.', groupSeparator: ' ' };
const COMMA: NumberSeparators = { decimalSeparator: ',', groupSeparator: ' ' };

/**
 * Issue 15, SPEC §9: the separators of a language, from a language code or a lang parameter
 * ("de", "de-XX", "uk_UA", "DE"): a decimal comma for {@link DECIMAL_COMMA_LANGUAGES}, else the
 * point; the group separator is always a space.
 */
export function numberSeparators(language: string): NumberSeparators {
  const base = language.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return DECIMAL_COMMA_LANGUAGES.has(base) ? COMMA : POINT;
}
