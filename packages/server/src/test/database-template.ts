/**
 * One migrated and seeded database per test run, copied for every test database instead of
 * migrating and seeding each one (a fresh PGlite's initdb and migrations took about 3 s of every
 * test file's set-up; loading a dumped data directory takes a fraction of that).
 *
 * - PGlite: global-setup.ts dumps a migrated and seeded in-memory PGlite to a file once per run;
 *   each test database is a new in-memory PGlite loaded from it.
 * - PostgreSQL (TEST_DATABASE_URL): global-setup.ts makes a migrated and seeded template database
 *   once per run; each test database is `CREATE DATABASE … TEMPLATE` it.
 *
 * Without the global set-up (a file run by other means), the PGlite dump is made in the process
 * on first use and PostgreSQL databases are migrated and seeded one by one, as before.
 *
 * @packageDocumentation
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { createPostgresDatabase } from './postgres-database';
import type { ScratchDatabase } from './postgres-database';
import { openDatabase } from '../db/open';
import { seedDatabase } from '../db/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated and seeded PGlite data directory (tarball), if made. */
    seededPgliteFile: string | undefined;
    /** The name of a migrated and seeded PostgreSQL template database, if made. */
    seededPostgresTemplate: string | undefined;
  }
}

/** A migrated and seeded in-memory PGlite, dumped (what `openDatabase`'s `from` takes). */
export async function dumpSeededPglite(): Promise<Blob> {
  const opened = await openDatabase({ inMemory: true });
  try {
    await seedDatabase(opened.db);
    if (opened.dump === undefined) throw new Error('an in-memory PGlite can always be dumped');
    return await opened.dump();
  } finally {
    await opened.close();
  }
}

/**
 * For a global set-up: dumps a migrated and seeded PGlite to a temporary file and provides it to
 * the project's test files ({@link seededPgliteDump}); the returned function removes the file.
 */
export async function provideSeededPglite(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cashdesk-seeded-'));
  const file = path.join(dir, 'pglite.tar');
  const dump = await dumpSeededPglite();
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('seededPgliteFile', file);
  return () => rm(dir, { recursive: true, force: true });
}

/**
 * What the global set-up provided, or undefined outside a test run (a benchmark starting test
 * servers makes its own database).
 */
function provided<K extends 'seededPgliteFile' | 'seededPostgresTemplate'>(
  key: K,
): ReturnType<typeof inject<K>> | undefined {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

let seededPglite: Promise<Blob> | undefined;

/** The run's migrated and seeded PGlite data directory (read once per test file). */
export function seededPgliteDump(): Promise<Blob> {
  seededPglite ??= (async () => {
    const file = provided('seededPgliteFile');
    return file === undefined ? dumpSeededPglite() : new Blob([await readFile(file)]);
  })();
  return seededPglite;
}

/** The run's PostgreSQL template database, when the global set-up made one. */
export function seededPostgresTemplate(): string | undefined {
  return provided('seededPostgresTemplate');
}

/**
 * A migrated and seeded template database on the server of `adminUrl`, nobody connected to it
 * (PostgreSQL copies a template only then).
 */
export async function createSeededPostgresTemplate(adminUrl: string): Promise<ScratchDatabase> {
  const created = await createPostgresDatabase(adminUrl, 'cashdesk_template');
  try {
    const opened = await openDatabase({ url: created.url, poolSize: 1 });
    try {
      await seedDatabase(opened.db);
    } finally {
      await opened.close();
    }
  } catch (error) {
    await created.drop();
    throw error;
  }
  return created;
}
