/**
 * Vitest global set-up of the server tests: the run's migrated and seeded database, made once and
 * copied by every test database (database-template.ts). On PostgreSQL (TEST_DATABASE_URL) a
 * template database, dropped when the run ends; otherwise a PGlite dump in a temporary file.
 */
import type { TestProject } from 'vitest/node';
import { createSeededPostgresTemplate, provideSeededPglite } from './database-template';
import { postgresAdminUrl } from './harness';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = postgresAdminUrl();
  if (adminUrl !== undefined) {
    const template = await createSeededPostgresTemplate(adminUrl);
    project.provide('seededPostgresTemplate', template.name);
    return () => template.drop();
  }
  return provideSeededPglite(project);
}
