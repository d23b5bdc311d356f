import { access } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PROCESS_SOURCES, processArgs } from './process-build';

const SOURCE_DIR = fileURLToPath(new URL('../', import.meta.url));

describe('the programs tests start, built once per run', () => {
  it('starts each program from its built file, which exists, beside the others', async () => {
    const built = Object.values(PROCESS_SOURCES).map((source) => processArgs(source));
    // The testkit's programs are among them.
    expect(Object.keys(PROCESS_SOURCES)).toEqual(
      expect.arrayContaining(['simulator', 'wallet-simulator', 'webhook-receiver']),
    );
    for (const args of built) {
      expect(args).toHaveLength(1);
      await access(args[0] ?? '');
    }
    expect(new Set(built.map((args) => path.dirname(args[0] ?? ''))).size).toBe(1);
    // One level below the package, as dist/ is: src/paths.ts holds from there.
    const dir = path.dirname(built[0]?.[0] ?? '');
    expect(path.dirname(dir)).toBe(path.resolve(SOURCE_DIR, '..'));
  });

  it('takes file URLs as well as paths', () => {
    const url = new URL('../main.ts', import.meta.url).href;
    expect(processArgs(url)).toEqual(processArgs(fileURLToPath(url)));
  });

  it('starts a file it did not build from its source through tsx', () => {
    const other = path.join(SOURCE_DIR, 'cli', 'create-session.ts');
    expect(processArgs(other)).toEqual(['--import', 'tsx', other]);
  });
});
