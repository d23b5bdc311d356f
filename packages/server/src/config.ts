/**
 * The server's configuration: the environment is read once, validated, and handed around as a
 * typed object, so no other module reads `process.env` and a bad value fails at start-up with a
 * message naming the variable instead of somewhere in a request.
 *
 * @packageDocumentation
 */
import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { availableParallelism } from 'node:os';
import { SESSION_LIFETIME_MS } from '@cashdesk/domain';
import * as z from 'zod';
import { parseHostOrigins } from './http/host-origin';
import type { SigningKey } from './http/signing';
import { REPO_ROOT } from './paths';
import type { WalletConfig } from './services/wallet/wallet';

/** Sandbox exposes the test-only routes (POST /sandbox/sessions); production never does. */
export const SERVER_MODES = ['sandbox', 'production'] as const;

/** One of {@link SERVER_MODES}. */
export type ServerMode = (typeof SERVER_MODES)[number];

/**
 * Which payment provider the server pays with: the in-process sandbox (demos and tests) or a PSP
 * speaking the provider protocol over HTTP at PROVIDER_URL (providers/http).
 */
export const PROVIDER_KINDS = ['sandbox', 'http'] as const;

/**
 * Who hands one-time codes to the player (OTP_SENDER, services/otp-senders/): the sandbox outbox
 * (log line and demo page; sandbox mode), the operator's messaging service over HTTP, or nobody
 * (every code request then fails with 1404).
 */
export const OTP_SENDER_KINDS = ['sandbox', 'http', 'none'] as const;

/**
 * What a named connector (CONNECTORS) can be: the in-process sandbox, a PSP speaking the provider
 * protocol over HTTP (providers/http), or the asynchronous reference PSP that settles by signed
 * webhooks (providers/async-psp).
 */
export const CONNECTOR_KINDS = ['sandbox', 'http', 'async-psp'] as const;

/** A connector name: lower-case letters, digits and dashes, starting with a letter. */
const CONNECTOR_NAME_PATTERN = /^[a-z][a-z0-9-]{0,31}$/;

/** pino's levels plus `silent`. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** One of {@link LOG_LEVELS}. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * RESPONSE_VALIDATION: `zod` checks every answer against the contract before the fast
 * serializer writes it (the default outside production, so a contract break fails loudly in tests
 * and development); `off` runs the fast serializer alone (production's default).
 */
const RESPONSE_VALIDATIONS = ['zod', 'off'] as const;

/** One of {@link RESPONSE_VALIDATIONS}. */
export type ResponseValidation = (typeof RESPONSE_VALIDATIONS)[number];

/** The repository root, from the sources and from the build alike (paths.ts). */
export { REPO_ROOT };

/**
 * The secret sandbox and tests use when CASHDESK_SECRET is not set. Production refuses to start
 * without a real one, because the secret keys the OTP code hashes.
 */
export const SANDBOX_SECRET = 'cashdesk-sandbox-secret-not-for-production';

/** Fastify's default body limit is 1 MiB; JSON bodies of the cashier are far smaller. */
export const DEFAULT_BODY_LIMIT_BYTES = 1_048_576;

/** The typed configuration every part of the server receives. */
export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** postgres://… when set: PostgreSQL through node-postgres instead of the embedded PGlite. */
  readonly databaseUrl: string | undefined;
  /**
   * DATABASE_PREPARED_STATEMENTS (default true): on PostgreSQL the app's statements are prepared
   * by name, parsed and planned once per connection (db/prepared-statements.ts). `false` for a
   * pooler that cannot keep them (PgBouncer in transaction mode before 1.21).
   */
  readonly databasePreparedStatements: boolean;
  /** Where PGlite files (`pglite/`) and uploaded documents (`uploads/`) live. */
  readonly dataDir: string;
  readonly mode: ServerMode;
  readonly logLevel: LogLevel;
  /** RESPONSE_VALIDATION: whether zod checks answers before they are written. */
  readonly responseValidation: ResponseValidation;
  /** The address the server is reached at from a browser (3-D Secure page, OpenAPI servers). */
  readonly publicUrl: string;
  /** The widget's address; session addresses are `${widgetUrl}/deposit?session_id=…`. */
  readonly widgetUrl: string;
  /** Idle lifetime of a session: every authenticated call pushes its expiry this far ahead. */
  readonly sessionLifetimeMs: number;
  /** Largest JSON body accepted (uploads have their own limit). */
  readonly bodyLimitBytes: number;
  /** Server secret keying the OTP code hashes (HMAC-SHA-256). */
  readonly secret: string;
  /**
   * The built widget (`index.html` + `assets/`) the server serves at its root, so the widget
   * reaches the API on its own origin; `undefined` serves the API alone.
   */
  readonly widgetDir: string | undefined;
  /** The payment provider (CASHDESK_PROVIDER); production never defaults to the sandbox. */
  readonly provider: ProviderConfig;
  /** Where the players' money is kept (WALLET): the cashier's ledger or the operator's. */
  readonly wallet: WalletConfig;
  /** Who hands one-time codes to the player (OTP_SENDER); production never defaults to the sandbox. */
  readonly otp: OtpSenderConfig;
  /**
   * Every connector of the process (CONNECTORS, DEFAULT_CONNECTOR): the one CASHDESK_PROVIDER
   * describes, named after its kind, and the named ones; pay groups choose among them.
   */
  readonly connectors: ConnectorsConfig;
  /** The submission pipeline's time-outs and the reconciler's rhythm. */
  readonly payments: PaymentTimings;
  /** Whether the demo brands and players may be seeded (never in production). */
  readonly seedDemoData: boolean;
  /** Deployment: migrations at start, shutdown, metrics. */
  readonly operations: OperationsConfig;
  /** Framing, proxies, rate limits, time-outs and upload quotas. */
  readonly security: SecuritySettings;
  /** The webhooks to the operator's backend (services/webhooks/). */
  readonly webhooks: WebhookSettings;
  /** How long brand data and sessions stay in memory (services/cache/). */
  readonly cache: CacheSettings;
  /** The realtime hub's ping and limits (realtime/hub.ts). */
  readonly realtime: RealtimeSettings;
  /** The widget's render-crash and error reports (services/client-reports.ts). */
  readonly clientReports: ClientReportSettings;
  /**
   * OPERATOR_ADMIN_KEY: the administrator key of the operator API, which creates brands
   * and mints their API keys; `undefined`: administrator calls answer 401 (1801).
   */
  readonly operatorAdminKey: string | undefined;
}

