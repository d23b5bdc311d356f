import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import {
  CONFIG_VARIABLES,
  ConfigError,
  DEFAULT_OPERATIONS,
  DEFAULT_PAYMENT_TIMINGS,
  DEFAULT_SECURITY,
  DEFAULT_WEBHOOKS,
  DEFAULT_WIDGET_DIR,
  REPO_ROOT,
  SANDBOX_SECRET,
  loadConfig,
} from './config';

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
        maxFrameBytes: 65_536,
        maxSubscriptions: 16,
        clickstreamEventsPerMinute: 600,
        clickstreamRetentionDays: 30,
      },
      clientReports: { retentionDays: 30 },
      bodyLimitBytes: 65_536,
      secret: 'a-long-enough-secret',
      widgetDir: '/srv/cashdesk/widget',
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
        list: [{ name: 'http', kind: 'http', url: 'https://psp.example.com', apiKey: 'psp-key' }],
        defaultName: 'http',
      },
      payments: {
        providerTimeoutMs: 5000,
        leaseMs: 20_000,
        reconcileIntervalMs: 0,
        lookupGraceMs: 60_000,
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
      },
    });
  });

  it('webhooks: production needs a secret with a URL; the back-off cap must not undercut its base', () => {
    const production = {
      CASHDESK_MODE: 'production',
      CASHDESK_SECRET: 'a-long-enough-secret',
      CASHDESK_PROVIDER: 'http',
      PROVIDER_URL: 'https://psp.example.com',
    };
    expect(loadConfig(production).webhooks.url).toBeUndefined();
    expect(() =>
      loadConfig({ ...production, WEBHOOK_URL: 'https://operator.example.com' }),
    ).toThrow('WEBHOOK_SECRET: required in production mode with WEBHOOK_URL');
    expect(() => loadConfig({ WEBHOOK_SECRET: 'short' })).toThrow(/WEBHOOK_SECRET/);
    expect(() => loadConfig({ WEBHOOK_URL: 'ftp://operator.example.com' })).toThrow(/WEBHOOK_URL/);
    expect(() => loadConfig({ WEBHOOK_MAX_ATTEMPTS: '0' })).toThrow(/WEBHOOK_MAX_ATTEMPTS/);
    expect(() =>
      loadConfig({ WEBHOOK_RETRY_BASE_MS: '60000', WEBHOOK_RETRY_MAX_MS: '1000' }),
    ).toThrow('WEBHOOK_RETRY_MAX_MS: must not be shorter than WEBHOOK_RETRY_BASE_MS');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', HOST: ' ' })).toMatchObject({
      databaseUrl: undefined,
      host: '127.0.0.1',
    });
  });

  it('names every bad variable in one message', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', CASHDESK_MODE: 'staging', DATABASE_URL: 'mysql://x' }),
    ).toThrow(ConfigError);
    expect(() =>
      loadConfig({ PORT: 'eighty', CASHDESK_MODE: 'staging', DATABASE_URL: 'mysql://x' }),
    ).toThrow(
      /PORT: PORT must be a whole number[\s\S]*DATABASE_URL: DATABASE_URL must start with postgres:\/\/[\s\S]*CASHDESK_MODE/,
    );
  });

  it('refuses a port out of range and production without a secret', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ CASHDESK_MODE: 'production' })).toThrow(
      'CASHDESK_SECRET: required in production mode',
    );
  });

  const production = { CASHDESK_MODE: 'production', CASHDESK_SECRET: 'a-long-enough-secret' };

  it('production without a provider refuses to start and names the setting', () => {
    expect(() => loadConfig(production)).toThrow(/CASHDESK_PROVIDER: required in production mode/);
    expect(() => loadConfig({ ...production, CASHDESK_PROVIDER: 'http' })).toThrow(
      /PROVIDER_URL: required with CASHDESK_PROVIDER=http/,
    );
  });

  it('production pays with the sandbox only when explicitly allowed, and never seeds', () => {
    expect(() => loadConfig({ ...production, CASHDESK_PROVIDER: 'sandbox' })).toThrow(
      /CASHDESK_ALLOW_SANDBOX_IN_PRODUCTION=true/,
    );
    const allowed = loadConfig({
      ...production,
      CASHDESK_PROVIDER: 'sandbox',
      CASHDESK_ALLOW_SANDBOX_IN_PRODUCTION: 'true',
    });
    expect(allowed.provider).toEqual({ kind: 'sandbox' });
    expect(allowed.seedDemoData).toBe(false);
    expect(loadConfig({}).provider).toEqual({ kind: 'sandbox' });
    expect(loadConfig({}).seedDemoData).toBe(true);
  });

  it("the operator's wallet needs its address and signing secret, and a call must fit in a lease", () => {
    expect(() => loadConfig({ WALLET: 'operator' })).toThrow(/OPERATOR_WALLET_URL: required/);
    expect(() =>
      loadConfig({ WALLET: 'operator', OPERATOR_WALLET_URL: 'https://wallet.example.com' }),
    ).toThrow(/OPERATOR_WALLET_SECRET: required/);
    expect(() =>
      loadConfig({
        WALLET: 'operator',
        OPERATOR_WALLET_URL: 'https://wallet.example.com',
        OPERATOR_WALLET_SECRET: 'short',
      }),
    ).toThrow(/at least 16 characters/);
    expect(() =>
      loadConfig({
        WALLET: 'operator',
        OPERATOR_WALLET_URL: 'https://wallet.example.com',
        OPERATOR_WALLET_SECRET: 'a-wallet-signing-secret',
        OPERATOR_WALLET_TIMEOUT_MS: '30000',
        PAYMENT_LEASE_MS: '30000',
      }),
    ).toThrow(/longer than OPERATOR_WALLET_TIMEOUT_MS/);
    expect(loadConfig({}).wallet).toEqual({ kind: 'internal' });
  });

  it('one-time codes: production sends none by default and the sandbox outbox only when explicitly allowed', () => {
    const paying = { ...production, CASHDESK_PROVIDER: 'http', PROVIDER_URL: 'https://psp.test' };
    expect(loadConfig(paying).otp).toEqual({ kind: 'none' });
    expect(() => loadConfig({ ...paying, OTP_SENDER: 'sandbox' })).toThrow(
      /OTP_SENDER: "sandbox" is refused in production mode unless OTP_ALLOW_SANDBOX_IN_PRODUCTION=true/,
    );
    // Allowing the sandbox payments does not allow the sandbox outbox: each is its own choice.
    expect(() =>
      loadConfig({
        ...production,
        CASHDESK_PROVIDER: 'sandbox',
        CASHDESK_ALLOW_SANDBOX_IN_PRODUCTION: 'true',
        OTP_SENDER: 'sandbox',
      }),
    ).toThrow(/OTP_ALLOW_SANDBOX_IN_PRODUCTION=true/);
    expect(
      loadConfig({ ...paying, OTP_SENDER: 'sandbox', OTP_ALLOW_SANDBOX_IN_PRODUCTION: 'true' }).otp,
    ).toEqual({ kind: 'sandbox' });
    expect(loadConfig({ OTP_SENDER: 'none' }).otp).toEqual({ kind: 'none' });
  });

  it('one-time codes: the HTTP sender needs its address and secret, and a hand-over the player can wait for', () => {
    expect(() => loadConfig({ OTP_SENDER: 'http' })).toThrow(
      /OTP_HTTP_URL: required with OTP_SENDER=http[\s\S]*OTP_HTTP_SECRET: required with OTP_SENDER=http/,
    );
    const http = {
      OTP_SENDER: 'http',
      OTP_HTTP_URL: 'http://127.0.0.1:8093/messages',
      OTP_HTTP_SECRET: 'a-messaging-secret-1234',
    };
    expect(loadConfig(http).otp).toEqual({
      kind: 'http',
      url: 'http://127.0.0.1:8093/messages',
      key: { keyId: 'default', secret: 'a-messaging-secret-1234' },
      timeoutMs: 5000,
      attempts: 3,
    });
    expect(() => loadConfig({ ...http, OTP_HTTP_SECRET: 'short' })).toThrow(
      /OTP_HTTP_SECRET must be at least 16 characters/,
    );
    expect(() => loadConfig({ ...http, OTP_HTTP_URL: 'ftp://messages.test' })).toThrow(
      /OTP_HTTP_URL/,
    );
    expect(() => loadConfig({ ...http, OTP_HTTP_KEY_ID: 'a key' })).toThrow(/OTP_HTTP_KEY_ID/);
    expect(() => loadConfig({ ...http, OTP_HTTP_ATTEMPTS: '6' })).toThrow(/OTP_HTTP_ATTEMPTS/);
    expect(() =>
      loadConfig({ ...http, OTP_HTTP_ATTEMPTS: '5', OTP_HTTP_TIMEOUT_MS: '12000' }),
    ).toThrow(
      /OTP_HTTP_ATTEMPTS times OTP_HTTP_TIMEOUT_MS must be shorter than CONNECTION_TIMEOUT_MS/,
    );
  });

  it('a lease shorter than the provider time-out is refused', () => {
    expect(() => loadConfig({ PROVIDER_TIMEOUT_MS: '5000', PAYMENT_LEASE_MS: '5000' })).toThrow(
      /PAYMENT_LEASE_MS: must be longer than PROVIDER_TIMEOUT_MS/,
    );
  });

  it('MIGRATE_ON_START, SHUTDOWN_TIMEOUT_MS and METRICS_TOKEN are checked', () => {
    expect(loadConfig({ MIGRATE_ON_START: 'true' }).operations.migrateOnStart).toBe(true);
    expect(loadConfig({ MIGRATE_ON_START: ' ' }).operations.migrateOnStart).toBe(true);
    expect(() => loadConfig({ MIGRATE_ON_START: 'no' })).toThrow(/MIGRATE_ON_START/);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '0' }).operations.shutdownTimeoutMs).toBe(0);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '5s' })).toThrow(
      'SHUTDOWN_TIMEOUT_MS: SHUTDOWN_TIMEOUT_MS must be a whole number',
    );
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      'METRICS_TOKEN: METRICS_TOKEN must be at least 16 characters',
    );
  });

  it('WORKERS runs that many server processes, one per core with auto, and needs PostgreSQL', () => {
    const postgres = { DATABASE_URL: 'postgres://cashdesk@127.0.0.1/cashdesk' };
    expect(loadConfig({}).operations.workers).toBe(1);
    expect(loadConfig({ ...postgres, WORKERS: '4' }).operations.workers).toBe(4);
    expect(loadConfig({ ...postgres, WORKERS: 'auto' }).operations.workers).toBe(
      Math.max(1, availableParallelism()),
    );
    expect(loadConfig({ WORKERS: '1' }).operations.workers).toBe(1);
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(
      'WORKERS: more than one server process needs PostgreSQL (DATABASE_URL)',
    );
    for (const bad of ['0', '-1', 'two', '1.5']) {
      expect(() => loadConfig({ ...postgres, WORKERS: bad })).toThrow(/WORKERS must be auto or/);
    }
    expect(() => loadConfig({ ...postgres, WORKERS: '65' })).toThrow(
      'WORKERS: at most 64 server processes',
    );
  });

  it('reads the security settings: framing origins, proxies, limits, time-outs, quotas', () => {
    const config = loadConfig({
      FRAME_ANCESTORS:
        'https://www.brand.example, https://m.brand.example:8443/ http://localhost:8081',
      TRUST_PROXY: '10.0.0.0/8, loopback',
      RATE_LIMIT_WINDOW_MS: '30000',
      AUTH_FAILURES_PER_ADDRESS: '5',
      MONEY_CALLS_PER_SESSION: '7',
      CONNECTION_TIMEOUT_MS: '90000',
      REQUEST_TIMEOUT_MS: '20000',
      HEADERS_TIMEOUT_MS: '5000',
      KEEP_ALIVE_TIMEOUT_MS: '65000',
      UPLOAD_MAX_DOCUMENTS_PER_TRANSACTION: '3',
      UPLOAD_MAX_BYTES_PER_TRANSACTION: '2048',
    });
    expect(config.security).toEqual({
      frameAncestors: [
        'https://www.brand.example',
        'https://m.brand.example:8443',
        'http://localhost:8081',
      ],
      trustProxy: ['10.0.0.0/8', 'loopback'],
      rateLimits: {
        windowMs: 30_000,
        authFailuresPerAddress: 5,
        moneyCallsPerSession: 7,
        clientReportsPerAddress: 30,
      },
      timeouts: {
        connectionTimeoutMs: 90_000,
        requestTimeoutMs: 20_000,
        headersTimeoutMs: 5000,
        keepAliveTimeoutMs: 65_000,
      },
      uploadQuota: { maxDocuments: 3, maxBytes: 2048 },
    });
    expect(loadConfig({ TRUST_PROXY: 'true' }).security.trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).security.trustProxy).toBe(false);
  });

  it('refuses framing entries that are not plain origins, unknown proxies and time-outs that cannot work', () => {
    expect(() => loadConfig({ FRAME_ANCESTORS: 'https://brand.example/cashier' })).toThrow(
      /FRAME_ANCESTORS: FRAME_ANCESTORS must list http\(s\) origins .*https:\/\/brand.example\/cashier/,
    );
    for (const entry of ['*', 'https://*.brand.example', "'self'", 'ftp://brand.example']) {
      expect(() => loadConfig({ FRAME_ANCESTORS: entry })).toThrow(/FRAME_ANCESTORS/);
    }
    expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.internal' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '6000' })).toThrow(
      /HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ CONNECTION_TIMEOUT_MS: '40000' })).toThrow(
      /CONNECTION_TIMEOUT_MS: must be longer than PAYMENT_LEASE_MS plus PROVIDER_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ AUTH_FAILURES_PER_ADDRESS: '0' })).toThrow(
      /AUTH_FAILURES_PER_ADDRESS/,
    );
  });

  it('reads named connectors (CONNECTORS, CONNECTOR_<NAME>_*) beside the one of CASHDESK_PROVIDER', () => {
    const config = loadConfig({
      CONNECTORS: 'psp-eu, backup',
      DEFAULT_CONNECTOR: 'psp-eu',
      CONNECTOR_PSP_EU_KIND: 'async-psp',
      CONNECTOR_PSP_EU_URL: 'https://psp.example.com/',
      CONNECTOR_PSP_EU_API_KEY: 'key',
      CONNECTOR_PSP_EU_WEBHOOK_SECRET: 'a-webhook-secret-1, a-webhook-secret-2',
      CONNECTOR_BACKUP_KIND: 'http',
      CONNECTOR_BACKUP_URL: 'http://127.0.0.1:8091',
    });
    expect(config.connectors).toEqual({
      list: [
        { name: 'sandbox', kind: 'sandbox' },
        {
          name: 'psp-eu',
          kind: 'async-psp',
          url: 'https://psp.example.com',
          apiKey: 'key',
          webhookSecrets: ['a-webhook-secret-1', 'a-webhook-secret-2'],
        },
        { name: 'backup', kind: 'http', url: 'http://127.0.0.1:8091', apiKey: undefined },
      ],
      defaultName: 'psp-eu',
    });
  });

  it('refuses bad connectors, naming the variable', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        if (error instanceof ConfigError) return error.message;
        throw error;
      }
      return '';
    };
    expect(problems({ CONNECTORS: 'Bad_Name' })).toContain('CONNECTORS: "Bad_Name" is not');
    expect(problems({ CONNECTORS: 'sandbox' })).toContain('"sandbox" is named twice');
    expect(problems({ CONNECTORS: 'psp' })).toContain('CONNECTOR_PSP_KIND: required');
    expect(problems({ CONNECTORS: 'psp', CONNECTOR_PSP_KIND: 'async-psp' })).toContain(
      'CONNECTOR_PSP_URL: required',
    );
    expect(
      problems({
        CONNECTORS: 'psp',
        CONNECTOR_PSP_KIND: 'async-psp',
        CONNECTOR_PSP_URL: 'http://127.0.0.1:1',
        CONNECTOR_PSP_WEBHOOK_SECRET: 'short',
      }),
    ).toContain('CONNECTOR_PSP_WEBHOOK_SECRET: required');
    expect(problems({ DEFAULT_CONNECTOR: 'psp' })).toContain('DEFAULT_CONNECTOR: "psp" is no');
  });

  it('production: a named default connector needs no CASHDESK_PROVIDER; a named sandbox is refused', () => {
    const production = {
      CASHDESK_MODE: 'production',
      CASHDESK_SECRET: 'a-long-enough-secret',
      CONNECTORS: 'psp',
      DEFAULT_CONNECTOR: 'psp',
      CONNECTOR_PSP_KIND: 'async-psp',
      CONNECTOR_PSP_URL: 'https://psp.example.com',
      CONNECTOR_PSP_WEBHOOK_SECRET: 'a-webhook-secret-1',
    };
    expect(loadConfig(production).connectors.list.map((connector) => connector.name)).toEqual([
      'psp',
    ]);
    expect(() =>
      loadConfig({ ...production, CONNECTORS: 'psp,play', CONNECTOR_PLAY_KIND: 'sandbox' }),
    ).toThrow('a sandbox connector (play) is refused in production mode');
    expect(
      loadConfig({
        ...production,
        CONNECTORS: 'psp,play',
        CONNECTOR_PLAY_KIND: 'sandbox',
        CASHDESK_ALLOW_SANDBOX_IN_PRODUCTION: 'true',
      }).connectors.defaultName,
    ).toBe('psp');
  });

  it('reads the client reports per address and their retention, and refuses a retention of 0 days', () => {
    const config = loadConfig({
      CLIENT_REPORTS_PER_ADDRESS: '5',
      CLIENT_REPORT_RETENTION_DAYS: '7',
    });
    expect(config.security.rateLimits.clientReportsPerAddress).toBe(5);
    expect(config.clientReports).toEqual({ retentionDays: 7 });
    expect(loadConfig({}).clientReports).toEqual({ retentionDays: 30 });
    expect(() => loadConfig({ CLIENT_REPORT_RETENTION_DAYS: '0' })).toThrow(
      /CLIENT_REPORT_RETENTION_DAYS/,
    );
  });

  it('every variable the server reads is in the configuration table of docs/configuration.md', () => {
    const table = readFileSync(path.join(REPO_ROOT, 'docs', 'configuration.md'), 'utf8');
    const listed = new Set([...table.matchAll(/^\| `([A-Z_]+)`/gm)].map((match) => match[1]));
    expect(CONFIG_VARIABLES.length).toBeGreaterThan(30);
    expect(CONFIG_VARIABLES.filter((name) => !listed.has(name))).toEqual([]);
    expect([...listed].filter((name) => !CONFIG_VARIABLES.includes(name ?? ''))).toEqual([]);
  });
});
