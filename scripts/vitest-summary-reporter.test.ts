import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Runs Vitest in a child process on the fixture files of fixtures/summary-reporter/ (each fails in
// its own way; none matches a project's include) and reads the reporter's closing line.
const FIXTURES = fileURLToPath(new URL('./fixtures/summary-reporter/', import.meta.url));
const VITEST = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
/** Each run starts a Vitest of its own; a loaded machine may take a while, never a minute. */
const CHILD_RUN_TIMEOUT_MS = 120_000;

interface Run {
  readonly code: number | null;
  readonly output: string;
}

function runFixtures(files: string): Promise<Run> {
  // The child must not think it is a worker of this run.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')),
  );
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [VITEST, 'run', '--config', 'vitest.config.ts'], {
      cwd: FIXTURES,
      env: { ...env, SUMMARY_FIXTURES: files, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      resolve({ code, output });
    });
  });
}

const closingLine = (output: string): string | undefined =>
  output.split('\n').filter((line) => /^tests: \d+ passed, \d+ failed, \d+ skipped$/.test(line))[0];

describe('the closing summary line', { timeout: CHILD_RUN_TIMEOUT_MS }, () => {
  it('counts passed and skipped tests of a green run', async () => {
    const run = await runFixtures('passing.fixture.ts');
    expect(run.code).toBe(0);
    expect(closingLine(run.output)).toBe('tests: 2 passed, 0 failed, 1 skipped');
    expect(run.output).not.toContain('failures counted below');
  });

  it('counts the assertions the tests made, a skipped test none', async () => {
    const run = await runFixtures('passing.fixture.ts');
    expect(run.output.split('\n')).toContain('assertions: 2');
  });

  it('counts a file whose beforeAll throws as a failure, not only as skipped tests', async () => {
    const run = await runFixtures('before-all.fixture.ts');
    expect(run.code).not.toBe(0);
    expect(closingLine(run.output)).toBe('tests: 0 passed, 1 failed, 2 skipped');
    expect(run.output).toContain('before-all.fixture.ts');
  });

  it('counts failed tests, hooks, import errors and unhandled errors once each', async () => {
    const run = await runFixtures('*.fixture.ts');
    expect(run.code).not.toBe(0);
    // passing 2+1 skipped, failing-test 1+1 failed, before-all 2 skipped + 1 failed,
    // after-all 1 + 1 failed, import-throws 1 failed, unhandled 1 + 1 failed.
    expect(closingLine(run.output)).toBe('tests: 5 passed, 5 failed, 3 skipped');
    expect(run.output).toContain(
      'failures counted below: 3 outside any test (import or beforeAll/afterAll: ' +
        'after-all.fixture.ts, before-all.fixture.ts, import-throws.fixture.ts); ' +
        '1 unhandled error(s)',
    );
  });
});
