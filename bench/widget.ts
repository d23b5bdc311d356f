/**
 * `npm run bench:widget`: the widget's weight and speed, against the budgets of docs/architecture.md
 * (first paint of /deposit at most 110 KB gzip of JavaScript; Lighthouse mobile performance 95+).
 * Prints figures only; it never judges them, and exits non-zero only when it cannot measure.
 *
 * (a) the gzip size of every JavaScript chunk in dist, and the JavaScript the first paint of
 *     /deposit needs: the entry chunk with its static imports (dist/.vite/manifest.json, written
 *     because packages/widget/vite.config.ts sets build.manifest) plus every module script and
 *     modulepreload of index.html;
 * (b) Lighthouse (default mobile emulation and simulated throttling) on /deposit?session_id=…
 *     served by the real server (in-memory PGlite, seeded, sandbox), LIGHTHOUSE_RUNS times
 *     (default 3): each run's score, FCP, LCP, TBT, CLS and Speed Index, then min/median/max.
 *
 * Environment: WIDGET_DIR (measure a widget built elsewhere; no build), LIGHTHOUSE_RUNS,
 * CHROMIUM_PATH (default /usr/bin/chromium), SKIP_LIGHTHOUSE=1 (sizes only).
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {
  createApp,
  loadConfig,
  openDatabase,
  seedDatabase,
  serveWidget,
} from '../packages/server/src/index';
import { WIDGET, ensureBuilt } from '../scripts/build-frontends';

/** docs/architecture.md: first paint of /deposit, JavaScript, gzip. */
const FIRST_PAINT_BUDGET_KB = 110;
const FIRST_PAINT_AIM_KB = 95;
/** KB here are 1024 bytes. */
const KB = 1024;

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** docs/architecture.md's Chromium flags. */
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const METRICS = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['CLS', 'cumulative-layout-shift'],
  ['SI', 'speed-index'],
] as const;

function kb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
}

/** One manifest row: the file it wrote and the manifest keys it imports. */
interface ManifestChunk {
  readonly file: string;
  readonly isEntry: boolean;
  readonly src: string | undefined;
  readonly imports: readonly string[];
  readonly dynamicImports: readonly string[];
}

async function readManifest(distDir: string): Promise<Map<string, ManifestChunk> | null> {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return null;
  const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
  if (!isRecord(parsed)) throw new Error(`${file} is not a manifest object`);
  const chunks = new Map<string, ManifestChunk>();
  for (const [key, value] of Object.entries(parsed)) {
    if (!isRecord(value) || typeof value.file !== 'string') continue;
    chunks.set(key, {
      file: value.file,
      isEntry: value.isEntry === true,
      src: typeof value.src === 'string' ? value.src : undefined,
      imports: stringList(value.imports),
      dynamicImports: stringList(value.dynamicImports),
    });
  }
  return chunks;
}

