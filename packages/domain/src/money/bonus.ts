/**
 * Deposit bonus (SPEC §3 bonus info, §5 bonus rule).
 *
 * @packageDocumentation
 */
import { parseDecimal } from './decimal';
import { resolvePrecision, roundToPrecision } from './precision';
import type { DecimalInput } from './values';
import { optionalDecimal, positiveDecimal } from './values';

/** SPEC §3: bonus info of a method, as mapped from the cashier response. */
export interface BonusInfo {
  readonly absoluteBonusValue?: DecimalInput;
  readonly percentBonusValue?: DecimalInput;
  readonly maxBonusValue?: DecimalInput;
  readonly minDepositAmount?: DecimalInput;
  readonly maxDepositAmount?: DecimalInput;
}

/** SPEC §5: the bonus a deposit earns. */
export interface BonusResult {
  /** Bonus amount with exactly the currency's decimals. */
  readonly value: string;
  /** Which setting produced it: the absolute value wins over the percentage. */
  readonly kind: 'absolute' | 'percent';
  /** Whether maxBonusValue cut a percentage bonus down. */
  readonly capped: boolean;
}

/** SPEC §3, §5: options of {@link computeBonus}. */
export interface BonusOptions {
  /** Currency precision (SPEC §3); the default currency precision when missing or invalid. */
  readonly precision?: number | undefined;
}

/**
 * SPEC §5: the bonus of a deposit of `amount`, or `null` when none applies.
 *
 * - Applies only when the amount is above zero and at least minDepositAmount.
 * - A positive absoluteBonusValue wins over the percentage and is paid as is.
 * - Otherwise percentBonusValue % of the amount, capped at maxBonusValue.
 * - The spec does not say what maxDepositAmount does. Here the percentage is taken of at most
 *   maxDepositAmount, so a larger deposit still earns the bonus of that amount; refusing the bonus
 *   outright above it would punish the player for depositing more.
 * - A 0 for minDepositAmount, maxDepositAmount or maxBonusValue means "not set", as the service
 *   sends zeros for unused settings.
 * - The bonus is rounded down to the currency precision: the widget never promises a cent more
 *   than the operator credits, and a capped bonus never exceeds maxBonusValue.
 */
export function computeBonus(
  amount: DecimalInput,
  info: BonusInfo | null | undefined,
  options: BonusOptions = {},
): BonusResult | null {
  const value = parseDecimal(amount);
  if (value === null || value.lte(0) || info === null || info === undefined) return null;
  const minDeposit = optionalDecimal(info.minDepositAmount, true);
  if (minDeposit !== null && value.lt(minDeposit)) return null;
  const precision = resolvePrecision(options.precision);

  const absolute = positiveDecimal(info.absoluteBonusValue);
  if (absolute !== null) {
    const rounded = roundToPrecision(absolute, precision, 'down');
    return positiveDecimal(rounded) === null
      ? null
      : { value: rounded, kind: 'absolute', capped: false };
  }

  const percent = positiveDecimal(info.percentBonusValue);
  if (percent === null) return null;
  const maxDeposit = optionalDecimal(info.maxDepositAmount, true);
  const base = maxDeposit !== null && value.gt(maxDeposit) ? maxDeposit : value;
  const raw = base.times(percent).div(100);
  const maxBonus = positiveDecimal(info.maxBonusValue);
  const capped = maxBonus !== null && raw.gt(maxBonus);
  const bonus = capped ? maxBonus : raw;
  const rounded = roundToPrecision(bonus, precision, 'down');
  return positiveDecimal(rounded) === null ? null : { value: rounded, kind: 'percent', capped };
}
