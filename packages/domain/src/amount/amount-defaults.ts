/**
 * Amount defaults, clamping, amount blocks and the minimum-limit hint (SPEC §5 amount rules).
 *
 * @packageDocumentation
 */
import type Big from 'big.js';
import { DEFAULT_DEPOSIT_AMOUNT } from '../constants';
import type { RuleError } from '../messages';
import { MESSAGE_KEYS } from '../messages';
import { parseDecimal } from '../money/decimal';
import { formatAmount } from '../money/format';
import type { DecimalInput } from '../money/values';
import { positiveDecimal } from '../money/values';
import type { AmountLimits, ParsedLimits } from './amount-limits';
import { isWithinLimits, parseLimits } from './amount-limits';

/**
 * SPEC §5 withdrawal clamping: an amount above the minimum is capped at the maximum when one is
 * set. An amount at or below the minimum, or one that is not a number, is returned unchanged so
 * that validation can report it. The cap is returned as plain decimal text without grouping.
 */
export function clampWithdrawalAmount(
  amount: string,
  limits: AmountLimits | null | undefined,
): string {
  const value = parseDecimal(amount.replace(/\s+/g, ''));
  if (value === null) return amount;
  const { min, max } = parseLimits(limits);
  if (min !== null && value.lte(min)) return amount;
  if (max !== null && value.gt(max)) return max.toFixed();
  return amount;
}

/** Where a default amount came from (SPEC §5 default amount order). */
export type DefaultAmountSource = 'preset' | 'block' | 'minimum' | 'fallback';

/** SPEC §5: inputs of the default amount. */
export interface DefaultAmountInput {
  /** preset_amount of the method detail (SPEC §3). */
  readonly presetAmount?: DecimalInput;
  /** allow_preset_amount (SPEC §3); true when absent, so a sent preset is used. */
  readonly allowPresetAmount?: boolean | undefined;
  /** The amount block marked as preselected, if any. */
  readonly preselectedBlock?: DecimalInput;
  /** Limits the candidates must lie within. */
  readonly limits?: AmountLimits | null | undefined;
  /** Last resort; SPEC §9 default deposit amount '1'. */
  readonly fallback?: string | undefined;
}

/** SPEC §5: the chosen default amount and where it came from. */
export interface DefaultAmount {
  /** Plain decimal text without grouping, e.g. "50" or "12.5". */
  readonly amount: string;
  readonly source: DefaultAmountSource;
}

function validCandidate(value: DecimalInput, limits: ParsedLimits): Big | null {
  const parsed = positiveDecimal(value);
  return parsed !== null && isWithinLimits(parsed, limits) ? parsed : null;
}

/**
 * SPEC §5 default amount: the preset amount if valid, else the preselected amount block if valid,
 * else the minimum, else 1. "Valid" means a number above zero within the limits (each bound only
 * when set); a preset is skipped when allow_preset_amount is false.
 */
export function defaultAmount(input: DefaultAmountInput): DefaultAmount {
  const limits = parseLimits(input.limits);
  const preset =
    input.allowPresetAmount === false ? null : validCandidate(input.presetAmount, limits);
  if (preset !== null) return { amount: preset.toFixed(), source: 'preset' };
  const block = validCandidate(input.preselectedBlock, limits);
  if (block !== null) return { amount: block.toFixed(), source: 'block' };
  if (limits.min !== null && limits.min.gt(0))
    return { amount: limits.min.toFixed(), source: 'minimum' };
  return { amount: input.fallback ?? DEFAULT_DEPOSIT_AMOUNT, source: 'fallback' };
}

/**
 * SPEC §5: amount blocks from an experiment apply only if every block lies within min and max
 * (bounds included, each only when set); otherwise, and when the experiment sends no blocks, the
 * default blocks apply. A block that is not a number above zero cannot lie within the limits, so
 * it rejects the experiment's whole set.
 */
export function resolveAmountBlocks<T extends DecimalInput>(
  experimentBlocks: readonly T[] | null | undefined,
  defaultBlocks: readonly T[],
  limits: AmountLimits | null | undefined,
): readonly T[] {
  if (
    experimentBlocks === null ||
    experimentBlocks === undefined ||
    experimentBlocks.length === 0
  ) {
    return defaultBlocks;
  }
  const parsed = parseLimits(limits);
  const allWithin = experimentBlocks.every((block) => validCandidate(block, parsed) !== null);
  return allWithin ? experimentBlocks : defaultBlocks;
}

/** SPEC §5: inputs of the minimum-limit hint. */
export interface MinLimitHintInput {
  /** limits.displayLimits of the mapped method (SPEC §3 display_limits). */
  readonly displayLimits: boolean | null | undefined;
  /** The minimum amount. */
  readonly min: DecimalInput;
  /** ISO code passed as the `currency` param. */
  readonly currency: string;
  /** Currency precision of the formatted minimum; its own decimals when absent. */
  readonly precision?: number | undefined;
  readonly decimalSeparator?: string | undefined;
  readonly groupSeparator?: string | undefined;
}

/**
 * SPEC §5, §8: the minimum-limit hint PH.MIN_LIMIT_INFO_TEXT with params `amount` (the formatted
 * minimum) and `currency` (the ISO code), only when displayLimits is on and the minimum exceeds
 * 0; otherwise `null`.
 */
export function minLimitHint(input: MinLimitHintInput): RuleError | null {
  if (input.displayLimits !== true) return null;
  const min = positiveDecimal(input.min);
  if (min === null) return null;
  const amount = formatAmount(min, {
    precision: input.precision,
    decimalSeparator: input.decimalSeparator,
    groupSeparator: input.groupSeparator,
  });
  return { key: MESSAGE_KEYS.minLimitInfo, params: { amount, currency: input.currency } };
}