/**
 * Where and how the events of the outbox are sent (README "Webhooks"). Without a URL the events
 * are still recorded, and sent once one is configured.
 */
/**
 * The caches' safety net (services/cache/): an entry is dropped this long after it was
 * read at the latest, on the app's clock, even if no notification came. 0 keeps nothing.
 */
export interface CacheSettings {
  /** BRAND_CACHE_TTL_MS: brand data (pay groups, brand, tiers, currency), default 5 s. */
  readonly brandTtlMs: number;
  /** SESSION_CACHE_TTL_MS: sessions, default 5 s. */
  readonly sessionTtlMs: number;
}

/** The realtime hub (realtime/hub.ts). */
export interface RealtimeSettings {
  /** REALTIME_PING_INTERVAL_S: seconds between server pings, default 25 (Centrifugo's). */
  readonly pingIntervalS: number;
  /** REALTIME_MAX_CONNECTIONS_PER_SESSION: default 4. */
  readonly maxConnectionsPerSession: number;
  /** REALTIME_MAX_CONNECTIONS_PER_ADDRESS: default 500 (players behind one carrier NAT). */
  readonly maxConnectionsPerAddress: number;
  /** REALTIME_MAX_FRAME_BYTES: default 65536 (SPEC §9's 60000-byte analytics transport fits). */
  readonly maxFrameBytes: number;
  /** Channels one connection may be subscribed to, 16. */
  readonly maxSubscriptions: number;
  /**
   * CLICKSTREAM_MAX_EVENTS_PER_MINUTE: clickstream events one connection may publish per minute,
   * default 600; past it a publication is refused (111, temporary: the widget retries later).
   */
  readonly clickstreamEventsPerMinute: number;
  /** CLICKSTREAM_RETENTION_DAYS: days a clickstream event is kept, default 30. */
  readonly clickstreamRetentionDays: number;
}

/** The widget's render-crash and error reports (services/client-reports.ts). */
export interface ClientReportSettings {
  /** CLIENT_REPORT_RETENTION_DAYS: reports older than this are deleted, default 30. */
  readonly retentionDays: number;
}

/** The default {@link ClientReportSettings}. */
export const DEFAULT_CLIENT_REPORTS: ClientReportSettings = { retentionDays: 30 };

export interface WebhookSettings {
  /** WEBHOOK_URL: the operator's endpoint; `undefined` sends nothing. */
  readonly url: string | undefined;
  /** WEBHOOK_SECRET and WEBHOOK_KEY_ID: what every delivery is signed with (http/signing.ts). */
  readonly key: SigningKey;
  /** WEBHOOK_MAX_ATTEMPTS: attempts of one event before it is dead-lettered. */
  readonly maxAttempts: number;
  /** WEBHOOK_TIMEOUT_MS: an attempt without an answer by then has failed. */
  readonly timeoutMs: number;
  /** WEBHOOK_RETRY_BASE_MS: the back-off after the first failed attempt, doubled after each. */
  readonly retryBaseMs: number;
  /** WEBHOOK_RETRY_MAX_MS: the longest back-off. */
  readonly retryMaxMs: number;
  /** WEBHOOK_INTERVAL_MS: how often the dispatcher looks for due events (0: on notice only). */
  readonly intervalMs: number;
}

/** The secret webhooks are signed with in sandbox mode when WEBHOOK_SECRET is not set. */
export const SANDBOX_WEBHOOK_SECRET = 'cashdesk-sandbox-webhook-secret';

/** The default {@link WebhookSettings}. */
export const DEFAULT_WEBHOOKS: WebhookSettings = {
  url: undefined,
  key: { keyId: 'default', secret: SANDBOX_WEBHOOK_SECRET },
  maxAttempts: 20,
  timeoutMs: 10_000,
  retryBaseMs: 10_000,
  retryMaxMs: 3_600_000,
  intervalMs: 5_000,
};

/** How the server is run by an operator: migrations, shutdown and the metrics endpoint. */
export interface OperationsConfig {
  /**
   * MIGRATE_ON_START (default true): the server applies pending migrations when it starts. With
   * `false` it expects `npm run migrate` to have run first and refuses to start on a schema
   * behind its code.
   */
  readonly migrateOnStart: boolean;
  /**
   * SHUTDOWN_TIMEOUT_MS (default 12000): on SIGTERM or SIGINT the server stops accepting
   * connections and lets the requests in flight finish for at most this long (a payment's
   * provider call may take PROVIDER_TIMEOUT_MS), then stops the reconciler and closes the
   * database. Requests still running then are cut and the process exits 1; the payments they
   * left are finished by the reconciler.
   */
  readonly shutdownTimeoutMs: number;
  /**
   * METRICS_TOKEN (optional, at least 16 characters): `GET /metrics` then requires
   * `Authorization: Bearer <token>`. Without it /metrics is open in sandbox mode and answers 404
   * in production mode, where it would otherwise be public on the players' port.
   */
  readonly metricsToken: string | undefined;
  /**
   * WORKERS (default 1; `auto` is one per core): how many server processes `main.ts` runs on
   * the one port through `node:cluster` (cluster.ts). More than one needs PostgreSQL
   * (DATABASE_URL): PGlite is a database inside one process.
   */
  readonly workers: number;
}

/** The default {@link OperationsConfig}. */
export const DEFAULT_OPERATIONS: OperationsConfig = {
  migrateOnStart: true,
  shutdownTimeoutMs: 12_000,
  metricsToken: undefined,
  workers: 1,
};

/** The most server processes WORKERS may ask for. */
export const MAX_WORKERS = 64;

/** The default OPERATOR_WALLET_TIMEOUT_MS: one wallet call, answer included. */
export const DEFAULT_OPERATOR_WALLET_TIMEOUT_MS = 5_000;

/** How the server reaches its payment provider. */
export type ProviderConfig =
  | { readonly kind: 'sandbox' }
  | {
      readonly kind: 'http';
      /** The PSP's base address, e.g. https://psp.example.com. */
      readonly url: string;
      /** Sent as a bearer token when set. */
      readonly apiKey: string | undefined;
    };

/** The default OTP_HTTP_TIMEOUT_MS: one hand-over request, answer included. */
export const DEFAULT_OTP_HTTP_TIMEOUT_MS = 5_000;

/** The default OTP_HTTP_ATTEMPTS: the first request and two retries. */
export const DEFAULT_OTP_HTTP_ATTEMPTS = 3;