/** Files (relative to dist) of the module scripts and modulepreloads of index.html. */
function htmlScripts(html: string): string[] {
  const files: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const isScript = /^<script/i.test(tag);
    const isPreload = /\brel=["']?modulepreload\b/i.test(tag);
    if (!isScript && !isPreload) continue;
    const address = /\b(?:src|href)=["']([^"']+)["']/i.exec(tag)?.[1];
    if (address === undefined || /^(https?:)?\/\//i.test(address)) continue;
    files.push(address.replace(/^\.?\//, ''));
  }
  return files;
}

async function measureSizes(distDir: string): Promise<void> {
  const assets = path.join(distDir, 'assets');
  const names = (await readdir(assets)).filter((name) => name.endsWith('.js')).sort();
  const gzipOf = new Map<string, number>();
  for (const name of names) {
    const bytes = await readFile(path.join(assets, name));
    gzipOf.set(`assets/${name}`, gzipSync(bytes, { level: 9 }).length);
  }
  const sorted = [...gzipOf].sort((a, b) => b[1] - a[1]);
  const total = sorted.reduce((sum, [, size]) => sum + size, 0);
  process.stdout.write(`\n(a) JavaScript chunks in ${distDir} (gzip -9)\n`);
  for (const [file, size] of sorted) {
    process.stdout.write(`  ${kb(size).padStart(10)}  ${file}\n`);
  }
  process.stdout.write(`  ${kb(total).padStart(10)}  all ${sorted.length} chunks\n`);

  const firstPaint = new Set<string>();
  const lazy = new Set<string>();
  const manifest = await readManifest(distDir);
  if (manifest === null) {
    process.stdout.write(
      '  (no dist/.vite/manifest.json: set build.manifest: true in packages/widget/vite.config.ts to follow static imports; counting index.html only)\n',
    );
  } else {
    const entry = [...manifest.entries()].find(
      ([key, chunk]) => chunk.isEntry && (chunk.src ?? key).endsWith('index.html'),
    );
    if (entry === undefined) throw new Error('the manifest has no entry for index.html');
    const visit = (key: string): void => {
      const chunk = manifest.get(key);
      if (chunk === undefined || firstPaint.has(chunk.file)) return;
      firstPaint.add(chunk.file);
      chunk.imports.forEach(visit);
      for (const dynamic of chunk.dynamicImports) {
        const file = manifest.get(dynamic)?.file;
        if (file !== undefined) lazy.add(file);
      }
    };
    visit(entry[0]);
  }
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  for (const file of htmlScripts(html)) if (file.endsWith('.js')) firstPaint.add(file);
  for (const file of firstPaint) lazy.delete(file);

  let firstPaintBytes = 0;
  process.stdout.write(
    '\n    JavaScript for the first paint of /deposit (entry + static imports + index.html scripts):\n',
  );
  for (const file of [...firstPaint].sort()) {
    const size = gzipOf.get(file);
    if (size === undefined) throw new Error(`${file} is in the first paint but not in dist/assets`);
    firstPaintBytes += size;
    process.stdout.write(`  ${kb(size).padStart(10)}  ${file}\n`);
  }
  const verdict =
    firstPaintBytes <= FIRST_PAINT_AIM_KB * KB
      ? `within the aim of ${FIRST_PAINT_AIM_KB} KB`
      : firstPaintBytes <= FIRST_PAINT_BUDGET_KB * KB
        ? `within the budget, over the aim of ${FIRST_PAINT_AIM_KB} KB`
        : `OVER the budget by ${kb(firstPaintBytes - FIRST_PAINT_BUDGET_KB * KB)}`;
  process.stdout.write(
    `  ${kb(firstPaintBytes).padStart(10)}  first paint total; budget ${FIRST_PAINT_BUDGET_KB} KB: ${verdict}\n`,
  );
  if (lazy.size > 0) {
    const lazyBytes = [...lazy].reduce((sum, file) => sum + (gzipOf.get(file) ?? 0), 0);
    process.stdout.write(
      `  ${kb(lazyBytes).padStart(10)}  loaded later by dynamic import from those chunks (${lazy.size} chunk(s), not counted)\n`,
    );
  }
}

interface RunFigures {
  readonly score: number;
  readonly metrics: readonly string[];
}

function numberAt(record: unknown, key: string): number | undefined {
  const value: unknown = isRecord(record) ? record[key] : undefined;
  return typeof value === 'number' ? value : undefined;
}

async function lighthouseRun(url: string): Promise<RunFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: 'silent',
  });
  try {
    // Default config: mobile form factor, emulated Moto G Power screen, simulated slow 4G + 4x CPU.
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (result === undefined) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError !== undefined) {
      throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    }
    const score = lhr.categories.performance?.score;
    if (score === undefined || score === null)
      throw new Error('Lighthouse gave no performance score');
    const metrics = METRICS.map(([label, id]) => {
      const audit = lhr.audits[id];
      const value = numberAt(audit, 'numericValue');
      if (value === undefined) return `${label} n/a`;
      return label === 'CLS' ? `${label} ${value.toFixed(3)}` : `${label} ${Math.round(value)} ms`;
    });
    return { score: Math.round(score * 100), metrics };
  } finally {
    chrome.kill();
  }
}

async function measureLighthouse(distDir: string): Promise<void> {
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? '3');
  if (!Number.isInteger(runs) || runs < 1)
    throw new Error('LIGHTHOUSE_RUNS must be a whole number >= 1');
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(`no Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH)`);
  const database = await openDatabase({ inMemory: true });
  await seedDatabase(database.db);
  const config = loadConfig({
    CASHDESK_MODE: 'sandbox',
    LOG_LEVEL: 'warn',
    PORT: '0',
    HOST: '127.0.0.1',
  });
  const app = await createApp({ db: database.db, config, extraRoutes: [serveWidget(distDir)] });
  try {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const scores: number[] = [];
    process.stdout.write(
      `\n(b) Lighthouse mobile performance of /deposit on ${base} (${runs} runs)\n`,
    );
    for (let run = 1; run <= runs; run += 1) {
      // A fresh session per run: the first paint includes the session's API calls.
      const response = await fetch(`${base}/sandbox/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ player: 'demo', flow: 'deposit', currency: 'EUR' }),
      });
      const body: unknown = await response.json();
      const sessionId = isRecord(body) ? body.session_id : undefined;
      if (typeof sessionId !== 'string') throw new Error(`no session: ${JSON.stringify(body)}`);
      const figures = await lighthouseRun(
        `${base}/deposit?session_id=${encodeURIComponent(sessionId)}&lang=en-brand0&theme=brand0`,
      );
      scores.push(figures.score);
      process.stdout.write(`  run ${run}: score ${figures.score}  ${figures.metrics.join('  ')}\n`);
    }
    const sorted = [...scores].sort((a, b) => a - b);
    const median = sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
    process.stdout.write(
      `  score min ${sorted[0] ?? 0} / median ${median} / max ${sorted[sorted.length - 1] ?? 0} (budget 95, aim 100)\n`,
    );
  } finally {
    await app.close();
    await database.close();
  }
}

async function main(): Promise<void> {
  const fromEnv = process.env.WIDGET_DIR?.trim() ?? '';
  if (fromEnv === '') await ensureBuilt(WIDGET);
  const distDir = path.resolve(fromEnv === '' ? WIDGET.distDir : fromEnv);
  await measureSizes(distDir);
  if (process.env.SKIP_LIGHTHOUSE !== '1') await measureLighthouse(distDir);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench:widget failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});
