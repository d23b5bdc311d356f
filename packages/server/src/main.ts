/**
 * Starts the cashier-service: reads the environment, opens the database (PGlite under
 * DATA_DIR/pglite, or PostgreSQL with DATABASE_URL) and runs its migrations (with
 * MIGRATE_ON_START=false it runs none and refuses to start while any is pending: src/migrate.ts
 * applies them), seeds the demo brands when they are missing (never in production), serves the
 * built widget when there is one (WIDGET_DIR), starts the payment reconciler and (with WEBHOOK_URL)
 * the webhook dispatcher, listens, and prints the address. SIGINT/SIGTERM close it cleanly: the
 * requests in flight finish (within SHUTDOWN_TIMEOUT_MS), then the reconciler and the dispatcher
 * stop and the database closes (shutdown.ts).
 *
 * With WORKERS above 1 (PostgreSQL only) this process prepares the database once and then runs
 * that many server processes on the one port (cluster.ts); each worker runs the rest of this file
 * without migrating or seeding again.
 *
 * `npm start -w @cashdesk/server`
 *
 * @packageDocumentation
 */
import cluster from 'node:cluster';
import { createApp } from './app';
import { announceListening, isClusterWorker, runPrimary } from './cluster';
import { configuredDatabase, loadConfig } from './config';
import type { ServerConfig } from './config';
import { assertMigrated } from './db/migrations';
import { startupFailureMessage } from './startup-failure';
import { openDatabase } from './db/open';
import { seedDatabase } from './db/seed';
import { disableDemoStaff } from './modules/staff';
import { serveWidget } from './http/widget-static';
import { startReconciler } from './modules/payments';
import { startWebhookDispatcher } from './modules/webhooks';
import { startClientReportPruner } from './modules/widget-reports';
import { DATABASE_CLOSE_GRACE_MS, shutDown } from './shutdown';

/**
 * Opens the database as configured: migrated (MIGRATE_ON_START, the default) or checked to be
 * (MIGRATE_ON_START=false: `npm run migrate` ran before the rollout; a schema behind is refused),
 * and seeded outside production. A cluster's primary does it once for its workers.
 */
async function prepareDatabase(config: ServerConfig) {
  const database = await openDatabase({
    ...configuredDatabase(config),
    migrate: config.operations.migrateOnStart,
  });
  if (!config.operations.migrateOnStart) {
    await assertMigrated(database.db).catch(async (error: unknown) => {
      await database.close();
      throw error;
    });
  }
  const seeded = config.seedDemoData ? await seedDatabase(database.db) : { created: [] };
  // The demo staff's password and codes are published: no server without the demo lets them in.
  if (!config.seedDemoData) await disableDemoStaff(database.db);
  return { database, seeded };
}

/** WORKERS > 1: the database once, then the server processes until a signal stops them. */
async function primary(config: ServerConfig): Promise<void> {
  const { database } = await prepareDatabase(config);
  await database.close();
  const code = await runPrimary({
    workers: config.operations.workers,
    // A worker drains for SHUTDOWN_TIMEOUT_MS, then closes its database within its grace.
    stopTimeoutMs: config.operations.shutdownTimeoutMs + DATABASE_CLOSE_GRACE_MS + 2_000,
  });
  process.exit(code);
}

