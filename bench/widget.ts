/**
 * `npm run bench:widget`: the widget's weight and speed beside a bare React 19 page, for the
 * budgets of docs/architecture.md. Prints figures only; it never judges them, and exits non-zero
 * only when it cannot measure.
 *
 * (a) Bytes (gzip -9 of each file as served, decoded):
 *     - every JavaScript chunk in dist, and the static-manifest figure: the entry chunk with its
 *       static imports (dist/.vite/manifest.json) plus the module scripts and modulepreloads of
 *       index.html;
 *     - the JavaScript to a usable form, measured in Chromium (playwright-core): a fresh browser
 *       context loads the page, opens the card method when the page does not open it by itself,
 *       and every script response is summed until the form's first field (the card number) is
 *       enabled and takes focus. Scripts that arrive later are listed apart, as are the other
 *       responses (styles, answers) before that moment.
 * (b) Lighthouse (default mobile emulation and simulated throttling), LIGHTHOUSE_RUNS rounds
 *     (default 3): score, FCP, LCP, TBT, time to interactive, CLS and Speed Index, then medians.
 * (c) The same for the bare React page of bench/bare-react (a title and a card number field),
 *     built by the widget's own Vite config (same plugins, minifier and precompressed copies) and
 *     served by the same server code (serveWidget), with the ratios widget ÷ bare.
 *
 * Every figure is taken for four pages: /deposit (English, light theme brand0), /deposit in the
 * dark theme (brand1), /deposit in Arabic (right to left) and the withdrawal homepage. Each
 * Lighthouse round runs the bare page and the four pages one after the other, so the ratios
 * compare runs on the same machine under the same load.
 *
 * Environment: WIDGET_DIR (measure a widget built elsewhere; no build), LIGHTHOUSE_RUNS,
 * CHROMIUM_PATH (default /usr/bin/chromium), SKIP_LIGHTHOUSE=1 (bytes only), BENCH_PAGES (a
 * comma list of page names below, default all).
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { build } from 'vite';
import { ROOT, WIDGET, ensureBuilt } from '../scripts/build-frontends';
import { startWidgetServer } from './widget-server';

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

/** The bare React page's sources and where its build goes (gitignored node_modules cache). */
const BARE_SOURCE = fileURLToPath(new URL('./bare-react/', import.meta.url));
const BARE_DIST = path.join(ROOT, 'node_modules', '.cache', 'bench-bare-react');
const WIDGET_VITE_CONFIG = path.join(ROOT, 'packages', 'widget', 'vite.config.ts');

/** The sandbox card method of the seed (packages/server/src/db/seed-data/brand0-deposit-methods.ts). */
const CARD_METHOD = /^Visa \/ Mastercard(\s|$)/;
/** The card number field, in any language. */
const CARD_NUMBER = 'input[autocomplete="cc-number"]';
/** The first field of a form: the withdrawal homepage opens its first method's form (amount). */
const FORM_FIELD = 'form input:not([type=hidden])';

/** One page the benchmark measures. */
interface PageCase {
  readonly name: string;
  readonly flow: 'deposit' | 'withdrawal';
  readonly lang: string;
  readonly theme: string;
  /** The field whose being usable ends the count. */
  readonly field: string;
}

const PAGES: readonly PageCase[] = [
  { name: 'deposit', flow: 'deposit', lang: 'en-brand0', theme: 'brand0', field: CARD_NUMBER },
  { name: 'dark', flow: 'deposit', lang: 'en-brand0', theme: 'brand1', field: CARD_NUMBER },
  { name: 'arabic', flow: 'deposit', lang: 'ar-brand0', theme: 'brand0', field: CARD_NUMBER },
  { name: 'withdrawal', flow: 'withdrawal', lang: 'en-brand0', theme: 'brand0', field: FORM_FIELD },
];

const METRICS = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['TTI', 'interactive'],
  ['CLS', 'cumulative-layout-shift'],
  ['SI', 'speed-index'],
] as const;

type MetricLabel = (typeof METRICS)[number][0];

function kb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
}

