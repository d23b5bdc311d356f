/**
 * Numbers by the player's language where the spec fixes no format. SPEC §9 fixes the
 * grouping (a space), the digits (Latin, never Intl's) and the currency display formats of §3;
 * it does not fix the decimal separator for every language. Languages that write a decimal comma
 * (Ukrainian, German, Russian, French, ...) get "1 000,00 GBP"; English, Arabic and every
 * language not listed keep the point of the Russian-locale pattern the widget always used
 * ("1 000.00 GBP").
 *
 * Dates: SPEC §5 fixes the date field's DD.MM.YYYY; the day and month of a restriction message
 * (SPEC §4) it does not fix, so they follow the language too ({@link formatDayMonth}).
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
 * The languages (ISO 639-1/-2 codes) whose amounts are written with a decimal comma.
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
 * SPEC §9: the separators of a language, from a language code or a lang parameter
 * ("de", "de-XX", "uk_UA", "DE"): a decimal comma for {@link DECIMAL_COMMA_LANGUAGES}, else the
 * point; the group separator is always a space.
 */
export function numberSeparators(language: string): NumberSeparators {
  const base = language.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return DECIMAL_COMMA_LANGUAGES.has(base) ? COMMA : POINT;
}

/**
 * The decimal-comma languages that group thousands with a point ("1.000,50" in German); the others
 * group with a space ("1 000,50" in Ukrainian), and a point typed there is no mark of theirs.
 * CLDR's group symbol of each language.
 */
const POINT_GROUPING_LANGUAGES: ReadonlySet<string> = new Set([
  'de',
  'nl',
  'it',
  'es',
  'pt',
  'id',
  'tr',
  'az',
  'da',
  'el',
  'ro',
  'sl',
  'hr',
  'sr',
  'bs',
  'vi',
  'is',
]);

/**
 * The two marks a player may type between digits, '.' and ',', as one language reads them: its
 * decimal mark, and the mark it groups thousands with when that is the other one of the two (the
 * comma in English and Arabic, the point in German). `null` when the language groups with a space
 * only (Ukrainian): the other mark is then no mark of the language at all.
 */
export interface TypedAmountMarks {
  readonly decimal: '.' | ',';
  readonly group: '.' | ',' | null;
}

/**
 * SPEC §5 amount input: the marks of {@link TypedAmountMarks} for a language code or lang
 * parameter, by the same languages as {@link numberSeparators}.
 */
export function typedAmountMarks(language: string): TypedAmountMarks {
  const base = language.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (numberSeparators(base).decimalSeparator === '.') return { decimal: '.', group: ',' };
  return { decimal: ',', group: POINT_GROUPING_LANGUAGES.has(base) ? '.' : null };
}

/** Languages that write a day and month with a slash ("31/12"). */
const SLASH_DATE_LANGUAGES: ReadonlySet<string> = new Set([
  'en',
  'ar',
  'fr',
  'es',
  'it',
  'pt',
  'el',
  'vi',
  'id',
  'hi',
]);

/** Languages that close a day and month with a dot ("31.12."). */
const CLOSED_DOT_DATE_LANGUAGES: ReadonlySet<string> = new Set([
  'de',
  'da',
  'nb',
  'nn',
  'no',
  'fi',
]);

/**
 * SPEC §4: a day and month as the language writes them, two digits each: "31/12" in
 * English and Arabic, "31.12." in German, "31.12" in Ukrainian and every language not listed (the
 * Russian-locale style of SPEC §9).
 */
export function formatDayMonth(day: number, month: number, language = ''): string {
  const base = language.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  const dd = String(day).padStart(2, '0');
  const mm = String(month).padStart(2, '0');
  if (SLASH_DATE_LANGUAGES.has(base)) return `${dd}/${mm}`;
  if (CLOSED_DOT_DATE_LANGUAGES.has(base)) return `${dd}.${mm}.`;
  return `${dd}.${mm}`;
}
