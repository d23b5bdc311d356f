/**
 * `checkA11y`: runs axe-core in a page (or one of its frames) and fails on any violation of
 * serious or critical impact (docs/architecture.md budget: zero of them on every screen), printing
 * each rule, its help address and the elements that break it.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type axe from 'axe-core';
import type { Frame, Page } from 'playwright-core';

declare global {
  interface Window {
    /** Set by axe.min.js once {@link checkA11y} injects it. */
    axe?: typeof axe;
  }
}

/** Impacts that fail a check. */
export const FAILING_IMPACTS: readonly string[] = ['serious', 'critical'];

/** One violation, as printed. */
export interface A11yViolation {
  readonly id: string;
  readonly impact: string;
  readonly help: string;
  readonly helpUrl: string;
  readonly targets: readonly string[];
  readonly summaries: readonly string[];
}

/** What {@link checkA11y} takes. */
export interface A11yOptions {
  /** CSS selectors to leave out (e.g. a third-party frame the test does not own). */
  readonly exclude?: readonly string[];
}

let axeSource: Promise<string> | undefined;

/** The axe-core bundle's text, read once from node_modules. */
async function loadAxeSource(): Promise<string> {
  axeSource ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

/** Readable lines for a list of violations. */
export function formatViolations(label: string, violations: readonly A11yViolation[]): string {
  const lines = [`${label}: ${violations.length} serious or critical accessibility violation(s)`];
  for (const violation of violations) {
    lines.push(`- [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})`);
    violation.targets.forEach((target, index) => {
      const summary = (violation.summaries[index] ?? '').replace(/\s+/g, ' ').trim();
      lines.push(`    ${target}${summary === '' ? '' : `\n      ${summary}`}`);
    });
  }
  return lines.join('\n');
}

/**
 * Injects axe-core into `target` (a page, or a frame such as the cashier iframe) and runs it on
 * the whole document.
 *
 * @returns every violation (any impact), for tests that want to look at the minor ones.
 * @throws {Error} listing the serious and critical violations, when there is any.
 */
export async function checkA11y(
  target: Page | Frame,
  label: string,
  options: A11yOptions = {},
): Promise<readonly A11yViolation[]> {
  const injected = await target.evaluate(() => typeof window.axe !== 'undefined');
  // Evaluated through the DevTools protocol rather than added as a <script>: the sandbox
  // provider pages forbid every script by their Content-Security-Policy, and must keep doing so.
  if (!injected) await target.evaluate(await loadAxeSource());
  const violations = await target.evaluate(async (exclude) => {
    const engine = window.axe;
    if (engine === undefined) throw new Error('axe-core did not load in the page');
    const results = await engine.run(
      { include: [document], exclude: [...exclude] },
      // Frames of other origins are tested in their own checkA11y call.
      { resultTypes: ['violations'], iframes: false },
    );
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      helpUrl: violation.helpUrl,
      targets: violation.nodes.map((node) => node.target.join(' ')),
      summaries: violation.nodes.map((node) => node.failureSummary ?? ''),
    }));
  }, options.exclude ?? []);
  const failing = violations.filter((violation) => FAILING_IMPACTS.includes(violation.impact));
  if (failing.length > 0) throw new Error(formatViolations(label, failing));
  return violations;
}