function gzipSize(bytes: Buffer): number {
  return gzipSync(bytes, { level: 9 }).length;
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

/** The gzip size of every chunk in dist and the static-manifest figure; returns the latter. */
async function measureStatic(distDir: string, label: string, list: boolean): Promise<number> {
  const assets = path.join(distDir, 'assets');
  const names = (await readdir(assets)).filter((name) => name.endsWith('.js')).sort();
  const gzipOf = new Map<string, number>();
  for (const name of names) {
    gzipOf.set(`assets/${name}`, gzipSize(await readFile(path.join(assets, name))));
  }
  const sorted = [...gzipOf].sort((a, b) => b[1] - a[1]);
  const total = sorted.reduce((sum, [, size]) => sum + size, 0);
  if (list) {
    process.stdout.write(`\n(a) JavaScript chunks of the ${label} in ${distDir} (gzip -9)\n`);
    for (const [file, size] of sorted)
      process.stdout.write(`  ${kb(size).padStart(10)}  ${file}\n`);
    process.stdout.write(`  ${kb(total).padStart(10)}  all ${sorted.length} chunks\n`);
  }

  const entryFiles = new Set<string>();
  const manifest = await readManifest(distDir);
  if (manifest !== null) {
    const entry = [...manifest.entries()].find(
      ([key, chunk]) => chunk.isEntry && (chunk.src ?? key).endsWith('index.html'),
    );
    if (entry === undefined) throw new Error('the manifest has no entry for index.html');
    const visit = (key: string): void => {
      const chunk = manifest.get(key);
      if (chunk === undefined || entryFiles.has(chunk.file)) return;
      entryFiles.add(chunk.file);
      chunk.imports.forEach(visit);
    };
    visit(entry[0]);
  }
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  for (const file of htmlScripts(html)) if (file.endsWith('.js')) entryFiles.add(file);
  let bytes = 0;
  for (const file of entryFiles) {
    const size = gzipOf.get(file);
    if (size === undefined) throw new Error(`${file} is in index.html's graph but not in assets`);
    bytes += size;
  }
  process.stdout.write(
    `  ${kb(bytes).padStart(10)}  static manifest of the ${label}: entry + static imports + index.html scripts (${entryFiles.size} file(s))\n`,
  );
  return bytes;
}

/** What one page load downloaded before and after its form became usable. */
interface LoadBytes {
  /** Script file → gzip size, before the form was usable. */
  readonly scripts: Map<string, number>;
  readonly later: Map<string, number>;
  /** Other responses before that moment: kind → [count, gzip bytes]. */
  readonly others: Map<string, [number, number]>;
}

function sum(sizes: Map<string, number>): number {
  return [...sizes.values()].reduce((total, size) => total + size, 0);
}

/**
 * Installed before the page's own scripts: notes (window.benchUsableAt, on the page's clock) the
 * first moment the field is enabled, visible and takes focus, checked on every change of the DOM
 * and every frame. A string, not a function: tsx wraps named functions in a helper the page lacks.
 */
function watchUsable(css: string): string {
  return `(() => {
    const css = ${JSON.stringify(css)};
    const check = () => {
      if (window.benchUsableAt !== undefined) return;
      const field = document.querySelector(css);
      if (!(field instanceof HTMLElement) || field.matches(':disabled')) return;
      if (field.closest('[inert], [aria-busy="true"]') !== null) return;
      const box = field.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return;
      const before = document.activeElement;
      field.focus();
      if (document.activeElement !== field) return;
      window.benchUsableAt = performance.now();
      if (before instanceof HTMLElement) before.focus();
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
    const everyFrame = () => {
      check();
      if (window.benchUsableAt === undefined) requestAnimationFrame(everyFrame);
    };
    requestAnimationFrame(everyFrame);
  })();`;
}

/** Waits for the moment {@link watchUsable} notes. */
async function usableMoment(page: Page): Promise<number> {
  const moment = await page.waitForFunction(
    () => {
      const moment: unknown = Reflect.get(window, 'benchUsableAt');
      return typeof moment === 'number' ? moment : false;
    },
    undefined,
    { timeout: 60_000 },
  );
  const value: unknown = await moment.jsonValue();
  if (typeof value !== 'number') throw new Error('no moment of the usable field');
  return value;
}

/** When each resource finished arriving, on the page's clock (resource timing). */
async function responseEnds(page: Page): Promise<Map<string, number>> {
  const entries = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .flatMap((entry) =>
        entry instanceof PerformanceResourceTiming
          ? [[entry.name, entry.responseEnd] as const]
          : [],
      ),
  );
  return new Map(entries.map(([name, end]) => [new URL(name).pathname, end]));
}

/**
 * Loads `url` in a fresh context and sums the scripts that had arrived when `field` became usable
 * (by the page's resource timing; a script it does not list counts as arrived).
 */
