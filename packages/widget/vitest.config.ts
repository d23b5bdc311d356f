import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'widget',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['../../scripts/vitest-assertion-count.ts', './src/test/setup.ts'],
    // Room for a loaded machine (findBy* waits up to 30 s, see src/test/setup.ts); no test here
    // is bounded by wall-clock time.
    testTimeout: 60_000,
  },
});
