import { describe, expect, it } from 'vitest';
import { availableParallelism } from 'node:os';
import { loadConfig } from './load';

describe('operations: MIGRATE_ON_START, SHUTDOWN_TIMEOUT_MS, METRICS_TOKEN, WORKERS', () => {
  it('MIGRATE_ON_START, SHUTDOWN_TIMEOUT_MS and METRICS_TOKEN are checked', () => {
    expect(loadConfig({ MIGRATE_ON_START: 'true' }).operations.migrateOnStart).toBe(true);
    expect(loadConfig({ MIGRATE_ON_START: ' ' }).operations.migrateOnStart).toBe(true);
    expect(() => loadConfig({ MIGRATE_ON_START: 'no' })).toThrow(/MIGRATE_ON_START/);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '0' }).operations.shutdownTimeoutMs).toBe(0);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '5s' })).toThrow(
      'SHUTDOWN_TIMEOUT_MS: SHUTDOWN_TIMEOUT_MS must be a whole number',
    );
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      'METRICS_TOKEN: METRICS_TOKEN must be at least 16 characters',
    );
  });

  it('WORKERS runs that many server processes, one per core with auto, and needs PostgreSQL', () => {
    const postgres = { DATABASE_URL: 'postgres://cashdesk@127.0.0.1/cashdesk' };
    expect(loadConfig({}).operations.workers).toBe(1);
    expect(loadConfig({ ...postgres, WORKERS: '4' }).operations.workers).toBe(4);
    expect(loadConfig({ ...postgres, WORKERS: 'auto' }).operations.workers).toBe(
      Math.max(1, availableParallelism()),
    );
    expect(loadConfig({ WORKERS: '1' }).operations.workers).toBe(1);
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(
      'WORKERS: more than one server process needs PostgreSQL (DATABASE_URL)',
    );
    for (const bad of ['0', '-1', 'two', '1.5']) {
      expect(() => loadConfig({ ...postgres, WORKERS: bad })).toThrow(/WORKERS must be auto or/);
    }
    expect(() => loadConfig({ ...postgres, WORKERS: '65' })).toThrow(
      'WORKERS: at most 64 server processes',
    );
  });
});
