import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/*', 'scripts', 'bench', 'e2e'],
    reporters: ['default', './scripts/vitest-summary-reporter.mjs'],
    coverage: {
      provider: 'v8',
      include: ['packages/*/src/**/*.{ts,tsx}'],
      exclude: ['**/*.test.{ts,tsx}', '**/test/**', '**/index.ts'],
      reporter: ['text-summary', 'json-summary'],
      thresholds: {
        'packages/domain/src/**': { lines: 95 },
      },
    },
  },
});
