/**
 * @cashdesk/server: the reference cashier-service. Exports what an embedder or a test needs to
 * build and run it; `src/main.ts` is the command.
 *
 * @packageDocumentation
 */
export { createApp } from './app';
export type { CreateAppOptions } from './app';
export { ConfigError, DEFAULT_WIDGET_DIR, REPO_ROOT, SERVER_MODES, loadConfig } from './config';
export type { LogLevel, ServerConfig, ServerMode } from './config';
export { MIGRATIONS_FOLDER, openDatabase } from './db/open';
export type {
  Database,
  DatabaseKind,
  Executor,
  OpenDatabase,
  OpenDatabaseOptions,
  Transaction,
} from './db/open';
export { findOrCreatePlayer, seedDatabase } from './db/seed';
export type { SeedReport } from './db/seed';
export { ApiError, errorBody, isApiError } from './http/api-error';
export type { ErrorBody } from './http/api-error';
export type { App, AppDeps, RouteModule } from './http/app-types';
export { createLogger, redactUrl, REDACT_PATHS } from './http/logger';
export { registerEndpoint } from './http/register-endpoint';
export type { EndpointContext, EndpointHandler, EndpointResult } from './http/register-endpoint';
export { requireSession } from './http/session-auth';
export {
  ASSET_CACHE_CONTROL,
  SHELL_CACHE_CONTROL,
  assertWidgetDir,
  isServerPath,
  serveWidget,
} from './http/widget-static';
export { ROUTE_MODULES, registerRoutes } from './register-routes';
export {
  DatabaseSandboxStore,
  HttpPaymentProvider,
  MemorySandboxStore,
  SandboxProvider,
} from './providers';
export type { PaymentProvider, SandboxProviderOptions, SandboxStore } from './providers';
export { HttpOtpSender, OtpNotSentError } from './modules/accounts';
export type {
  HttpOtpSenderOptions,
  OtpLog,
  OtpMessage,
  OtpNotSentReason,
  OtpSender,
} from './modules/accounts';
export { resolveSession, sessionHostOrigins, widgetAddress } from './http/sessions';
export { createSession } from './modules/cashier';
export { setBrandHostOrigins } from './modules/brand-config';
export type { CreateSessionInput, CreatedSession, SessionContext } from './http/sessions';
