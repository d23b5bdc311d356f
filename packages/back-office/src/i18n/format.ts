/**
 * Amounts, sizes and dates for display, per locale, with Intl. An amount is a decimal string and stays
 * one: Intl.NumberFormat formats the string itself (exactly, digit for digit), and the number of
 * decimals shown is the number the string has, never a rounding of a float.
 */

/** The number of decimals a decimal string carries ("10.50" → 2, "1500" → 0). */
function decimalsOf(amount: string): number {
  const dot = amount.indexOf('.');
  return dot === -1 ? 0 : amount.length - dot - 1;
}

/** Whether a text is a plain decimal ("-12.50"), which Intl formats digit for digit. */
function isDecimal(text: string): text is Intl.StringNumericLiteral {
  return /^-?\d+(\.\d+)?$/.test(text);
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** The decimals a currency is usually shown with (2 for EUR, 0 for JPY; 2 when Intl knows none). */
function currencyDecimals(locale: string, currency: string): number {
  try {
    return (
      new Intl.NumberFormat(locale, { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/**
 * An amount with its currency, e.g. "€10.50" in en ("10.5" too: padded to the currency's
 * decimals, never rounded: an amount with more decimals shows them all).
 */
export function formatAmount(locale: string, amount: string, currency: string): string {
  const decimals = Math.max(decimalsOf(amount), currencyDecimals(locale, currency));
  const key = `${locale}|${currency}|${String(decimals)}`;
  let format = numberFormats.get(key);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        currencyDisplay: 'narrowSymbol',
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
      });
    } catch {
      format = new Intl.NumberFormat(locale, {
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
      });
    }
    numberFormats.set(key, format);
  }
  // A string keeps every digit (Intl's StringNumericLiteral), where a number would round.
  return isDecimal(amount) ? format.format(amount) : `${amount} ${currency}`;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A date and time, short, in the browser's time zone. */
export function formatDateTime(locale: string, iso: string): string {
  let format = dateFormats.get(locale);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' });
    dateFormats.set(locale, format);
  }
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format.format(date);
}

const SIZE_UNITS = ['byte', 'kilobyte', 'megabyte'] as const;

/**
 * A file's size, e.g. "812 bytes", "40 kB", "21 MB" in en: decimal units (a kB is 1000 bytes, as
 * the unit's name says), at most one decimal, and never "1,000 kB" where it rounds to 1 MB.
 */
export function formatFileSize(locale: string, bytes: number): string {
  let value = bytes;
  let unit = 0;
  // 999.95 kB shows as 1,000 kB at one decimal: it is 1 MB.
  while (unit < SIZE_UNITS.length - 1 && value >= (unit === 0 ? 1000 : 999.95)) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: SIZE_UNITS[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}
