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
    // Integration tests start a real server on a real database, some as processes: give them room
    // on a loaded machine (30 s was missed by a server process starting at a load of 20 on two
    // cores). A passing test never waits for these.
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
