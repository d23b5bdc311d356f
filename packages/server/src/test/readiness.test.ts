/**
 * GET /readyz (modules/service/routes/readiness.ts, http/readiness.ts) answers 200 only when the
 * database answers and has every migration, and 503 naming what is not ready: migrations pending,
 * the database gone, the server shutting down. GET /healthz stays 200 through all of it: it is
 * liveness, not readiness.
 *
 * One database for the whole story (a PGlite takes seconds to start on this machine): it starts
 * unmigrated, is migrated, then closed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { committedMigrations } from '../db/migrations';
import { openDatabase } from '../db/open';
import type { OpenDatabase } from '../db/open';
import { startTestServer } from './harness';
import type { TestServer } from './harness';

let database: OpenDatabase;
let server: TestServer;
const tags = committedMigrations().map((migration) => migration.tag);

beforeAll(async () => {
  database = await openDatabase({ inMemory: true, migrate: false });
  server = await startTestServer({
    database: { db: database.db, kind: database.kind, close: () => database.close() },
  });
});

afterAll(async () => {
  await server.close();
  await database.close();
});

async function probe(path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${server.baseUrl}${path}`);
  return { status: response.status, body: await response.json() };
}

describe('the readiness probe', () => {
  it('is 503 while migrations are pending, naming them; /healthz is 200', async () => {
    expect(await probe('/readyz')).toEqual({
      status: 503,
      body: {
        status: 'not_ready',
        not_ready: ['migrations'],
        database: 'ok',
        migrations: { applied: 0, pending: tags },
      },
    });
    expect(await probe('/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
  });

  it('is 200 once the database has every migration, and never cached', async () => {
    await database.migrate();
    const response = await fetch(`${server.baseUrl}/readyz`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({
      status: 'ready',
      not_ready: [],
      database: 'ok',
      migrations: { applied: tags.length, pending: [] },
    });
  });

  it('is 503 when the database does not answer; /healthz is still 200', async () => {
    await database.close();
    const answer = await probe('/readyz');
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({
      status: 'not_ready',
      not_ready: ['database'],
      migrations: null,
    });
    expect(answer.body).toHaveProperty('database', expect.stringMatching(/^unavailable \(.+\)$/));
    expect(await probe('/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
    expect(server.logs()).toContain('"msg":"not ready"');
  });

  it('is 503 from the moment shutdown begins, and app.close() begins it', async () => {
    expect(server.app.readiness.shuttingDown).toBe(false);
    server.app.readiness.markShuttingDown();
    const answer = await probe('/readyz');
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ not_ready: ['database', 'shutting_down'] });

    // A second app on a database of its own: close() alone marks it.
    const other = await startTestServer();
    expect(other.app.readiness.shuttingDown).toBe(false);
    await other.close();
    expect(other.app.readiness.shuttingDown).toBe(true);
  });
});
