import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/*', 'scripts', 'bench', 'e2e'],
    // One worker per core (Vitest's default leaves one core to itself, which on a two-core
    // machine ran every file on one core while the other waited).
    maxWorkers: availableParallelism(),
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
