import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    setupFiles: ['../../scripts/vitest-assertion-count.ts'],
    include: ['src/**/*.test.ts'],
    // Integration tests start a real server on a real database: give them room on a slow machine.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
