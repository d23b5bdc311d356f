/**
 * Mapping a received pay group to a method (SPEC §3 "Mapped method", SPEC §6 wallet visibility).
 *
 * @packageDocumentation
 */
import { parseDecimal } from '../money/decimal';
import { bonusForPayGroup, userBonusesByPayGroups } from './bonuses';
import type { UserBonusesByPayGroups } from './bonuses';
import { isMethodEnabled } from './enabled';
import type { MethodAvailability } from './enabled';
import type {
  ClientPlatform,
  DeviceKind,
  MethodMerchantUserFee,
  Method,
  NativePayType,
  PayGroupActionType,
  ReceivedLostProfitBonus,
  ReceivedMerchantUserFee,
  ReceivedPayGroup,
  UserBonus,
} from './types';

/** SPEC §1, §6: where the widget runs, as far as wallet visibility needs it. */
export interface PlatformContext {
  readonly platform: ClientPlatform;
  readonly device: DeviceKind;
}

/** SPEC §3: what mapping needs besides the pay group itself. */
export interface MapPayGroupContext extends PlatformContext {
  /** SPEC §3 `user_bonuses`, already in bonus-state shape. */
  readonly userBonuses?: readonly UserBonus[] | null | undefined;
  /** SPEC §3 `lost_profit_merchant_bonus`. */
  readonly lostProfitBonus?: ReceivedLostProfitBonus | null | undefined;
  /** SPEC §4 enabled facts per pay group id; a pay group not listed is enabled. */
  readonly availability?: Readonly<Record<number, MethodAvailability>> | undefined;
  /**
   * The wallets (Apple Pay, Google Pay) the page can complete, each through its own
   * flow. A wallet method the page cannot complete is not offered, even where SPEC §6 lets its
   * platform see it: its form would be a plain button that fails as a card payment. Absent means
   * none.
   */
  readonly nativePayReady?: readonly NativePayType[] | undefined;
}

/**
 * SPEC §3: reads `native_pay_type`. The wire spelling is not shown, so any text mentioning
 * "apple" is Apple Pay and any mentioning "google" is Google Pay (case-insensitive).
 */
export function parseNativePayType(value: string | null | undefined): NativePayType | null {
  if (value == null) return null;
  const text = value.toLowerCase();
  if (text.includes('apple')) return 'Apple';
  if (text.includes('google')) return 'Google';
  return null;
}

/**
 * SPEC §4 final result: whether a payment through a pay group of this `native_pay_type` ran in a
 * wallet-pay context (Apple Pay or Google Pay, {@link parseNativePayType}).
 */
export function isWalletPayGroup(nativePayType: string | null | undefined): boolean {
  return parseNativePayType(nativePayType) !== null;
}

/**
 * SPEC §3: reads `action_type`. 'nested_list' is NestedList and 'info' is Info (any case, any
 * separator); everything else, a missing value included, is the ordinary Activity.
 */
export function parseActionType(value: string | null | undefined): PayGroupActionType {
  const text = (value ?? '').toLowerCase().replace(/[^a-z]/g, '');
  if (text === 'nestedlist') return 'NestedList';
  if (text === 'info') return 'Info';
  return 'Activity';
}

/**
 * SPEC §6: Apple Pay options appear only on iOS or native iOS, Google Pay options only on
 * Android or native Android; every other method appears everywhere.
 */
export function isNativePayAvailable(
  nativePayType: NativePayType | null,
  context: PlatformContext,
): boolean {
  if (nativePayType === 'Apple')
    return context.platform === 'IOS' || context.device === 'native_ios';
  if (nativePayType === 'Google') {
    return context.platform === 'ANDROID' || context.device === 'native_android';
  }
  return true;
}

/**
 * SPEC §2, §3: whether a pay group reference (the `pay_group` query parameter, the lost-profit
 * `pay_group`, a configured id) names a method: equal id (a number, or a text of that number),
 * or equal short name ignoring case and surrounding white space.
 */
export function matchesPayGroup(
  method: Pick<Method, 'id' | 'name'>,
  reference: number | string | null | undefined,
): boolean {
  if (reference == null) return false;
  if (typeof reference === 'number') return reference === method.id;
  const text = reference.trim();
  if (text === '') return false;
  return text === String(method.id) || text.toLowerCase() === method.name.trim().toLowerCase();
}

