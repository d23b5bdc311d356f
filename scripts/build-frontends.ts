/**
 * Builds the browser bundles when they are missing or older than their sources: the widget
 * (`npm run build -w @cashdesk/widget` → packages/widget/dist), the back office
 * (`npm run build -w @cashdesk/back-office` → packages/back-office/dist) and the demo host page
 * (`npm run build:demo -w @cashdesk/embed` → packages/embed/demo/dist). Shared by `npm start`,
 * the browser tests' global setup and `npm run bench:widget`, so each skips a build that is fresh.
 *
 * @packageDocumentation
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A browser bundle: where it is written and what it is built from. */
export interface Frontend {
  readonly name: string;
  /** The folder the build writes (holds index.html). */
  readonly distDir: string;
  /** Files and folders whose changes call for a new build. */
  readonly sources: readonly string[];
  /** The npm arguments that build it. */
  readonly npmArgs: readonly string[];
  /** Other files the build writes; a missing one calls for a new build. */
  readonly artefacts?: readonly string[];
}

const packageDir = (name: string): string => path.join(ROOT, 'packages', name);

/** The widget; it also bundles domain and contract. */
export const WIDGET: Frontend = {
  name: 'widget',
  distDir: path.join(packageDir('widget'), 'dist'),
  sources: [
    path.join(packageDir('widget'), 'src'),
    path.join(packageDir('widget'), 'public'),
    path.join(packageDir('widget'), 'index.html'),
    path.join(packageDir('widget'), 'vite.config.ts'),
    path.join(packageDir('widget'), 'vite.server.config.ts'),
    path.join(packageDir('widget'), 'package.json'),
    path.join(packageDir('domain'), 'src'),
    path.join(packageDir('contract'), 'src'),
  ],
  npmArgs: ['run', 'build', '-w', '@cashdesk/widget'],
  // The server entry the cashier-service renders a homepage's first screen with.
  artefacts: [path.join(packageDir('widget'), 'dist-server', 'server-entry.js')],
};

/** The back office (served at /back-office); it bundles the contract's plain values. */
export const BACK_OFFICE: Frontend = {
  name: 'back office',
  distDir: path.join(packageDir('back-office'), 'dist'),
  sources: [
    path.join(packageDir('back-office'), 'src'),
    path.join(packageDir('back-office'), 'index.html'),
    path.join(packageDir('back-office'), 'vite.config.ts'),
    path.join(packageDir('back-office'), 'package.json'),
    path.join(packageDir('contract'), 'src'),
  ],
  npmArgs: ['run', 'build', '-w', '@cashdesk/back-office'],
};

/** The demo host page; it bundles the embed SDK and domain. */
export const DEMO_PAGE: Frontend = {
  name: 'demo host page',
  distDir: path.join(packageDir('embed'), 'demo', 'dist'),
  sources: [
    path.join(packageDir('embed'), 'demo'),
    path.join(packageDir('embed'), 'src'),
    path.join(packageDir('embed'), 'vite.demo.config.ts'),
    path.join(packageDir('domain'), 'src'),
  ],
  npmArgs: ['run', 'build:demo', '-w', '@cashdesk/embed'],
};

/** Folders never looked into for source changes (build output, tests of the sources). */
const SKIPPED = new Set(['dist', 'node_modules', '.vite']);

/** The newest modification time under `target` (0 when it does not exist). */
async function newestChange(target: string): Promise<number> {
  const info = await stat(target).catch(() => null);
  if (info === null) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of await readdir(target, { withFileTypes: true })) {
    if (entry.isDirectory() && SKIPPED.has(entry.name)) continue;
    newest = Math.max(newest, await newestChange(path.join(target, entry.name)));
  }
  return newest;
}

/** Whether the bundle is missing or older than any of its sources. */
export async function needsBuild(frontend: Frontend): Promise<boolean> {
  const index = path.join(frontend.distDir, 'index.html');
  if (!existsSync(index)) return true;
  if ((frontend.artefacts ?? []).some((file) => !existsSync(file))) return true;
  const built = (await stat(index)).mtimeMs;
  const changes = await Promise.all(frontend.sources.map(newestChange));
  return changes.some((changed) => changed > built);
}

/** Runs npm with the given arguments from the root; rejects on a non-zero exit. */
export async function runNpm(args: readonly string[]): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    // The build's output goes to stderr (fd 2) like the rest of the progress.
    // NODE_ENV=production whoever calls: inside Vitest (the browser tests' global setup) it is
    // 'test', and Vite would then bundle React's development build, twice the size and slower,
    // so the browser tests, `npm start` and the bench would all get a build no player gets.
    const child = spawn('npm', [...args], {
      cwd: ROOT,
      stdio: ['ignore', 2, 2],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`npm ${args.join(' ')} failed (${signal ?? `exit ${String(code)}`})`));
    });
  });
}

/** What {@link ensureBuilt} did. */
export type BuildOutcome = 'built' | 'fresh';

/**
 * Builds the bundle unless it is fresh (or `force`). Progress goes to stderr so that stdout keeps
 * only what a command means to print.
 */
export async function ensureBuilt(frontend: Frontend, force = false): Promise<BuildOutcome> {
  if (!force && !(await needsBuild(frontend))) return 'fresh';
  process.stderr.write(`Building the ${frontend.name}…\n`);
  await runNpm(frontend.npmArgs);
  if (!existsSync(path.join(frontend.distDir, 'index.html'))) {
    throw new Error(`the ${frontend.name} build wrote no ${frontend.distDir}/index.html`);
  }
  return 'built';
}
