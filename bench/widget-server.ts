/**
 * The server the widget benches measure against: the real one (in-memory PGlite, seeded, sandbox
 * connector) serving a built widget folder, on a free port of 127.0.0.1.
 */
import {
  createApp,
  loadConfig,
  openDatabase,
  seedDatabase,
  serveWidget,
} from '../packages/server/src/index';

/** The real server (in-memory PGlite, seeded, sandbox) serving a built widget. */
export interface WidgetServer {
  readonly base: string;
  readonly close: () => Promise<void>;
}

export async function startWidgetServer(distDir: string): Promise<WidgetServer> {
  const database = await openDatabase({ inMemory: true });
  await seedDatabase(database.db);
  const config = loadConfig({
    CASHDESK_MODE: 'sandbox',
    LOG_LEVEL: 'warn',
    PORT: '0',
    HOST: '127.0.0.1',
  });
  const app = await createApp({ db: database.db, config, extraRoutes: [serveWidget(distDir)] });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    base,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