/** How one-time codes reach the player (services/otp-senders/create-otp-sender.ts). */
export type OtpSenderConfig =
  | { readonly kind: 'sandbox' }
  | { readonly kind: 'none' }
  | {
      readonly kind: 'http';
      /** The operator's messaging service (OTP_HTTP_URL). */
      readonly url: string;
      /** OTP_HTTP_SECRET under OTP_HTTP_KEY_ID. */
      readonly key: SigningKey;
      /** One request, answer included (OTP_HTTP_TIMEOUT_MS). */
      readonly timeoutMs: number;
      /** Requests per message at most, the first included (OTP_HTTP_ATTEMPTS). */
      readonly attempts: number;
    };

/**
 * A named connector's settings (`CONNECTOR_<NAME>_*`, the name upper-cased with dashes as
 * underscores). Secrets are never logged.
 */
export type ConnectorConfig =
  | { readonly name: string; readonly kind: 'sandbox' }
  | {
      readonly name: string;
      readonly kind: 'http';
      readonly url: string;
      readonly apiKey: string | undefined;
    }
  | {
      readonly name: string;
      readonly kind: 'async-psp';
      readonly url: string;
      readonly apiKey: string | undefined;
      /** Verifies the PSP's webhooks (HMAC, http/signing.ts); old and new during a rotation. */
      readonly webhookSecrets: readonly string[];
    };

/** The connectors of a process and which one pays for pay groups that name none. */
export interface ConnectorsConfig {
  readonly list: readonly ConnectorConfig[];
  /** DEFAULT_CONNECTOR, else the connector CASHDESK_PROVIDER describes. */
  readonly defaultName: string;
}

/**
 * Time-outs of the submission pipeline. A provider call is abandoned after
 * `providerTimeoutMs`; whoever works on a request or a transaction holds it for `leaseMs`, which
 * must outlast one call so that a live owner is never taken over, and is short enough that a
 * retry after a crash gets its answer soon.
 */
export interface PaymentTimings {
  readonly providerTimeoutMs: number;
  readonly leaseMs: number;
  /** The reconciler runs at start and then this often; 0 runs it at start only. */
  readonly reconcileIntervalMs: number;
  /**
   * How long a deposit whose provider never answered is looked up before it is failed as never
   * received: a request cannot reach the provider this late.
   */
  readonly lookupGraceMs: number;
}

/** The default {@link PaymentTimings}. */
export const DEFAULT_PAYMENT_TIMINGS: PaymentTimings = {
  providerTimeoutMs: 10_000,
  leaseMs: 30_000,
  reconcileIntervalMs: 10_000,
  lookupGraceMs: 120_000,
};

/**
 * Security settings (README "Security headers and limits"). Rate-limit counters are
 * kept in each server process's memory: with N processes behind a balancer a client may get up to
 * N times a limit before every process refuses it.
 */
export interface SecuritySettings {
  /**
   * Origins allowed to frame the widget for every brand (FRAME_ANCESTORS), besides each brand's
   * own `allowed_host_origins`; the widget's own origin always may.
   */
  readonly frameAncestors: readonly string[];
  /**
   * Fastify's `trustProxy` (TRUST_PROXY): `false` takes the client address from the socket;
   * `true` trusts every X-Forwarded-For hop (only behind a proxy that overwrites the header); a
   * list trusts those proxy addresses or ranges (`10.0.0.0/8`, `loopback`), so the client address
   * is the last hop before them.
   */
  readonly trustProxy: boolean | readonly string[];
  readonly rateLimits: RateLimitSettings;
  readonly timeouts: ServerTimeouts;
  readonly uploadQuota: UploadQuota;
}

/** Rate limits (counted per process, see {@link SecuritySettings}). */
export interface RateLimitSettings {
  /** The window every limit counts in (RATE_LIMIT_WINDOW_MS). */
  readonly windowMs: number;
  /**
   * Failed session checks (error 17) one client address may cause in a window before any request
   * carrying a session id from it is answered 429 without looking the session up
   * (AUTH_FAILURES_PER_ADDRESS).
   */
  readonly authFailuresPerAddress: number;
  /**
   * Calls of each money endpoint (submit, upload, recurring check, one-time codes, reversal,
   * payout account creation) one session may make in a window (MONEY_CALLS_PER_SESSION).
   */
  readonly moneyCallsPerSession: number;
  /**
   * Render-crash and error reports one client address may send in a window
   * (CLIENT_REPORTS_PER_ADDRESS); the widget sends at most 10 a page load.
   */
  readonly clientReportsPerAddress: number;
}

/** The HTTP server's time-outs (Node's http.Server through Fastify). */
export interface ServerTimeouts {
  /** A socket with no traffic either way for this long is closed (CONNECTION_TIMEOUT_MS). */
  readonly connectionTimeoutMs: number;
  /** The whole request, headers and body, must arrive within this (REQUEST_TIMEOUT_MS). */
  readonly requestTimeoutMs: number;
  /** The request headers must arrive within this (HEADERS_TIMEOUT_MS). */
  readonly headersTimeoutMs: number;
  /** An idle keep-alive connection is closed after this (KEEP_ALIVE_TIMEOUT_MS). */
  readonly keepAliveTimeoutMs: number;
}

/**
 * How many documents, and how many bytes of them, one transaction may hold; a player's documents
 * not yet attached to a transaction (uploaded for a form that is not submitted yet) count as one
 * more such transaction.
 */
export interface UploadQuota {
  /** UPLOAD_MAX_DOCUMENTS_PER_TRANSACTION */
  readonly maxDocuments: number;
  /** UPLOAD_MAX_BYTES_PER_TRANSACTION */
  readonly maxBytes: number;
}

/** The default {@link SecuritySettings}: far above what a player or the test suites do. */
export const DEFAULT_SECURITY: SecuritySettings = {
  frameAncestors: [],
  trustProxy: false,
  rateLimits: {
    windowMs: 60_000,
    authFailuresPerAddress: 100,
    moneyCallsPerSession: 120,
    clientReportsPerAddress: 30,
  },
  timeouts: {
    connectionTimeoutMs: 60_000,
    requestTimeoutMs: 120_000,
    headersTimeoutMs: 15_000,
    keepAliveTimeoutMs: 72_000,
  },
  uploadQuota: { maxDocuments: 10, maxBytes: 104_857_600 },
};

