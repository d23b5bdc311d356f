/**
 * Routing rules of SPEC §1, §2 and §4: addresses, start-up, routes, redirects and host messages.
 *
 * @packageDocumentation
 */
export { setQueryParam } from './address';
export type { AddressInput, ParsedAddress, QueryParams } from './address';
export { bodyDataAttributes, textDirection } from './body-attributes';
export type { BodyDataAttributes, BodyDataInput, TextDirection } from './body-attributes';
export {
  CHANNELS,
  CLIENT_PLATFORMS,
  clientEnvironmentHeaders,
  decideClientEnvironment,
  readClientEnvironmentHeaders,
  DEVICE_KINDS,
} from './client-environment';
export type {
  Channel,
  ClientEnvironment,
  ClientEnvironmentInput,
  ClientPlatform,
  DeviceKind,
} from './client-environment';
export { displayParamsOf, MAX_DISPLAY_PARAM_LENGTH, withDisplayParams } from './display-params';
export type { DisplayParamName, DisplayParams } from './display-params';
export { decideFinalResult } from './final-result';
export type { FinalOutcome, FinalResultDecision, FinalResultInput } from './final-result';
export {
  HOST_MESSAGE_TARGET,
  MAX_REPORTED_HEIGHT,
  myAccountRedirectMessage,
  parseHostMessage,
  paymentResultMessage,
  readyMessage,
  reInitCashierMessage,
  redirectToMessage,
  resetScrollMessage,
  resizeMessage,
  serializeHostMessage,
  setSessionIdMessage,
  visibleAreaMessage,
} from './host-messages';
export type {
  CashierFinish,
  FinishOutcome,
  HostMessage,
  HostMessageType,
  HostRedirectMessage,
  PaymentResultInput,
  PaymentResultMessage,
  PaymentResultStatus,
  ReadyMessage,
  ReInitCashierMessage,
  RedirectToMessage,
  ResetScrollMessage,
  ResizeMessage,
  SetSessionIdMessage,
  VerticalSpan,
  VisibleAreaMessage,
} from './host-messages';
export { HOST_ORIGIN_PARAM, hostOriginOf } from './host-origin';
export type { HostOriginInput } from './host-origin';
export { resultPagePaymentResult } from './payment-result';
export type {
  ResultPageFacts,
  ResultPagePaySession,
  ResultPageServerStatus,
} from './payment-result';
export { linkTarget, REDIRECT_TARGET_MODES, redirectTarget } from './link-target';
export type { LinkTarget, LinkTargetInput, RedirectTargetMode } from './link-target';
export { chooseCloseRedirect, chooseFinishRedirect, finishPageOf } from './merchant-redirect';
export type {
  FinishPage,
  MerchantRedirectChoice,
  MerchantRedirectOptions,
  MerchantRedirectSource,
  MerchantRedirectSources,
} from './merchant-redirect';

export type { MerchantUrlOptions } from './merchant-url';
export { decideNewTab } from './new-tab';
export type { NewTabDecision } from './new-tab';
export { describePage, PAYMENT_FLOWS } from './page-kind';
export type { PageDescription, PageKind, PaymentFlow } from './page-kind';
export {
  innerResultMessage,
  parseInnerResultMessage,
  RESULT_STATUSES,
  resultNavigation,
  resultPagePath,
} from './result-route';
export type {
  InnerResultMessage,
  ResultNavigationInput,
  ResultStatus,
  ResultViewKind,
} from './result-route';
export { isStatusPageMode, statusPageView } from './path-fragments';
export type { StatusPageView, StatusPageViewInput } from './path-fragments';
export { buildRoutePath, findRoute, matchRoute, ROUTES } from './route-table';
export type {
  RouteDefinition,
  RouteId,
  RouteMatch,
  RouteParamName,
  RouteParams,
} from './route-table';
export { parseStartupParams, STARTUP_QUERY_PARAMS } from './startup-params';
export type { LangAndBrand, PageParameters, StartupEnvironment } from './startup-params';
export { isSupportedTheme, parseThemeName, resolveTheme } from './theme';
export type { ResolvedTheme, ThemeCandidates, ThemeSource } from './theme';
