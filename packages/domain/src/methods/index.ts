/**
 * Payment methods (pay groups): mapping, enabled rules, grouping, filters, layout, carousel,
 * choice and the small payout rules of SPEC §2, §3, §4 and §6.
 *
 * @packageDocumentation
 */
export { autoSelectMethod } from './auto-select';
export type {
  AutoSelectableMethod,
  AutoSelectInput,
  AutoSelection,
  AutoSelectRule,
} from './auto-select';
export { bonusForPayGroup, userBonusesByPayGroups } from './bonuses';
export type { UserBonusesByPayGroups } from './bonuses';
export { chooseMethod } from './choose-method';
export type { MethodChoice } from './choose-method';
export { isMobileWidth, splitIntoColumns } from './columns';
export { COUNTDOWN_ZERO, formatCountdown } from './countdown';
export { WAGER_PARAMETER_NAME, isDisabledByWager, isMethodDisabled } from './enabled';
export type { MethodAvailability, NamedParameter, WagerRuleInput } from './enabled';
export { groupMethods } from './grouping';
export type { GroupableMethod, MethodGroups } from './grouping';

export type { InstantInput } from './instant';
export { logoImage } from './logo-image';
export { isWalletPayGroup, mapPayGroup, mapPayGroups } from './map-method';
export type { MapPayGroupContext, PlatformContext } from './map-method';
export {
  NATIVE_PAY_METHOD_IDS,
  NATIVE_PAY_WIRE_TYPES,
  nativePayAmount,
  nativePayWireType,
  payGroupWallet,
  walletsToAsk,
} from './native-pay';
export type { NativePayAmount, NativePayWireType } from './native-pay';
export { buildTypeFilters, filterMethodsByType } from './method-types';
export type { MethodCategory, MethodTypeFilter } from './method-types';
export { payoutCardFieldState, withdrawalReversalStatus } from './payout';
export type {
  PayoutCardFieldInput,
  PayoutCardFieldState,
  WithdrawalReversalResponse,
  WithdrawalReversalStatus,
} from './payout';
export { isRepeatSubmission } from './repeat-submit';
export type { SubmissionSnapshot } from './repeat-submit';
export { restrictionMessage } from './restriction';
export type { RestrictionMessage, RestrictionMessageOptions } from './restriction';
export { readCashierFeatures } from './cashier-features';
export { isOfferedInCountry } from './country-filter';
export type { CountryFilterInput } from './country-filter';
export type { CashierFeature, CashierFeatures } from './cashier-features';
export { carouselMethods, isCarouselVisible, quickSuggestions } from './suggestions';
export type {
  CarouselOptions,
  CarouselVisibilityInput,
  QuickSuggestionOptions,
  SuggestibleMethod,
} from './suggestions';
export type {
  MethodBonusInfo,
  MethodMerchantUserFee,
  Method,
  MethodBonus,
  MethodLimits,
  NativePayType,
  PayGroupActionType,
  ReceivedLostProfitBonus,
  ReceivedLostProfitTier,
  ReceivedMerchantUserFee,
  ReceivedPayGroup,
  ReceivedPayGroupCurrency,
  ReceivedPayGroupLimits,
  UserBonus,
} from './types';
export { verificationRouting } from './verification';
export type {
  VerificationRouting,
  VerificationRoutingInput,
  VerificationRoutingReason,
} from './verification';
export { isAutoSubmit, workflowKind } from './workflow';
export type { AutoSubmitInput, WorkflowKind } from './workflow';
export { withDefaultViewDataEntry } from './view-data';