/** Where `npm run build -w @cashdesk/widget` writes the widget. */
export const DEFAULT_WIDGET_DIR = path.join(REPO_ROOT, 'packages', 'widget', 'dist');

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const integerText = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^[0-9]+$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

/** A TRUST_PROXY entry: an IP address, a CIDR range, or one of proxy-addr's named ranges. */
function isProxyEntry(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^[0-9]{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: true/false, or proxy addresses and ranges separated by commas. (Fastify no longer
 * trusts a hop count: it cannot tell whether the peer is a proxy at all.)
 */
const trustProxyText = optionalText.transform((value, context): boolean | string[] => {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.every(isProxyEntry)) return entries;
  context.addIssue({
    code: 'custom',
    message:
      'TRUST_PROXY must be true, false, or proxy addresses/ranges separated by commas (e.g. 10.0.0.0/8,loopback)',
  });
  return z.NEVER;
});

/** FRAME_ANCESTORS: origins separated by commas or spaces. */
const originListText = optionalText.transform((value, context): string[] => {
  const { origins, refused } = parseHostOrigins(value ?? '');
  if (refused.length > 0) {
    context.addIssue({
      code: 'custom',
      message: `FRAME_ANCESTORS must list http(s) origins (scheme, host, optional port), not ${refused.join(', ')}`,
    });
    return z.NEVER;
  }
  return [...origins];
});

const urlText = z.url({ protocol: /^https?$/ }).transform((value) => value.replace(/\/+$/, ''));

const EnvSchema = z.object({
  PORT: integerText('PORT', 0, 65_535).default(8080),
  HOST: optionalText.transform((value) => value ?? '127.0.0.1'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
      .optional(),
  ),
  DATABASE_PREPARED_STATEMENTS: optionalText.pipe(z.enum(['true', 'false']).optional()),
  DATA_DIR: optionalText,
  CASHDESK_MODE: z.enum(SERVER_MODES).default('sandbox'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  RESPONSE_VALIDATION: optionalText.pipe(z.enum(RESPONSE_VALIDATIONS).optional()),
  PUBLIC_URL: urlText.optional(),
  WIDGET_URL: urlText.optional(),
  SESSION_LIFETIME_MS: integerText('SESSION_LIFETIME_MS', 1_000, 86_400_000).default(
    SESSION_LIFETIME_MS.long,
  ),
  BRAND_CACHE_TTL_MS: integerText('BRAND_CACHE_TTL_MS', 0, 60_000).default(5_000),
  SESSION_CACHE_TTL_MS: integerText('SESSION_CACHE_TTL_MS', 0, 60_000).default(5_000),
  REALTIME_PING_INTERVAL_S: integerText('REALTIME_PING_INTERVAL_S', 1, 600).default(25),
  REALTIME_MAX_CONNECTIONS_PER_SESSION: integerText(
    'REALTIME_MAX_CONNECTIONS_PER_SESSION',
    1,
    1_000,
  ).default(4),
  REALTIME_MAX_CONNECTIONS_PER_ADDRESS: integerText(
    'REALTIME_MAX_CONNECTIONS_PER_ADDRESS',
    1,
    1_000_000,
  ).default(500),
  REALTIME_MAX_FRAME_BYTES: integerText('REALTIME_MAX_FRAME_BYTES', 1_024, 1_048_576).default(
    65_536,
  ),
  CLICKSTREAM_MAX_EVENTS_PER_MINUTE: integerText(
    'CLICKSTREAM_MAX_EVENTS_PER_MINUTE',
    1,
    100_000,
  ).default(600),
  CLICKSTREAM_RETENTION_DAYS: integerText('CLICKSTREAM_RETENTION_DAYS', 1, 3_650).default(30),
  BODY_LIMIT_BYTES: integerText('BODY_LIMIT_BYTES', 1_024, 104_857_600).default(
    DEFAULT_BODY_LIMIT_BYTES,
  ),
  WIDGET_DIR: optionalText,
  CASHDESK_SECRET: optionalText.pipe(
    z.string().min(16, 'CASHDESK_SECRET must be at least 16 characters').optional(),
  ),
  CASHDESK_PROVIDER: optionalText.pipe(z.enum(PROVIDER_KINDS).optional()),
  CONNECTORS: optionalText,
  DEFAULT_CONNECTOR: optionalText,
  CASHDESK_ALLOW_SANDBOX_IN_PRODUCTION: optionalText.pipe(z.enum(['true', 'false']).optional()),
  PROVIDER_URL: urlText.optional(),
  PROVIDER_API_KEY: optionalText,
  WALLET: optionalText.pipe(z.enum(['internal', 'operator']).optional()),
  OPERATOR_WALLET_URL: urlText.optional(),
  OPERATOR_WALLET_SECRET: optionalText.pipe(
    z.string().min(16, 'OPERATOR_WALLET_SECRET must be at least 16 characters').optional(),
  ),
  OPERATOR_WALLET_KEY_ID: optionalText,
  OPERATOR_WALLET_TIMEOUT_MS: integerText('OPERATOR_WALLET_TIMEOUT_MS', 100, 120_000).default(
    DEFAULT_OPERATOR_WALLET_TIMEOUT_MS,
  ),
  OTP_SENDER: optionalText.pipe(z.enum(OTP_SENDER_KINDS).optional()),
  OTP_ALLOW_SANDBOX_IN_PRODUCTION: optionalText.pipe(z.enum(['true', 'false']).optional()),
  OTP_HTTP_URL: urlText.optional(),
  OTP_HTTP_SECRET: optionalText.pipe(
    z.string().min(16, 'OTP_HTTP_SECRET must be at least 16 characters').optional(),
  ),
  OTP_HTTP_KEY_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9._:-]{1,64}$/, 'OTP_HTTP_KEY_ID must be 1-64 of A-Z a-z 0-9 . _ : -')
      .optional(),
  ),
  OTP_HTTP_TIMEOUT_MS: integerText('OTP_HTTP_TIMEOUT_MS', 100, 60_000).default(
    DEFAULT_OTP_HTTP_TIMEOUT_MS,
  ),
  OTP_HTTP_ATTEMPTS: integerText('OTP_HTTP_ATTEMPTS', 1, 5).default(DEFAULT_OTP_HTTP_ATTEMPTS),
  PROVIDER_TIMEOUT_MS: integerText('PROVIDER_TIMEOUT_MS', 100, 120_000).default(
    DEFAULT_PAYMENT_TIMINGS.providerTimeoutMs,
  ),
  PAYMENT_LEASE_MS: integerText('PAYMENT_LEASE_MS', 200, 600_000).default(
    DEFAULT_PAYMENT_TIMINGS.leaseMs,
  ),
  RECONCILE_INTERVAL_MS: integerText('RECONCILE_INTERVAL_MS', 0, 3_600_000).default(
    DEFAULT_PAYMENT_TIMINGS.reconcileIntervalMs,
  ),
  LOOKUP_GRACE_MS: integerText('LOOKUP_GRACE_MS', 0, 86_400_000).default(
    DEFAULT_PAYMENT_TIMINGS.lookupGraceMs,
  ),
  MIGRATE_ON_START: optionalText.pipe(z.enum(['true', 'false']).optional()),
  SHUTDOWN_TIMEOUT_MS: integerText('SHUTDOWN_TIMEOUT_MS', 0, 600_000).default(
    DEFAULT_OPERATIONS.shutdownTimeoutMs,
  ),
  METRICS_TOKEN: optionalText.pipe(
    z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  ),
  WORKERS: optionalText.pipe(
    z
      .string()
      .regex(
        /^(auto|[1-9][0-9]?)$/,
        `WORKERS must be auto or a whole number from 1 to ${String(MAX_WORKERS)}`,
      )
      .optional(),
  ),
  FRAME_ANCESTORS: originListText,
  TRUST_PROXY: trustProxyText,
  RATE_LIMIT_WINDOW_MS: integerText('RATE_LIMIT_WINDOW_MS', 1_000, 86_400_000).default(
    DEFAULT_SECURITY.rateLimits.windowMs,
  ),
  AUTH_FAILURES_PER_ADDRESS: integerText('AUTH_FAILURES_PER_ADDRESS', 1, 1_000_000).default(
    DEFAULT_SECURITY.rateLimits.authFailuresPerAddress,
  ),
  MONEY_CALLS_PER_SESSION: integerText('MONEY_CALLS_PER_SESSION', 1, 1_000_000).default(
    DEFAULT_SECURITY.rateLimits.moneyCallsPerSession,
  ),
  CLIENT_REPORTS_PER_ADDRESS: integerText('CLIENT_REPORTS_PER_ADDRESS', 1, 1_000_000).default(
    DEFAULT_SECURITY.rateLimits.clientReportsPerAddress,
  ),
  CLIENT_REPORT_RETENTION_DAYS: integerText('CLIENT_REPORT_RETENTION_DAYS', 1, 3_650).default(
    DEFAULT_CLIENT_REPORTS.retentionDays,
  ),
  CONNECTION_TIMEOUT_MS: integerText('CONNECTION_TIMEOUT_MS', 100, 3_600_000).default(
    DEFAULT_SECURITY.timeouts.connectionTimeoutMs,
  ),
  REQUEST_TIMEOUT_MS: integerText('REQUEST_TIMEOUT_MS', 100, 3_600_000).default(
    DEFAULT_SECURITY.timeouts.requestTimeoutMs,
  ),
  HEADERS_TIMEOUT_MS: integerText('HEADERS_TIMEOUT_MS', 100, 3_600_000).default(
    DEFAULT_SECURITY.timeouts.headersTimeoutMs,
  ),
  KEEP_ALIVE_TIMEOUT_MS: integerText('KEEP_ALIVE_TIMEOUT_MS', 100, 3_600_000).default(
    DEFAULT_SECURITY.timeouts.keepAliveTimeoutMs,
  ),
  UPLOAD_MAX_DOCUMENTS_PER_TRANSACTION: integerText(
    'UPLOAD_MAX_DOCUMENTS_PER_TRANSACTION',
    1,
    1_000,
  ).default(DEFAULT_SECURITY.uploadQuota.maxDocuments),
  UPLOAD_MAX_BYTES_PER_TRANSACTION: integerText(
    'UPLOAD_MAX_BYTES_PER_TRANSACTION',
    1_024,
    10_737_418_240,
  ).default(DEFAULT_SECURITY.uploadQuota.maxBytes),
  OPERATOR_ADMIN_KEY: optionalText.pipe(
    z.string().min(32, 'OPERATOR_ADMIN_KEY must be at least 32 characters').optional(),
  ),
  WEBHOOK_URL: urlText.optional(),
  WEBHOOK_SECRET: optionalText.pipe(
    z.string().min(16, 'WEBHOOK_SECRET must be at least 16 characters').optional(),
  ),
  WEBHOOK_KEY_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'WEBHOOK_KEY_ID must be 1-64 of [A-Za-z0-9_.-]')
      .optional(),
  ),
  WEBHOOK_MAX_ATTEMPTS: integerText('WEBHOOK_MAX_ATTEMPTS', 1, 100).default(
    DEFAULT_WEBHOOKS.maxAttempts,
  ),
  WEBHOOK_TIMEOUT_MS: integerText('WEBHOOK_TIMEOUT_MS', 100, 120_000).default(
    DEFAULT_WEBHOOKS.timeoutMs,
  ),
  WEBHOOK_RETRY_BASE_MS: integerText('WEBHOOK_RETRY_BASE_MS', 100, 86_400_000).default(
    DEFAULT_WEBHOOKS.retryBaseMs,
  ),
  WEBHOOK_RETRY_MAX_MS: integerText('WEBHOOK_RETRY_MAX_MS', 100, 604_800_000).default(
    DEFAULT_WEBHOOKS.retryMaxMs,
  ),
  WEBHOOK_INTERVAL_MS: integerText('WEBHOOK_INTERVAL_MS', 0, 3_600_000).default(
    DEFAULT_WEBHOOKS.intervalMs,
  ),
});