function decimalText(value: string | null | undefined): string | null {
  if (value == null) return null;
  return parseDecimal(value) === null ? null : value.trim();
}

function nonEmpty(value: string | null | undefined): string | null {
  return value == null || value.trim() === '' ? null : value;
}

function mapMerchantUserFee(
  fee: ReceivedMerchantUserFee | null | undefined,
): MethodMerchantUserFee | null {
  if (fee == null) return null;
  const percentage = decimalText(fee.percentage);
  const fix = decimalText(fee.fix);
  return percentage === null && fix === null ? null : { percentage, fix };
}

function mapWithIndex(
  group: ReceivedPayGroup,
  context: MapPayGroupContext,
  bonuses: UserBonusesByPayGroups,
): Method | null {
  const currency = group.currencies[0];
  if (currency === undefined) return null;
  if (!Number.isInteger(currency.precision) || currency.precision < 0) return null;

  const nativePayType = parseNativePayType(group.native_pay_type);
  if (!isNativePayAvailable(nativePayType, context)) return null;
  if (nativePayType !== null && !(context.nativePayReady ?? []).includes(nativePayType))
    return null;

  const identity = { id: group.id, name: group.short_name };
  const min = decimalText(currency.limits?.min_amount);
  const isLostProfit = matchesPayGroup(identity, context.lostProfitBonus?.pay_group);
  const bonus = bonusForPayGroup(bonuses, group.id);
  const arrangement = group.arrangement ?? 0;

  return {
    arrangement: Number.isFinite(arrangement) ? arrangement : 0,
    id: group.id,
    name: group.short_name,
    displayName: nonEmpty(group.public_name) ?? group.short_name,
    isPopular: group.popular === true,
    logoUri: nonEmpty(group.logo),
    nativePayType,
    currencyId: currency.currency_id,
    currencyAlpha3: currency.alpha3,
    currencyPrecision: currency.precision,
    descriptionUrl: nonEmpty(group.info),
    infoInIframe: group.info_in_iframe === true,
    limits: {
      min,
      max: decimalText(currency.limits?.max_amount),
      displayLimits: group.display_limits === true,
    },
    payGroupActionType: parseActionType(group.action_type),
    payMethodType: nonEmpty(group.pay_method_type),
    fee: nonEmpty(currency.fee),
    merchantUserFee: mapMerchantUserFee(group.merchant_user_fee),
    enabled: isMethodEnabled(min, context.availability?.[group.id] ?? {}),
    restrictedUntil: nonEmpty(group.restricted_until),
    lastUsed: group.last_used === true,
    autoSubmit: group.auto_submit === true,
    preSelectedMethod: group.allow_pre_selected_method === true,
    isLostProfit,
    lostProfitInfo: isLostProfit ? (context.lostProfitBonus?.tiers ?? []) : null,
    showInCarousel: group.show_in_carousel === true,
    isIncludeBonus: bonus !== null,
    isSelfTarget: group.self_target === true,
    processingTime:
      currency.show_processing_time === true
        ? nonEmpty(currency.processing_time_translation_key)
        : null,
    bonus,
  };
}

/**
 * SPEC §3: maps one received pay group to a method. Gives `null` (never throws) when the pay
 * group has no usable currency (no `currencies[0]`, or a precision that is not a whole number
 * of places) or is a wallet the platform does not show (SPEC §6).
 *
 * Choices where the spec is silent: amounts that are not decimals become `null` (bound not set);
 * `displayName` falls back to the short name; booleans are true only when the wire says `true`;
 * `processingTime` is the translation key only when `show_processing_time` is on; the lost-profit
 * method carries the tiers as `lostProfitInfo`.
 */
export function mapPayGroup(group: ReceivedPayGroup, context: MapPayGroupContext): Method | null {
  return mapWithIndex(group, context, userBonusesByPayGroups(context.userBonuses));
}

/**
 * SPEC §3: maps a received pay group list, dropping the pay groups {@link mapPayGroup} rejects
 * and keeping the received order (grouping sorts later, SPEC §4).
 */
export function mapPayGroups(
  groups: readonly ReceivedPayGroup[],
  context: MapPayGroupContext,
): readonly Method[] {
  const bonuses = userBonusesByPayGroups(context.userBonuses);
  const methods: Method[] = [];
  for (const group of groups) {
    const method = mapWithIndex(group, context, bonuses);
    if (method !== null) methods.push(method);
  }
  return methods;
}
