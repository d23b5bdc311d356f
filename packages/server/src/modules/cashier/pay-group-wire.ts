/**
 * A pay group as the cashier shows it (SPEC §3 "Pay group as received"): one session pay group
 * as the contract's PayGroup, its action type and its merchant user fee (which the method detail
 * shows too). Amounts go out as decimal strings at the currency precision, fee percentages as
 * the stored text ("2%").
 *
 * @packageDocumentation
 */
import { ACTION_TYPES } from '@cashdesk/contract';
import type { PayGroup } from '@cashdesk/contract';
import { optionalFigureAtPrecision, plainDecimal } from '../../platform/money-text';
import { localizedName, restrictionOf } from './pay-group-rows';
import type { PayGroupRow, SessionPayGroup } from './pay-group-rows';

/** SPEC §3 action_type of a pay group: its stored type when the contract knows it, else activity. */
function actionType(value: string): (typeof ACTION_TYPES)[number] {
  return ACTION_TYPES.find((type) => type === value) ?? 'activity';
}

/** SPEC §3 merchant_user_fee of a pay group (none: neither a percentage nor a fixed fee). */
export function merchantUserFee(group: PayGroupRow, precision: number) {
  if (group.merchantFeePercentage === null && group.merchantFeeFix === null) return null;
  return {
    percentage:
      group.merchantFeePercentage === null ? null : plainDecimal(group.merchantFeePercentage),
    fix: optionalFigureAtPrecision(group.merchantFeeFix, precision),
  };
}

/** SPEC §3 "Pay group as received" of one session pay group. */
export function payGroupToWire(
  entry: SessionPayGroup,
  context: { readonly now: Date; readonly lastUsedId: number | null; readonly language: string },
): PayGroup {
  const { group, limits, currency } = entry;
  const restrictedUntil = restrictionOf(group, context.now);
  return {
    id: group.id,
    short_name: group.shortName,
    public_name: localizedName(group, context.language),
    arrangement: group.arrangement,
    popular: group.popular,
    logo: group.logo,
    native_pay_type: group.nativePayType,
    action_type: actionType(group.actionType),
    info: group.infoUrl,
    info_in_iframe: group.infoInIframe,
    self_target: group.selfTarget,
    pay_method_type: group.payMethodType,
    last_used: context.lastUsedId === group.id,
    auto_submit: group.autoSubmit,
    show_in_carousel: group.showInCarousel,
    allow_pre_selected_method: group.allowPreSelectedMethod,
    restricted_until: restrictedUntil === null ? null : restrictedUntil.toISOString(),
    merchant_user_fee: merchantUserFee(group, currency.precision),
    display_limits: group.displayLimits,
    currencies: [
      {
        currency_id: currency.currencyId,
        name: currency.name,
        alpha3: currency.alpha3,
        iso_number: currency.isoNumber,
        precision: currency.precision,
        fee: limits.fee,
        processing_time_translation_key: limits.processingTimeTranslationKey,
        show_processing_time: limits.showProcessingTime,
        limits: {
          min_amount: optionalFigureAtPrecision(limits.minAmount, currency.precision),
          max_amount: optionalFigureAtPrecision(limits.maxAmount, currency.precision),
        },
      },
    ],
    pay_group: group.shortName,
    enabled: group.enabled,
  };
}
