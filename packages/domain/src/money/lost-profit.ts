/**
 * The lost-profit bonus ribbon (SPEC §3 lost_profit_merchant_bonus with pay_group and tiers,
 * SPEC §5 ribbon rule).
 *
 * @packageDocumentation
 */
import type Big from 'big.js';
import type { DecimalInput } from './values';
import { positiveDecimal } from './values';

/**
 * SPEC §3: one lost-profit tier. The spec names only "tiers"; the value fields are read with the
 * names the tax tiers use (percent_value, absolute_value).
 */
export interface LostProfitTier {
  readonly percent_value?: DecimalInput;
  readonly absolute_value?: DecimalInput;
}

/** SPEC §5: what the lost-profit ribbon shows. Values are decimal strings, unformatted. */
export interface LostProfitRibbon {
  /** Largest percentage across tiers, or `null` when no tier has one. */
  readonly percent: string | null;
  /** Largest absolute value across tiers, or `null` when no tier has one. */
  readonly absolute: string | null;
  /** Several tiers read as a maximum ("up to"); a single tier as a plain fixed value. */
  readonly isMaximum: boolean;
}

function larger(current: Big | null, next: Big | null): Big | null {
  if (next === null) return current;
  return current === null || next.gt(current) ? next : current;
}

/**
 * SPEC §5: the ribbon of a lost-profit bonus: the largest percent and the largest absolute value
 * across its tiers. One tier reads as a plain fixed value, several as a maximum. Zero or invalid
 * values count as absent; with no value at all there is no ribbon (`null`).
 */
export function lostProfitRibbon(
  tiers: readonly LostProfitTier[] | null | undefined,
): LostProfitRibbon | null {
  let percent: Big | null = null;
  let absolute: Big | null = null;
  for (const tier of tiers ?? []) {
    percent = larger(percent, positiveDecimal(tier.percent_value));
    absolute = larger(absolute, positiveDecimal(tier.absolute_value));
  }
  if (percent === null && absolute === null) return null;
  return {
    percent: percent === null ? null : percent.toFixed(),
    absolute: absolute === null ? null : absolute.toFixed(),
    isMaximum: (tiers ?? []).length > 1,
  };
}
