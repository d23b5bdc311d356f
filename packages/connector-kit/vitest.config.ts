import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'connector-kit',
    environment: 'node',
    // No module state: one module graph per worker thread.
    pool: 'threads',
    isolate: false,
    setupFiles: ['../../scripts/vitest-assertion-count.ts'],
    include: ['src/**/*.test.ts'],
  },
});
