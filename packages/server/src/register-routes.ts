/**
 * Every route module of the server, registered in this order by createApp. A route module is a
 * function that registers its endpoints with `registerEndpoint` (http/register-endpoint.ts);
 * add new modules to {@link ROUTE_MODULES}.
 *
 * @packageDocumentation
 */
import type { App, RouteModule } from './http/app-types';
import { registerAccountManagementRoutes } from './modules/accounts/routes/account-management';
import { registerCashierRoutes } from './modules/cashier/routes/cashier';
import { registerDepositRoutes } from './modules/payments/routes/deposit';
import { registerPayoutRoutes } from './modules/payments/routes/payouts';
import { registerCardTokenizationRoutes } from './modules/payments/routes/card-tokenization';
import { registerMetaRoutes } from './modules/service/routes/meta';
import { registerPrometheusRoutes } from './modules/service/routes/prometheus';
import { registerReadinessRoutes } from './modules/service/routes/readiness';
import { registerSandboxBalanceRoutes } from './modules/wallet/routes/sandbox-balance';
import { registerSandboxSessionRoutes } from './modules/cashier/routes/sandbox-sessions';
import { registerContentRoutes } from './modules/brand-config/routes/content';
import { registerMetricsRoutes } from './modules/widget-reports/routes/metrics';
import { registerRtlAssetsRoutes } from './modules/cashier/routes/rtl-assets';
import { registerIconRoutes } from './modules/cashier/routes/icons';
import { registerUserCardRoutes } from './modules/accounts/routes/user-cards';
import { registerAlternativePaymentRoutes } from './modules/payments/routes/alternative-payments';
import { registerSandboxPageRoutes } from './modules/payments/routes/sandbox-pages';
import { registerProviderWebhookRoutes } from './modules/payments/routes/provider-webhooks';
import { registerOperatorAdminRoutes } from './modules/operator/routes/admin';
import { registerOperatorAuditRoutes } from './modules/operator/routes/audit';
import { registerOperatorBrandRoutes } from './modules/brand-config/routes/operator-brand';
import { registerOperatorApprovalRoutes } from './modules/operator/routes/approval';
import { registerOperatorRefundRoutes } from './modules/operator/routes/refunds';
// The operator API: sessions, players and transactions of the operator API
import { registerOperatorPlayerRoutes } from './modules/operator/routes/players';
import { registerOperatorTransactionRoutes } from './modules/operator/routes/transactions';
import { registerOperatorClickstreamRoutes } from './modules/operator/routes/clickstream';
import { registerOperatorInsightRoutes } from './modules/operator/routes/insight';
// The brand configuration layer.
import { registerOperatorConfigurationRoutes } from './modules/brand-config/routes/operator-configuration';
// Appearance: themes, text overrides, the widget's appearance call.
import { registerAppearanceRoutes } from './modules/brand-config/routes/appearance';
import { registerOperatorAppearanceRoutes } from './modules/brand-config/routes/operator-appearance';
import { registerPreviewRoutes } from './modules/brand-config/routes/preview';
// The realtime connection token (the hub itself is on the HTTP server's upgrades).
import { registerRealtimeTokenRoutes } from './modules/realtime/routes/realtime-token';
import { registerRealtimeTransportRoutes } from './modules/realtime/routes/realtime-transports';
// The clickstream tracker's HTTP collector (SPEC §7 /psp, /cashier-service/analytics).
import { registerAnalyticsCollectorRoutes } from './modules/realtime/routes/analytics-collector';
// The widget's render-crash and error reports.
import { registerClientReportRoutes } from './modules/widget-reports/routes/client-reports';
import { registerOperatorClientReportRoutes } from './modules/widget-reports/routes/operator-client-reports';
// The operator's view of the webhook deliveries.
import { registerOperatorWebhookRoutes } from './modules/webhooks/routes/operator-webhooks';
// The back office's own calls (staff sign-in and management).
import { registerStaffRoutes } from './modules/staff/routes/staff';
// The player's pending payments and history.
import { registerPaymentHistoryRoutes } from './modules/payments/routes/payment-history';

/** The route modules, in registration order. */
export const ROUTE_MODULES: readonly RouteModule[] = [
  registerMetaRoutes,
  registerReadinessRoutes,
  registerPrometheusRoutes,
  registerSandboxSessionRoutes,
  registerCashierRoutes,
  registerDepositRoutes,
  registerAccountManagementRoutes,
  registerPayoutRoutes,
  registerCardTokenizationRoutes,
  registerUserCardRoutes,
  registerContentRoutes,
  registerMetricsRoutes,
  registerRtlAssetsRoutes,
  registerIconRoutes,
  registerAlternativePaymentRoutes,
  registerPaymentHistoryRoutes,
  registerSandboxPageRoutes,
  registerSandboxBalanceRoutes,
  registerProviderWebhookRoutes,
  registerOperatorAdminRoutes,
  registerOperatorAuditRoutes,
  registerOperatorBrandRoutes,
  registerOperatorApprovalRoutes,
  registerOperatorRefundRoutes,
  // The operator API's sessions, players and transactions.
  registerOperatorPlayerRoutes,
  registerOperatorTransactionRoutes,
  // The players' clickstream.
  registerOperatorClickstreamRoutes,
  // The acceptance figures.
  registerOperatorInsightRoutes,
  // The brand configuration layer.
  registerOperatorConfigurationRoutes,
  // Appearance.
  registerAppearanceRoutes,
  registerOperatorAppearanceRoutes,
  registerPreviewRoutes,
  registerRealtimeTokenRoutes,
  registerRealtimeTransportRoutes,
  registerAnalyticsCollectorRoutes,
  registerClientReportRoutes,
  registerOperatorClientReportRoutes,
  registerOperatorWebhookRoutes,
  registerStaffRoutes,
];

/** Registers every route module on the app. */
export function registerRoutes(app: App): void {
  for (const register of ROUTE_MODULES) register(app);
}
