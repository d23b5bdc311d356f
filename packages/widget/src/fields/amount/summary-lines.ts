import {
  convertToProcessingCurrency,
  feeDisplay,
  parseDecimal,
  paymentCharges,
  positiveDecimal,
} from '@cashdesk/domain';
import type { ConvertedAmount, PaymentCharges } from '@cashdesk/domain';
import type { FieldContext } from '../types';
import { languageSeparators } from '../../i18n/format';

/**
 * SPEC §5: the charges of `amount` in the method's settings, by the domain's paymentCharges (the
 * rule the server books by); null without settings or for an amount that is not above zero.
 */
function chargesOf(amount: string, context: FieldContext): PaymentCharges | null {
  const settings = context.amount;
  if (settings === undefined) return null;
  return paymentCharges({
    flow: context.flow,
    amount,
    precision: context.precision,
    fee: settings.fee,
    merchantUserFee: settings.merchantUserFee,
    taxTiers: settings.taxTiers,
    bonus: settings.bonus,
    lostProfitTiers: settings.lostProfitTiers,
  });
}

/**
 * SPEC §5 fee: what the player is charged for `amount`: a deposit's total to pay (the amount
 * plus the fee the player pays), a withdrawal's amount (what leaves the balance; its fee comes
 * out of what is received). Null when there is no such amount.
 */
export function amountCharged(
  amount: string,
  context: FieldContext,
): { readonly charged: string; readonly withFee: boolean } | null {
  const charges = chargesOf(amount, context);
  if (charges === null) return null;
  const deposit = context.flow === 'deposit';
  return {
    charged: deposit ? charges.total : charges.amount,
    withFee: deposit && positiveDecimal(charges.fee) !== null,
  };
}

/** One line of the amount summary: a label key, its params and the amount it shows. */
export interface SummaryLine {
  readonly id: 'amount' | 'fee' | 'tax' | 'bonus' | 'credited' | 'total';
  readonly labelKey: string;
  readonly labelParams?: Readonly<Record<string, string>>;
  /** The decimal figure at the currency precision (formatted by the component). */
  readonly value: string;
  readonly sign?: '+' | '−';
}

/**
 * SPEC §5 fee, tax and bonus, the lines of the amount summary. Every figure comes from the
 * domain's paymentCharges, the rule the server books by, so the player sees what is charged:
 * - fee: the fee the player pays, the merchant user fee (percentage plus fix), shown only when
 *   above zero, labelled with its rate (feeDisplay). The method fee ('2%') is the operator's,
 *   absorbed and never charged to the player (docs/fees.md), so it has no line;
 * - tax: only when SPEC §5 shows it (amount above the non-taxable amount, a tax withheld);
 * - bonus: only when it applies (deposits; minimum deposit, cap, absolute first);
 * - a deposit's total to pay is the amount plus fees; when tax or bonus change what reaches the
 *   balance, a "credited" line gives net + bonus (amount − tax + bonus); a withdrawal's total
 *   received is its net (amount − fee − tax).
 * No line at all when the amount is not above zero or nothing is added to or taken from it.
 */
export function summaryLines(amount: string, context: FieldContext): readonly SummaryLine[] {
  const settings = context.amount;
  const charges = chargesOf(amount, context);
  if (settings === undefined || charges === null) return [];
  const lines: SummaryLine[] = [];

  if (positiveDecimal(charges.fee) !== null) {
    const rate = feeDisplay(settings.merchantUserFee, {
      currency: context.currency,
      precision: context.precision,
      display: settings.currencyDisplaySetting,
      decimalSeparator: languageSeparators().decimalSeparator,
    });
    lines.push({
      id: 'fee',
      labelKey: 'FIELDS.SUMMARY.MERCHANT_FEE',
      labelParams: { rate: rate?.text ?? '' },
      value: charges.fee,
    });
  }
  if (charges.taxShown) {
    lines.push({ id: 'tax', labelKey: 'FIELDS.SUMMARY.TAX', value: charges.tax, sign: '−' });
  }
  const hasBonus = positiveDecimal(charges.bonus) !== null;
  if (hasBonus) {
    lines.push({ id: 'bonus', labelKey: 'FIELDS.SUMMARY.BONUS', value: charges.bonus, sign: '+' });
  }

  if (lines.length === 0) return [];
  const amountLine: SummaryLine = {
    id: 'amount',
    labelKey: 'FIELDS.SUMMARY.AMOUNT',
    value: charges.amount,
  };
  if (context.flow === 'withdrawal') {
    return [
      amountLine,
      ...lines,
      { id: 'total', labelKey: 'FIELDS.SUMMARY.TOTAL_RECEIVED', value: charges.net },
    ];
  }
  const credited = parseDecimal(charges.net)?.plus(charges.bonus).toFixed(context.precision);
  const creditedLine: SummaryLine[] =
    (!charges.taxShown && !hasBonus) || credited === undefined
      ? []
      : [{ id: 'credited', labelKey: 'FIELDS.SUMMARY.CREDITED', value: credited }];
  return [
    amountLine,
    ...lines,
    ...creditedLine,
    { id: 'total', labelKey: 'FIELDS.SUMMARY.TOTAL_TO_PAY', value: charges.total },
  ];
}

/**
 * SPEC §3 processing_currency and processing_currency_rate: what the provider charges (a deposit:
 * the total to pay) or pays out (a withdrawal: the amount received) in the method's processing
 * currency, by the domain's conversion (amount × rate, half up at the target's precision); null
 * when the method shows none or the amount is not above zero.
 */
export function processingLine(amount: string, context: FieldContext): ConvertedAmount | null {
  const processing = context.amount?.processing ?? null;
  const charges = chargesOf(amount, context);
  if (processing === null || charges === null || positiveDecimal(charges.amount) === null) {
    return null;
  }
  const base = context.flow === 'withdrawal' ? charges.net : charges.total;
  return convertToProcessingCurrency(base, processing);
}
