/**
 * Amount and currency display (SPEC §3 currency display formats, §9 number grouping by space and
 * the Russian-locale currency format without symbol). Formatting works on the decimal string, never
 * through Intl on a float, so no amount ever loses a digit on its way to the screen.
 *
 * @packageDocumentation
 */
import type { RoundingDirection } from './decimal';
import { parseDecimal } from './decimal';
import { CURRENCY_SYMBOLS } from './currency-symbols';
import { resolvePrecision, roundToPrecision } from './precision';
import type { DecimalInput } from './values';

/**
 * SPEC §3: the four currency display formats: digits then ISO code, ISO code then digits, digits
 * then symbol, symbol then digits.
 */
export type CurrencyDisplayFormat =
  'amount-code' | 'code-amount' | 'amount-symbol' | 'symbol-amount';

/**
 * SPEC §3 widgetSettings.currency_display_setting_id: which id selects which format. The spec lists
 * the formats but not their ids; the ids follow the order in which the spec enumerates them.
 */
export const CURRENCY_DISPLAY_SETTINGS: Readonly<Record<number, CurrencyDisplayFormat>> = {
  1: 'amount-code',
  2: 'code-amount',
  3: 'amount-symbol',
  4: 'symbol-amount',
};

/**
 * SPEC §3: the display format for a currency_display_setting_id (number or numeric text). An
 * unknown or missing id gives `fallback`, digits then ISO code by default, because the ISO code
 * is never ambiguous where a symbol such as $ can be.
 */
export function currencyDisplayFormat(
  settingId: unknown,
  fallback: CurrencyDisplayFormat = 'amount-code',
): CurrencyDisplayFormat {
  const id =
    typeof settingId === 'number'
      ? settingId
      : typeof settingId === 'string' && /^\s*\d+\s*$/.test(settingId)
        ? Number(settingId)
        : Number.NaN;
  return CURRENCY_DISPLAY_SETTINGS[id] ?? fallback;
}

/**
 * SPEC §9: the symbol of an ISO 4217 code from the generated table (case-insensitive). A code the
 * table does not know is returned as given (trimmed, upper-cased), which still reads correctly.
 */
export function currencySymbol(
  code: string,
  symbols: Readonly<Record<string, string>> = CURRENCY_SYMBOLS,
): string {
  const normalized = code.trim().toUpperCase();
  // hasOwn keeps prototype names such as "toString" out of the lookup.
  if (Object.hasOwn(symbols, normalized)) {
    const symbol = symbols[normalized];
    if (symbol !== undefined) return symbol;
  }
  return normalized;
}

/**
 * SPEC §5, §9: groups a run of integer digits in threes from the right, with spaces by default
 * ("1234567" gives "1 234 567"). Text that is not only digits is returned unchanged.
 */
export function groupThousands(digits: string, separator = ' '): string {
  if (!/^\d+$/.test(digits)) return digits;
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** SPEC §9: options of {@link formatAmount}. */
export interface AmountFormatOptions {
  /**
   * Decimals to show: the currency's precision (SPEC §3). When absent the value keeps its own
   * decimals; when invalid the default currency precision applies.
   */
  readonly precision?: number | undefined;
  /**
   * Decimal separator. Default '.', the separator the amount input keeps (SPEC §5), so that the
   * hint and the field read alike; pass ',' for the exact Russian-locale format of SPEC §9.
   */
  readonly decimalSeparator?: string | undefined;
  /** Group separator, a plain space by default (SPEC §9: number grouping by space). */
  readonly groupSeparator?: string | undefined;
  /** How to round to `precision`; half up by default. */
  readonly rounding?: RoundingDirection | undefined;
}

/**
 * SPEC §9: formats an amount in the Russian-locale currency format without symbol: digits
 * grouped by spaces, the currency's decimals, "-" before a negative amount ("1 234 567.50").
 * A value that is not a number gives '' rather than a throw.
 */
export function formatAmount(value: DecimalInput, options: AmountFormatOptions = {}): string {
  const parsed = parseDecimal(value);
  if (parsed === null) return '';
  const fixed =
    options.precision === undefined
      ? parsed.toFixed()
      : roundToPrecision(parsed, resolvePrecision(options.precision), options.rounding);
  const negative = fixed.startsWith('-');
  const unsigned = negative ? fixed.slice(1) : fixed;
  const [integer = '0', fraction] = unsigned.split('.');
  const grouped = groupThousands(integer, options.groupSeparator ?? ' ');
  const body =
    fraction === undefined ? grouped : `${grouped}${options.decimalSeparator ?? '.'}${fraction}`;
  // A value rounded to zero ("-0.001" at 2 places) must not read as "-0.00".
  const isZero = /^[0.]*$/.test(unsigned);
  return negative && !isZero ? `-${body}` : body;
}

/** SPEC §3, §9: options of {@link formatMoney}. */
export interface MoneyFormatOptions extends AmountFormatOptions {
  /** ISO 4217 code of the amount (SPEC §3 currencies[0].alpha3). */
  readonly currency: string;
  /** One of the four formats of SPEC §3; digits then ISO code by default. */
  readonly display?: CurrencyDisplayFormat | undefined;
  /** Symbol table to use instead of the generated one (tests, brand overrides). */
  readonly symbols?: Readonly<Record<string, string>> | undefined;
}

/**
 * SPEC §3, §9: formats an amount with its currency in one of the four display formats. ISO codes
 * are always separated from the digits by a space ("100.00 EUR", "EUR 100.00"); a symbol after the
 * digits is separated by a space as the Russian locale writes it ("100.00 ₽"), a symbol before the
 * digits is written against them ("$100.00"). The minus sign leads ("-$5.00"). A value that is
 * not a number gives ''. An empty currency gives the bare formatted amount.
 */
export function formatMoney(value: DecimalInput, options: MoneyFormatOptions): string {
  const amount = formatAmount(value, options);
  const code = options.currency.trim().toUpperCase();
  if (amount === '' || code === '') return amount;
  const negative = amount.startsWith('-');
  const digits = negative ? amount.slice(1) : amount;
  const sign = negative ? '-' : '';
  switch (options.display ?? 'amount-code') {
    case 'amount-code':
      return `${amount} ${code}`;
    case 'code-amount':
      return `${sign}${code} ${digits}`;
    case 'amount-symbol':
      return `${amount} ${currencySymbol(code, options.symbols)}`;
    case 'symbol-amount':
      return `${sign}${currencySymbol(code, options.symbols)}${digits}`;
  }
}
