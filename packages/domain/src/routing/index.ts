/**
 * Routing rules of SPEC §1, §2 and §4: addresses, start-up, routes, redirects and host messages.
 *
 * @packageDocumentation
 */
export {
  addressPath,
  addressQuery,
  addressText,
  hasQueryParam,
  parseAddress,
  parseQuery,
  pathSegments,
  removeQueryParam,
  safeDecode,
  setQueryParam,
} from './address';
export type { AddressInput, ParsedAddress, QueryParams } from './address';
export { bodyDataAttributes, RTL_LANGUAGES, textDirection } from './body-attributes';
export type { BodyDataAttributes, BodyDataInput, TextDirection } from './body-attributes';
export {
  CHANNELS,
  CLIENT_PLATFORMS,
  CLIENT_ENVIRONMENT_HEADERS,
  clientEnvironmentHeaders,
  decideClientEnvironment,
  readClientEnvironmentHeaders,
  detectPlatform,
  DEVICE_KINDS,
  isNativeDevice,
  parseChannel,
} from './client-environment';
export type {
  Channel,
  ClientEnvironment,
  ClientEnvironmentInput,
  ClientPlatform,
  DeviceKind,
} from './client-environment';
export {
  DISPLAY_QUERY_PARAMS,
  displayParamsOf,
  MAX_DISPLAY_PARAM_LENGTH,
  MAX_DISPLAY_QUERY_LENGTH,
  withDisplayParams,
} from './display-params';
export type { DisplayParamName, DisplayParams } from './display-params';
export { decideFinalResult } from './final-result';
export type { FinalOutcome, FinalResultDecision, FinalResultInput } from './final-result';
export {
  FINISH_OUTCOMES,
  HOST_MESSAGE_TARGET,
  HOST_MESSAGE_TYPES,
  MAX_REPORTED_HEIGHT,
  MY_ACCOUNT_PATH,
  myAccountRedirectMessage,
  parseHostMessage,
  PAYMENT_RESULT_STATUSES,
  paymentResultMessage,
  readyMessage,
  reInitCashierMessage,
  redirectToMessage,
  resetScrollMessage,
  resizeMessage,
  serializeHostMessage,
  setSessionIdMessage,
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
} from './host-messages';
export { HOST_ORIGIN_PARAM, hostOriginOf } from './host-origin';
export type { HostOriginInput } from './host-origin';
export { resultPagePaymentResult } from './payment-result';
export type {
  ResultPageFacts,
  ResultPagePaySession,
  ResultPageServerStatus,
} from './payment-result';
export {
  linkTarget,
  parseRedirectTargetMode,
  REDIRECT_TARGET_MODES,
  redirectTarget,
} from './link-target';
export type { LinkTarget, LinkTargetInput, RedirectTargetMode } from './link-target';
export { chooseCloseRedirect, chooseFinishRedirect, finishPageOf } from './merchant-redirect';
export type {
  FinishPage,
  MerchantRedirectChoice,
  MerchantRedirectSource,
  MerchantRedirectSources,
} from './merchant-redirect';
export { buildMerchantUrl, normaliseMerchantUrl } from './merchant-url';
export type { MerchantUrlOptions } from './merchant-url';
export { decideNewTab } from './new-tab';
export type { NewTabDecision } from './new-tab';
export {
  describePage,
  detectPageKind,
  detectPaymentFlow,
  isLlaAddress,
  LLA_PAGE_TYPE,
  LLA_PATH_SEGMENT,
  LLA_QUERY_FLAG,
  PAGE_KINDS,
  PAYMENT_FLOWS,
} from './page-kind';
export type { PageDescription, PageKind, PaymentFlow } from './page-kind';
export {
  formPageFlow,
  hasPathFragment,
  isFormPage,
  isMainPage,
  isStatusPage,
  mainPageFlow,
  PATH_FRAGMENTS,
  pathFragmentsOf,
  statusPageOf,
} from './path-fragments';
export type { PathFragmentName, StatusPage } from './path-fragments';
export {
  innerResultMessage,
  parseInnerResultMessage,
  parsePaymentFlow,
  parseResultStatus,
  parseResultViewKind,
  parseResultViewStatus,
  RESULT_STATUSES,
  RESULT_VIEW_KINDS,
  RESULT_VIEW_STATUSES,
  resultNavigation,
  resultPagePath,
  THEME_QUERY_PARAM,
} from './result-route';
export type {
  InnerResultMessage,
  ResultNavigationInput,
  ResultStatus,
  ResultViewKind,
  ResultViewStatus,
} from './result-route';
export {
  buildRoutePath,
  findRoute,
  matchRoute,
  ROUTE_PARAMS,
  ROUTES,
  sessionIdInPath,
} from './route-table';
export type {
  RouteDefinition,
  RouteId,
  RouteMatch,
  RouteParamName,
  RouteParams,
} from './route-table';
export {
  parseLangParam,
  parseStartupParams,
  readFlag,
  readText,
  STARTUP_QUERY_PARAMS,
} from './startup-params';
export type { LangAndBrand, PageParameters, StartupEnvironment } from './startup-params';
export { isSupportedTheme, parseThemeName, resolveTheme } from './theme';
export type { ResolvedTheme, ThemeCandidates, ThemeSource } from './theme';
