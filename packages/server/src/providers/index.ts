/**
 * The payment provider boundary and the sandbox provider (docs/architecture.md: PaymentProvider
 * interface, sandbox provider with test cards, outcomes for the other method kinds and a
 * 3-D Secure challenge page).
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
} from './payment-provider';
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
  PaymentMethodKind,
  PaymentProvider,
  PayoutApproved,
  PayoutDestination,
  PayoutInput,
  PayoutOutcome,
  PendingStep,
  ProviderCallOptions,
  ProviderRef,
  ProviderRefunds,
  ProviderStatus,
  RefundFailureReason,
  RefundInput,
  RefundLookup,
  RefundOutcome,
  ReturnUrls,
  ThreeDsChallengeResult,
  ThreeDsOutcome,
  WalletKind,
  WalletTokenInput,
} from './payment-provider';
export { SANDBOX_BANK, SANDBOX_MERCHANT_NAME, SANDBOX_WALLET } from './sandbox/merchant';
export { SANDBOX_PROVIDER_NAME, SandboxProvider } from './sandbox/sandbox-provider';
export type { SandboxPaymentView, SandboxProviderOptions } from './sandbox/sandbox-provider';
export type {
  ResolveResult,
  SandboxActivity,
  SandboxFirstCall,
  SandboxFirstResult,
  SandboxPaymentDetails,
  SandboxPaymentRecord,
  SandboxResolution,
  SandboxSnapshot,
  SandboxStore,
  SandboxTokenRecord,
  SandboxTransactionRecord,
} from './sandbox/store';
export { DEFAULT_MAX_REMEMBERED, MemorySandboxStore } from './sandbox/memory-store';
export type { MemorySandboxStoreOptions } from './sandbox/memory-store';
export { DatabaseSandboxStore } from './sandbox/database-store';
export { TEST_CARDS, findTestCard, renderTestCardTable } from './sandbox/test-cards';
export type { TestCard, TestCardBehaviour } from './sandbox/test-cards';
export {
  AMOUNT_RULES,
  DEFAULT_SANDBOX_TIMINGS,
  METHOD_KIND_OUTCOMES,
  amountRuleFor,
  renderMethodOutcomeTables,
} from './sandbox/method-outcomes';
export type {
  AmountRule,
  AmountRuleEffect,
  MethodKindOutcome,
  SandboxTimings,
} from './sandbox/method-outcomes';
export { parseRef, tokenBehaviour } from './sandbox/provider-ref';
export type { ParsedRef, SandboxStep, TokenBehaviour } from './sandbox/provider-ref';
export { escapeHtml, isSafeUrl } from './sandbox/html';
export {
  THREE_DS_CHOICES,
  THREE_DS_RESULT_FIELD,
  cashierThreeDsReturnUrl,
  renderThreeDsChallengePage,
  threeDsRedirectAddress,
  threeDsResultStatus,
} from './sandbox/three-ds-page';
export type {
  CashierThreeDsReturnInput,
  ThreeDsPageInput,
  ThreeDsRedirectInput,
} from './sandbox/three-ds-page';
export {
  INTERACTION_ACTIONS,
  INTERACTION_ACTION_FIELD,
  interactionRedirectAddress,
  parseInteractionAction,
  renderInteractionPage,
} from './sandbox/interaction-page';
export type { InteractionAction, InteractionPageInput } from './sandbox/interaction-page';
export {
  DEFAULT_HTTP_PROVIDER_NAME,
  DEFAULT_PROVIDER_TIMEOUT_MS,
  HttpPaymentProvider,
  ProviderCallError,
} from './http/http-provider';
export type { HttpPaymentProviderOptions } from './http/http-provider';
export { createConnectors, webhookUrl } from './create-provider';
export { ConnectorRegistry, UnknownConnectorError } from './connectors';
export type { Connector } from './connectors';
export type {
  NotificationTarget,
  ProviderWebhook,
  WebhookNotification,
  WebhookRequest,
  WebhookVerification,
} from './payment-provider';
export { AsyncPspProvider, ASYNC_PSP_PROVIDER_NAME } from './async-psp/async-psp-provider';
