/**
 * The parts `npm test` (run-checks.ts) runs at once, each a Vitest run of its own that writes a
 * blob report, merged afterwards into one count and one coverage: what each part runs and how it
 * counts coverage. vitest.config.ts reads the part from `CASHDESK_VITEST_PART`; unset (a plain
 * `vitest run`), every project runs in one run.
 *
 * - `browser`: the browser tests;
 * - `widget`: the widget's tests, with the istanbul coverage provider. V8's coverage counts every
 *   block of every script the tests run, and the widget's run React, React DOM and jsdom: with it
 *   the widget's tests took 136 CPU-s instead of 73; istanbul counts only the widget's own
 *   instrumented sources, 98 CPU-s (docs/decisions/0097-widget-coverage-by-istanbul.md);
 * - `others`: every other project, with V8's coverage, which costs the server's tests little.
 *
 * The widget's part counts coverage of the widget's sources, the others of all but those, so the
 * merged coverage holds each file counted by one provider only. A part neither prints coverage
 * nor checks its thresholds, which hold for the whole run. The parts choose their projects here
 * rather than by `--project`: Vitest then still counts coverage from the repository root, so
 * files no test loads count as uncovered, as in a whole run.
 *
 * @packageDocumentation
 */
import { readdirSync } from 'node:fs';
import type { CoverageOptions } from 'vitest/node';

/** The parts, in the order run-checks.ts names them. */
export const VITEST_PARTS = ['others', 'browser', 'widget'] as const;
/** One of {@link VITEST_PARTS}. */
export type VitestPart = (typeof VITEST_PARTS)[number];

/** Where coverage is counted: every package's sources, tests and entry files aside. */
const COVERAGE_INCLUDE = ['packages/*/src/**/*.{ts,tsx}'];
const COVERAGE_EXCLUDE = ['**/*.test.{ts,tsx}', '**/test/**', '**/index.ts'];
/** The widget's sources, counted by its part alone. */
export const WIDGET_SOURCES = 'packages/widget/src/**';

/** The part `value` (CASHDESK_VITEST_PART) names; `undefined` when unset or empty. */
export function partOf(value: string | undefined): VitestPart | undefined {
  if (value === undefined || value === '') return undefined;
  const part = VITEST_PARTS.find((candidate) => candidate === value);
  if (part === undefined) {
    throw new Error(
      `CASHDESK_VITEST_PART is one of ${VITEST_PARTS.join(', ')} or unset, not "${value}"`,
    );
  }
  return part;
}

/**
 * Every package but the widget, with the example connector's, the scripts' and the benchmarks'
 * own tests.
 */
function otherProjects(): string[] {
  const packages = readdirSync(new URL('../packages', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'widget')
    .map((entry) => `packages/${entry.name}`);
  // The example connector runs the connector kit's conformance suite on itself.
  return [...packages, 'examples/connector-example', 'scripts', 'bench'];
}

/** The Vitest projects a part runs (every project without one). */
export function projectsOfPart(part: VitestPart | undefined): string[] {
  switch (part) {
    case 'browser':
      return ['e2e'];
    case 'widget':
      return ['packages/widget'];
    case 'others':
      return otherProjects();
    case undefined:
      return [...otherProjects(), 'packages/widget', 'e2e'];
  }
}

/** How a part counts coverage (a whole run: V8's, reported and held to the thresholds). */
export function coverageOfPart(part: VitestPart | undefined): CoverageOptions {
  const reporting =
    part === undefined
      ? {
          reporter: ['text-summary', 'json-summary'],
          thresholds: { 'packages/domain/src/**': { lines: 95 } },
        }
      : { reporter: [], thresholds: {} };
  if (part === 'widget') {
    return {
      provider: 'istanbul',
      include: [`${WIDGET_SOURCES}/*.{ts,tsx}`],
      exclude: COVERAGE_EXCLUDE,
      ...reporting,
    };
  }
  return {
    provider: 'v8',
    include: COVERAGE_INCLUDE,
    // Beside the widget's part, the widget's files are its alone (one provider per file).
    exclude: [...COVERAGE_EXCLUDE, ...(part === undefined ? [] : [WIDGET_SOURCES])],
    ...reporting,
  };
}