async function loadToUsableForm(browser: Browser, url: string, field: string): Promise<LoadBytes> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const responses: { kind: string; name: string; size: Promise<number> }[] = [];
  page.on('response', (response) => {
    responses.push({
      kind: response.request().resourceType(),
      name: new URL(response.url()).pathname,
      size: response.body().then(gzipSize, () => 0),
    });
  });
  await page.addInitScript(watchUsable(field));
  try {
    await page.goto(url);
    const cardTile = page.getByRole('button', { name: CARD_METHOD });
    const formField = page.locator(field).first();
    await formField.or(cardTile.last()).waitFor({ timeout: 60_000 });
    if (field === CARD_NUMBER && !(await formField.isVisible())) await cardTile.last().click();
    const usableAt = await usableMoment(page);
    // Scripts the page fetches right after (realtime, metrics): listed apart.
    await page.waitForLoadState('networkidle');
    const ends = await responseEnds(page);
    const scripts = new Map<string, number>();
    const later = new Map<string, number>();
    const others = new Map<string, [number, number]>();
    for (const response of responses) {
      const size = await response.size;
      const before = (ends.get(response.name) ?? 0) <= usableAt;
      if (response.kind === 'script') (before ? scripts : later).set(response.name, size);
      else if (before) {
        const [count, bytes] = others.get(response.kind) ?? [0, 0];
        others.set(response.kind, [count + 1, bytes + size]);
      }
    }
    return { scripts, later, others };
  } finally {
    await context.close();
  }
}

/**
 * A fresh sandbox session's widget address for one page, for a new player: one without saved
 * cards, whose card form opens on the card number field.
 */
async function pageUrl(base: string, target: PageCase): Promise<string> {
  const response = await fetch(`${base}/sandbox/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ player: `bench-${randomUUID()}`, flow: target.flow, currency: 'EUR' }),
  });
  const body: unknown = await response.json();
  const sessionId = isRecord(body) ? body.session_id : undefined;
  if (typeof sessionId !== 'string') throw new Error(`no session: ${JSON.stringify(body)}`);
  const query = new URLSearchParams({ session_id: sessionId, lang: target.lang });
  query.set('theme', target.theme);
  return `${base}/${target.flow}?${query.toString()}`;
}

function printLoad(label: string, load: LoadBytes): void {
  process.stdout.write(`\n    ${label}: scripts until the form's first field is usable\n`);
  for (const [file, size] of [...load.scripts].sort((a, b) => b[1] - a[1])) {
    process.stdout.write(`  ${kb(size).padStart(10)}  ${file}\n`);
  }
  process.stdout.write(
    `  ${kb(sum(load.scripts)).padStart(10)}  JavaScript to a usable form (${load.scripts.size} script(s))\n`,
  );
  for (const [kind, [count, bytes]] of load.others) {
    process.stdout.write(
      `  ${kb(bytes).padStart(10)}  ${kind}: ${count} response(s) before then\n`,
    );
  }
  if (load.later.size > 0) {
    process.stdout.write(
      `  ${kb(sum(load.later)).padStart(10)}  scripts loaded after the form was usable: ${[...load.later.keys()].map((file) => path.basename(file)).join(', ')}\n`,
    );
  }
}

interface RunFigures {
  readonly score: number;
  readonly metrics: Partial<Record<MetricLabel, number>>;
}

function numberAt(record: unknown, key: string): number | undefined {
  const value: unknown = isRecord(record) ? record[key] : undefined;
  return typeof value === 'number' ? value : undefined;
}

async function lighthouseOnce(url: string): Promise<RunFigures> {
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
    const metrics: Partial<Record<MetricLabel, number>> = {};
    for (const [label, id] of METRICS) {
      const value = numberAt(lhr.audits[id], 'numericValue');
      if (value !== undefined) metrics[label] = value;
    }
    return { score: Math.round(score * 100), metrics };
  } finally {
    chrome.kill();
  }
}

/** One Lighthouse run, tried once more when its trace failed (NO_NAVSTART and the like). */
async function lighthouseRun(url: string): Promise<RunFigures> {
  try {
    return await lighthouseOnce(url);
  } catch (error: unknown) {
    process.stdout.write(`  (run failed, tried again: ${String(error).split('\n')[0] ?? ''})\n`);
    return lighthouseOnce(url);
  }
}

function formatMetric(label: MetricLabel, value: number | undefined): string {
  if (value === undefined || Number.isNaN(value)) return `${label} n/a`;
  return label === 'CLS' ? `${label} ${value.toFixed(3)}` : `${label} ${Math.round(value)} ms`;
}

function formatRun(figures: RunFigures): string {
  const metrics = METRICS.map(([label]) => formatMetric(label, figures.metrics[label]));
  return `score ${figures.score}  ${metrics.join('  ')}`;
}

function medianRun(runs: readonly RunFigures[]): RunFigures {
  const metrics: Partial<Record<MetricLabel, number>> = {};
  for (const [label] of METRICS) {
    const values = runs.flatMap((run) => run.metrics[label] ?? []);
    if (values.length > 0) metrics[label] = median(values);
  }
  return { score: median(runs.map((run) => run.score)), metrics };
}

function ratio(widget: number | undefined, bare: number | undefined): string {
  if (widget === undefined || bare === undefined || bare === 0) return 'n/a';
  return `${(widget / bare).toFixed(2)}×`;
}

