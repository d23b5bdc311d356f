import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'testkit',
    environment: 'node',
    setupFiles: ['../../scripts/vitest-assertion-count.ts'],
    include: ['src/**/*.test.ts'],
    // A test here starts a stand-in as a child process from its sources (no build of the
    // programs in this project): room for tsx on a loaded machine, no speed limit.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
