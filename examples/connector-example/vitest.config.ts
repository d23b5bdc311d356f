import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'connector-example',
    environment: 'node',
    setupFiles: ['../../scripts/vitest-assertion-count.ts'],
    include: ['src/**/*.test.ts'],
    // The conformance suite starts the PSP simulator as a child process from its sources.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
