/**
 * Makes sure `npm test` has the Debian packages its tests need, before they start: Chromium for
 * the browser tests (ensure-chromium.ts decides which one) and `redis-server` for the server's
 * tests of the rate limits counted in Redis (packages/server/src/test/redis-server.ts). What is
 * missing is installed in one apt-get run, as root with no standard input, its output shown only
 * if it fails; when everything is there nothing is started.
 *
 * Chromium missing where it cannot be installed fails the step (the browser tests need it), as
 * `npm run chromium` does. `redis-server` missing there is only a warning: its tests say in their
 * names that they are skipped (and fail under CI=true, which runs as root and installs it).
 *
 * Run it with `tsx scripts/ensure-test-packages.ts` (`npm run test-packages`, the first step of
 * `npm test`).
 *
 * @packageDocumentation
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  aptInstallCommand,
  isExecutableFile,
  machineProbes,
  onPath,
  planChromium,
} from './ensure-chromium';
import type { ChromiumProbes } from './ensure-chromium';

/** What the plan looks at: Chromium's probes and whether redis-server is installed. */
export interface TestPackageProbes extends ChromiumProbes {
  readonly hasRedisServer: boolean;
}

/** What {@link ensureTestPackages} does. */
export interface TestPackagesPlan {
  /** Debian packages to install, in one apt-get run ([] when none). */
  readonly install: readonly string[];
  /** Why the step fails (Chromium cannot be had), else `undefined`. */
  readonly failure: string | undefined;
  /** What is missing but not needed to pass. */
  readonly warnings: readonly string[];
}

/** The warning of a redis-server that cannot be installed here. */
export const REDIS_SERVER_MISSING = [
  'No redis-server: the server tests of the rate limits counted in Redis are skipped. Install it with',
  '  sudo apt-get install -y redis-server',
].join('\n');

/** Decides, from the probes alone, what to install (see the module comment). */
export function planTestPackages(probes: TestPackageProbes): TestPackagesPlan {
  const install: string[] = [];
  const warnings: string[] = [];
  const chromium = planChromium(probes);
  if (chromium.kind === 'install') install.push('chromium');
  if (!probes.hasRedisServer) {
    if (probes.isRoot && probes.hasAptGet) install.push('redis-server');
    else warnings.push(REDIS_SERVER_MISSING);
  }
  return { install, failure: chromium.kind === 'fail' ? chromium.message : undefined, warnings };
}

/** What {@link ensureTestPackages} needs besides the probes. */
export interface TestPackageEffects {
  /** Runs a shell command with no standard input; its exit code and output. */
  readonly run: (command: string) => { readonly code: number; readonly output: string };
  readonly log: (line: string) => void;
}

/** Installs what the plan says in one run, then checks again; `false` when the step fails. */
export function ensureTestPackages(
  probe: () => TestPackageProbes,
  effects: TestPackageEffects,
): boolean {
  const plan = planTestPackages(probe());
  if (plan.install.length > 0) {
    const command = aptInstallCommand(plan.install);
    effects.log(`Installing Debian's ${plan.install.join(' and ')} for the tests.`);
    const started = performance.now();
    const result = effects.run(command);
    effects.log(
      `$ ${command}  (${((performance.now() - started) / 1000).toFixed(1)} s, exit ${String(result.code)})`,
    );
    if (result.code !== 0 && result.output.trim() !== '') effects.log(result.output.trimEnd());
  }
  const after = plan.install.length > 0 ? planTestPackages(probe()) : plan;
  for (const warning of after.warnings) effects.log(warning);
  if (after.failure !== undefined) effects.log(`\n${after.failure}\n`);
  // Still to install after an install: apt-get failed or left no binary.
  if (after.install.length > 0) {
    effects.log(`Installing ${after.install.join(' and ')} failed.`);
    return false;
  }
  return after.failure === undefined;
}

function runQuietly(command: string): { code: number; output: string } {
  // No standard input: apt-get must never wait for an answer.
  const result = spawnSync('sh', ['-c', command], {
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  return { code: result.status ?? 1, output: `${result.stdout}${result.stderr}` };
}

if (
  process.argv[1] !== undefined &&
  path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
) {
  const ok = ensureTestPackages(
    () => ({
      ...machineProbes(),
      hasRedisServer: isExecutableFile('/usr/bin/redis-server') || onPath('redis-server'),
    }),
    {
      run: runQuietly,
      log: (line) => {
        process.stderr.write(`${line}\n`);
      },
    },
  );
  if (!ok) process.exitCode = 1;
}
