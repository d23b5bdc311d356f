/**
 * Number and money display for the screens (SPEC §9: grouping by a space, the Russian-locale
 * currency format without symbol, the currency symbol table; SPEC §3: the four currency display
 * formats chosen by widget_settings.currency_display_setting_id). Thin, React-free helpers over
 * the domain's formatting, which works on decimal strings with big.js: no amount ever goes
 * through a float or through Intl on its way to the screen.
 *
 * Digits: amounts are always written with Latin digits (0-9), in Arabic too. Payment screens do
 * this so that an amount reads exactly like the one on the player's card statement, bank app and
 * the merchant's site, and so that the amount input (which accepts Latin digits, SPEC §5) and
 * every hint and summary read alike. The domain never uses Intl, so nothing here can produce
 * Arabic-Indic digits (٠١٢…); amounts must never be formatted with Intl number formatting or
 * locale strings with an 'ar' locale anywhere in the widget (format.test.ts checks the sources).
 *
 * Separators by language: the decimal separator follows the player's language where the spec fixes
 * none (domain numberSeparators: a comma in Ukrainian and German, "1 000,00 GBP"; the point in
 * English and Arabic); grouping stays a space (SPEC §9). The app sets the language once at start
 * ({@link setNumberLanguage}); {@link formatAmount} and {@link formatMoney} here apply it, and the
 * widget formats every amount through them (format.test.ts checks that no source imports the
 * domain's own formatAmount or formatMoney).
 *
 * Right-to-left: an amount with its currency is a left-to-right run inside an Arabic sentence.
 * {@link isolateLtr} wraps it in Unicode isolates so that the minus sign and the ISO code stay
 * on the correct side when the text is interpolated into a translation.
 *
 * @packageDocumentation
 */
import {
  currencyDisplayFormat,
  formatAmount as formatAmountIn,
  formatMoney as formatMoneyIn,
  groupThousands,
  numberSeparators,
} from '@cashdesk/domain';
import type {
  AmountFormatOptions,
  CurrencyDisplayFormat,
  DecimalInput,
  MoneyFormatOptions,
  NumberSeparators,
} from '@cashdesk/domain';

export { currencyDisplayFormat, groupThousands };
export type { CurrencyDisplayFormat };

let separators: NumberSeparators = numberSeparators('en');
let playerLanguage = 'en';

/**
 * The player's language (the lang parameter's language, e.g. "de" of de-XX) decides the decimal
 * separator of every amount and the day-month order of every date shown from now on. Called once by
 * the app at start.
 */
export function setNumberLanguage(language: string): void {
  separators = numberSeparators(language);
  playerLanguage = language;
}

/** The language {@link setNumberLanguage} set, for the domain's date formatting. */
export function numberLanguage(): string {
  return playerLanguage;
}

/** The separators of the player's language (see {@link setNumberLanguage}). */
export function languageSeparators(): NumberSeparators {
  return separators;
}

/**
 * SPEC §9 with the language's separators: the domain's formatAmount in the player's language unless
 * the options name their own separators ("1 000,50" in German, "1 000.50" in English).
 */
export function formatAmount(value: DecimalInput, options: AmountFormatOptions = {}): string {
  return formatAmountIn(value, inLanguage(options));
}

/** SPEC §3, §9 with the language's separators: the domain's formatMoney in the player's language. */
export function formatMoney(value: DecimalInput, options: MoneyFormatOptions): string {
  return formatMoneyIn(value, inLanguage(options));
}

/** The options with the language's separators wherever they name none. */
function inLanguage<T extends AmountFormatOptions>(options: T): T {
  return {
    ...options,
    decimalSeparator: options.decimalSeparator ?? separators.decimalSeparator,
    groupSeparator: options.groupSeparator ?? separators.groupSeparator,
  };
}

/**
 * SPEC §3: the currency_display_setting_id used when the brand sent none (or one outside 1-4):
 * 1, digits then ISO code ("1 234.50 EUR"). The ISO code is never ambiguous, where a symbol such
 * as "$" or "kr" can be; it is also the domain's own fallback.
 */
export const DEFAULT_CURRENCY_DISPLAY_SETTING_ID = 1;

/** SPEC §3: the display format of {@link DEFAULT_CURRENCY_DISPLAY_SETTING_ID}. */
export const DEFAULT_CURRENCY_DISPLAY: CurrencyDisplayFormat = 'amount-code';

