/**
 * Processing currency conversion (SPEC §3 processing_currency, processing_currency_rate,
 * show_processing_currency).
 *
 * @packageDocumentation
 */
import { parseDecimal } from './decimal';
import { resolvePrecision, roundToPrecision } from './precision';
import type { DecimalInput } from './values';
import { positiveDecimal } from './values';

/** SPEC §3: a method's processing currency: ISO code and rate from the payment currency. */
export interface ProcessingCurrency {
  readonly alpha3: string;
  readonly rate: DecimalInput;
  /**
   * Precision of the processing currency; when missing, its ISO 4217 minor unit (JPY 0, KWD 3,
   * EUR 2), else the default currency precision.
   */
  readonly precision?: number | undefined;
}

/** SPEC §3: an amount in the processing currency. */
export interface ConvertedAmount {
  readonly amount: string;
  readonly currency: string;
}

/**
 * The ISO 4217 minor unit of `alpha3` as the platform's Intl knows it (JPY 0, KWD 3, EUR 2);
 * undefined for a code it does not know (the default precision applies then).
 */
function isoMinorUnit(alpha3: string): number | undefined {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: alpha3 }).resolvedOptions()
      .maximumFractionDigits;
  } catch {
    return undefined;
  }
}

/**
 * SPEC §3: converts `amount` into the processing currency: amount × rate, rounded half up to the
 * target precision. A missing, zero or negative rate, an empty code or an amount that is not a
 * non-negative number gives `null`.
 */
export function convertToProcessingCurrency(
  amount: DecimalInput,
  target: ProcessingCurrency | null | undefined,
): ConvertedAmount | null {
  const value = parseDecimal(amount);
  if (value === null || value.lt(0) || target === null || target === undefined) return null;
  const rate = positiveDecimal(target.rate);
  const currency = target.alpha3.trim().toUpperCase();
  if (rate === null || currency === '') return null;
  const precision = resolvePrecision(target.precision ?? isoMinorUnit(currency));
  return { amount: roundToPrecision(value.times(rate), precision), currency };
}
