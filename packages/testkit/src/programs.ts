/**
 * The testkit's programs, and how a test starts one: from a build made once per test run when
 * there is one, else from its TypeScript source through tsx.
 *
 * Started from its sources, a process compiles its modules through tsx before it listens, paid
 * again by every start. A Vitest global set-up may build programs once per run with esbuild into
 * one folder, `<name>.js` each, and provide that folder as `processBuildDir` (the server's tests
 * do: `packages/server/src/test/process-build.ts` builds {@link TESTKIT_PROGRAMS} beside the
 * server's own). {@link programArgs} starts the built file when it is there; without such a
 * set-up (the browser tests, the testkit's own tests, a script run by tsx) it starts the source.
 *
 * @packageDocumentation
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of this run's built programs (`<name>.js` each), if a global set-up made one. */
    processBuildDir: string | undefined;
  }
}

const main = (relative: string): string => fileURLToPath(new URL(relative, import.meta.url));

/** The testkit's programs: output name → main module (an absolute path). */
export const TESTKIT_PROGRAMS: Readonly<Record<string, string>> = {
  simulator: main('./psp-simulator/main.ts'),
  'async-psp-simulator': main('./async-psp-simulator/main.ts'),
  'wallet-simulator': main('./wallet-simulator/main.ts'),
  'messaging-simulator': main('./messaging-simulator/main.ts'),
  'webhook-receiver': main('./webhook-receiver/main.ts'),
};

/** The folder a global set-up provided, or `undefined` (none, or not in a Vitest worker). */
function processBuildDir(): string | undefined {
  try {
    return inject('processBuildDir');
  } catch {
    // Outside a Vitest worker (a script run by tsx) there is nothing provided.
    return undefined;
  }
}

/**
 * The `node` arguments that run `source` (a path or file URL of a main module): its built file
 * when it is one of `programs` (output name → absolute path; default {@link TESTKIT_PROGRAMS})
 * and this run built it, else the source through tsx.
 */
export function programArgs(
  source: string,
  programs: Readonly<Record<string, string>> = TESTKIT_PROGRAMS,
): string[] {
  const file = path.resolve(source.startsWith('file:') ? fileURLToPath(source) : source);
  const name = Object.entries(programs).find(([, entry]) => path.resolve(entry) === file)?.[0];
  const dir = processBuildDir();
  if (name !== undefined && dir !== undefined) {
    const built = path.join(dir, `${name}.js`);
    if (existsSync(built)) return [built];
  }
  return ['--import', 'tsx', file];
}
