/**
 * Migrating before a rollout. `migrate` (src/migrate.ts) applies the migrations and
 * exits; a server started with MIGRATE_ON_START=false runs none and refuses to start on a schema
 * behind its code; what is pending is read from drizzle's own record (db/migrations.ts).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  SchemaBehindError,
  assertMigrated,
  committedMigrations,
  migrationStatus,
} from '../db/migrations';
import { openDatabase } from '../db/open';
import { createPostgresDatabase, postgresAdminUrl } from './harness';
import { startServerProcess } from './server-process';
import { processArgs } from './process-build';

const SOURCE = fileURLToPath(new URL('../', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const ADMIN_URL = postgresAdminUrl();

const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cashdesk-migrate-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

interface Exited {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs one of the server's commands from its sources with `env` and waits for its exit. */
async function run(command: string, env: Readonly<Record<string, string>>): Promise<Exited> {
  const child = spawn(process.execPath, processArgs(path.join(SOURCE, command)), {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, stdout, stderr };
}

describe('which migrations a database has', () => {
  const tags = committedMigrations().map((migration) => migration.tag);

  it('reads the committed migrations from the journal, oldest first', () => {
    expect(tags.length).toBeGreaterThanOrEqual(3);
    expect(tags[0]).toBe('0000_init');
  });

  // drizzle applies only migrations newer than the newest one a database has: one numbered after
  // another but timestamped before it (two branches, each adding one) is skipped where the other ran.
  it('numbers the migrations in the order of their timestamps, so none is ever skipped', () => {
    const byNumber = [...tags].sort();
    expect(tags).toEqual(byNumber);
    const whens = committedMigrations().map((migration) => migration.when);
    expect(new Set(whens).size).toBe(whens.length);
    expect(new Set(tags.map((tag) => tag.slice(0, 4))).size).toBe(tags.length);
  });

  // One PGlite for the whole story (each takes seconds to start on this machine).
  it('a new database has every migration pending, none after migrate(), a newer one pending, and a closed one no answer', async () => {
    const database = await openDatabase({ inMemory: true, migrate: false });
    cleanups.push(() => database.close());
    expect(await migrationStatus(database.db)).toEqual({ applied: 0, pending: tags });
    await expect(assertMigrated(database.db)).rejects.toThrow(SchemaBehindError);

    // migrate() answers what it applied; a second call finds nothing to do.
    expect(await database.migrate()).toEqual(tags);
    expect(await database.migrate()).toEqual([]);
    expect(await migrationStatus(database.db)).toEqual({ applied: tags.length, pending: [] });
    await expect(assertMigrated(database.db)).resolves.toBeUndefined();

    // A new version whose migration has not been applied yet.
    const newer = [...committedMigrations(), { tag: '9999_next', when: Date.now() + 60_000 }];
    expect(await migrationStatus(database.db, newer)).toEqual({
      applied: tags.length,
      pending: ['9999_next'],
    });

    await database.close();
    await expect(migrationStatus(database.db)).rejects.toThrow();
  });
});

describe('migrate, then start with MIGRATE_ON_START=false', () => {
  it('refuses to start on a database without its migrations, naming them and the command', async () => {
    const dir = await dataDir();
    const started = await run('main.ts', { DATA_DIR: dir, MIGRATE_ON_START: 'false' });
    expect(started.code).toBe(1);
    expect(started.stderr).toContain('The database schema is behind this server');
    expect(started.stderr).toContain('0000_init');
    expect(started.stderr).toContain('npm run migrate');
    expect(started.stdout).not.toContain('listening');
  });

  it('`migrate` applies them and exits 0, a second run has nothing to do, and the server then starts', async () => {
    const dir = await dataDir();
    const first = await run('migrate.ts', { DATA_DIR: dir });
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/applied 0000_init, .*; up to date/);
    const second = await run('migrate.ts', { DATA_DIR: dir });
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('up to date, all');

    const server = await startServerProcess({
      env: { DATA_DIR: dir, MIGRATE_ON_START: 'false', LOG_LEVEL: 'warn' },
    });
    cleanups.push(() => server.kill());
    const ready = await fetch(`${server.baseUrl}/healthz`);
    expect(ready.status).toBe(200);
    await server.kill('SIGTERM');
    // Three processes started through tsx, each loading the whole server: a loaded machine took
    // over 30 s for them (the project's default), so this test's guard is wider.
  }, 120_000);

  it('a bad environment is refused by `migrate` with the variable named', async () => {
    const exited = await run('migrate.ts', { DATABASE_URL: 'mysql://nowhere' });
    expect(exited.code).toBe(1);
    expect(exited.stderr).toContain('DATABASE_URL must start with postgres://');
  });
});

describe.runIf(ADMIN_URL !== undefined)(
  'migrate commands at once on one PostgreSQL database (needs TEST_DATABASE_URL)',
  () => {
    it('all succeed under the advisory lock, the database is migrated once, and only one says it applied them', async () => {
      if (ADMIN_URL === undefined) throw new Error('no PostgreSQL');
      const created = await createPostgresDatabase(ADMIN_URL);
      cleanups.push(created.drop);
      const runs = await Promise.all(
        Array.from({ length: 3 }, () => run('migrate.ts', { DATABASE_URL: created.url })),
      );
      expect(runs.map((exited) => exited.code)).toEqual([0, 0, 0]);
      const said = runs.map((exited) => (/: applied /.test(exited.stdout) ? 'applied' : 'none'));
      expect(said.sort()).toEqual(['applied', 'none', 'none']);
      expect(runs.filter((exited) => exited.stdout.includes('up to date, all'))).toHaveLength(2);
      const database = await openDatabase({ url: created.url, migrate: false, poolSize: 1 });
      cleanups.push(() => database.close());
      expect(await migrationStatus(database.db)).toMatchObject({ pending: [] });
    });
  },
);