/** Every environment variable the server reads (the README's configuration table lists each). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(EnvSchema.shape);

/** WORKERS as a count: `auto` is one process per core of this machine. */
function workerCount(value: string | undefined): number {
  if (value === undefined) return DEFAULT_OPERATIONS.workers;
  return value === 'auto' ? Math.max(1, availableParallelism()) : Number(value);
}

/** The environment prefix of a connector's settings: `psp-eu` → `CONNECTOR_PSP_EU_`. */
export function connectorEnvPrefix(name: string): string {
  return `CONNECTOR_${name.toUpperCase().replace(/-/g, '_')}_`;
}

/**
 * The named connectors of CONNECTORS (names separated by commas) with their
 * `CONNECTOR_<NAME>_KIND`, `_URL`, `_API_KEY` and `_WEBHOOK_SECRET` settings; `problems` gets a
 * line naming the variable for each bad one.
 */
function namedConnectors(
  env: Readonly<Record<string, string | undefined>>,
  list: string | undefined,
  reserved: string | undefined,
  problems: string[],
): ConnectorConfig[] {
  if (list === undefined) return [];
  const names = list.split(',').map((name) => name.trim());
  const found: ConnectorConfig[] = [];
  for (const name of names) {
    if (!CONNECTOR_NAME_PATTERN.test(name)) {
      problems.push(
        `CONNECTORS: "${name}" is not a connector name (lower-case letters, digits and dashes, starting with a letter, at most 32)`,
      );
      continue;
    }
    if (name === reserved || found.some((connector) => connector.name === name)) {
      problems.push(
        `CONNECTORS: "${name}" is named twice (the connector of CASHDESK_PROVIDER is called "${String(reserved)}")`,
      );
      continue;
    }
    const prefix = connectorEnvPrefix(name);
    const read = (key: string): string | undefined => {
      const value = env[`${prefix}${key}`]?.trim();
      return value === undefined || value === '' ? undefined : value;
    };
    const kind = CONNECTOR_KINDS.find((candidate) => candidate === read('KIND'));
    if (kind === undefined) {
      problems.push(
        `${prefix}KIND: required for connector "${name}": ${CONNECTOR_KINDS.join(', ')}`,
      );
      continue;
    }
    if (kind === 'sandbox') {
      found.push({ name, kind });
      continue;
    }
    const url = urlText.safeParse(read('URL') ?? '');
    if (!url.success) {
      problems.push(`${prefix}URL: required for a ${kind} connector: the PSP's http(s) address`);
      continue;
    }
    const apiKey = read('API_KEY');
    if (kind === 'http') {
      found.push({ name, kind, url: url.data, apiKey });
      continue;
    }
    const secrets = (read('WEBHOOK_SECRET') ?? '').split(',').map((secret) => secret.trim());
    if (secrets.some((secret) => secret.length < 16)) {
      problems.push(
        `${prefix}WEBHOOK_SECRET: required for an async-psp connector: at least 16 characters (two separated by a comma during a rotation)`,
      );
      continue;
    }
    found.push({ name, kind, url: url.data, apiKey, webhookSecrets: secrets });
  }
  return found;
}

