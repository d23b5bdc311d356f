/**
 * The texts of a method tile (SPEC §9 summary line, §5 lost-profit ribbon and minimum hint, §4
 * restriction message), built from the domain's rules and translated here.
 *
 * @packageDocumentation
 */
import {
  feeDisplay,
  lostProfitRibbon,
  MESSAGE_KEYS,
  positiveDecimal,
  restrictionMessage,
  SUMMARY_SEPARATOR,
} from '@cashdesk/domain';
import type { CurrencyDisplayFormat, Method } from '@cashdesk/domain';
import type { i18n as I18n, TFunction } from 'i18next';
import {
  formatMoney,
  isolate,
  languageSeparators,
  minLimitText,
  numberLanguage,
} from '../i18n/format';

/** How amounts are written (SPEC §3 currency display formats). */
export interface MoneyStyle {
  readonly display: CurrencyDisplayFormat;
}

function money(method: Method, amount: string, style: MoneyStyle): string {
  return formatMoney(amount, {
    currency: method.currencyAlpha3,
    precision: method.currencyPrecision,
    display: style.display,
  });
}

/**
 * SPEC §9: the summary line: min-limit info, processing time, fee, bonus-included note, joined
 * with ' • '. Parts that do not apply are left out:
 * - the minimum hint only when displayLimits is on and the minimum exceeds 0 (SPEC §5);
 * - the processing time only when the service asked to show it and its key has a translation
 *   (an untranslated key would show the raw key to the player);
 * - the fee (PH.FEE.* of domain feeDisplay): the fee the player pays, the merchant user fee
 *   (percentage plus fixed part); a zero fee is left out. The currency's method fee is the
 *   operator's, never charged to the player (docs/fees.md), so it is not shown;
 * - the bonus note when a user bonus applies to the method.
 */
export function summaryLine(method: Method, t: TFunction, i18n: I18n, style: MoneyStyle): string {
  const parts: string[] = [];
  const min = method.limits.min;
  if (method.limits.displayLimits && min !== null && positiveDecimal(min) !== null) {
    parts.push(minLimitText(t, MESSAGE_KEYS.minLimitInfo, isolate(money(method, min, style))));
  }
  if (method.processingTime !== null && i18n.exists(method.processingTime)) {
    parts.push(t(method.processingTime));
  }
  const fee = feeDisplay(method.merchantUserFee, {
    currency: method.currencyAlpha3,
    precision: method.currencyPrecision,
    display: style.display,
    decimalSeparator: languageSeparators().decimalSeparator,
  });
  if (fee !== null) {
    const params = fee.message.params ?? {};
    const isolated = Object.fromEntries(
      Object.entries(params).map(([name, value]) => [
        name,
        name === 'fixed' ? isolate(value) : value,
      ]),
    );
    parts.push(t(fee.message.key, isolated));
  }
  if (method.isIncludeBonus) parts.push(t('DEPOSIT_HOME.SUMMARY.BONUS_INCLUDED'));
  return parts.join(SUMMARY_SEPARATOR);
}

/**
 * SPEC §5: the lost-profit ribbon: the largest percent and absolute value across the tiers; one
 * tier reads as a plain value, several as a maximum ("up to"). `null` when there is no ribbon.
 */
export function ribbonText(method: Method, t: TFunction, style: MoneyStyle): string | null {
  if (!method.isLostProfit) return null;
  const ribbon = lostProfitRibbon(method.lostProfitInfo);
  if (ribbon === null) return null;
  const prefix = ribbon.isMaximum ? 'DEPOSIT_HOME.RIBBON.MAX' : 'DEPOSIT_HOME.RIBBON.FIXED';
  const amount = ribbon.absolute === null ? null : isolate(money(method, ribbon.absolute, style));
  if (ribbon.percent !== null && amount !== null) {
    return t(`${prefix}_BOTH`, { percent: ribbon.percent, amount });
  }
  if (ribbon.percent !== null) return t(`${prefix}_PERCENT`, { percent: ribbon.percent });
  return amount === null ? null : t(`${prefix}_AMOUNT`, { amount });
}

/**
 * SPEC §4: the restriction text of a restricted method at `now`, in the player's time zone
 * (CASHIER.RESTRICT_UNTIL_TEXT_BIG/_MID with its time, _SMALL with its minutes as the plural's
 * count); `null` when not restricted or the restriction is over.
 */
export function restrictionText(
  method: Pick<Method, 'restrictedUntil'>,
  now: number,
  t: TFunction,
): string | null {
  const until = new Date(method.restrictedUntil ?? now);
  const message = restrictionMessage(method.restrictedUntil, now, {
    // The offset at the end of the restriction (a daylight-saving change may lie in between);
    // getTimezoneOffset is west-positive, the domain wants east-positive minutes.
    utcOffsetMinutes: -(Number.isNaN(until.getTime()) ? new Date(now) : until).getTimezoneOffset(),
    language: numberLanguage(),
  });
  if (message === null) return null;
  // The minutes of the small text pick the language's plural form ("3 دقائق", "11 دقيقة").
  if (message.key === MESSAGE_KEYS.restrictUntilSmall) {
    return t(message.key, { count: Number(message.params.time) });
  }
  return t(message.key, { time: isolate(message.params.time) });
}
