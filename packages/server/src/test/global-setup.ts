/**
 * Vitest global set-up of the server tests: the run's migrated and seeded database, made once and
 * copied by every test database (database-template.ts). On PostgreSQL (TEST_DATABASE_URL) a
 * template database, dropped when the run ends; otherwise a PGlite dump in a temporary file.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createSeededPostgresTemplate, dumpSeededPglite } from './database-template';
import { postgresAdminUrl } from './harness';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = postgresAdminUrl();
  if (adminUrl !== undefined) {
    const template = await createSeededPostgresTemplate(adminUrl);
    project.provide('seededPostgresTemplate', template.name);
    return () => template.drop();
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'cashdesk-seeded-'));
  const file = path.join(dir, 'pglite.tar');
  const dump = await dumpSeededPglite();
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('seededPgliteFile', file);
  return () => rm(dir, { recursive: true, force: true });
}
