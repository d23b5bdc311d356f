/**
 * Pay group and method shapes of SPEC §3: the pay group as the cashier service sends it (wire
 * names, snake_case) and the method the widget works with (camelCase).
 *
 * The wire interfaces are written by hand here because `@cashdesk/domain` imports nothing; the
 * zod contract in `@cashdesk/contract` must infer types assignable to them. That is why every
 * optional wire field is `?: T | null | undefined` (zod's `.optional()` and `.nullish()` both
 * fit under `exactOptionalPropertyTypes`) and arrays are `readonly` (mutable arrays fit too).
 *
 * @packageDocumentation
 */

import type { ClientPlatform, DeviceKind } from '../routing/client-environment';
import type { PaymentFlow } from '../routing/page-kind';

export type { ClientPlatform, DeviceKind, PaymentFlow };

/** SPEC §3: `currencies[0].limits` of a received pay group; amounts are decimal strings. */
export interface ReceivedPayGroupLimits {
  readonly min_amount?: string | null | undefined;
  readonly max_amount?: string | null | undefined;
}

/** SPEC §3: one entry of `currencies` of a received pay group (only the first one is used). */
export interface ReceivedPayGroupCurrency {
  readonly currency_id: number;
  readonly name?: string | null | undefined;
  readonly alpha3: string;
  readonly iso_number?: number | string | null | undefined;
  readonly precision: number;
  /** A percentage text such as '2%' (SPEC §5 fee). */
  readonly fee?: string | null | undefined;
  readonly processing_time_translation_key?: string | null | undefined;
  readonly show_processing_time?: boolean | null | undefined;
  readonly limits?: ReceivedPayGroupLimits | null | undefined;
}

/** SPEC §3: merchant user fee, a percentage plus a fixed part (decimal strings). */
export interface ReceivedMerchantUserFee {
  readonly percentage?: string | null | undefined;
  readonly fix?: string | null | undefined;
}

/** SPEC §3: a pay group as received from `payments/groups/init` or `payouts/groups/init`. */
export interface ReceivedPayGroup {
  readonly id: number;
  readonly short_name: string;
  readonly public_name?: string | null | undefined;
  readonly arrangement?: number | null | undefined;
  readonly popular?: boolean | null | undefined;
  readonly logo?: string | null | undefined;
  /** Wire text naming Apple Pay or Google Pay (e.g. 'apple_pay', 'GooglePay'); see mapping. */
  readonly native_pay_type?: string | null | undefined;
  /** Wire text of the action type: 'activity', 'nested_list' or 'info' (SPEC §3 enumerations). */
  readonly action_type?: string | null | undefined;
  /** Description URL. */
  readonly info?: string | null | undefined;
  readonly info_in_iframe?: boolean | null | undefined;
  /** SPEC §2: the method's links and payment redirects open in the same window. */
  readonly self_target?: boolean | null | undefined;
  readonly pay_method_type?: string | null | undefined;
  readonly last_used?: boolean | null | undefined;
  readonly auto_submit?: boolean | null | undefined;
  readonly show_in_carousel?: boolean | null | undefined;
  readonly allow_pre_selected_method?: boolean | null | undefined;
  /** A date-time (ISO 8601) until which the method is restricted. */
  readonly restricted_until?: string | null | undefined;
  readonly merchant_user_fee?: ReceivedMerchantUserFee | null | undefined;
  readonly display_limits?: boolean | null | undefined;
  readonly currencies: readonly ReceivedPayGroupCurrency[];
  readonly pay_group?: string | null | undefined;
}

/** SPEC §3: one tier of the lost-profit merchant bonus (the spec names no tier fields). */
export interface ReceivedLostProfitTier {
  readonly from?: string | null | undefined;
  readonly to?: string | null | undefined;
  readonly percent_value?: string | null | undefined;
  readonly absolute_value?: string | null | undefined;
}

/** SPEC §3: `lost_profit_merchant_bonus` of the cashier response. */
export interface ReceivedLostProfitBonus {
  /** The pay group the ribbon belongs to, by id or by short name. */
  readonly pay_group?: number | string | null | undefined;
  readonly tiers?: readonly ReceivedLostProfitTier[] | null | undefined;
}

/** SPEC §3: Apple Pay or Google Pay. */
export type NativePayType = 'Apple' | 'Google';

/**
 * SPEC §3: the action of a pay group. The spec's mapped method names Activity and NestedList; the
 * third wire kind, info (SPEC §3 enumerations), is kept as Info so it never navigates.
 */
export type PayGroupActionType = 'Activity' | 'NestedList' | 'Info';

/** SPEC §3: bonus info; decimal strings, `null` when the bonus does not set the value. */
export interface MethodBonusInfo {
  readonly absoluteBonusValue: string | null;
  readonly percentBonusValue: string | null;
  readonly maxBonusValue: string | null;
  readonly minDepositAmount: string | null;
  readonly maxDepositAmount: string | null;
}

/**
 * SPEC §3 bonus state: one user bonus. A bonus with no `bonusPayGroupsIds` (absent or empty) is
 * a general bonus that applies to every pay group.
 */
export interface UserBonus {
  readonly bonusDescription?: string | null | undefined;
  readonly bonusPayGroupsIds?: readonly number[] | null | undefined;
  readonly bonusInfo: MethodBonusInfo;
}

/** SPEC §3: the limits of a mapped method; `null` means the bound is not set. */
export interface MethodLimits {
  readonly min: string | null;
  readonly max: string | null;
  readonly displayLimits: boolean;
}

/** SPEC §3: merchant user fee of a mapped method (decimal strings, `null` when not set). */
export interface MethodMerchantUserFee {
  readonly percentage: string | null;
  readonly fix: string | null;
}

/** SPEC §3: the bonus that applies to one method. */
export interface MethodBonus {
  readonly description: string | null;
  readonly info: MethodBonusInfo;
}

/**
 * SPEC §3: a mapped method. Beyond the spec's list it keeps `payMethodType` (for the type filter
 * of SPEC §4), `infoInIframe` and `merchantUserFee`, which the widget needs and which are
 * otherwise lost in mapping.
 */
export interface Method {
  readonly arrangement: number;
  readonly id: number;
  readonly name: string;
  readonly displayName: string;
  readonly isPopular: boolean;
  readonly logoUri: string | null;
  readonly nativePayType: NativePayType | null;
  readonly currencyId: number;
  readonly currencyAlpha3: string;
  readonly currencyPrecision: number;
  readonly descriptionUrl: string | null;
  readonly infoInIframe: boolean;
  readonly limits: MethodLimits;
  readonly payGroupActionType: PayGroupActionType;
  readonly payMethodType: string | null;
  /** A percentage text such as '2%', as received. */
  readonly fee: string | null;
  readonly merchantUserFee: MethodMerchantUserFee | null;
  readonly enabled: boolean;
  readonly restrictedUntil: string | null;
  readonly lastUsed: boolean;
  readonly autoSubmit: boolean;
  readonly preSelectedMethod: boolean;
  readonly isLostProfit: boolean;
  /** The lost-profit tiers, only on the lost-profit method. */
  readonly lostProfitInfo: readonly ReceivedLostProfitTier[] | null;
  readonly showInCarousel: boolean;
  readonly isIncludeBonus: boolean;
  readonly isSelfTarget: boolean;
  /** The processing-time translation key, only when the pay group asks to show it. */
  readonly processingTime: string | null;
  readonly bonus: MethodBonus | null;
}
