import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { coverageOfPart, partOf, projectsOfPart } from './scripts/vitest-parts';

/** Set by `npm test` (scripts/run-checks.ts); scripts/vitest-parts.ts says what each part runs. */
const PART = partOf(process.env.CASHDESK_VITEST_PART);

export default defineConfig({
  test: {
    projects: projectsOfPart(PART),
    // One worker per core (Vitest's default leaves one core to itself, which on a two-core
    // machine ran every file on one core while the other waited).
    maxWorkers: availableParallelism(),
    reporters: ['default', './scripts/vitest-summary-reporter.mjs'],
    coverage: coverageOfPart(PART),
  },
});
