/**
 * The charges of one payment (SPEC §3 currencies[0].fee, merchant_user_fee, tax tiers, bonus info;
 * SPEC §5 fee, tax and bonus rules): the one function the widget's amount summary shows and the
 * server books, so the player is shown what is charged. The fee model (which fee the player pays,
 * which the operator absorbs) is docs/fees.md and docs/decisions/0101-one-fee-model.md.
 *
 * @packageDocumentation
 */
import Big from 'big.js';
import type { PaymentFlow } from '../routing/page-kind';
import type { BonusInfo } from './bonus';
import { depositBonus } from './lost-profit';
import type { MerchantUserFee } from './fee';
import { computeFee } from './fee';
import { resolvePrecision, roundToPrecision } from './precision';
import type { LostProfitTier } from './lost-profit';
import type { TaxTier } from './tax';
import { computeTax } from './tax';
import type { DecimalInput } from './values';
import { positiveDecimal } from './values';

/** SPEC §3, §5: what the charges of a payment are computed from. */
export interface ChargeInput {
  readonly flow: PaymentFlow;
  /** The amount the player typed (decimal text, grouping spaces not allowed). */
  readonly amount: DecimalInput;
  /** Currency precision (SPEC §3 currencies[0].precision); the default precision when unusable. */
  readonly precision: number;
  /**
   * The method fee, SPEC §3 currencies[0].fee ('2%'): what the method costs the operator,
   * absorbed by the operator and never charged to the player.
   */
  readonly fee?: string | number | null | undefined;
  /** SPEC §3 merchant_user_fee: a percentage plus a fixed part, the fee the player pays. */
  readonly merchantUserFee?: MerchantUserFee | null | undefined;
  /** SPEC §3 tax tiers of the flow; none means no tax. */
  readonly taxTiers?: readonly TaxTier[] | null | undefined;
  /** SPEC §3 bonus info of the method; deposits only (ignored for a withdrawal). */
  readonly bonus?: BonusInfo | null | undefined;
  /** SPEC §3 the lost-profit tiers when the method is the lost-profit one; deposits only. */
  readonly lostProfitTiers?: readonly LostProfitTier[] | null | undefined;
}

/**
 * SPEC §5: the charges of a payment. Every figure is a decimal string with exactly the currency's
 * decimals ('0.00', or '0' for a currency without decimals, when there is none), except
 * `nonTaxableAmount` when no tax tiers were given.
 */
export interface PaymentCharges {
  /** The amount, at the currency precision (rounded down: never more than the player typed). */
  readonly amount: string;
  /**
   * The method fee ('2%' of the amount), rounded half up; zero when none. Absorbed by the
   * operator: part of no figure the player pays or receives (`fee`, `total`, `net`), reported
   * to the operator beside `fee`.
   */
  readonly methodFee: string;
  /** The merchant user fee (percentage of the amount plus fixed part), rounded half up; zero when none. */
  readonly merchantFee: string;
  /** The fees the player pays: the merchant user fee (never the method fee). */
  readonly fee: string;
  /** The tax withheld: what the rounding down of `net` leaves (see {@link paymentCharges}). */
  readonly tax: string;
  /** SPEC §5: the tax line shows only when the amount exceeds the non-taxable amount and a tax exists. */
  readonly taxShown: boolean;
  /** The non-taxable amount of the tiers (SPEC §5), at the currency precision; null without tiers. */
  readonly nonTaxableAmount: string | null;
  /** The deposit bonus (SPEC §5, rounded down); zero when none applies and for every withdrawal. */
  readonly bonus: string;
  /** Deposit: amount + fee, what the player pays and the provider charges; withdrawal: amount, what leaves the balance. */
  readonly total: string;
  /**
   * Deposit: what reaches the balance from the payment itself (amount − tax), the bonus not
   * included; withdrawal: what the player receives (amount − fee − tax).
   */
  readonly net: string;
}