/** Thrown by {@link loadConfig} with every problem of the environment in its message. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * Reads and validates the environment. Defaults: PORT 8080, HOST 127.0.0.1, DATA_DIR
 * `<repo>/.data`, CASHDESK_MODE sandbox, LOG_LEVEL info,
 * RESPONSE_VALIDATION zod outside production and off in production, PUBLIC_URL `http://HOST:PORT`,
 * WIDGET_URL = PUBLIC_URL, SESSION_LIFETIME_MS 900000 (SPEC §9 timeout L), BODY_LIMIT_BYTES 1 MiB,
 * WIDGET_DIR {@link DEFAULT_WIDGET_DIR} when that folder exists (the API alone otherwise),
 * CASHDESK_PROVIDER sandbox outside production (production has no default and refuses to start
 * without one or a DEFAULT_CONNECTOR among CONNECTORS; a sandbox there, named or not, only with
 * CASHDESK_ALLOW_SANDBOX_IN_PRODUCTION=true), the named connectors of CONNECTORS with their
 * `CONNECTOR_<NAME>_*` settings ({@link connectorEnvPrefix}) and DEFAULT_CONNECTOR (default: the
 * connector of CASHDESK_PROVIDER, named after its kind), WALLET internal (operator needs
 * OPERATOR_WALLET_URL and OPERATOR_WALLET_SECRET; OPERATOR_WALLET_TIMEOUT_MS 5000), the
 * OTP_SENDER sandbox outside production and none in production (the sandbox there only with
 * OTP_ALLOW_SANDBOX_IN_PRODUCTION=true; http needs OTP_HTTP_URL and OTP_HTTP_SECRET, with
 * OTP_HTTP_KEY_ID `default`, OTP_HTTP_TIMEOUT_MS 5000 and OTP_HTTP_ATTEMPTS 3), the
 * payment timings of {@link DEFAULT_PAYMENT_TIMINGS} (PROVIDER_TIMEOUT_MS, PAYMENT_LEASE_MS,
 * RECONCILE_INTERVAL_MS, LOOKUP_GRACE_MS), the deployment settings of
 * {@link DEFAULT_OPERATIONS} (MIGRATE_ON_START, SHUTDOWN_TIMEOUT_MS, METRICS_TOKEN, WORKERS), and the
 * security settings of {@link DEFAULT_SECURITY}
 * (FRAME_ANCESTORS, TRUST_PROXY, RATE_LIMIT_WINDOW_MS, AUTH_FAILURES_PER_ADDRESS,
 * MONEY_CALLS_PER_SESSION, CLIENT_REPORTS_PER_ADDRESS, CONNECTION_TIMEOUT_MS, REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS,
 * KEEP_ALIVE_TIMEOUT_MS, UPLOAD_MAX_DOCUMENTS_PER_TRANSACTION, UPLOAD_MAX_BYTES_PER_TRANSACTION),
 * and the webhooks of {@link DEFAULT_WEBHOOKS} (WEBHOOK_URL, WEBHOOK_SECRET, WEBHOOK_KEY_ID,
 * WEBHOOK_MAX_ATTEMPTS, WEBHOOK_TIMEOUT_MS, WEBHOOK_RETRY_BASE_MS, WEBHOOK_RETRY_MAX_MS,
 * WEBHOOK_INTERVAL_MS; a WEBHOOK_SECRET is required in production once WEBHOOK_URL is set),
 * and CLIENT_REPORT_RETENTION_DAYS 30.
 *
 * @throws {ConfigError} naming each bad variable, e.g. `PORT: PORT must be a whole number`.
 */
