import {
  computeBonus,
  computeFee,
  computeTax,
  feeDisplay,
  parseDecimal,
  positiveDecimal,
  roundToPrecision,
  TAX_DECIMALS,
} from '@cashdesk/domain';
import type { FieldContext } from '../types';

/** One line of the amount summary: a label key, its params and the amount it shows. */
export interface SummaryLine {
  readonly id: 'amount' | 'fee' | 'merchantFee' | 'tax' | 'bonus' | 'credited' | 'total';
  readonly labelKey: string;
  readonly labelParams?: Readonly<Record<string, string>>;
  /** The decimal figure (formatted by the component). */
  readonly value: string;
  /** The figure's decimals (tax has 2 whatever the currency, SPEC §5). */
  readonly precision: number;
  readonly sign?: '+' | '−';
}

/**
 * SPEC §5 fee, tax and bonus, the figures of the amount summary, all through the domain's
 * big.js functions:
 * - fee: the method fee ('2%', computeFee) and the merchant user fee (percentage plus fix), each
 *   rounded to the currency precision, each shown only when above zero, labelled with its rate
 *   (feeDisplay);
 * - tax (computeTax): only when the amount exceeds the non-taxable amount and a tax exists;
 * - bonus (computeBonus): only when it applies (minimum deposit, cap, absolute first);
 * - total, where the spec is silent: a deposit's total to pay is the amount plus fees, and, when
 *   tax or bonus change what reaches the balance, a "credited" line gives amount − tax + bonus;
 *   a withdrawal's total received is the amount minus fees and tax. Totals are rounded half-up
 *   to the currency precision.
 * No line at all when the amount is not above zero or nothing is added to or taken from it.
 */
export function summaryLines(amount: string, context: FieldContext): readonly SummaryLine[] {
  const value = positiveDecimal(amount);
  const settings = context.amount;
  if (value === null || settings === undefined) return [];
  const precision = context.precision;
  const lines: SummaryLine[] = [];
  let added = value;
  let credited = value;

  const feeLine = (
    id: 'fee' | 'merchantFee',
    fee: Parameters<typeof computeFee>[1],
    labelKey: string,
  ) => {
    const figure = computeFee(value, fee, { precision });
    const parsed = positiveDecimal(figure);
    if (figure === null || parsed === null) return;
    const rate = feeDisplay(fee, {
      currency: context.currency,
      precision,
      display: settings.currencyDisplaySetting,
    });
    lines.push({ id, labelKey, labelParams: { rate: rate?.text ?? '' }, value: figure, precision });
    added = added.plus(parsed);
    credited = credited.minus(parsed);
  };
  feeLine('fee', settings.fee, 'FIELDS.SUMMARY.FEE');
  feeLine('merchantFee', settings.merchantUserFee, 'FIELDS.SUMMARY.MERCHANT_FEE');

  const tax = computeTax(value, settings.taxTiers);
  const taxValue = tax?.shown === true ? parseDecimal(tax.taxValue) : null;
  if (tax !== null && taxValue !== null) {
    lines.push({
      id: 'tax',
      labelKey: 'FIELDS.SUMMARY.TAX',
      value: tax.taxValue,
      precision: TAX_DECIMALS,
      sign: '−',
    });
    credited = credited.minus(taxValue);
  }

  const bonus =
    context.flow === 'deposit' ? computeBonus(value, settings.bonus, { precision }) : null;
  const bonusValue = bonus === null ? null : parseDecimal(bonus.value);
  if (bonus !== null && bonusValue !== null) {
    lines.push({
      id: 'bonus',
      labelKey: 'FIELDS.SUMMARY.BONUS',
      value: bonus.value,
      precision,
      sign: '+',
    });
  }

  if (lines.length === 0) return [];
  const amountLine: SummaryLine = {
    id: 'amount',
    labelKey: 'FIELDS.SUMMARY.AMOUNT',
    value: roundToPrecision(value, precision),
    precision,
  };
  if (context.flow === 'withdrawal') {
    return [
      amountLine,
      ...lines,
      {
        id: 'total',
        labelKey: 'FIELDS.SUMMARY.TOTAL_RECEIVED',
        value: roundToPrecision(credited, precision),
        precision,
      },
    ];
  }
  const depositCredited = value.minus(taxValue ?? 0).plus(bonusValue ?? 0);
  const creditedLine: SummaryLine[] =
    taxValue === null && bonusValue === null
      ? []
      : [
          {
            id: 'credited',
            labelKey: 'FIELDS.SUMMARY.CREDITED',
            value: roundToPrecision(depositCredited, precision),
            precision,
          },
        ];
  return [
    amountLine,
    ...lines,
    ...creditedLine,
    {
      id: 'total',
      labelKey: 'FIELDS.SUMMARY.TOTAL_TO_PAY',
      value: roundToPrecision(added, precision),
      precision,
    },
  ];
}
