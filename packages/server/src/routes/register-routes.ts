/**
 * Every route module of the server, registered in this order by createApp. A route module is a
 * function that registers its endpoints with `registerEndpoint` (http/register-endpoint.ts);
 * add new modules to {@link ROUTE_MODULES}.
 *
 * @packageDocumentation
 */
import type { App, RouteModule } from '../http/app-types';
import { registerAccountManagementRoutes } from './account-management';
import { registerCashierRoutes } from './cashier';
import { registerDepositRoutes } from './deposit';
import { registerPayoutRoutes } from './payouts';
import { registerMetaRoutes } from './meta';
import { registerPrometheusRoutes } from './prometheus';
import { registerReadinessRoutes } from './readiness';
import { registerSandboxBalanceRoutes } from './sandbox-balance';
import { registerSandboxSessionRoutes } from './sandbox-sessions';
import { registerContentRoutes } from './content';
import { registerMetricsRoutes } from './metrics';
import { registerRtlAssetsRoutes } from './rtl-assets';
import { registerUserCardRoutes } from './user-cards';
import { registerAlternativePaymentRoutes } from './alternative-payments';
import { registerSandboxPageRoutes } from './sandbox-pages';
import { registerProviderWebhookRoutes } from './provider-webhooks';
import { registerOperatorAdminRoutes } from './operator/admin';
import { registerOperatorAuditRoutes } from './operator/audit';
import { registerOperatorBrandRoutes } from './operator/brand';
import { registerOperatorApprovalRoutes } from './operator/approval';
// The operator API: sessions, players and transactions of the operator API
import { registerOperatorPlayerRoutes } from './operator/players';
import { registerOperatorTransactionRoutes } from './operator/transactions';
import { registerOperatorClickstreamRoutes } from './operator/clickstream';
// The brand configuration layer.
import { registerOperatorConfigurationRoutes } from './operator/configuration';
// Appearance: themes, text overrides, the widget's appearance call.
import { registerAppearanceRoutes } from './appearance';
import { registerOperatorAppearanceRoutes } from './operator/appearance';
// The realtime connection token (the hub itself is on the HTTP server's upgrades).
import { registerRealtimeTokenRoutes } from './realtime-token';
// The widget's render-crash and error reports.
import { registerClientReportRoutes } from './client-reports';
// The player's pending payments and history.
import { registerPaymentHistoryRoutes } from './payment-history';

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
  registerUserCardRoutes,
  registerContentRoutes,
  registerMetricsRoutes,
  registerRtlAssetsRoutes,
  registerAlternativePaymentRoutes,
  registerPaymentHistoryRoutes,
  registerSandboxPageRoutes,
  registerSandboxBalanceRoutes,
  registerProviderWebhookRoutes,
  registerOperatorAdminRoutes,
  registerOperatorAuditRoutes,
  registerOperatorBrandRoutes,
  registerOperatorApprovalRoutes,
  // The operator API's sessions, players and transactions.
  registerOperatorPlayerRoutes,
  registerOperatorTransactionRoutes,
  // The players' clickstream.
  registerOperatorClickstreamRoutes,
  // The brand configuration layer.
  registerOperatorConfigurationRoutes,
  // Appearance.
  registerAppearanceRoutes,
  registerOperatorAppearanceRoutes,
  registerRealtimeTokenRoutes,
  registerClientReportRoutes,
];

/** Registers every route module on the app. */
export function registerRoutes(app: App): void {
  for (const register of ROUTE_MODULES) register(app);
}