export function loadConfig(
  env: Readonly<Record<string, string | undefined>> = process.env,
): ServerConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  const problems: string[] = [];
  const production = values.CASHDESK_MODE === 'production';
  if (production && values.CASHDESK_SECRET === undefined) {
    problems.push('CASHDESK_SECRET: required in production mode (at least 16 characters)');
  }
  const named = namedConnectors(
    env,
    values.CONNECTORS,
    values.CASHDESK_PROVIDER ?? (production ? undefined : 'sandbox'),
    problems,
  );
  const namedDefault =
    values.DEFAULT_CONNECTOR !== undefined &&
    named.some((connector) => connector.name === values.DEFAULT_CONNECTOR);
  // With a named default connector, production needs no CASHDESK_PROVIDER.
  const providerKind =
    values.CASHDESK_PROVIDER ?? (production ? (namedDefault ? null : undefined) : 'sandbox');
  if (providerKind === undefined) {
    problems.push(
      'CASHDESK_PROVIDER: required in production mode: "http" with PROVIDER_URL for your payment provider (the sandbox pays nobody and is refused unless CASHDESK_ALLOW_SANDBOX_IN_PRODUCTION=true)',
    );
  } else if (
    production &&
    providerKind === 'sandbox' &&
    values.CASHDESK_ALLOW_SANDBOX_IN_PRODUCTION !== 'true'
  ) {
    problems.push(
      'CASHDESK_PROVIDER: "sandbox" is refused in production mode unless CASHDESK_ALLOW_SANDBOX_IN_PRODUCTION=true',
    );
  }
  if (providerKind === 'http' && values.PROVIDER_URL === undefined) {
    problems.push("PROVIDER_URL: required with CASHDESK_PROVIDER=http (the PSP's base address)");
  }
  const walletKind = values.WALLET ?? 'internal';
  if (walletKind === 'operator') {
    if (values.OPERATOR_WALLET_URL === undefined) {
      problems.push(
        "OPERATOR_WALLET_URL: required with WALLET=operator (the operator wallet's base address)",
      );
    }
    if (values.OPERATOR_WALLET_SECRET === undefined) {
      problems.push(
        'OPERATOR_WALLET_SECRET: required with WALLET=operator (signs every wallet call)',
      );
    }
    if (values.PAYMENT_LEASE_MS <= values.OPERATOR_WALLET_TIMEOUT_MS) {
      problems.push(
        'PAYMENT_LEASE_MS: must be longer than OPERATOR_WALLET_TIMEOUT_MS (a wallet call must end within its lease)',
      );
    }
  }
  const otpKind = values.OTP_SENDER ?? (production ? 'none' : 'sandbox');
  if (production && otpKind === 'sandbox' && values.OTP_ALLOW_SANDBOX_IN_PRODUCTION !== 'true') {
    problems.push(
      'OTP_SENDER: "sandbox" is refused in production mode unless OTP_ALLOW_SANDBOX_IN_PRODUCTION=true (it writes every code to the log)',
    );
  }
  if (otpKind === 'http') {
    if (values.OTP_HTTP_URL === undefined) {
      problems.push(
        "OTP_HTTP_URL: required with OTP_SENDER=http (the messaging service's address)",
      );
    }
    if (values.OTP_HTTP_SECRET === undefined) {
      problems.push('OTP_HTTP_SECRET: required with OTP_SENDER=http (signs every message)');
    }
    if (values.OTP_HTTP_ATTEMPTS * values.OTP_HTTP_TIMEOUT_MS >= values.CONNECTION_TIMEOUT_MS) {
      problems.push(
        'OTP_HTTP_TIMEOUT_MS: OTP_HTTP_ATTEMPTS times OTP_HTTP_TIMEOUT_MS must be shorter than CONNECTION_TIMEOUT_MS (the player waits for the hand-over)',
      );
    }
  }
  if (
    production &&
    values.CASHDESK_ALLOW_SANDBOX_IN_PRODUCTION !== 'true' &&
    named.some((connector) => connector.kind === 'sandbox')
  ) {
    problems.push(
      `CONNECTORS: a sandbox connector (${named
        .filter((connector) => connector.kind === 'sandbox')
        .map((connector) => connector.name)
        .join(
          ', ',
        )}) is refused in production mode unless CASHDESK_ALLOW_SANDBOX_IN_PRODUCTION=true`,
    );
  }
  const names = [
    ...(providerKind === null ? [] : [providerKind]),
    ...named.map((connector) => connector.name),
  ];
  if (values.DEFAULT_CONNECTOR !== undefined && !names.includes(values.DEFAULT_CONNECTOR)) {
    problems.push(
      `DEFAULT_CONNECTOR: "${values.DEFAULT_CONNECTOR}" is no connector (configured: ${names.join(', ') || 'none'})`,
    );
  }
  if (values.PAYMENT_LEASE_MS <= values.PROVIDER_TIMEOUT_MS) {
    problems.push(
      'PAYMENT_LEASE_MS: must be longer than PROVIDER_TIMEOUT_MS (an owner must finish its provider call within its lease)',
    );
  }
  if (values.HEADERS_TIMEOUT_MS > values.REQUEST_TIMEOUT_MS) {
    problems.push(
      'HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS (the headers are part of the request)',
    );
  }
  if (values.CONNECTION_TIMEOUT_MS <= values.PAYMENT_LEASE_MS + values.PROVIDER_TIMEOUT_MS) {
    problems.push(
      'CONNECTION_TIMEOUT_MS: must be longer than PAYMENT_LEASE_MS plus PROVIDER_TIMEOUT_MS (a submit may wait that long without a byte on its connection)',
    );
  }
  if (production && values.WEBHOOK_URL !== undefined && values.WEBHOOK_SECRET === undefined) {
    problems.push(
      'WEBHOOK_SECRET: required in production mode with WEBHOOK_URL (at least 16 characters)',
    );
  }
  const workers = workerCount(values.WORKERS);
  if (workers > MAX_WORKERS) {
    problems.push(`WORKERS: at most ${String(MAX_WORKERS)} server processes`);
  } else if (workers > 1 && values.DATABASE_URL === undefined) {
    problems.push(
      'WORKERS: more than one server process needs PostgreSQL (DATABASE_URL); the embedded database serves one process',
    );
  }
  if (values.WEBHOOK_RETRY_MAX_MS < values.WEBHOOK_RETRY_BASE_MS) {
    problems.push('WEBHOOK_RETRY_MAX_MS: must not be shorter than WEBHOOK_RETRY_BASE_MS');
  }
  if (problems.length > 0) {
    throw new ConfigError(
      `Invalid environment:\n${problems.map((line) => `  ${line}`).join('\n')}`,
    );
  }
  const provider: ProviderConfig =
    providerKind === 'http' && values.PROVIDER_URL !== undefined
      ? { kind: 'http', url: values.PROVIDER_URL, apiKey: values.PROVIDER_API_KEY }
      : { kind: 'sandbox' };
  const wallet: WalletConfig =
    walletKind === 'operator' &&
    values.OPERATOR_WALLET_URL !== undefined &&
    values.OPERATOR_WALLET_SECRET !== undefined
      ? {
          kind: 'operator',
          url: values.OPERATOR_WALLET_URL,
          key: {
            keyId: values.OPERATOR_WALLET_KEY_ID ?? 'default',
            secret: values.OPERATOR_WALLET_SECRET,
          },
          timeoutMs: values.OPERATOR_WALLET_TIMEOUT_MS,
        }
      : { kind: 'internal' };
  const otp: OtpSenderConfig =
    otpKind === 'http' && values.OTP_HTTP_URL !== undefined && values.OTP_HTTP_SECRET !== undefined
      ? {
          kind: 'http',
          url: values.OTP_HTTP_URL,
          key: { keyId: values.OTP_HTTP_KEY_ID ?? 'default', secret: values.OTP_HTTP_SECRET },
          timeoutMs: values.OTP_HTTP_TIMEOUT_MS,
          attempts: values.OTP_HTTP_ATTEMPTS,
        }
      : { kind: otpKind === 'sandbox' ? 'sandbox' : 'none' };
  // `undefined` was refused above; `null`: production with a named default connector only.
  const legacyName = providerKind ?? null;
  const connectors: ConnectorsConfig = {
    list: [...(legacyName === null ? [] : [{ name: legacyName, ...provider }]), ...named],
    defaultName: values.DEFAULT_CONNECTOR ?? legacyName ?? 'sandbox',
  };
  const publicUrl = values.PUBLIC_URL ?? `http://${values.HOST}:${values.PORT}`;
  return {
    port: values.PORT,
    host: values.HOST,
    databaseUrl: values.DATABASE_URL,
    databasePreparedStatements: values.DATABASE_PREPARED_STATEMENTS !== 'false',
    dataDir: path.resolve(values.DATA_DIR ?? path.join(REPO_ROOT, '.data')),
    mode: values.CASHDESK_MODE,
    logLevel: values.LOG_LEVEL,
    responseValidation: values.RESPONSE_VALIDATION ?? (production ? 'off' : 'zod'),
    publicUrl,
    widgetUrl: values.WIDGET_URL ?? publicUrl,
    sessionLifetimeMs: values.SESSION_LIFETIME_MS,
    cache: {
      brandTtlMs: values.BRAND_CACHE_TTL_MS,
      sessionTtlMs: values.SESSION_CACHE_TTL_MS,
    },
    realtime: {
      pingIntervalS: values.REALTIME_PING_INTERVAL_S,
      maxConnectionsPerSession: values.REALTIME_MAX_CONNECTIONS_PER_SESSION,
      maxConnectionsPerAddress: values.REALTIME_MAX_CONNECTIONS_PER_ADDRESS,
      maxFrameBytes: values.REALTIME_MAX_FRAME_BYTES,
      maxSubscriptions: 16,
      clickstreamEventsPerMinute: values.CLICKSTREAM_MAX_EVENTS_PER_MINUTE,
      clickstreamRetentionDays: values.CLICKSTREAM_RETENTION_DAYS,
    },
    clientReports: { retentionDays: values.CLIENT_REPORT_RETENTION_DAYS },
    bodyLimitBytes: values.BODY_LIMIT_BYTES,
    secret: values.CASHDESK_SECRET ?? SANDBOX_SECRET,
    widgetDir:
      values.WIDGET_DIR === undefined
        ? existsSync(path.join(DEFAULT_WIDGET_DIR, 'index.html'))
          ? DEFAULT_WIDGET_DIR
          : undefined
        : path.resolve(values.WIDGET_DIR),
    provider,
    wallet,
    otp,
    connectors,
    payments: {
      providerTimeoutMs: values.PROVIDER_TIMEOUT_MS,
      leaseMs: values.PAYMENT_LEASE_MS,
      reconcileIntervalMs: values.RECONCILE_INTERVAL_MS,
      lookupGraceMs: values.LOOKUP_GRACE_MS,
    },
    seedDemoData: !production,
    operations: {
      migrateOnStart: values.MIGRATE_ON_START !== 'false',
      shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_MS,
      metricsToken: values.METRICS_TOKEN,
      workers,
    },
    security: {
      frameAncestors: values.FRAME_ANCESTORS,
      trustProxy: values.TRUST_PROXY,
      rateLimits: {
        windowMs: values.RATE_LIMIT_WINDOW_MS,
        authFailuresPerAddress: values.AUTH_FAILURES_PER_ADDRESS,
        moneyCallsPerSession: values.MONEY_CALLS_PER_SESSION,
        clientReportsPerAddress: values.CLIENT_REPORTS_PER_ADDRESS,
      },
      timeouts: {
        connectionTimeoutMs: values.CONNECTION_TIMEOUT_MS,
        requestTimeoutMs: values.REQUEST_TIMEOUT_MS,
        headersTimeoutMs: values.HEADERS_TIMEOUT_MS,
        keepAliveTimeoutMs: values.KEEP_ALIVE_TIMEOUT_MS,
      },
      uploadQuota: {
        maxDocuments: values.UPLOAD_MAX_DOCUMENTS_PER_TRANSACTION,
        maxBytes: values.UPLOAD_MAX_BYTES_PER_TRANSACTION,
      },
    },
    webhooks: {
      url: values.WEBHOOK_URL,
      key: {
        keyId: values.WEBHOOK_KEY_ID ?? DEFAULT_WEBHOOKS.key.keyId,
        secret: values.WEBHOOK_SECRET ?? SANDBOX_WEBHOOK_SECRET,
      },
      maxAttempts: values.WEBHOOK_MAX_ATTEMPTS,
      timeoutMs: values.WEBHOOK_TIMEOUT_MS,
      retryBaseMs: values.WEBHOOK_RETRY_BASE_MS,
      retryMaxMs: values.WEBHOOK_RETRY_MAX_MS,
      intervalMs: values.WEBHOOK_INTERVAL_MS,
    },
    operatorAdminKey: values.OPERATOR_ADMIN_KEY,
  };
}

/**
 * Where the configured database is and how to talk to it (DATABASE_URL, DATA_DIR,
 * DATABASE_PREPARED_STATEMENTS), as db/open.ts openDatabase takes it: what every command that
 * opens it passes, the server, its workers, `migrate` and the command-line tools alike.
 */
export function configuredDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 'databasePreparedStatements'>,
) {
  return {
    url: config.databaseUrl,
    dataDir: config.dataDir,
    preparedStatements: config.databasePreparedStatements,
  };
}