/** Builds bench/bare-react with the widget's Vite config into {@link BARE_DIST}. */
async function buildBarePage(): Promise<void> {
  await build({
    configFile: WIDGET_VITE_CONFIG,
    root: BARE_SOURCE,
    logLevel: 'warn',
    build: { outDir: BARE_DIST, emptyOutDir: true },
  });
}

function selectedPages(): readonly PageCase[] {
  const names = (process.env.BENCH_PAGES ?? '').split(',').filter((name) => name.trim() !== '');
  if (names.length === 0) return PAGES;
  const chosen = PAGES.filter((page) => names.includes(page.name));
  if (chosen.length === 0)
    throw new Error(`BENCH_PAGES names none of ${PAGES.map((p) => p.name).join(', ')}`);
  return chosen;
}

async function main(): Promise<void> {
  const fromEnv = process.env.WIDGET_DIR?.trim() ?? '';
  if (fromEnv === '') await ensureBuilt(WIDGET);
  const distDir = path.resolve(fromEnv === '' ? WIDGET.distDir : fromEnv);
  if (!existsSync(CHROMIUM_PATH))
    throw new Error(`no Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH)`);
  const pages = selectedPages();
  await buildBarePage();

  const widgetStatic = await measureStatic(distDir, 'widget', true);
  const bareStatic = await measureStatic(BARE_DIST, 'bare React page', false);

  const widget = await startWidgetServer(distDir);
  const bare = await startWidgetServer(BARE_DIST);
  try {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
    const usableBytes = new Map<string, number>();
    try {
      const bareLoad = await loadToUsableForm(browser, `${bare.base}/deposit`, CARD_NUMBER);
      printLoad('bare React page', bareLoad);
      usableBytes.set('bare', sum(bareLoad.scripts));
      for (const target of pages) {
        const load = await loadToUsableForm(
          browser,
          await pageUrl(widget.base, target),
          target.field,
        );
        printLoad(`${target.name} (${target.flow}, ${target.lang}, theme ${target.theme})`, load);
        usableBytes.set(target.name, sum(load.scripts));
      }
    } finally {
      await browser.close();
    }

    const bareBytes = usableBytes.get('bare') ?? Number.NaN;
    process.stdout.write('\n    JavaScript to a usable form (gzip), widget ÷ bare React page\n');
    process.stdout.write(
      `  ${kb(bareBytes).padStart(10)}  bare React page (static manifest ${kb(bareStatic)})\n`,
    );
    process.stdout.write(`  ${kb(widgetStatic).padStart(10)}  widget static manifest\n`);
    for (const target of pages) {
      const bytes = usableBytes.get(target.name);
      process.stdout.write(
        `  ${kb(bytes ?? Number.NaN).padStart(10)}  ${target.name}  ${ratio(bytes, bareBytes)}\n`,
      );
    }

    if (process.env.SKIP_LIGHTHOUSE === '1') return;
    const rounds = Number(process.env.LIGHTHOUSE_RUNS ?? '3');
    if (!Number.isInteger(rounds) || rounds < 1)
      throw new Error('LIGHTHOUSE_RUNS must be a whole number >= 1');
    process.stdout.write(`\n(b, c) Lighthouse mobile performance, ${rounds} round(s)\n`);
    const runs = new Map<string, RunFigures[]>();
    const record = (name: string, figures: RunFigures): void => {
      runs.set(name, [...(runs.get(name) ?? []), figures]);
      process.stdout.write(`  ${name.padEnd(10)} ${formatRun(figures)}\n`);
    };
    for (let round = 1; round <= rounds; round += 1) {
      process.stdout.write(`  round ${round}\n`);
      record('bare', await lighthouseRun(`${bare.base}/deposit`));
      for (const target of pages) {
        record(target.name, await lighthouseRun(await pageUrl(widget.base, target)));
      }
    }
    const bareMedian = medianRun(runs.get('bare') ?? []);
    process.stdout.write('\n    medians (ratios widget ÷ bare React page of the same rounds)\n');
    process.stdout.write(`  ${'bare'.padEnd(10)} ${formatRun(bareMedian)}\n`);
    for (const target of pages) {
      const figures = medianRun(runs.get(target.name) ?? []);
      const ratios = (['LCP', 'TBT', 'TTI'] as const)
        .map((label) => `${label} ${ratio(figures.metrics[label], bareMedian.metrics[label])}`)
        .join('  ');
      process.stdout.write(`  ${target.name.padEnd(10)} ${formatRun(figures)}\n`);
      process.stdout.write(`  ${''.padEnd(10)} ÷ bare: ${ratios}\n`);
    }
  } finally {
    await widget.close();
    await bare.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench:widget failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});
