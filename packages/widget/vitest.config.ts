import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'widget',
    environment: 'jsdom',
    // Each file still gets a fresh module graph and jsdom, in a VM context of a worker thread that
    // lives on, rather than a new thread per file: 52.6 s and 92 CPU-seconds against 79.6 s and
    // 143 with a thread per file, and 162 s with a process per file (two cores, one after the
    // other). Sharing one graph across files (isolate: false) made 40 of them fail.
    pool: 'vmThreads',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['../../scripts/vitest-assertion-count.ts', './src/test/setup.ts'],
    // Room for a loaded machine (findBy* waits up to 30 s, see src/test/setup.ts); no test here
    // is bounded by wall-clock time.
    testTimeout: 60_000,
  },
});
