/**
 * `npm test`: every check of the repository, then how long each step took.
 *
 * 1. The Debian packages the tests need (ensure-test-packages.ts: Chromium for the browser tests,
 *    redis-server for the limits counted in Redis), first, installed when missing.
 * 2. At once:
 *    - the browser tests in a Vitest run of their own, one file at a time, with coverage, their
 *      output printed afterwards. They are the run's longest chain (about one core for their
 *      whole length); run last inside one Vitest (its files that forbid parallelism go after all
 *      others), they left the other core idle for minutes;
 *    - the widget's tests in a Vitest run of their own, with istanbul's coverage instead of V8's
 *      (scripts/vitest-parts.ts says why), their output printed afterwards;
 *    - every other Vitest project with coverage (Vitest spreads the files over the cores), its
 *      output live;
 *    - the static checks two at a time: ESLint, and at a slightly lower CPU priority `tsc -b`,
 *      Prettier, dependency-cruiser, knip with the domain's API check, the OpenAPI lint and the
 *      layout check (server files' length, a README per workspace),
 *      their output printed whole after Vitest's.
 * 3. The Vitest runs' results merged (each wrote a blob report): the one closing count of tests
 *    and assertions, and the coverage of the whole run with its thresholds.
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
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { setPriority, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { VitestPart } from './vitest-parts';

/** The repository root. */
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** One step: a name and the command that does it. */
export interface Step {
  readonly name: string;
  readonly command: readonly string[];
  /** Added to the environment the command runs in. */
  readonly env?: Readonly<Record<string, string>>;
  /** Its niceness beside the tests, when not {@link NICE_STATIC_BESIDE_TESTS}. */
  readonly niceBesideTests?: number;
}

/** What a step did. */
export interface StepResult {
  readonly name: string;
  readonly seconds: number;
  /** The CPU time (user and system) of the step and every process it waited for; unknown: NaN. */
  readonly cpuSeconds: number;
  readonly code: number;
}

/** How a step runs: `live` streams its output, otherwise it is kept for later. */
export interface StepMode {
  readonly live: boolean;
  /** Its niceness (0 normal, 19 lowest), which what it starts inherits. */
  readonly nice: number;
}

/**
 * The static checks' niceness beside the tests: a little lower than the tests, so that they
 * advance while the tests run without slowing the browser tests, the run's longest chain. At the
 * lowest priority, ESLint (one process, the longest check) got the CPU only once the tests were
 * done, and ran alone at the end; it runs at the tests' own priority.
 */
const NICE_STATIC_BESIDE_TESTS = 5;

/** A step's result with the output it kept ('' for a live step). */
interface StepRun extends StepResult {
  readonly output: string;
}

const npx = (...args: string[]): readonly string[] => ['npx', '--no-install', ...args];

/** The static checks (stage 2), the slowest first so that the pair finishes together. */
export const STATIC_STEPS: readonly Step[] = [
  // No ESLint cache: its type-aware rules read other files' types, which a cache keyed by the
  // linted file's own content would not see change.
  // The longest check, one process: at the tests' own priority, so that it is not what runs alone
  // at the end.
  { name: 'eslint', command: npx('eslint', '.', '--max-warnings', '0'), niceBesideTests: 0 },
  // TypeScript 7's native compiler checks the types (a third of TypeScript 6's CPU); ESLint's
  // type-aware rules still run on TypeScript 6's API (docs/decisions/0095-typecheck-with-typescript-7.md).
  {
    name: 'tsc',
    command: ['node', path.join(ROOT, 'node_modules', 'typescript-7', 'bin', 'tsc'), '-b'],
  },
  // Prettier's cache (node_modules/.cache) re-checks only changed files; a file's format depends
  // on that file alone.
  { name: 'prettier', command: npx('prettier', '--check', '.', '--log-level', 'warn', '--cache') },
  { name: 'knip', command: ['npm', 'run', '--silent', 'lint:dead'] },
  { name: 'depcruise', command: ['npm', 'run', '--silent', 'lint:deps'] },
  { name: 'openapi', command: ['npm', 'run', '--silent', 'lint:openapi'] },
  // Server files at most 700 lines, a README per workspace (scripts/check-layout.ts).
  { name: 'layout', command: ['npm', 'run', '--silent', 'lint:layout'] },
];

export const TEST_PACKAGES_STEP: Step = {
  name: 'test packages',
  command: ['npm', 'run', '--silent', 'test-packages'],
};

/** The name of each part in the closing table. */
const PART_NAMES: Readonly<Record<VitestPart, string>> = {
  others: 'vitest',
  browser: 'browser tests',
  widget: 'widget tests',
};

/**
 * The Vitest steps: the parts at the same time (vitest-parts.ts says what each runs), each
 * writing a blob report (results and coverage) into `reports`; then the merge of them all, which
 * prints the closing count and the coverage and checks its thresholds. `scratch` holds each
 * part's own coverage files (two Vitest runs must not share a coverage directory).
 */
export function vitestSteps(
  reports: string,
  scratch: string,
): { readonly parts: Readonly<Record<VitestPart, Step>>; readonly merge: Step } {
  const part = (which: VitestPart): Step => ({
    name: PART_NAMES[which],
    command: npx(
      'vitest',
      'run',
      '--coverage',
      `--coverage.reportsDirectory=${path.join(scratch, which)}`,
      '--reporter=default',
      '--reporter=blob',
      `--outputFile.blob=${path.join(reports, `${which}.json`)}`,
    ),
    env: { CASHDESK_VITEST_PART: which },
  });
  return {
    parts: { others: part('others'), browser: part('browser'), widget: part('widget') },
    merge: {
      name: 'results and coverage',
      command: npx(
        'vitest',
        'run',
        `--merge-reports=${reports}`,
        '--coverage',
        '--reporter=./scripts/vitest-summary-reporter.mjs',
      ),
    },
  };
}

