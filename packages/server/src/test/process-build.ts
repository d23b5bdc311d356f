/**
 * The server's programs that tests start as processes of their own (the server, its migrate and
 * operator commands, the simulators and the webhook receiver), built once per test run.
 *
 * Started from their TypeScript sources, each process compiles about two hundred modules
 * through tsx before it does anything: two to three seconds of CPU, paid again by every start
 * (the crash, restart, cluster and command-line tests start dozens). global-setup.ts builds them
 * all once with the production build's esbuild set-up (scripts/build.ts) into a folder of its own
 * one level below the package, as `dist/` is (src/paths.ts holds from there), and removes it
 * when the run ends. {@link processArgs} then starts the built file; without the global set-up
 * (a file run by other means) it starts the sources through tsx, as before.
 *
 * @packageDocumentation
 */
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { PACKAGE_DIR, buildServer } from '../../scripts/build';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of this run's built processes, if made. */
    processBuildDir: string | undefined;
  }
}

/** The server's sources. */
const SOURCE_DIR = path.join(PACKAGE_DIR, 'src');

/** The programs tests start: output name → source, relative to `src/`. */
export const PROCESS_SOURCES: Readonly<Record<string, string>> = {
  main: 'main.ts',
  migrate: 'migrate.ts',
  operator: 'cli/operator.ts',
  simulator: 'providers/simulator/main.ts',
  'async-psp-simulator': 'providers/async-psp/simulator/main.ts',
  'wallet-simulator': 'wallet-simulator/main.ts',
  'messaging-simulator': 'messaging-simulator/main.ts',
  'webhook-receiver': 'webhook-receiver/main.ts',
};

/** The prefix of the build folders (ignored by git and the linters). */
export const PROCESS_BUILD_PREFIX = '.process-build-';

/** Builds every program of {@link PROCESS_SOURCES} into a new folder; returns it. */
export async function buildProcesses(): Promise<string> {
  const dir = await mkdtemp(path.join(PACKAGE_DIR, PROCESS_BUILD_PREFIX));
  const entryPoints = Object.fromEntries(
    Object.entries(PROCESS_SOURCES).map(([name, source]) => [name, path.join(SOURCE_DIR, source)]),
  );
  await buildServer(dir, entryPoints);
  return dir;
}

/** Global set-up: builds the programs, provides their folder, removes it at the end. */
export async function provideProcessBuild(project: TestProject): Promise<() => Promise<void>> {
  const dir = await buildProcesses();
  project.provide('processBuildDir', dir);
  return () => rm(dir, { recursive: true, force: true });
}

/**
 * The `node` arguments that run `source` (a path or file URL of one of the programs): its built
 * file when this run built them, else the source through tsx.
 */
export function processArgs(source: string): string[] {
  const file = source.startsWith('file:') ? fileURLToPath(source) : source;
  const relative = path.relative(SOURCE_DIR, file).split(path.sep).join('/');
  const name = Object.entries(PROCESS_SOURCES).find(([, entry]) => entry === relative)?.[0];
  const dir = inject('processBuildDir');
  if (name !== undefined && dir !== undefined) return [path.join(dir, `${name}.js`)];
  return ['--import', 'tsx', file];
}
