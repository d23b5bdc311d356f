/**
 * `npm test`: every check of the repository, then how long each step took.
 *
 * 1. Chromium for the browser tests (ensure-chromium.ts), first: the tests need it.
 * 2. The static checks, two at a time (each is one process on one core, and the machines this
 *    runs on have two): `tsc -b`, ESLint, Prettier, dependency-cruiser, knip with the domain's API
 *    check, and the OpenAPI lint. Each one's output is printed whole when it ends, not interleaved.
 * 3. Every Vitest project in one run, with coverage (Vitest spreads the files over the cores).
 *
 * Every step runs even when an earlier one failed, so one run reports every failure; the command
 * fails if any did. The closing table gives each step's wall time and result; the slowest steps
 * are where a faster loop starts.
 *
 * `npm test -- --only=static` (or `--only=vitest`) runs one part of it.
 *
 * @packageDocumentation
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository root. */
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** One step: a name and the command that does it. */
export interface Step {
  readonly name: string;
  readonly command: readonly string[];
}

/** What a step did. */
export interface StepResult {
  readonly name: string;
  readonly seconds: number;
  readonly code: number;
}

const npx = (...args: string[]): readonly string[] => ['npx', '--no-install', ...args];

/** The static checks (stage 2), the slowest first so that the pair finishes together. */
export const STATIC_STEPS: readonly Step[] = [
  // No ESLint cache: its type-aware rules read other files' types, which a cache keyed by the
  // linted file's own content would not see change.
  { name: 'eslint', command: npx('eslint', '.', '--max-warnings', '0') },
  { name: 'tsc', command: npx('tsc', '-b') },
  // Prettier's cache (node_modules/.cache) re-checks only changed files; a file's format depends
  // on that file alone.
  { name: 'prettier', command: npx('prettier', '--check', '.', '--log-level', 'warn', '--cache') },
  { name: 'knip', command: ['npm', 'run', '--silent', 'lint:dead'] },
  { name: 'depcruise', command: ['npm', 'run', '--silent', 'lint:deps'] },
  { name: 'openapi', command: ['npm', 'run', '--silent', 'lint:openapi'] },
];

export const CHROMIUM_STEP: Step = {
  name: 'chromium',
  command: ['npm', 'run', '--silent', 'chromium'],
};

export const VITEST_STEP: Step = { name: 'vitest', command: npx('vitest', 'run', '--coverage') };

/** Runs one step; `live` streams its output, otherwise it is printed whole when the step ends. */
function runStep(step: Step, live: boolean): Promise<StepResult> {
  const started = performance.now();
  const [command = 'true', ...args] = step.command;
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: live ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
    const finish = (code: number): void => {
      const seconds = (performance.now() - started) / 1000;
      const output = Buffer.concat(chunks).toString('utf8');
      if (!live) {
        process.stdout.write(
          `\n── ${step.name} (${seconds.toFixed(1)} s)${code === 0 ? '' : ' FAILED'}\n`,
        );
        if (output.trim() !== '')
          process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      }
      resolve({ name: step.name, seconds, code });
    };
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${error.message}\n`));
      finish(127);
    });
    child.on('close', (code, signal) => {
      finish(code ?? (signal === null ? 1 : 128));
    });
  });
}

/** Runs `items` with at most `width` at a time, in their order; the results in the same order. */
export async function runPool<T, R>(
  items: readonly T[],
  width: number,
  run: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const index = next;
      next += 1;
      const item = items[index];
      if (item !== undefined) results[index] = await run(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(width, items.length)) }, lane));
  return results;
}

/** The closing table: each step's wall time and result, and the whole run's. */
export function timingTable(results: readonly StepResult[], totalSeconds: number): string {
  const width = Math.max(...results.map((result) => result.name.length), 'total'.length);
  const rows = results.map(
    (result) =>
      `${result.name.padEnd(width)}  ${result.seconds.toFixed(1).padStart(7)} s  ${result.code === 0 ? 'ok' : `failed (${result.code})`}`,
  );
  return [
    'step times (wall; the static checks ran two at a time):',
    ...rows,
    `${'total'.padEnd(width)}  ${totalSeconds.toFixed(1).padStart(7)} s`,
  ].join('\n');
}

async function main(): Promise<void> {
  const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
  const started = performance.now();
  const results: StepResult[] = [];
  if (only === undefined || only === 'vitest') results.push(await runStep(CHROMIUM_STEP, true));
  if (only === undefined || only === 'static') {
    results.push(...(await runPool(STATIC_STEPS, 2, (step) => runStep(step, false))));
  }
  if (only === undefined || only === 'vitest') results.push(await runStep(VITEST_STEP, true));
  process.stdout.write(`\n${timingTable(results, (performance.now() - started) / 1000)}\n`);
  process.exitCode = results.every((result) => result.code === 0) ? 0 : 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
