/**
 * The lost-profit bonus (SPEC §3 lost_profit_merchant_bonus with pay_group and tiers, SPEC §5
 * ribbon rule and bonus rule): the ribbon that advertises it and the bonus a deposit through its
 * pay group earns (docs/decisions/0116-lost-profit-bonus-credited.md).
 *
 * @packageDocumentation
 */
import Big from 'big.js';
import type { BonusInfo, BonusOptions } from './bonus';
import { computeBonus } from './bonus';
import { parseDecimal } from './decimal';
import { resolvePrecision, roundToPrecision } from './precision';
import type { DecimalInput } from './values';
import { optionalDecimal, positiveDecimal } from './values';

/**
 * SPEC §3: one lost-profit tier. The spec names only "tiers"; the fields are read with the names
 * the tax tiers use (from, to, percent_value, absolute_value).
 */
export interface LostProfitTier {
  /** The smallest deposit of the tier (included); none means from zero. */
  readonly from?: DecimalInput;
  /** The deposit the next tier starts at (excluded); none means no upper bound. */
  readonly to?: DecimalInput;
  readonly percent_value?: DecimalInput;
  readonly absolute_value?: DecimalInput;
}

/**
 * SPEC §5 bonus rule on a lost-profit tier: the bonus info of the tier a deposit of `amount`
 * falls in (from ≤ amount < to; tiers do not overlap, so the deposit at a boundary gets the
 * higher tier), read as SPEC §5 reads a bonus: the absolute value wins over the percentage. Null
 * for an amount in no tier.
 */
export function lostProfitBonusInfo(
  tiers: readonly LostProfitTier[] | null | undefined,
  amount: DecimalInput,
): BonusInfo | null {
  const value = parseDecimal(amount);
  if (value === null || value.lte(0)) return null;
  for (const tier of tiers ?? []) {
    const from = optionalDecimal(tier.from) ?? new Big(0);
    const to = optionalDecimal(tier.to, true);
    if (value.lt(from) || (to !== null && value.gte(to))) continue;
    return {
      percentBonusValue: tier.percent_value,
      absoluteBonusValue: tier.absolute_value,
      minDepositAmount: from.toFixed(),
    };
  }
  return null;
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
 * values count as absent; with no value at all there is no ribbon (`null`). A tier's percentage
 * counts only where the tier has no absolute value: the absolute value wins over it (SPEC §5
 * bonus rule, {@link lostProfitBonusInfo}), so that percentage is never paid and never advertised.
 */
export function lostProfitRibbon(
  tiers: readonly LostProfitTier[] | null | undefined,
): LostProfitRibbon | null {
  let percent: Big | null = null;
  let absolute: Big | null = null;
  for (const tier of tiers ?? []) {
    const fixed = positiveDecimal(tier.absolute_value);
    absolute = larger(absolute, fixed);
    if (fixed === null) percent = larger(percent, positiveDecimal(tier.percent_value));
  }
  if (percent === null && absolute === null) return null;
  return {
    percent: percent === null ? null : percent.toFixed(),
    absolute: absolute === null ? null : absolute.toFixed(),
    isMaximum: (tiers ?? []).length > 1,
  };
}

/** SPEC §3, §5: the bonus offers a deposit through one pay group may earn. */
export interface DepositOffers {
  /** The player's bonus for the pay group (SPEC §3 user bonuses), or none. */
  readonly bonus?: BonusInfo | null | undefined;
  /** The brand's lost-profit tiers when the pay group is the lost-profit one, or none. */
  readonly lostProfitTiers?: readonly LostProfitTier[] | null | undefined;
}

/**
 * SPEC §5: the bonus a deposit of `amount` earns from its offers: the player's bonus and the
 * lost-profit bonus of its tier, each by {@link computeBonus} (rounded down to the currency
 * precision) and added up; both are advertised, so both are paid
 * (docs/decisions/0116-lost-profit-bonus-credited.md). Null when neither applies.
 */
export function depositBonus(
  amount: DecimalInput,
  offers: DepositOffers,
  options: BonusOptions = {},
): string | null {
  const own = computeBonus(amount, offers.bonus, options);
  const lostProfit = computeBonus(
    amount,
    lostProfitBonusInfo(offers.lostProfitTiers, amount),
    options,
  );
  if (own === null && lostProfit === null) return null;
  const total = new Big(own?.value ?? 0).plus(lostProfit?.value ?? 0);
  return roundToPrecision(total, resolvePrecision(options.precision), 'down');
}
