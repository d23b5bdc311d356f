import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_SERVER_FILE_LINES, layoutProblems, lineCount, workspaceFolders } from './check-layout';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** One child process that reads the repository's server files: room for a loaded machine. */
const RUN_TIMEOUT_MS = 60_000;

/** `count` lines of code. */
const linesOf = (count: number): string =>
  Array.from(
    { length: count },
    (_, index) => `export const a${String(index)} = ${String(index)};\n`,
  ).join('');

let probe: string;

function write(path: string, text: string): void {
  const file = join(probe, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** A repository that holds: two workspaces with their READMEs, a server file at the limit. */
function holdingRepository(): void {
  write(
    'package.json',
    JSON.stringify({ workspaces: ['packages/server', 'packages/*', 'examples/one'] }),
  );
  write('packages/server/README.md', '# server\n');
  write('packages/server/src/at-the-limit.ts', linesOf(MAX_SERVER_FILE_LINES));
  write('packages/widget/README.md', '# widget\n');
  write('examples/one/README.md', '# one\n');
}

beforeEach(() => {
  probe = mkdtempSync(join(tmpdir(), 'cashdesk-layout-'));
  holdingRepository();
});

afterEach(() => {
  rmSync(probe, { recursive: true, force: true });
});

describe('the layout check (scripts/check-layout.ts)', () => {
  it('counts lines as wc -l does', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a\n')).toBe(1);
    expect(lineCount('a\nb')).toBe(2);
    expect(lineCount(linesOf(3))).toBe(3);
  });

  it('reads every workspace of the root package.json, a * standing for each folder', () => {
    write('packages/.hidden/README.md', '');
    expect(workspaceFolders(probe)).toEqual(['examples/one', 'packages/server', 'packages/widget']);
  });

  it('passes a repository whose server files are at most 700 lines and whose workspaces have READMEs', () => {
    expect(layoutProblems(probe)).toEqual([]);
  });

  it('fails on a server source file over 700 lines, wherever it is in the package', () => {
    write('packages/server/src/modules/payments/too-long.ts', linesOf(MAX_SERVER_FILE_LINES + 1));
    write('packages/server/scripts/tool.mjs', linesOf(MAX_SERVER_FILE_LINES + 50));
    expect(layoutProblems(probe)).toEqual([
      'packages/server/scripts/tool.mjs: 750 lines (at most 700); split it along its responsibilities',
      'packages/server/src/modules/payments/too-long.ts: 701 lines (at most 700); split it along its responsibilities',
    ]);
  });

  it('does not count tests, test support, builds or dependencies, nor files that are not code', () => {
    const long = linesOf(MAX_SERVER_FILE_LINES * 2);
    write('packages/server/src/modules/payments/refunds.test.ts', long);
    write('packages/server/src/test/harness.ts', long);
    write('packages/server/src/providers/sandbox/test-support.ts', long);
    write('packages/server/dist/server.js', long);
    write('packages/server/node_modules/dep/index.js', long);
    write('packages/server/.process-build-1/main.js', long);
    write('packages/server/drizzle/0001_init.sql', long);
    write('packages/server/src/types.d.ts', long);
    // Only the server is held to the limit.
    write('packages/widget/src/long.tsx', long);
    expect(layoutProblems(probe)).toEqual([]);
  });

  it('fails on a workspace without a README.md', () => {
    write('packages/back-office/src/main.tsx', '');
    rmSync(join(probe, 'examples/one/README.md'));
    expect(layoutProblems(probe)).toEqual([
      'examples/one: no README.md (what it is, its public API, how to test it)',
      'packages/back-office: no README.md (what it is, its public API, how to test it)',
    ]);
  });

  it(
    'as a command, names each problem and fails',
    async () => {
      write('packages/server/src/too-long.ts', linesOf(MAX_SERVER_FILE_LINES + 1));
      rmSync(join(probe, 'packages/widget/README.md'));
      const run = promisify(execFile)(process.execPath, [
        '--import',
        'tsx',
        join(ROOT, 'scripts/check-layout.ts'),
        probe,
      ]);
      await expect(run).rejects.toMatchObject({
        code: 1,
        stderr: [
          'packages/server/src/too-long.ts: 701 lines (at most 700); split it along its responsibilities',
          'packages/widget: no README.md (what it is, its public API, how to test it)',
          '',
        ].join('\n'),
      });
    },
    RUN_TIMEOUT_MS,
  );
});
