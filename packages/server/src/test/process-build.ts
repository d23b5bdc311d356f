/**
 * The programs that tests start as processes of their own (the server, its migrate and operator
 * commands, and the testkit's simulators and webhook receiver), built once per test run.
 *
 * Started from their TypeScript sources, each process compiles about two hundred modules
 * through tsx before it does anything: two to three seconds of CPU, paid again by every start
 * (the crash, restart, cluster and command-line tests start dozens). global-setup.ts builds them
 * all once with the production build's esbuild set-up (scripts/build.ts) into a folder of its own
 * one level below the package, as `dist/` is (src/paths.ts holds from there), and removes it
 * when the run ends. {@link processArgs} (and the testkit's process starters, which read the
 * same `processBuildDir`: `packages/testkit/src/programs.ts`) then start the built file; without
 * the global set-up (a file run by other means) they start the sources through tsx, as before.
 *
 * @packageDocumentation
 */
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { TESTKIT_PROGRAMS, programArgs } from '@cashdesk/testkit';
import { PACKAGE_DIR, buildServer } from '../../scripts/build';

/** The server's sources. */
const SOURCE_DIR = path.join(PACKAGE_DIR, 'src');

/** The programs tests start: output name → main module (an absolute path). */
export const PROCESS_SOURCES: Readonly<Record<string, string>> = {
  main: path.join(SOURCE_DIR, 'main.ts'),
  migrate: path.join(SOURCE_DIR, 'migrate.ts'),
  operator: path.join(SOURCE_DIR, 'cli', 'operator.ts'),
  ...TESTKIT_PROGRAMS,
};

/** The prefix of the build folders (ignored by git and the linters). */
export const PROCESS_BUILD_PREFIX = '.process-build-';

/** Builds every program of {@link PROCESS_SOURCES} into a new folder; returns it. */
export async function buildProcesses(): Promise<string> {
  const dir = await mkdtemp(path.join(PACKAGE_DIR, PROCESS_BUILD_PREFIX));
  await buildServer(dir, PROCESS_SOURCES);
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
  return programArgs(source, PROCESS_SOURCES);
}