/** SPEC §3, §9: how the current brand writes amounts; see {@link moneyFormat}. */
export interface MoneyFormat {
  /** The brand's display format (SPEC §3). */
  readonly display: CurrencyDisplayFormat;
  /**
   * SPEC §9: an amount without currency in the Russian-locale style: digits grouped by spaces, the
   * language's decimal separator, the currency's precision when given ("1 234 567.50",
   * "1 234 567,50" in German). '' when the value is not a number.
   */
  readonly amount: (value: DecimalInput, precision?: number) => string;
  /**
   * SPEC §3, §9: an amount with its currency in the brand's display format ("1 234.50 EUR",
   * "EUR 1 234.50", "1 234.50 €", "€1 234.50"). '' when the value is not a number.
   */
  readonly money: (value: DecimalInput, currency: string, precision?: number) => string;
}

/**
 * SPEC §3, §9: the money format of a brand from its currency_display_setting_id (number or
 * numeric text; anything else gives {@link DEFAULT_CURRENCY_DISPLAY}).
 */
export function moneyFormat(settingId: unknown): MoneyFormat {
  const display = currencyDisplayFormat(settingId, DEFAULT_CURRENCY_DISPLAY);
  return {
    display,
    amount: (value, precision) => formatAmount(value, { precision }),
    money: (value, currency, precision) => formatMoney(value, { currency, precision, display }),
  };
}

/** Left-to-right isolate (U+2066) and pop directional isolate (U+2069). */
const LRI = '\u2066';
const PDI = '\u2069';

/**
 * SPEC §1 right-to-left layouts: wraps a left-to-right run (an amount with its currency, a card
 * number) in Unicode isolates, so that inside an Arabic sentence "-5.00 EUR" keeps its minus
 * before the digits and the code after them. Use it for values interpolated into translated
 * text; in JSX an element with dir="ltr" (or <bdi>) does the same. '' stays '', and so does any
 * text while the page is left to right.
 */
export function isolateLtr(text: string): string {
  return text === '' || !documentIsRtl() ? text : `${LRI}${text}${PDI}`;
}

/**
 * Whether the cashier is laid out right to left (startup sets <html dir> from the language or the
 * dir parameter, SPEC §2). Isolates are only needed there: in a left-to-right page an amount
 * already keeps its order, and leaving them out keeps copied amounts free of invisible marks.
 */
function documentIsRtl(): boolean {
  return typeof document !== 'undefined' && document.documentElement.dir === 'rtl';
}

/** First-strong isolate (U+2068). */
const FSI = '\u2068';

/**
 * SPEC §1 right-to-left layouts: wraps a value interpolated into a translation in a first-strong
 * isolate. An amount ("5 000.00", "0.25 EUR") resolves left to right, so its groups and its
 * code keep their order in an Arabic sentence (digits alone would be split at the group space);
 * an Arabic label resolves right to left. '' stays '', and so does any text while the page is
 * left to right.
 */
export function isolate(text: string): string {
  return text === '' || !documentIsRtl() ? text : `${FSI}${text}${PDI}`;
}

/** {@link isolate} on every string parameter of a translated message. */
export function isolateParams(
  params: Readonly<Record<string, string>> | undefined,
): Record<string, string> {
  const isolated: Record<string, string> = {};
  for (const [name, value] of Object.entries(params ?? {})) isolated[name] = isolate(value);
  return isolated;
}

/** Digits after the decimal point of an amount as the server wrote it ('20.00' → 2). */
function wireDecimals(amount: string): number {
  return amount.split('.')[1]?.length ?? 0;
}

/**
 * SPEC §3, §9: an amount the server sent (a pay session, a display form) with its currency, at
 * the decimals the server wrote it with (the server sends amounts at the currency precision),
 * isolated as a left-to-right run for right-to-left texts.
 */
export function wireMoney(
  amount: string,
  currency: string,
  display: CurrencyDisplayFormat = DEFAULT_CURRENCY_DISPLAY,
): string {
  return isolateLtr(formatMoney(amount, { currency, precision: wireDecimals(amount), display }));
}

/**
 * The minimum-limit text (SPEC §5 PH.MIN_LIMIT_INFO_TEXT, `{{amount}} {{currency}}`) with `money`,
 * an amount already formatted with its currency by the brand's currency display, like every other
 * amount on the screen ("Min. KWD 1.500" beside "Max. KWD 1 500.000", never "Min. 1.500 KWD" beside
 * it). `currency` goes in empty, and the space it leaves at the end (also before a closing isolate)
 * is taken out; a text without `{{currency}}` is not affected.
 */
export function minLimitText(
  t: (key: string, params: Readonly<Record<string, string>>) => string,
  key: string,
  money: string,
): string {
  return t(key, { amount: money, currency: '' }).replace(/\s+(?=\u2069?$)/u, '');
}
