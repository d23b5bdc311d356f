import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../paths';
import { ConfigError } from './env';
import { CONFIG_VARIABLES, loadConfig } from './load';
import { DEFAULT_OPERATIONS } from './operations';
import { DEFAULT_PAYMENT_TIMINGS } from './payments';
import { SANDBOX_SECRET } from './secrets';
import { DEFAULT_SECURITY } from './security';
import { DEFAULT_BACK_OFFICE_DIR, DEFAULT_WIDGET_DIR } from './server';
import { DEFAULT_WEBHOOKS } from './webhooks';

describe('loadConfig', () => {
  it('applies the defaults to an empty environment', () => {
    expect(loadConfig({})).toEqual({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: undefined,
      databasePreparedStatements: true,
      dataDir: path.join(REPO_ROOT, '.data'),
      mode: 'sandbox',
      logLevel: 'info',
      responseValidation: 'zod',
      publicUrl: 'http://127.0.0.1:8080',
      widgetUrl: 'http://127.0.0.1:8080',
      sessionLifetimeMs: 900_000,
      cache: { brandTtlMs: 5_000, sessionTtlMs: 5_000 },
      realtime: {
        pingIntervalS: 25,
        maxConnectionsPerSession: 4,
        maxConnectionsPerAddress: 500,
        maxConnections: 20_000,
        connectTimeoutMs: 8_000,
        maxFrameBytes: 65_536,
        maxSubscriptions: 16,
        clickstreamEventsPerMinute: 600,
        clickstreamRetentionDays: 30,
      },
      clientReports: { retentionDays: 30 },
      bodyLimitBytes: 1_048_576,
      secret: SANDBOX_SECRET,
      // The default depends on whether the widget has been built in this checkout.
      widgetDir: existsSync(path.join(DEFAULT_WIDGET_DIR, 'index.html'))
        ? DEFAULT_WIDGET_DIR
        : undefined,
      backOfficeDir: existsSync(path.join(DEFAULT_BACK_OFFICE_DIR, 'index.html'))
        ? DEFAULT_BACK_OFFICE_DIR
        : undefined,
      provider: { kind: 'sandbox' },
      wallet: { kind: 'internal' },
      otp: { kind: 'sandbox' },
      connectors: { list: [{ name: 'sandbox', kind: 'sandbox' }], defaultName: 'sandbox' },
      payments: DEFAULT_PAYMENT_TIMINGS,
      seedDemoData: true,
      operations: {
        migrateOnStart: true,
        shutdownTimeoutMs: 12_000,
        metricsToken: undefined,
        workers: 1,
      },
      security: DEFAULT_SECURITY,
      webhooks: DEFAULT_WEBHOOKS,
      staff: { sessionIdleMs: 1_800_000, sessionMaxMs: 43_200_000 },
      uploads: { kind: 'local' },
      limitStore: { kind: 'database' },
      unknownVariables: [],
    });
    expect(DEFAULT_OPERATIONS).toEqual(loadConfig({}).operations);
  });

  it('reads every variable and trims trailing slashes of addresses', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u:p@localhost:5432/cashdesk',
      DATA_DIR: '/tmp/cashdesk-data',
      CASHDESK_MODE: 'production',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: 'https://pay.example.com/',
      WIDGET_URL: 'https://cashier.example.com//',
      SESSION_LIFETIME_MS: '300000',
      BRAND_CACHE_TTL_MS: '2000',
      SESSION_CACHE_TTL_MS: '0',
      BODY_LIMIT_BYTES: '65536',
      CASHDESK_SECRET: 'a-long-enough-secret',
      WIDGET_DIR: '/srv/cashdesk/widget',
      BACK_OFFICE_DIR: '/srv/cashdesk/back-office',
      CASHDESK_PROVIDER: 'http',
      PROVIDER_URL: 'https://psp.example.com/',
      PROVIDER_API_KEY: 'psp-key',
      PROVIDER_TIMEOUT_MS: '5000',
      PAYMENT_LEASE_MS: '20000',
      RECONCILE_INTERVAL_MS: '0',
      LOOKUP_GRACE_MS: '60000',
      MIGRATE_ON_START: 'false',
      DATABASE_PREPARED_STATEMENTS: 'false',
      SHUTDOWN_TIMEOUT_MS: '25000',
      METRICS_TOKEN: 'a-metrics-token-for-the-scraper',
      WORKERS: '3',
      WALLET: 'operator',
      OPERATOR_WALLET_URL: 'https://wallet.example.com/cashier/',
      OPERATOR_WALLET_SECRET: 'a-wallet-signing-secret',
      OPERATOR_WALLET_KEY_ID: 'wallet-2026',
      OPERATOR_WALLET_TIMEOUT_MS: '4000',
      OTP_SENDER: 'http',
      OTP_HTTP_URL: 'https://messages.example.com/otp/',
      OTP_HTTP_SECRET: 'a-messaging-secret-1234',
      OTP_HTTP_KEY_ID: 'otp-2026-11',
      OTP_HTTP_TIMEOUT_MS: '3000',
      OTP_HTTP_ATTEMPTS: '2',
      WEBHOOK_URL: 'https://operator.example.com/cashdesk/events/',
      WEBHOOK_SECRET: 'a-webhook-secret-for-the-operator',
      WEBHOOK_KEY_ID: 'key-2026-11',
      WEBHOOK_MAX_ATTEMPTS: '8',
      WEBHOOK_TIMEOUT_MS: '3000',
      WEBHOOK_RETRY_BASE_MS: '2000',
      WEBHOOK_RETRY_MAX_MS: '600000',
      WEBHOOK_INTERVAL_MS: '1000',
      WEBHOOK_DEAD_RETRY_MS: '7200000',
    });
    expect(config).toEqual({
      port: 9000,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u:p@localhost:5432/cashdesk',
      databasePreparedStatements: false,
      dataDir: '/tmp/cashdesk-data',
      mode: 'production',
      logLevel: 'warn',
      responseValidation: 'off',
      publicUrl: 'https://pay.example.com',
      widgetUrl: 'https://cashier.example.com',
      sessionLifetimeMs: 300_000,
      cache: { brandTtlMs: 2_000, sessionTtlMs: 0 },
      realtime: {
        pingIntervalS: 25,
        maxConnectionsPerSession: 4,
        maxConnectionsPerAddress: 500,
        maxConnections: 20_000,
        connectTimeoutMs: 8_000,
        maxFrameBytes: 65_536,
        maxSubscriptions: 16,
        clickstreamEventsPerMinute: 600,
        clickstreamRetentionDays: 30,
      },
      clientReports: { retentionDays: 30 },
      bodyLimitBytes: 65_536,
      secret: 'a-long-enough-secret',
      widgetDir: '/srv/cashdesk/widget',
      backOfficeDir: '/srv/cashdesk/back-office',
      provider: { kind: 'http', url: 'https://psp.example.com', apiKey: 'psp-key' },
      wallet: {
        kind: 'operator',
        url: 'https://wallet.example.com/cashier',
        key: { keyId: 'wallet-2026', secret: 'a-wallet-signing-secret' },
        timeoutMs: 4000,
      },
      otp: {
        kind: 'http',
        url: 'https://messages.example.com/otp',
        key: { keyId: 'otp-2026-11', secret: 'a-messaging-secret-1234' },
        timeoutMs: 3000,
        attempts: 2,
      },
      connectors: {
        list: [
          {
            name: 'http',
            kind: 'http',
            url: 'https://psp.example.com',
            apiKey: 'psp-key',
            webhookSecrets: [],
          },
        ],
        defaultName: 'http',
      },
      payments: {
        providerTimeoutMs: 5000,
        leaseMs: 20_000,
        reconcileIntervalMs: 0,
        lookupGraceMs: 60_000,
        health: DEFAULT_PAYMENT_TIMINGS.health,
      },
      seedDemoData: false,
      operations: {
        migrateOnStart: false,
        shutdownTimeoutMs: 25_000,
        metricsToken: 'a-metrics-token-for-the-scraper',
        workers: 3,
      },
      security: DEFAULT_SECURITY,
      webhooks: {
        url: 'https://operator.example.com/cashdesk/events',
        key: { keyId: 'key-2026-11', secret: 'a-webhook-secret-for-the-operator' },
        maxAttempts: 8,
        timeoutMs: 3000,
        retryBaseMs: 2000,
        retryMaxMs: 600_000,
        intervalMs: 1000,
        deadRetryMs: 7_200_000,
      },
      staff: { sessionIdleMs: 1_800_000, sessionMaxMs: 43_200_000 },
      uploads: { kind: 'local' },
      limitStore: { kind: 'database' },
      unknownVariables: [],
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', HOST: ' ' })).toMatchObject({
      databaseUrl: undefined,
      host: '127.0.0.1',
    });
  });

  it('names every bad variable in one message', () => {
    const bad = { PORT: 'eighty', CASHDESK_MODE: 'staging', DATABASE_URL: 'mysql://x' };
    expect(() => loadConfig(bad)).toThrow(ConfigError);
    const message = (() => {
      try {
        loadConfig(bad);
        return '';
      } catch (error) {
        return error instanceof Error ? error.message : '';
      }
    })();
    expect(message).toMatch(/^ {2}PORT: PORT must be a whole number$/m);
    expect(message).toMatch(/^ {2}DATABASE_URL: DATABASE_URL must start with postgres:\/\//m);
    expect(message).toMatch(/^ {2}CASHDESK_MODE: /m);
  });

  it('refuses a port out of range and production without a secret', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ CASHDESK_MODE: 'production' })).toThrow(
      'CASHDESK_SECRET: required in production mode',
    );
  });

  it('every variable the server reads is in the configuration table of docs/configuration.md', () => {
    const table = readFileSync(path.join(REPO_ROOT, 'docs', 'configuration.md'), 'utf8');
    const listed = new Set([...table.matchAll(/^\| `([A-Z0-9_]+)`/gm)].map((match) => match[1]));
    expect(CONFIG_VARIABLES.length).toBeGreaterThan(30);
    expect(CONFIG_VARIABLES.filter((name) => !listed.has(name))).toEqual([]);
    expect([...listed].filter((name) => !CONFIG_VARIABLES.includes(name ?? ''))).toEqual([]);
  });
});