/**
 * SPEC §5 fee, tax and bonus of one payment, the rule both the amount summary and the server
 * follow. `null` when the amount is not a positive decimal (or is zero at the precision).
 *
 * - Every figure that moves money has the currency precision (SPEC §3). The amount is taken at
 *   that precision, rounded down.
 * - Fees (SPEC §5): the method fee (`fee`, '2%') and the merchant user fee (percentage of the
 *   amount plus its fixed part) are each computed on the amount and rounded half up to the
 *   precision (computeFee). They never add up: the player pays the merchant user fee only
 *   (`fee`), on top of a deposit (`total` = amount + fee) or taken from a withdrawal (`net` =
 *   amount − fee − tax), and is shown it; the method fee is the operator's cost, absorbed by the
 *   operator (taken from what the operator receives) and only reported (`methodFee`). 2% in
 *   each on a 10.00 deposit: the player pays 10.20, the operator bears 0.20.
 * - Tax (SPEC §5): computeTax on the amount by the tiers (per tier, rounded to 2 decimals). What
 *   reaches the player, `net`, is rounded DOWN to the precision and the tax withheld is the
 *   remainder, so that amount = net + tax exactly for a deposit and amount = net + fee + tax
 *   exactly for a withdrawal. With 2 decimals the tax is computeTax's to the cent; with 0 or 3
 *   decimals the remainder absorbs the difference (a tax of 12.34 on 1000 JPY withholds 13 and
 *   credits 987: a fraction of a yen is never credited). A tax is withheld only when SPEC §5
 *   shows it (amount above the non-taxable amount, tax above zero), so `taxShown` is exactly
 *   "tax above zero": the player is never charged a tax the summary hides.
 * - The tax never takes more than what is left after the fees: a withdrawal whose fees reach its
 *   amount withholds no tax and its `net` is zero or below (amount − fee), which the amount rules
 *   should keep from ever being submitted.
 * - Bonus (SPEC §5, deposits only): depositBonus, the player's bonus and the lost-profit bonus of
 *   the amount's tier, each by computeBonus (only at or above minDepositAmount, absolute before
 *   percentage, percentage capped at maxBonusValue), rounded down; not part of `net`.
 */
export function paymentCharges(input: ChargeInput): PaymentCharges | null {
  const precision = resolvePrecision(input.precision);
  const typed = positiveDecimal(input.amount);
  if (typed === null) return null;
  const amount = typed.round(precision, Big.roundDown);
  if (amount.lte(0)) return null;
  const atPrecision = (value: Big): string => roundToPrecision(value, precision);

  const methodFee = new Big(computeFee(amount, input.fee, { precision }) ?? 0);
  const merchantFee = new Big(computeFee(amount, input.merchantUserFee, { precision }) ?? 0);
  // SPEC §5 fee: the player pays the merchant user fee; the method fee is absorbed by the operator.
  const fee = merchantFee;
  const deposit = input.flow === 'deposit';

  // What the tax is withheld from: the amount, or for a withdrawal what is left after its fees.
  const taxBase = deposit ? amount : amount.minus(fee);
  const taxed = computeTax(amount, input.taxTiers);
  let net = taxBase;
  if (taxed !== null && taxed.shown && taxBase.gt(0)) {
    const computed = new Big(taxed.taxValue);
    const withheld = computed.gt(taxBase) ? taxBase : computed;
    net = taxBase.minus(withheld).round(precision, Big.roundDown);
  }
  const tax = taxBase.gt(0) ? taxBase.minus(net) : new Big(0);

  const bonus = deposit
    ? depositBonus(
        amount,
        { bonus: input.bonus, lostProfitTiers: input.lostProfitTiers },
        { precision },
      )
    : null;
  return {
    amount: atPrecision(amount),
    methodFee: atPrecision(methodFee),
    merchantFee: atPrecision(merchantFee),
    fee: atPrecision(fee),
    tax: atPrecision(tax),
    taxShown: tax.gt(0),
    nonTaxableAmount:
      (input.taxTiers?.length ?? 0) > 0 && taxed !== null
        ? atPrecision(new Big(taxed.nonTaxableAmount))
        : null,
    bonus: bonus ?? atPrecision(new Big(0)),
    total: atPrecision(deposit ? amount.plus(fee) : amount),
    net: atPrecision(net),
  };
}
