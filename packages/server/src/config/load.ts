/**
 * The whole configuration: every section's variables joined into one schema, the environment
 * read against it once, and each section read from the values into {@link ServerConfig}.
 *
 * @packageDocumentation
 */
import * as z from 'zod';
import { CONNECTOR_VARIABLES, connectorVariables, readConnectors } from './connectors';
import type { ConnectorSettings } from './connectors';
import { DATABASE_VARIABLES, readDatabase } from './database';
import type { DatabaseSettings } from './database';
import { parseEnvironment, throwIfProblems } from './env';
import type { Environment } from './env';
import { LIMIT_STORE_VARIABLES, readLimitStore } from './limit-store';
import type { LimitStoreSettings } from './limit-store';
import { LIMIT_VARIABLES, readLimits } from './limits';
import type { LimitSettings } from './limits';
import { OPERATION_VARIABLES, readOperations } from './operations';
import type { OperationsConfig } from './operations';
import { OTP_VARIABLES, readOtpSender } from './otp';
import type { OtpSenderConfig } from './otp';
import { PAYMENT_VARIABLES, readPaymentTimings } from './payments';
import {
  PRODUCTION_CHECK_VARIABLES,
  productionProblems,
  unknownVariables,
} from './production-checks';
import type { PaymentTimings } from './payments';
import { readSecrets, SECRET_VARIABLES } from './secrets';
import type { SecretSettings } from './secrets';
import { readSecurity, SECURITY_VARIABLES } from './security';
import type { SecuritySettings } from './security';
import { readServer, SERVER_VARIABLES } from './server';
import { readStaff, STAFF_VARIABLES } from './staff';
import { readUploadStorage, UPLOAD_STORAGE_VARIABLES } from './uploads';
import type { UploadStorageSettings } from './uploads';
import type { StaffSettings } from './staff';
import type { ServerSettings } from './server';
import { readWallet, WALLET_VARIABLES } from './wallet';
import type { WalletConfig } from './wallet';
import { readWebhooks, WEBHOOK_VARIABLES } from './webhooks';
import type { WebhookSettings } from './webhooks';

/**
 * The typed configuration every part of the server receives: the server process, the database,
 * the keys, the connectors and the caches and realtime limits as fields of their own, the other
 * sections as one object each.
 */
export interface ServerConfig
  extends ServerSettings, DatabaseSettings, SecretSettings, ConnectorSettings, LimitSettings {
  /** Where the players' money is kept (WALLET): the cashier's ledger or the operator's. */
  readonly wallet: WalletConfig;
  /** Who hands one-time codes to the player (OTP_SENDER); production never defaults to the sandbox. */
  readonly otp: OtpSenderConfig;
  /** The submission pipeline's time-outs and the reconciler's rhythm. */
  readonly payments: PaymentTimings;
  /** Whether the demo brands and players may be seeded (never in production). */
  readonly seedDemoData: boolean;
  /** Deployment: migrations at start, shutdown, metrics. */
  readonly operations: OperationsConfig;
  /** Framing, proxies, rate limits, time-outs and upload quotas. */
  readonly security: SecuritySettings;
  /** The webhooks to the operator's backend (modules/webhooks/). */
  readonly webhooks: WebhookSettings;
  /** The back office's staff sessions (their time-outs). */
  readonly staff: StaffSettings;
  /** Where uploaded documents' bytes are kept: DATA_DIR/uploads, or a bucket (UPLOADS_S3_*). */
  readonly uploads: UploadStorageSettings;
  /** Where the rate limits and lockouts are counted: the database, or Redis (REDIS_URL). */
  readonly limitStore: LimitStoreSettings;
  /**
   * Variables named like the server's own that no part of it reads (a misspelling leaves a
   * setting at its default): main.ts names each in a warning at start-up.
   */
  readonly unknownVariables: readonly string[];
}

const EnvSchema = z.object({
  ...SERVER_VARIABLES,
  ...DATABASE_VARIABLES,
  ...SECRET_VARIABLES,
  ...CONNECTOR_VARIABLES,
  ...PAYMENT_VARIABLES,
  ...WALLET_VARIABLES,
  ...OTP_VARIABLES,
  ...WEBHOOK_VARIABLES,
  ...SECURITY_VARIABLES,
  ...LIMIT_VARIABLES,
  ...OPERATION_VARIABLES,
  ...STAFF_VARIABLES,
  ...UPLOAD_STORAGE_VARIABLES,
  ...LIMIT_STORE_VARIABLES,
  ...PRODUCTION_CHECK_VARIABLES,
});

/** Every environment variable the server reads (the README's configuration table lists each). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(EnvSchema.shape);

/**
 * Reads and validates the environment. Each section's reader tells its defaults and what it
 * refuses: server.ts (PORT 8080, HOST 127.0.0.1, CASHDESK_MODE sandbox, …), database.ts,
 * secrets.ts, connectors.ts, payments.ts, wallet.ts, otp.ts, webhooks.ts, security.ts, limits.ts,
 * operations.ts, uploads.ts and limit-store.ts. Production mode never seeds the demo data, and refuses to start without a
 * CASHDESK_SECRET, without a provider, with a sandbox provider or outbox it was not told to
 * allow, or with webhooks it cannot sign.
 *
 * @throws {ConfigError} naming each bad variable, e.g. `PORT: PORT must be a whole number`: first
 *   every value that does not parse, else every problem of the values together.
 */
export function loadConfig(env: Environment = process.env): ServerConfig {
  const values = parseEnvironment(EnvSchema, env);
  const production = values.CASHDESK_MODE === 'production';
  const problems: string[] = [];
  const database = readDatabase(values);
  const secrets = readSecrets(values, production, problems);
  const connectors = readConnectors(env, values, production, problems);
  const payments = readPaymentTimings(values, problems);
  const wallet = readWallet(values, payments.leaseMs, problems);
  const security = readSecurity(values, payments, problems);
  const otp = readOtpSender(values, production, security.timeouts.connectionTimeoutMs, problems);
  const webhooks = readWebhooks(values, production, problems);
  const operations = readOperations(values, database.databaseUrl, problems);
  const uploads = readUploadStorage(values, problems);
  if (production) problems.push(...productionProblems(env, values, database.databaseUrl));
  throwIfProblems(problems);
  const known = new Set([
    ...CONFIG_VARIABLES,
    ...connectors.connectors.list.flatMap((connector) => connectorVariables(connector, env)),
  ]);
  return {
    ...readServer(values),
    ...database,
    ...secrets,
    ...connectors,
    ...readLimits(values),
    wallet,
    otp,
    payments,
    seedDemoData: !production,
    operations,
    security,
    webhooks,
    staff: readStaff(values),
    uploads,
    limitStore: readLimitStore(values),
    unknownVariables: unknownVariables(env, known),
  };
}
