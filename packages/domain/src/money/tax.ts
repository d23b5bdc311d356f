/**
 * Tax by tiers (SPEC §3 tax tiers, §5 tax rule, §3 "tax info per flow: non-taxable amount and tax
 * value").
 *
 * @packageDocumentation
 */
import Big from 'big.js';
import { parseDecimal } from './decimal';
import { decimalPlaces } from './precision';
import type { DecimalInput } from './values';
import { optionalDecimal } from './values';

/** SPEC §5: tax values are rounded to this many decimals, whatever the currency. */
export const TAX_DECIMALS = 2;

/** SPEC §3: one tax tier as the cashier service sends it. */
export interface TaxTier {
  readonly from?: DecimalInput;
  /** Upper bound; missing, null or empty means the tier has no upper bound. */
  readonly to?: DecimalInput;
  readonly percent_value?: DecimalInput;
  readonly absolute_value?: DecimalInput;
}

/** SPEC §3, §5: the tax figures of one amount. Every figure is a decimal string. */
export interface TaxResult {
  /** Upper bound of the zero-rate tier(s), with {@link TAX_DECIMALS} decimals ('0.00' if none). */
  readonly nonTaxableAmount: string;
  /** Total tax, with {@link TAX_DECIMALS} decimals; never negative and never above the amount. */
  readonly taxValue: string;
  /** Amount minus tax, with the amount's decimals but at least {@link TAX_DECIMALS}. */
  readonly amountAfterTax: string;
  /** SPEC §5: whether the tax line is shown (amount above the non-taxable amount, tax above 0). */
  readonly shown: boolean;
}

interface ParsedTier {
  readonly from: Big;
  readonly to: Big | null;
  readonly percent: Big;
  readonly absolute: Big;
}

function parseTier(tier: TaxTier): ParsedTier | null {
  const from = optionalDecimal(tier.from) ?? new Big(0);
  const to = optionalDecimal(tier.to);
  // A negative rate would pay the player; read it as no rate rather than trust it.
  const percent = optionalDecimal(tier.percent_value) ?? new Big(0);
  const absolute = optionalDecimal(tier.absolute_value) ?? new Big(0);
  if (from.lt(0) || (to !== null && to.lt(from))) return null;
  return {
    from,
    to,
    percent: percent.gt(0) ? percent : new Big(0),
    absolute: absolute.gt(0) ? absolute : new Big(0),
  };
}

/**
 * SPEC §5: tax of `amount` under `tiers`.
 *
 * - Each tier taxes the part of the amount inside it, min(amount, to) − from, so tiers read as
 *   (from, to]; a tier without `to` is open-ended.
 * - A tier's tax is part × percent_value / 100 plus its absolute_value, rounded half up to 2
 *   decimals. The spec does not say how absolute_value applies; here it is charged once per tier
 *   the amount reaches into (amount above `from`), the way a fixed fee per bracket usually works.
 * - A tier with zero percent and zero absolute value is the non-taxable allowance up to its `to`
 *   (the largest such bound when several exist; an open-ended zero tier taxes nothing anyway).
 * - The total is capped at the amount (rounded down to 2 decimals), so that absolute values can
 *   never take more than the player moves; invalid tiers (to below from, negative from) are
 *   skipped and negative rates count as zero.
 *
 * Returns `null` for an amount that is not a non-negative number.
 */
export function computeTax(
  amount: DecimalInput,
  tiers: readonly TaxTier[] | null | undefined,
): TaxResult | null {
  const value = parseDecimal(amount);
  if (value === null || value.lt(0)) return null;
  let tax = new Big(0);
  let nonTaxable = new Big(0);
  for (const raw of tiers ?? []) {
    const tier = parseTier(raw);
    if (tier === null) continue;
    if (tier.percent.eq(0) && tier.absolute.eq(0)) {
      if (tier.to !== null && tier.to.gt(nonTaxable)) nonTaxable = tier.to;
      continue;
    }
    const top = tier.to === null || value.lt(tier.to) ? value : tier.to;
    const part = top.minus(tier.from);
    if (part.lte(0)) continue;
    const tierTax = part.times(tier.percent).div(100).plus(tier.absolute);
    tax = tax.plus(tierTax.round(TAX_DECIMALS, Big.roundHalfUp));
  }
  const cap = value.round(TAX_DECIMALS, Big.roundDown);
  if (tax.gt(cap)) tax = cap;
  const afterDecimals = Math.max(TAX_DECIMALS, decimalPlaces(value));
  return {
    nonTaxableAmount: nonTaxable.round(TAX_DECIMALS, Big.roundHalfUp).toFixed(TAX_DECIMALS),
    taxValue: tax.toFixed(TAX_DECIMALS),
    amountAfterTax: value.minus(tax).toFixed(afterDecimals),
    shown: value.gt(nonTaxable) && tax.gt(0),
  };
}
