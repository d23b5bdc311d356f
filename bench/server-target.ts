/**
 * The process `bench/server.ts` measures: the real cashier-service on a fresh in-memory PGlite
 * (or DATABASE_URL), seeded, with logging off, plus a bare Fastify route as the yardstick, each on
 * its own ephemeral port. Prints one JSON line with the addresses and a session, then serves until
 * killed.
 */
import Fastify from 'fastify';
import { loadConfig } from '../packages/server/src/config';
import { createApp } from '../packages/server/src/app';
import { openDatabase } from '../packages/server/src/db/open';
import { seedDatabase } from '../packages/server/src/db/seed';
import { createSession } from '../packages/server/src/services/sessions';
import { createLogger } from '../packages/server/src/http/logger';

// One session submits at load-test rates: its per-session money-call limit (issue 13) is lifted,
// so the figures measure the submit, not the 429 that a player would get long before.
const config = loadConfig({
  MONEY_CALLS_PER_SESSION: '1000000',
  ...process.env,
  LOG_LEVEL: 'silent',
});
const databaseUrl = process.env.DATABASE_URL;
const database = await openDatabase(
  databaseUrl === undefined ? { inMemory: true } : { url: databaseUrl },
);
await seedDatabase(database.db);
const app = await createApp({ db: database.db, config, logger: createLogger({ level: 'silent' }) });
const appAddress = await app.listen({ port: 0, host: '127.0.0.1' });

const bare = Fastify({ logger: false });
bare.get('/bare', () => ({ ok: true }));
const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });

const session = await createSession(
  database.db,
  { lifetimeMs: config.sessionLifetimeMs, widgetUrl: config.widgetUrl },
  {
    player: 'demo',
    flow: 'deposit',
    currency: 'EUR',
    language: 'en',
    brand: 'brand0',
  },
);

process.stdout.write(
  `${JSON.stringify({ appAddress, bareAddress, sessionId: session.session_id, kind: database.kind })}\n`,
);