async function main(): Promise<void> {
  const config = loadConfig();
  // Checked before the database opens, so a wrong WIDGET_DIR fails fast with its own message.
  const widget = config.widgetDir === undefined ? undefined : serveWidget(config.widgetDir);
  if (cluster.isPrimary && config.operations.workers > 1) {
    await primary(config);
    return;
  }
  // A worker's primary migrated (or checked) and seeded the database already.
  const { database, seeded } = isClusterWorker()
    ? {
        database: await openDatabase({ ...configuredDatabase(config), migrate: false }),
        seeded: { created: [] },
      }
    : await prepareDatabase(config);
  const app = await createApp({
    db: database.db,
    config,
    extraRoutes: widget === undefined ? [] : [widget],
    databasePool: database.pool,
  });
  for (const variable of config.unknownVariables) {
    app.log.warn(
      { variable },
      'environment variable named like a Cashdesk setting that no setting reads: misspelled? (docs/configuration.md lists every setting)',
    );
  }
  if (config.mode === 'production' && config.provider.kind === 'sandbox') {
    app.log.warn(
      'CASHDESK_ALLOW_SANDBOX_IN_PRODUCTION=true: production mode pays with the SANDBOX provider; no real money moves',
    );
    process.stderr.write(
      'WARNING: production mode with the sandbox payment provider (CASHDESK_ALLOW_SANDBOX_IN_PRODUCTION=true): no real money moves.\n',
    );
  }
  if (config.mode === 'production' && config.otp.kind === 'sandbox') {
    app.log.warn(
      'OTP_ALLOW_SANDBOX_IN_PRODUCTION=true: production mode writes every one-time code to the log',
    );
  }
  // Finishes what requests left behind (a crash, a lost answer), now and then on its timer.
  const reconciler = startReconciler(
    { ...app.cashdesk, log: app.log },
    config.payments.reconcileIntervalMs,
  );
  // Sends the webhook events to the operator (WEBHOOK_URL): now, on every commit, on its timer.
  const webhookUrl = config.webhooks.url;
  const webhooks =
    webhookUrl === undefined
      ? undefined
      : startWebhookDispatcher({
          db: database.db,
          clock: app.cashdesk.clock,
          settings: { ...config.webhooks, url: webhookUrl },
          log: app.log,
          metrics: app.cashdesk.metrics,
        });
  // Deletes the client reports older than CLIENT_REPORT_RETENTION_DAYS, now and hourly.
  const clientReports = startClientReportPruner({
    db: database.db,
    clock: app.cashdesk.clock,
    retentionDays: config.clientReports.retentionDays,
    log: app.log,
  });
  // Registered before the address is printed: whoever reads that line may signal at once, and
  // a signal before its handler exists would kill the process without closing it.
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Drains the requests in flight, then stops the reconciler, then closes the database.
    shutDown(
      { app, reconciler, webhooks, clientReports, database },
      config.operations.shutdownTimeoutMs,
    ).then(
      (outcome) => process.exit(outcome === 'clean' ? 0 : 1),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => {
    shutdown('SIGINT');
  });
  process.once('SIGTERM', () => {
    shutdown('SIGTERM');
  });
  const address = await app.listen({ port: config.port, host: config.host });
  const seedNote = seeded.created.length > 0 ? `; seeded ${seeded.created.join(', ')}` : '';
  const otpNote =
    config.otp.kind === 'http'
      ? config.otp.url
      : config.otp.kind === 'sandbox'
        ? 'sandbox (the log and the demo page)'
        : 'none: codes cannot be sent (set OTP_SENDER=http)';
  const metricsNote =
    config.operations.metricsToken !== undefined
      ? 'with the METRICS_TOKEN bearer token'
      : config.mode === 'production'
        ? 'off: set METRICS_TOKEN'
        : 'open in sandbox mode';
  announceListening(
    `Cashdesk cashier-service (${config.mode}, ${database.kind}${seedNote}) listening on ${address}\n` +
      `  widget: ${config.widgetUrl}  public: ${config.publicUrl}\n` +
      `  serving the widget: ${config.widgetDir ?? 'no (API only: build packages/widget or set WIDGET_DIR)'}\n` +
      `  back office: ${config.backOfficeDir === undefined ? 'no (build packages/back-office or set BACK_OFFICE_DIR)' : `${config.publicUrl.replace(/\/+$/, '')}/back-office`}\n` +
      `  payment provider: ${config.provider.kind === 'http' ? config.provider.url : 'sandbox'}\n` +
      `  connectors: ${config.connectors.list.map((connector) => `${connector.name} (${connector.kind})`).join(', ')}; default ${config.connectors.defaultName}\n` +
      `  wallet: ${config.wallet.kind === 'operator' ? `operator, ${new URL(config.wallet.url).origin}` : 'internal ledger'}\n` +
      `  one-time codes: ${otpNote}\n` +
      `  probes: /healthz (alive), /readyz (ready)  metrics: /metrics (${metricsNote})\n` +
      `  webhooks: ${webhookUrl === undefined ? 'recorded, not sent (no WEBHOOK_URL)' : `sent to ${new URL(webhookUrl).origin}`}\n` +
      // The host only: the URL may hold a password.
      `  rate limits: ${config.limitStore.kind === 'redis' ? `counted in Redis at ${new URL(config.limitStore.url).host}` : 'counted in the database'}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(startupFailureMessage('Cashdesk server failed to start', error));
  process.exit(1);
});
