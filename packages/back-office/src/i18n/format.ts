/**
 * Amounts and dates for display, per locale, with Intl. An amount is a decimal string and stays
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
