/**
 * @cashdesk/connector-kit: what a payment connector imports to plug a PSP into Cashdesk — the
 * {@link PaymentProvider} interface and its types, {@link ProviderNotReachedError}, the webhook
 * signature helpers, and {@link defineConnector}, the shape of a connector module the server
 * loads from its configuration. The conformance suite is `@cashdesk/connector-kit/conformance`.
 * README.md beside this folder has the version policy.
 *
 * @packageDocumentation
 */
export {
  DECLINE_REASONS,
  PAYMENT_METHOD_KINDS,
  PENDING_STEPS,
  ProviderNotReachedError,
  REFUND_FAILURE_REASONS,
  isPaymentMethodKind,
  isProviderNotReached,
  redactDepositInput,
} from './provider';
export type {
  BankDetails,
  BetShopRef,
  CancelOutcome,
  CardSummary,
  CashPickup,
  CopyField,
  CustomerInput,
  DeclineReason,
  Declined,
  DepositApproved,
  DepositAwait,
  DepositBankTransfer,
  DepositChallenge,
  DepositDisplayForm,
  DepositInput,
  DepositOutcome,
  DepositProcessing,
  DepositRedirect,
  DepositVoucher,
  LoggableDepositInput,
  LookupResult,
  NewCardInput,
  NotificationTarget,
  PaymentMethodKind,
  PaymentProvider,
  PayoutApproved,
  PayoutDestination,
  PayoutInput,
  PayoutOutcome,
  PendingStep,
  ProviderCallOptions,
  ProviderMoney,
  ProviderRef,
  ProviderRefunds,
  ProviderStatus,
  ProviderWebhook,
  RefundFailureReason,
  RefundInput,
  RefundLookup,
  RefundOutcome,
  ReturnUrls,
  ThreeDsChallengeResult,
  ThreeDsOutcome,
  WalletKind,
  WalletTokenInput,
  WebhookNotification,
  WebhookRequest,
  WebhookVerification,
} from './provider';
export {
  ATTEMPT_HEADER,
  DEFAULT_SIGNATURE_TOLERANCE_S,
  EVENT_ID_HEADER,
  EVENT_TYPE_HEADER,
  KEY_ID_HEADER,
  SIGNATURE_HEADER,
  signatureDigest,
  signatureHeaders,
  verifySignature,
  verifyWebhookSignature,
} from './signing';
export type { SignatureCheck, SignatureProblem, SigningKey } from './signing';
export {
  KIT_VERSION,
  connectorModuleProblem,
  defineConnector,
  isConnectorModule,
  majorVersion,
} from './connector';
export type { ConnectorLog, ConnectorModule, ConnectorOptions } from './connector';
