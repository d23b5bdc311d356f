/**
 * `npm run bench:back-office`: the JavaScript (gzip) the back office's first screens need, against
 * its budget (docs/decisions/0106-back-office-app.md: 150 KB gzip for a first screen). A first
 * screen is what a person opening the back office waits for: the sign-in page (signed out), or
 * the transaction list (signed in). Each is the entry chunk with its static imports, the screen's
 * own chunk with its static imports (React.lazy, src/app/app.tsx) and the English message file,
 * read from dist/.vite/manifest.json. Prints figures only; exits non-zero only when it cannot
 * measure. Builds the back office first when it is missing or stale.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { BACK_OFFICE, ensureBuilt } from '../scripts/build-frontends';

/** docs/decisions/0106-back-office-app.md: a first screen's JavaScript, gzip. */
const BUDGET_KB = 150;
const KB = 1024;

/** One chunk of Vite's manifest. */
interface ManifestChunk {
  readonly file: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
}

type Manifest = Readonly<Record<string, ManifestChunk>>;

/** The screens measured, by their module (the manifest's keys). */
const SCREENS = [
  ['sign-in', 'src/screens/sign-in/sign-in.tsx'],
  ['transaction list', 'src/screens/transactions/transaction-list.tsx'],
] as const;

const MESSAGES = 'src/messages/en.json';

const strings = (value: unknown): readonly string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

/** Vite's manifest as read from its file (each chunk's file and imports). */
function manifestOf(value: unknown): Manifest {
  if (typeof value !== 'object' || value === null) throw new Error('the manifest is not an object');
  const manifest: Record<string, ManifestChunk> = {};
  for (const [key, chunk] of Object.entries(value)) {
    const file: unknown = Reflect.get(Object(chunk), 'file');
    if (typeof file !== 'string') throw new Error(`the manifest's ${key} has no file`);
    manifest[key] = {
      file,
      isEntry: Reflect.get(Object(chunk), 'isEntry') === true,
      imports: strings(Reflect.get(Object(chunk), 'imports')),
    };
  }
  return manifest;
}

/** The files a chunk loads before it runs: itself and its static imports, transitively. */
function staticClosure(manifest: Manifest, key: string, into: Set<string>): Set<string> {
  const chunk = manifest[key];
  if (chunk === undefined) throw new Error(`${key} is not in the manifest`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

async function gzipSize(file: string): Promise<number> {
  return gzipSync(await readFile(path.join(BACK_OFFICE.distDir, file)), { level: 9 }).length;
}

async function main(): Promise<void> {
  await ensureBuilt(BACK_OFFICE);
  const manifest = manifestOf(
    JSON.parse(await readFile(path.join(BACK_OFFICE.distDir, '.vite', 'manifest.json'), 'utf8')),
  );
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry === true)?.[0];
  if (entry === undefined) throw new Error('the manifest has no entry');
  const sizes = new Map<string, number>();
  const sizeOf = async (file: string): Promise<number> => {
    const known = sizes.get(file);
    if (known !== undefined) return known;
    const size = await gzipSize(file);
    sizes.set(file, size);
    return size;
  };
  const shell = staticClosure(manifest, entry, new Set());
  let shellBytes = 0;
  for (const file of shell) shellBytes += await sizeOf(file);
  process.stdout.write(
    `Back office JavaScript, gzip level 9 (budget ${String(BUDGET_KB)} KB for a first screen)\n` +
      `  entry (shell, router, React): ${(shellBytes / KB).toFixed(1)} KB in ${String(shell.size)} files\n`,
  );
  for (const [name, key] of SCREENS) {
    const files = staticClosure(manifest, key, staticClosure(manifest, MESSAGES, new Set(shell)));
    let total = 0;
    for (const file of files) total += await sizeOf(file);
    const verdict = total <= BUDGET_KB * KB ? 'within' : 'OVER';
    process.stdout.write(
      `  first screen ${name}: ${(total / KB).toFixed(1)} KB in ${String(files.size)} files (${verdict} budget)\n`,
    );
  }
  let all = 0;
  for (const chunk of Object.values(manifest)) {
    if (chunk.file.endsWith('.js')) all += await sizeOf(chunk.file);
  }
  process.stdout.write(`  every screen together: ${(all / KB).toFixed(1)} KB\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench:back-office failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
