import { defineProject } from 'vitest/config';

// The back office's pure rules (formatting, filters, addresses); its screens are tested in real
// Chromium against the real server (e2e/back-office.test.ts).
export default defineProject({
  test: {
    name: 'back-office',
    environment: 'node',
    pool: 'threads',
    isolate: false,
    setupFiles: ['../../scripts/vitest-assertion-count.ts'],
    include: ['src/**/*.test.ts'],
  },
});
