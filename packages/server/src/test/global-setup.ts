/**
 * Vitest global set-up of the server tests, made once per run and removed when it ends:
 * - the run's migrated and seeded database, copied by every test database
 *   (database-template.ts): on PostgreSQL (TEST_DATABASE_URL) a template database, otherwise a
 *   PGlite dump in a temporary file;
 * - the programs tests start as processes, built (process-build.ts).
 */
import type { TestProject } from 'vitest/node';
import { createSeededPostgresTemplate, provideSeededPglite } from './database-template';
import { postgresAdminUrl } from './harness';
import { provideProcessBuild } from './process-build';

async function provideDatabase(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = postgresAdminUrl();
  if (adminUrl !== undefined) {
    const template = await createSeededPostgresTemplate(adminUrl);
    project.provide('seededPostgresTemplate', template.name);
    return () => template.drop();
  }
  return provideSeededPglite(project);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const teardowns = await Promise.all([provideDatabase(project), provideProcessBuild(project)]);
  return async () => {
    await Promise.all(teardowns.map((teardown) => teardown()));
  };
}
