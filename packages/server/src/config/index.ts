/**
 * The server's configuration: the environment is read once, validated, and handed around as a
 * typed object, so no other module reads `process.env` and a bad value fails at start-up with a
 * message naming the variable instead of somewhere in a request.
 *
 * One module per section of the settings, each with its variables, its defaults, the problems
 * it finds and its part of {@link ServerConfig}: server.ts (the process), database.ts,
 * secrets.ts, connectors.ts, payments.ts, wallet.ts, otp.ts, webhooks.ts, security.ts,
 * limits.ts (caches and realtime), operations.ts, uploads.ts (where documents are kept) and
 * limit-store.ts (where the rate limits are counted); env.ts has the parsers and the error,
 * load.ts joins them.
 *
 * @packageDocumentation
 */
export { REPO_ROOT } from '../paths';
export type { ConnectorConfig } from './connectors';
export { configuredDatabase } from './database';
export { ConfigError } from './env';
export type { CacheSettings } from './limits';
export type { LimitStoreSettings } from './limit-store';
export { loadConfig } from './load';
export type { ServerConfig } from './load';
export { DEFAULT_OTP_HTTP_ATTEMPTS, DEFAULT_OTP_HTTP_TIMEOUT_MS } from './otp';
export type { ConnectorHealthSettings } from './payments';
export type { OtpSenderConfig } from './otp';
export { DEFAULT_SECURITY } from './security';
export type { RateLimitSettings, SecuritySettings, ServerTimeouts, UploadQuota } from './security';
export { DEFAULT_WIDGET_DIR, SERVER_MODES } from './server';
export type { LogLevel, ResponseValidation, ServerMode } from './server';
export type { OperatorWalletSettings, WalletConfig } from './wallet';
export type { WebhookSettings } from './webhooks';
export type { S3UploadStorage, UploadStorageSettings } from './uploads';
