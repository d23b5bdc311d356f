import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// Runs dependency-cruiser with the repository's own .dependency-cruiser.cjs on the tiny tree of
// fixtures/dependency-rules/ (a packages/ and an examples/ folder with one violation of each rule, marked
// "Violation:" in the file, beside allowed imports) and checks that each rule fails there.
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FIXTURES = fileURLToPath(new URL('./fixtures/dependency-rules/', import.meta.url));
const DEPCRUISE = `${ROOT}node_modules/dependency-cruiser/bin/dependency-cruise.mjs`;
/** One child process that parses about thirty files: room for a loaded machine, no speed limit. */
const CRUISE_TIMEOUT_MS = 120_000;

interface Violation {
  readonly from: string;
  readonly to: string;
  readonly rule: { readonly name: string };
}

async function cruiseFixtures(): Promise<readonly Violation[]> {
  const args = [DEPCRUISE, 'packages', 'examples', '--config', `${ROOT}.dependency-cruiser.cjs`];
  // It exits non-zero when it finds violations, which is what these fixtures are for.
  const output = await promisify(execFile)(process.execPath, [...args, '--output-type', 'json'], {
    cwd: FIXTURES,
    maxBuffer: 16 * 1024 * 1024,
  }).catch((error: unknown) => {
    if (error instanceof Error && 'stdout' in error && typeof error.stdout === 'string') {
      return { stdout: error.stdout };
    }
    throw error;
  });
  const result: unknown = JSON.parse(output.stdout);
  if (typeof result !== 'object' || result === null || !('summary' in result)) {
    throw new Error('dependency-cruiser printed no summary');
  }
  const summary = result.summary;
  if (typeof summary !== 'object' || summary === null || !('violations' in summary)) {
    throw new Error('dependency-cruiser printed no violations list');
  }
  const violations: unknown = summary.violations;
  if (!Array.isArray(violations)) throw new Error('violations is not a list');
  return violations.map((entry: Violation) => ({
    from: entry.from,
    to: entry.to,
    rule: { name: entry.rule.name },
  }));
}

const edge = (violation: Violation): string =>
  `${violation.rule.name}: ${violation.from.replace(/^packages\//, '')} -> ${violation.to.replace(/^packages\//, '')}`;

describe('the dependency rules (.dependency-cruiser.cjs)', () => {
  it(
    'fail on each kind of violation and on nothing else',
    async () => {
      const found = (await cruiseFixtures()).map(edge).sort();
      expect(found).toEqual(
        [
          'connector-imports-only-the-kit: examples/connector/src/index.ts -> server/src/server.ts',
          'connector-kit-on-domain-only: connector-kit/src/uses-server.ts -> server/src/server.ts',
          'contract-on-domain-only: contract/src/uses-server.ts -> server/src/server.ts',
          'domain-is-pure: domain/src/uses-contract.ts -> contract/src/schema.ts',
          'domain-testing-entry-in-tests-only: server/src/uses-domain-testing.ts -> domain/src/testing.ts',
          'embed-not-widget-or-server: embed/src/sdk.ts -> widget/src/app/routes.ts',
          'feature-not-other-feature: widget/src/features/withdrawal/withdrawal-page.ts -> widget/src/features/deposit/deposit-form.ts',
          'no-circular: domain/src/cycle-a.ts -> domain/src/cycle-b.ts',
          'operator-cli-is-an-http-client: server/src/cli/operator.ts -> server/src/server.ts',
          'only-app-composes-features: widget/src/ui/menu.ts -> widget/src/features/withdrawal/withdrawal-page.ts',
          'only-entry-imports-app: widget/src/test/render.ts -> widget/src/app/routes.ts',
          'only-entry-imports-app: widget/src/ui/uses-app.ts -> widget/src/app/routes.ts',
          'server-not-widget-or-embed: server/src/uses-widget.ts -> widget/src/ui/button.ts',
          'server-db-below-business: server/src/db/uses-http.ts -> server/src/http/plumbing.ts',
          'server-module-not-into-other-module: server/src/modules/payments/uses-internal.ts -> server/src/modules/cashier/rule.ts',
          'server-module-only-through-entry: server/src/cli/uses-module-file.ts -> server/src/modules/cashier/rule.ts',
          'server-platform-imports-no-server-code: server/src/platform/uses-http.ts -> server/src/http/plumbing.ts',
          'server-platform-not-modules: server/src/http/uses-module.ts -> server/src/modules/cashier/index.ts',
          'server-production-not-testkit: server/src/uses-testkit.ts -> testkit/src/simulator.ts',
          'server-routes-only-from-composition: server/src/modules/cashier/uses-route.ts -> server/src/modules/cashier/routes/cashier.ts',
          'testkit-through-server-entries: testkit/src/uses-server-internals.ts -> server/src/modules/cashier/rule.ts',
          'widget-not-server-or-embed: widget/src/app/uses-server.ts -> server/src/server.ts',
        ].sort(),
      );
    },
    CRUISE_TIMEOUT_MS,
  );
});
