/**
 * Fees (SPEC §3 currencies[0].fee and merchant_user_fee {percentage, fix}; SPEC §5 fee rule;
 * SPEC §9 "fee display is a percentage message plus optional fixed part").
 *
 * @packageDocumentation
 */
import type Big from 'big.js';
import type { RuleError } from '../messages';
import type { RoundingDirection } from './decimal';
import { parseDecimal } from './decimal';
import type { CurrencyDisplayFormat } from './format';
import { formatAmount, formatMoney } from './format';
import { resolvePrecision, roundToPrecision } from './precision';
import type { DecimalInput } from './values';

const PERCENT_PATTERN = /^([0-9]+(?:[.,][0-9]*)?|[.,][0-9]+)\s*%?$/;

/**
 * SPEC §5: reads a fee percentage from text such as '2%', '2.5 %' or '2,5%' (a bare number such
 * as '2' or 2 also reads as a percentage, since both fee fields of SPEC §3 hold percentages).
 * Negative, empty or malformed values give `null`: no fee, never a throw.
 */
export function parseFeePercent(value: unknown): Big | null {
  if (typeof value === 'number') {
    const parsed = parseDecimal(value);
    return parsed !== null && parsed.gte(0) ? parsed : null;
  }
  if (typeof value !== 'string') return null;
  const match = PERCENT_PATTERN.exec(value.trim());
  const digits = match?.[1];
  if (digits === undefined) return null;
  return parseDecimal(digits.replace(',', '.'));
}

/** SPEC §3: merchant_user_fee as the cashier service sends it. */
export interface MerchantUserFee {
  /** Percentage of the amount: a number, '2' or '2%'. */
  readonly percentage?: string | number | null | undefined;
  /** Fixed part in the payment currency. */
  readonly fix?: DecimalInput;
}

/** SPEC §5: options of the fee computations. */
export interface FeeOptions {
  /** Currency precision (SPEC §3); the default currency precision when missing or invalid. */
  readonly precision?: number | undefined;
  /** Rounding of the fee to the currency precision; half up by default. */
  readonly rounding?: RoundingDirection | undefined;
}

function nonNegative(value: DecimalInput): Big | null {
  const parsed = parseDecimal(value);
  return parsed !== null && parsed.gte(0) ? parsed : null;
}

/**
 * SPEC §5: the fee of `amount` under a percentage plus an optional fixed part, rounded to the
 * currency precision (docs/fees.md). The fixed part counts at the currency precision, half up
 * (the figure the cashier sends the widget: 0.25 of a pay group in JPY counts as 0), and is added
 * to the percentage part before the one rounding, so no cent is lost twice. Accepts the method's
 * fee string ('2%') or a merchant user fee object. Returns `null` when the amount is not a
 * non-negative number or neither part is usable.
 */
export function computeFee(
  amount: DecimalInput,
  fee: MerchantUserFee | string | number | null | undefined,
  options: FeeOptions = {},
): string | null {
  const value = nonNegative(amount);
  if (value === null || fee === null || fee === undefined) return null;
  const { percentage, fix } = typeof fee === 'object' ? fee : { percentage: fee, fix: undefined };
  const percent = parseFeePercent(percentage);
  const fixed = nonNegative(fix);
  if (percent === null && fixed === null) return null;
  const precision = resolvePrecision(options.precision);
  const total = value
    .times(percent ?? 0)
    .div(100)
    .plus(fixed === null ? 0 : roundToPrecision(fixed, precision));
  return roundToPrecision(total, precision, options.rounding);
}

/**
 * SPEC §9: message keys of the fee line. The spec names no keys for it; these follow the PH.*
 * naming of SPEC §8. `percent` receives the percentage without its sign (the translation places
 * '%' as its language does), `fixed` the formatted fixed part with its currency.
 */
export const FEE_MESSAGE_KEYS = {
  percent: 'PH.FEE.PERCENT',
  percentWithFixed: 'PH.FEE.PERCENT_WITH_FIXED',
  fixed: 'PH.FEE.FIXED',
} as const;

/** SPEC §9: a fee line, ready to translate (`message`) or to show as is (`text`). */
export interface FeeDisplay {
  readonly message: RuleError;
  /** Untranslated reading such as '2.5%', '2.5% + 0.50 EUR' or '0.50 EUR'. */
  readonly text: string;
  /** The percentage without its sign ('2.5'), or `null` when there is none. */
  readonly percent: string | null;
  /** The formatted fixed part ('0.50 EUR'), or `null` when there is none. */
  readonly fixed: string | null;
}

/** SPEC §9: options of {@link feeDisplay}. */
export interface FeeDisplayOptions {
  /** ISO code of the fixed part; without it the fixed part is shown without currency. */
  readonly currency?: string | undefined;
  /** Currency precision of the fixed part (SPEC §3). */
  readonly precision?: number | undefined;
  readonly display?: CurrencyDisplayFormat | undefined;
  readonly decimalSeparator?: string | undefined;
  readonly groupSeparator?: string | undefined;
}

/**
 * SPEC §9: the fee line: a percentage message plus an optional fixed part. A zero or missing part
 * is left out; with neither part above zero there is no fee line (`null`).
 */
export function feeDisplay(
  fee: MerchantUserFee | string | number | null | undefined,
  options: FeeDisplayOptions = {},
): FeeDisplay | null {
  if (fee === null || fee === undefined) return null;
  const { percentage, fix } = typeof fee === 'object' ? fee : { percentage: fee, fix: undefined };
  const rawPercent = parseFeePercent(percentage);
  const rawFixed = nonNegative(fix);
  const separator = options.decimalSeparator;
  const percent =
    rawPercent !== null && rawPercent.gt(0)
      ? formatAmount(rawPercent, {
          decimalSeparator: separator,
          groupSeparator: options.groupSeparator,
        })
      : null;
  const precision = resolvePrecision(options.precision);
  const fixed =
    rawFixed !== null && rawFixed.gt(0)
      ? formatMoney(rawFixed, {
          currency: options.currency ?? '',
          precision,
          display: options.display,
          decimalSeparator: separator,
          groupSeparator: options.groupSeparator,
        })
      : null;
  if (percent !== null && fixed !== null) {
    return {
      message: { key: FEE_MESSAGE_KEYS.percentWithFixed, params: { percent, fixed } },
      text: `${percent}% + ${fixed}`,
      percent,
      fixed,
    };
  }
  if (percent !== null) {
    return {
      message: { key: FEE_MESSAGE_KEYS.percent, params: { percent } },
      text: `${percent}%`,
      percent,
      fixed,
    };
  }
  if (fixed !== null) {
    return {
      message: { key: FEE_MESSAGE_KEYS.fixed, params: { fixed } },
      text: fixed,
      percent,
      fixed,
    };
  }
  return null;
}