/**
 * Bash runs the step's command, then writes its `times` (the CPU its children used, each process
 * counting those it waited for) to the file named by `$1`: how the closing table knows each step's
 * CPU beside its wall time. The step's exit code is kept.
 */
const WITH_CPU_TIMES = 'f="$1"; shift; "$@"; s=$?; times > "$f"; exit $s';

/**
 * The CPU seconds in what bash's `times` printed: its second line, the children's user and system
 * time (`0m12.345s 0m1.230s`). NaN when there is none.
 */
export function cpuSecondsOfTimes(printed: string): number {
  const children = printed.trim().split('\n')[1] ?? '';
  const parts = [...children.matchAll(/(\d+)m([\d.]+)s/g)];
  if (parts.length !== 2) return Number.NaN;
  return parts.reduce(
    (sum, [, minutes, seconds]) => sum + Number(minutes) * 60 + Number(seconds),
    0,
  );
}

/** Runs one step (see {@link StepMode}). */
export function runStep(step: Step, mode: StepMode): Promise<StepRun> {
  const started = performance.now();
  return new Promise((resolve) => {
    void mkdtemp(path.join(tmpdir(), 'cashdesk-step-')).then((folder) => {
      const timesFile = path.join(folder, 'times');
      const child = spawn('bash', ['-c', WITH_CPU_TIMES, 'step', timesFile, ...step.command], {
        cwd: ROOT,
        env: { ...process.env, ...step.env },
        stdio: mode.live ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
      });
      // Set before the step has started anything: its own children inherit the priority.
      if (mode.nice !== 0 && child.pid !== undefined) {
        try {
          setPriority(child.pid, mode.nice);
        } catch {
          // Not allowed here: the step runs at normal priority.
        }
      }
      const chunks: Buffer[] = [];
      child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
      child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
      const finish = async (code: number): Promise<void> => {
        const seconds = (performance.now() - started) / 1000;
        const cpuSeconds = cpuSecondsOfTimes(await readFile(timesFile, 'utf8').catch(() => ''));
        await rm(folder, { recursive: true, force: true });
        const output = Buffer.concat(chunks).toString('utf8');
        resolve({ name: step.name, seconds, cpuSeconds, code, output });
      };
      child.on('error', (error) => {
        chunks.push(Buffer.from(`${error.message}\n`));
        void finish(127);
      });
      child.on('close', (code, signal) => {
        void finish(code ?? (signal === null ? 1 : 128));
      });
    });
  });
}

/** Prints what a step that did not stream kept, under a heading with its time and result. */
function printKept(run: StepRun): void {
  process.stdout.write(
    `\n── ${run.name} (${run.seconds.toFixed(1)} s)${run.code === 0 ? '' : ' FAILED'}\n`,
  );
  if (run.output.trim() !== '') {
    process.stdout.write(run.output.endsWith('\n') ? run.output : `${run.output}\n`);
  }
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

/**
 * The closing table: each step's wall time, its CPU time and result, and the whole run's. The
 * steps run at the same time, so their CPU adds up to more than the wall time of the run: on two
 * cores, at most twice it.
 */
export function timingTable(results: readonly StepResult[], totalSeconds: number): string {
  const width = Math.max(...results.map((result) => result.name.length), 'total'.length);
  const figure = (seconds: number): string =>
    Number.isNaN(seconds) ? '      ?' : seconds.toFixed(1).padStart(7);
  const rows = results.map(
    (result) =>
      `${result.name.padEnd(width)}  ${figure(result.seconds)} s  ${figure(result.cpuSeconds)} CPU-s  ${result.code === 0 ? 'ok' : `failed (${result.code})`}`,
  );
  const cpu = results.reduce((sum, result) => sum + result.cpuSeconds, 0);
  return [
    'step times (wall, and CPU; the static checks ran two at a time, beside Vitest at low priority):',
    ...rows,
    `${'total'.padEnd(width)}  ${figure(totalSeconds)} s  ${figure(cpu)} CPU-s`,
  ].join('\n');
}

/** Runs the Vitest steps ({@link vitestSteps}); the kept parts' output after the others'. */
async function runVitest(): Promise<StepRun[]> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'cashdesk-vitest-'));
  try {
    const reports = path.join(scratch, 'reports');
    const { parts, merge } = vitestSteps(reports, scratch);
    const browserRun = runStep(parts.browser, { live: false, nice: 0 });
    const widgetRun = runStep(parts.widget, { live: false, nice: 0 });
    const othersRun = await runStep(parts.others, { live: true, nice: 0 });
    const kept = [await widgetRun, await browserRun];
    for (const run of kept) printKept(run);
    const merged = await runStep(merge, { live: true, nice: 0 });
    return [othersRun, ...kept, merged];
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
  const started = performance.now();
  const runs: StepRun[] = [];
  const withVitest = only === undefined || only === 'vitest';
  const withStatic = only === undefined || only === 'static';
  if (withVitest) runs.push(await runStep(TEST_PACKAGES_STEP, { live: true, nice: 0 }));
  const niceOf = (step: Step): number =>
    withVitest ? (step.niceBesideTests ?? NICE_STATIC_BESIDE_TESTS) : 0;
  const statics = withStatic
    ? runPool(STATIC_STEPS, 2, (step) => runStep(step, { live: false, nice: niceOf(step) }))
    : Promise.resolve([]);
  if (withVitest) runs.push(...(await runVitest()));
  for (const run of await statics) {
    printKept(run);
    runs.push(run);
  }
  process.stdout.write(`\n${timingTable(runs, (performance.now() - started) / 1000)}\n`);
  process.exitCode = runs.every((run) => run.code === 0) ? 0 : 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
