/**
 * `npm run bench:first-screen`: what the cashier's document costs the server now that it carries
 * the first screen's answers and, on a homepage, the first screen rendered by the widget's server
 * entry (docs/decisions/0125-first-screen-rendered-by-the-server.md). On the real app (in-memory
 * PGlite, seeded, sandbox) with the built widget, one request at a time, FIRST_SCREEN_REQUESTS
 * times (default 200) after a warm-up of 20, for each of:
 *
 * - the document alone (index.html, no session: what every page cost before);
 * - init + appearance: the two API calls the page made at start, which the document now answers;
 * - the document of /deposit with its answers and its rendered first screen;
 * - the render alone (the server entry's renderFirstScreen on the same inlined answers), with
 *   the CPU time per render.
 *
 * Prints the median and the 95th percentile of each in milliseconds; never judges them.
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadFirstScreenRenderer } from '../packages/server/src/http/widget-first-screen';
import { WIDGET, ensureBuilt } from '../scripts/build-frontends';
import { startWidgetServer } from './widget-server';

const REQUESTS = Number(process.env.FIRST_SCREEN_REQUESTS ?? '200');
const WARM_UP = 20;
const CASHIER = '/api/cashier-service/v1.0';
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
const DATA_BLOCK = /<script type="application\/json" id="cd-page-data">([\s\S]*?)<\/script>/;

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

async function timed(label: string, once: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < WARM_UP; i += 1) await once();
  const times: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < REQUESTS; i += 1) {
    const start = performance.now();
    await once();
    times.push(performance.now() - start);
  }
  const cpu = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a - b);
  const cpuMs = (cpu.user + cpu.system) / 1000 / REQUESTS;
  process.stdout.write(
    `  ${label.padEnd(52)} median ${quantile(times, 0.5).toFixed(2)} ms  p95 ${quantile(times, 0.95).toFixed(2)} ms  CPU ${cpuMs.toFixed(2)} ms\n`,
  );
}

async function main(): Promise<void> {
  const distDir = process.env.WIDGET_DIR ?? WIDGET.distDir;
  if (process.env.WIDGET_DIR === undefined) await ensureBuilt(WIDGET);
  const server = await startWidgetServer(distDir);
  const { base } = server;
  try {
    const response = await fetch(`${base}/sandbox/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ player: 'demo', flow: 'deposit', currency: 'EUR' }),
    });
    const body: unknown = await response.json();
    const sessionId: unknown =
      typeof body === 'object' && body !== null ? Reflect.get(body, 'session_id') : undefined;
    if (typeof sessionId !== 'string') throw new Error('no session');
    const page = `${base}/deposit?session_id=${encodeURIComponent(sessionId)}&lang=en&theme=brand0`;
    const headers = { accept: 'text/html', 'user-agent': PHONE_UA };
    const api = { accept: 'application/json', 'x-session-id': sessionId };
    const get = async (url: string, requestHeaders: Record<string, string>) => {
      const answer = await fetch(url, { headers: requestHeaders });
      return answer.text();
    };
    const html = await get(page, headers);
    const pageData = DATA_BLOCK.exec(html)?.[1];
    if (pageData === undefined) throw new Error('the document carries no data');
    const rendered = html.includes('id="cd-first-screen"');
    process.stdout.write(
      `First screen of /deposit (${String(REQUESTS)} requests each, one at a time; first screen ${rendered ? 'rendered' : 'NOT rendered: no server entry'})\n`,
    );
    await timed('document alone (index.html, no session)', () => get(`${base}/deposit`, headers));
    await timed('init + appearance calls (what the page made at start)', () =>
      Promise.all([
        get(`${base}${CASHIER}/payments/groups/init`, api),
        get(`${base}${CASHIER}/appearance?lang=en&theme=brand0`, api),
      ]),
    );
    await timed('document with answers and rendered first screen', () => get(page, headers));
    const render = await loadFirstScreenRenderer(
      path.join(path.dirname(path.resolve(distDir)), 'dist-server', 'server-entry.js'),
    );
    if (render !== null) {
      await timed('render alone (renderFirstScreen)', () =>
        render({
          address: page,
          userAgent: PHONE_UA,
          // The block's escapes read back as the JSON the server handed the render.
          pageData: JSON.stringify(JSON.parse(pageData)),
        }),
      );
    }
  } finally {
    await server.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
});
