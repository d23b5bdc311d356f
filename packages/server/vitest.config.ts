import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    setupFiles: ['../../scripts/vitest-assertion-count.ts'],
    include: ['src/**/*.test.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    // Files share a worker's module graph instead of importing fastify, drizzle and the app anew
    // for each file (that import was most of a small file's time). A test's state lives in its own
    // server and database (harness.ts), never in a module; module-level caches are keyed by
    // database.
    isolate: false,
    // Integration tests start a real server on a real database: give them room on a slow machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
