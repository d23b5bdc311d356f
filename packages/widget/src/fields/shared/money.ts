import type { DecimalInput } from '@cashdesk/domain';
import { formatMoney, isolateLtr } from '../../i18n/format';
import type { FieldContext } from '../types';

/**
 * SPEC §3, §9: an amount with the context's currency in the brand's currency display format
 * (widgetSettings.currency_display_setting_id), at the currency precision unless told otherwise.
 * `precision: null` keeps the value's own decimals (amount blocks as configured: "20 EUR").
 * Isolated as a left-to-right run, so "5 000.00 EUR" keeps its order in Arabic (SPEC §1).
 */
export function money(
  value: DecimalInput,
  context: FieldContext,
  precision: number | null = context.precision,
): string {
  return isolateLtr(
    formatMoney(value, {
      currency: context.currency,
      precision: precision ?? undefined,
      display: context.amount?.currencyDisplaySetting,
    }),
  );
}

/**
 * The decimals an amount button shows: none for a whole amount ("20 EUR"), else the currency's own
 * ("10.500 KWD", not "10.5 KWD"), so a button reads like every other amount.
 */
export function presetPrecision(value: string, precision: number): number {
  const [, fraction = ''] = value.split('.');
  return /^0*$/.test(fraction) ? 0 : precision;
}
