/**
 * The shape of the repository that review keeps finding slipped, checked so that it cannot slip
 * again (docs/decisions/0094-server-modules.md):
 *
 * - **No source file of the server over {@link MAX_SERVER_FILE_LINES} lines.** A file that long
 *   holds several responsibilities; split it along them into files of its module. Tests and test
 *   support (`*.test.*`, `test-support.*`, `test/` folders) are not counted.
 * - **Every workspace has a README.md** (each entry of the root package.json `workspaces`): what
 *   the package is, its public API or entry points, how to run and test it.
 *
 * Run by `npm run lint:layout`, so by `npm run lint` and `npm test`. It prints each problem and
 * fails, or prints nothing. `tsx scripts/check-layout.ts <folder>` checks another tree (its tests
 * do, on probes).
 *
 * @packageDocumentation
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The most lines a source file of the server may have. */
export const MAX_SERVER_FILE_LINES = 700;

/** Where the server package is, from the repository root. */
const SERVER = 'packages/server';

/** Files of code (not data, SQL or documents). */
const CODE = /\.(?:[cm]?[jt]s|tsx|jsx)$/;

/** Folders that hold no source: dependencies, builds, the per-run builds of the tests. */
function isSkippedFolder(name: string): boolean {
  return name === 'node_modules' || name === 'dist' || name.startsWith('.') || name === 'test';
}

/** Tests, test support beside the code it supports, and declarations. */
function isTestFile(name: string): boolean {
  return /\.test\.[^.]+$/.test(name) || name.startsWith('test-support.') || name.endsWith('.d.ts');
}

/**
 * The source files of code below `dir` (tests and test support left out), as absolute paths.
 * Links are not followed, so a folder the tests create and remove meanwhile is never half read.
 */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return isSkippedFolder(entry.name) ? [] : sourceFiles(path);
    return entry.isFile() && CODE.test(entry.name) && !isTestFile(entry.name) ? [path] : [];
  });
}

/** A text's lines, as `wc -l` counts them for a file that ends with a newline. */
export function lineCount(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** The server's source files over the limit, as `path: N lines (at most 700)`. */
export function oversizedServerFiles(root: string): string[] {
  const server = join(root, SERVER);
  if (!existsSync(server)) return [];
  return sourceFiles(server)
    .map((path) => ({ path, lines: lineCount(readFileSync(path, 'utf8')) }))
    .filter((file) => file.lines > MAX_SERVER_FILE_LINES)
    .map(
      (file) =>
        `${toPosix(relative(root, file.path))}: ${String(file.lines)} lines (at most ${String(MAX_SERVER_FILE_LINES)}); split it along its responsibilities`,
    )
    .sort();
}

/**
 * The folders the root package.json's `workspaces` names; a `*` segment stands for every folder
 * at that place.
 */
export function workspaceFolders(root: string): string[] {
  const manifest: unknown = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const workspaces: unknown =
    typeof manifest === 'object' && manifest !== null && 'workspaces' in manifest
      ? manifest.workspaces
      : [];
  if (!Array.isArray(workspaces) || !workspaces.every((entry) => typeof entry === 'string')) {
    throw new Error('package.json: workspaces is not a list of folders');
  }
  return [
    ...new Set(workspaces.flatMap((pattern: string) => expand(root, pattern.split('/')))),
  ].sort();
}

function expand(root: string, segments: readonly string[], at = ''): string[] {
  const [segment, ...rest] = segments;
  if (segment === undefined) return [at];
  if (segment !== '*') return expand(root, rest, at === '' ? segment : `${at}/${segment}`);
  const dir = join(root, at);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => !name.startsWith('.') && statSync(join(dir, name)).isDirectory())
    .flatMap((name) => expand(root, rest, at === '' ? name : `${at}/${name}`));
}

/** The workspaces without a README.md, as `folder: no README.md`. */
export function workspacesWithoutReadme(root: string): string[] {
  return workspaceFolders(root)
    .filter((folder) => !existsSync(join(root, folder, 'README.md')))
    .map((folder) => `${folder}: no README.md (what it is, its public API, how to test it)`);
}

/** Every problem of the repository at `root`; none when it holds. */
export function layoutProblems(root: string): string[] {
  return [...oversizedServerFiles(root), ...workspacesWithoutReadme(root)];
}

function toPosix(path: string): string {
  return path.split(sep).join('/');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = layoutProblems(process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url)));
  for (const problem of problems) process.stderr.write(`${problem}\n`);
  process.exitCode = problems.length === 0 ? 0 : 1;
}
