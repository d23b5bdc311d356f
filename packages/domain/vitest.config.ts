import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'domain',
    environment: 'node',
    setupFiles: ['../../scripts/vitest-assertion-count.ts'],
    include: ['src/**/*.test.ts'],
    // Property tests (fast-check, each with an explicit numRuns) take as long as a loaded machine
    // needs: no domain test is bounded by wall-clock time, only a hung one is stopped.
    testTimeout: 120_000,
  },
});
