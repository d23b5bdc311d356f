/**
 * Starts the cashier-service: reads the environment, opens the database (PGlite under
 * DATA_DIR/pglite, or PostgreSQL with DATABASE_URL) and runs its migrations, seeds the demo brands
 * when they are missing, serves the built widget when there is one (WIDGET_DIR), listens, and
 * prints the address. SIGINT/SIGTERM close it cleanly.
 *
 * `npm start -w @cashdesk/server`
 *
 * @packageDocumentation
 */
import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/open';
import { seedDatabase } from './db/seed';
import { serveWidget } from './http/widget-static';

async function main(): Promise<void> {
  const config = loadConfig();
  // Checked before the database opens, so a wrong WIDGET_DIR fails fast with its own message.
  const widget = config.widgetDir === undefined ? undefined : serveWidget(config.widgetDir);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const seeded = await seedDatabase(database.db);
  const app = await createApp({
    db: database.db,
    config,
    extraRoutes: widget === undefined ? [] : [widget],
  });
  const address = await app.listen({ port: config.port, host: config.host });
  const seedNote = seeded.created.length > 0 ? `; seeded ${seeded.created.join(', ')}` : '';
  process.stdout.write(
    `Cashdesk cashier-service (${config.mode}, ${database.kind}${seedNote}) listening on ${address}\n` +
      `  widget: ${config.widgetUrl}  public: ${config.publicUrl}\n` +
      `  serving the widget: ${config.widgetDir ?? 'no (API only: build packages/widget or set WIDGET_DIR)'}\n`,
  );

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app
      .close()
      .then(() => database.close())
      .then(
        () => process.exit(0),
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
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Cashdesk server failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
