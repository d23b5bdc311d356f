/**
 * @cashdesk/contract: the cashier-service contract (SPEC §3, §7, §8). zod/mini schemas of every
 * request and response with their inferred types, the endpoint table, the error code table and
 * the OpenAPI 3.1 document generated from them.
 *
 * @packageDocumentation
 */
export { ERROR_CODES } from './errors';
export type { ErrorDefinition, ErrorName } from './errors';
export type { FirstScreen, FirstScreenRequest } from './first-screen';
export type {
  AnySchema,
  BodyContentType,
  Endpoint,
  EndpointResponse,
  EndpointTag,
  HttpMethod,
  ObjectSchema,
  OperatorAccess,
  OperatorScopeName,
  ResponseContentType,
  StaffAccess,
} from './endpoint-types';
export {
  Currency,
  DateTime,
  DECIMAL_MAX_LENGTH,
  CONTACT_TYPES,
  DECIMAL_PATTERN,
  Decimal,
  EmptyObject,
  ErrorBody,
  ErrorCode,
  IdempotencyHeaders,
  IdempotencyKey,
  OpaqueId,
  PayGroupId,
  PayGroupIdParam,
  SessionHeaders,
  SessionId,
  TOKEN_PATTERN,
  TransactionId,
  UPLOAD_MAX_BYTES,
  Url,
  UrlOrPath,
} from './schemas/common';
export {
  BrandId,
  LanguageCode,
  PaymentFlowSchema,
  PlayerRef,
  SandboxBalanceResponse,
  SandboxSessionRequest,
  SandboxSessionResponse,
  ThemeName,
} from './schemas/sandbox';
export {
  ACTION_TYPES,
  FeePercent,
  LostProfitBonus,
  LostProfitTier,
  MerchantUserFee,
  PayGroup,
  PayGroupCurrency,
  PayGroupLimits,
} from './schemas/pay-group';
export {
  FieldDefinition,
  FieldLimits,
  FieldOption,
  MonthYear,
  WireNumeric,
  WithdrawalFieldDefinition,
} from './schemas/fields';
export {
  BonusInfo,
  CashierSettings,
  DepositInitResponse,
  LogoSizes,
  PayoutInitResponse,
  Tax,
  TaxTier,
  UserBonus,
  UserProfile,
  VIEW_DATA_KINDS,
  ViewData,
  ViewDataItem,
  WidgetSettings,
  WithdrawalReverse,
} from './schemas/cashier';
export type { DepositInitResponseInput, PayoutInitResponseInput } from './schemas/cashier';
export {
  BetShop,
  ContactType,
  DepositMethodDetail,
  MethodLimits,
  PayoutAccount,
  PayoutMethodDetail,
  SelectRequest,
  TrustedContact,
  WORKFLOW_TYPES,
  WorkingHours,
} from './schemas/method-detail';
export {
  BrowserData,
  CardData,
  CopyField,
  DeclinePageSettings,
  DisplayFormData,
  DisplayParams,
  ParameterName,
  PaySession,
  REDIRECT_ACTIONS,
  RedirectData,
  ResultStatus,
  SUBMIT_STEPS,
  SubmitAmount,
  SubmitParameters,
  SubmitRequest,
  SubmitStep,
  TRANSACTION_STATUSES,
  TaxFigures,
  TransactionStatus,
  UPLOAD_MIME_TYPES,
  UploadForm,
  UploadResponse,
  Voucher,
} from './schemas/payment';
export type { PaySessionInput, SubmitRequestInput } from './schemas/payment';
export {
  DepositRouteResponse,
  PaymentOtpRequest,
  PaymentOtpResponse,
  PayoutRouteResponse,
  ReversePendingWithdrawalResponse,
  RouteRequest,
} from './schemas/routing';
export type { PaymentOtpRequestInput, RouteRequestInput } from './schemas/routing';
export { InteractionResponse, StatusResponse, ThreeDsResultRequest } from './schemas/alternative';
export {
  PAYMENT_HISTORY_PAGE_DEFAULT,
  PAYMENT_HISTORY_PAGE_MAX,
  PaymentHistoryItem,
  PaymentHistoryQuery,
  PaymentHistoryResponse,
} from './schemas/history';
export {
  DeleteCardRequest,
  DeleteCardResponse,
  RecurringCheckRequest,
  RecurringCheckResponse,
  SavedCardSchema,
  TokenizeCardResponse,
  UserCardsHeaders,
  UserCardsResponse,
} from './schemas/user-cards';
export type {
  RecurringCheckRequestInput,
  SavedCardWire,
  TokenizeCardRequestInput,
} from './schemas/user-cards';
export {
  ContentPageResponse,
  ContentSection,
  ContentSlug,
  RtlAssetsResponse,
} from './schemas/content';
export {
  OtpSendRequest,
  OtpSendResponse,
  OtpVerifyRequest,
  OtpVerifyResponse,
  RequisiteCreateRequest,
  RequisiteCreateResponse,
  RequisiteDeleteParams,
  RequisiteDeleteResponse,
  SandboxOtpResponse,
} from './schemas/account-management';
export { MetricValueSchema, MetricsRequest, MetricsResponse } from './schemas/metrics';
export {
  CashierNotificationWire,
  NotificationsPush,
  NotificationsResponse,
} from './schemas/notifications';
export {
  BreadcrumbWire,
  ClientReportHeaders,
  ClientReportRequest,
  ClientReportResponse,
} from './schemas/client-reports';
export { RealtimeTokenResponse } from './schemas/realtime';
export {
  CLICKSTREAM_MAX_DATA_KEYS,
  ClickstreamContexts,
  ClickstreamEvent,
  ClickstreamEventType,
  ClickstreamListQuery,
  ClickstreamPage,
  ClickstreamPublication,
  OperatorClickstreamEvent,
} from './schemas/clickstream';
export {
  AdjustmentEvent,
  PayoutAccountEvent,
  REFUND_EVENT_TYPES,
  REFUND_STATUSES,
  RefundEvent,
  TRANSACTION_EVENT_TYPES,
  TransactionEvent,
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_HEADERS,
  WebhookEvent,
  WebhookAdjustment,
  WebhookPayoutAccount,
  WebhookRefund,
  WebhookTransaction,
} from './schemas/webhooks';
export type { RefundEventType, TransactionEventType, WebhookEventType } from './schemas/webhooks';
export {
  AdjustmentAnswer,
  AdjustmentRequest,
  CancelRequest,
  OperatorAdjustment,
  OperatorRefund,
  RefundAnswer,
  RefundList,
  RefundParams,
  RefundRequest,
  ResolveHoldRequest,
} from './schemas/operator-refunds';
export { ENDPOINT_LIST } from './endpoint-list';
export {
  ACCOUNT_MANAGEMENT_BASE,
  CASHIER_BASE,
  ContentParams,
  ENDPOINTS,
  OpenApiDocumentSchema,
  PayGroupParams,
  PaygroupIdParams,
  ROUTE_BASE,
  SANDBOX_BASE,
  ThreeDsChallengeQuery,
  TransactionParams,
  buildPath,
  endpointErrorNames,
  endpointErrorSchemas,
  endpointErrorsByStatus,
  endpointResponseSchemas,
  fastifyPath,
} from './endpoints';
export type { EndpointId, PathParamNames, PathParams } from './endpoints';
export { OPERATOR_BASE, OPERATOR_ENDPOINTS } from './operator-endpoints';
export { OPERATOR_TRANSACTION_STATUSES } from './values';
export type { OperatorEndpointId } from './operator-endpoints';
// --- the back office: staff roles, permissions and its own calls ---
export {
  SECOND_FACTOR_PERMISSIONS,
  STAFF_PERMISSIONS,
  STAFF_PERMISSION_DESCRIPTIONS,
  STAFF_PERMISSION_OF_CALL,
  STAFF_ROLES,
  STAFF_ROLE_PERMISSIONS,
  roleMay,
  roleNeedsSecondFactor,
} from './staff-access';
export type { StaffPermission, StaffRole } from './staff-access';
export {
  STAFF_BASE,
  STAFF_BRAND_HEADER,
  STAFF_CSRF_HEADER,
  STAFF_ENDPOINTS,
  STAFF_SESSION_COOKIE,
} from './staff-endpoints';
export {
  StaffDemoCode,
  StaffEnrolment,
  StaffInviteRequest,
  StaffLink,
  StaffLinkCheckRequest,
  StaffLinkInfo,
  StaffList,
  StaffMember,
  StaffSecondFactorRequest,
  StaffSession,
  StaffSetPasswordRequest,
  StaffSignInRequest,
  StaffUpdateRequest,
} from './schemas/staff';
export { ConfigPreview, ConfigPreviewRequest } from './schemas/config-preview';
export {
  PayoutApprovalRequest,
  PayoutApprovalSetting,
  PayoutDecisionRequest,
  PayoutDecisionResponse,
} from './schemas/operator-approval';
export {
  ApiKeyCreateRequest,
  ApiKeyCreated,
  ApiKeyList,
  ApiKeySummary,
  AuditEntry,
  AuditKind,
  AuditPage,
  AuditQuery,
  BrandCreateRequest,
  BrandSummary,
  BrandUpdateRequest,
  ConfigWriteHeaders,
  OPERATOR_PAGE_DEFAULT,
  OPERATOR_PAGE_MAX,
  OPERATOR_SCOPES,
  OPERATOR_SCOPE_DESCRIPTIONS,
  OperatorScope,
  PageQuery,
} from './schemas/operator';
// --- sessions, players and transactions of the operator API ---
export {
  OperatorPlayer,
  OperatorSessionCreated,
  OperatorSessionRequest,
  PLAYER_VERIFICATION_STATUSES,
  PlayerPage,
  VerificationRulesAnswer,
} from './schemas/operator-players';
export type {
  PlayerLimit,
  PlayerUpdateRequest,
  VerificationRules,
  VerificationStatus,
} from './schemas/operator-players';
export {
  OperatorTransaction,
  METHOD_KINDS,
  TRANSACTION_CSV_COLUMNS,
  TIMELINE_ENTRY_KINDS,
  TransactionCount,
  TransactionPage,
  TransactionDocument,
  TransactionDocumentList,
  TransactionTimeline,
} from './schemas/operator-transactions';
export type { TimelineEntry } from './schemas/operator-transactions';
export {
  ClientReportPage,
  WEBHOOK_DELIVERY_STATES,
  WebhookDeliveryDetail,
  WebhookDeliveryPage,
  WebhookEndpointStatus,
  WebhookRedeliverAnswer,
} from './schemas/operator-monitoring';
export type { OperatorClientReport, WebhookDelivery } from './schemas/operator-monitoring';
export {
  INSIGHT_GROUPS,
  INSIGHT_MAX_DAYS,
  InsightQuery,
  InsightReport,
} from './schemas/operator-insight';
export type { InsightGroupBy, InsightRow } from './schemas/operator-insight';
// --- the brand configuration layer ---
export {
  BrandSettings,
  BrandSettingsUpdate,
  ContentPageDocument,
  CurrencyDefinition,
  CurrencyDefinitionRequest,
  LostProfitBonusDocument,
  NotificationDocument,
  PayGroupConfig,
  PayGroupDocument,
  PlayerBonusesDocument,
  TaxTiersDocument,
} from './schemas/operator-config';
export {
  ConnectorList,
  RoutingConditions,
  RoutingDryRunAnswer,
  RoutingDryRunRequest,
  RoutingRule,
  RoutingRulesDocument,
  RoutingTarget,
} from './schemas/connector-routing';
// --- appearance: themes, text overrides, the widget's appearance call ---
export {
  AppearanceResponse,
  BUILT_IN_THEMES,
  THEME_LOGO_MAX_BYTES,
  THEME_PROPERTIES,
  Theme,
  ThemeList,
  ThemeProperties,
  ThemeWriteRequest,
  TextKeysAnswer,
  TextsAnswer,
} from './schemas/operator-appearance';
export type { ThemeProperty } from './schemas/operator-appearance';
export {
  overridableText,
  overridableTexts,
  textPlaceholders,
  widgetTextLanguage,
} from './widget-texts';
export type { OverridableText } from './widget-texts';
export { CONTRACT_VERSION, buildOpenApiDocument, serializeOpenApiDocument } from './openapi';
export type { JsonObject, JsonValue } from './openapi';
export {
  EXAMPLE_BANK_PAY_GROUP,
  EXAMPLE_CARD_FIELDS,
  EXAMPLE_CARD_PAY_GROUP,
  EXAMPLE_CONTENT_PAGE,
  EXAMPLE_DELETE_CARD,
  EXAMPLE_DELETE_CARD_RESPONSE,
  EXAMPLE_DEPOSIT_DETAIL,
  EXAMPLE_DEPOSIT_INIT,
  EXAMPLE_DEPOSIT_ROUTE,
  EXAMPLE_DEPOSIT_SUBMIT,
  EXAMPLE_ERROR,
  EXAMPLE_INTERACTION,
  EXAMPLE_METRICS,
  EXAMPLE_METRICS_RESPONSE,
  EXAMPLE_CLIENT_REPORT,
  EXAMPLE_CLIENT_REPORT_RESPONSE,
  EXAMPLE_OTP_SEND,
  EXAMPLE_OTP_SENT,
  EXAMPLE_OTP_VERIFIED,
  EXAMPLE_OTP_VERIFY,
  EXAMPLE_PAY_SESSION_DECLINED,
  EXAMPLE_PAY_SESSION_DISPLAY_FORM,
  EXAMPLE_PAY_SESSION_REDIRECT,
  EXAMPLE_PAYMENT_HISTORY,
  EXAMPLE_PAYMENT_OTP,
  EXAMPLE_PAYMENT_OTP_REQUEST,
  EXAMPLE_PAYOUT_DETAIL,
  EXAMPLE_PAYOUT_FIELDS,
  EXAMPLE_PAYOUT_INIT,
  EXAMPLE_PAYOUT_ROUTE,
  EXAMPLE_PAYOUT_SUBMIT,
  EXAMPLE_RECURRING_CHECK,
  EXAMPLE_RECURRING_CHECK_RESPONSE,
  EXAMPLE_REQUISITE_CREATE,
  EXAMPLE_REQUISITE_CREATED,
  EXAMPLE_REVERSAL,
  EXAMPLE_ROUTE_REQUEST,
  EXAMPLE_RTL_ASSETS,
  EXAMPLE_SANDBOX_SESSION,
  EXAMPLE_SANDBOX_SESSION_REQUEST,
  EXAMPLE_SAVED_CARD_SUBMIT,
  EXAMPLE_SELECT,
  EXAMPLE_STATUS,
  EXAMPLE_THREE_DS_RESULT,
  EXAMPLE_UPLOAD,
  EXAMPLE_USER_CARDS,
} from './examples';
