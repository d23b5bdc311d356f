import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** The browser tests' project. */
const BROWSER_PROJECTS = ['e2e'];
/** Every other project. */
const OTHER_PROJECTS = ['packages/*', 'scripts', 'bench'];

/**
 * Set by `npm test` (scripts/run-checks.ts) to `browser` on a Vitest run of the browser tests
 * alone and to `others` on one of the rest, whose results and coverage it merges afterwards. A part
 * neither prints coverage nor checks its thresholds, which hold for the whole run only. The parts
 * choose their projects here rather than by `--project`: Vitest then still counts coverage from
 * the repository root, so files no test loads count as uncovered, as in a whole run.
 */
const PART = process.env.CASHDESK_VITEST_PART ?? '';
if (PART !== '' && PART !== 'browser' && PART !== 'others') {
  throw new Error(`CASHDESK_VITEST_PART is "browser", "others" or unset, not "${PART}"`);
}

function projectsOfPart(): string[] {
  if (PART === 'browser') return BROWSER_PROJECTS;
  if (PART === 'others') return OTHER_PROJECTS;
  return [...OTHER_PROJECTS, ...BROWSER_PROJECTS];
}

export default defineConfig({
  test: {
    projects: projectsOfPart(),
    // One worker per core (Vitest's default leaves one core to itself, which on a two-core
    // machine ran every file on one core while the other waited).
    maxWorkers: availableParallelism(),
    reporters: ['default', './scripts/vitest-summary-reporter.mjs'],
    coverage: {
      provider: 'v8',
      include: ['packages/*/src/**/*.{ts,tsx}'],
      exclude: ['**/*.test.{ts,tsx}', '**/test/**', '**/index.ts'],
      reporter: PART !== '' ? [] : ['text-summary', 'json-summary'],
      thresholds: PART !== '' ? {} : { 'packages/domain/src/**': { lines: 95 } },
    },
  },
});
