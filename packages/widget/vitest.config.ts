import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'widget',
    environment: 'jsdom',
    // Each file still gets a fresh module graph and jsdom (isolate); a worker thread per file
    // starts faster than a child process (137 s against 162 s for this project, measured one
    // after the other on two cores).
    pool: 'threads',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['../../scripts/vitest-assertion-count.ts', './src/test/setup.ts'],
    // Room for a loaded machine (findBy* waits up to 30 s, see src/test/setup.ts); no test here
    // is bounded by wall-clock time.
    testTimeout: 60_000,
  },
});
