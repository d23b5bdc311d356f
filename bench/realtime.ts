/**
 * `npm run bench:realtime`: how soon the cashier moves on by itself once a payment settles
 * (SPEC §4 realtime). The real stack of the browser tests (e2e/support: the server on
 * an in-memory PGlite, seeded, sandbox; the built widget; the demo host page) and Debian Chromium
 * through playwright-core.
 *
 * BENCH_RUNS times (default 20), each in a fresh hosted cashier of a fresh player (a fresh
 * browser context: no cached chunks, as for a player's first payment): pay by crypto QR (Bitcoin
 * network), wait for the display form's QR code (the address changes before the page's lazy
 * chunks arrive) and for the realtime socket's subscriptions (three subscribe replies on the
 * page's websocket frames, as e2e/realtime.test.ts counts them), then approve the payment at the
 * sandbox provider page (`POST /sandbox/interaction/<id>`, action=approve) from Node:
 * - t0 just before the approve is sent;
 * - t1 when its HTTP answer arrives (the settlement is committed on the server);
 * - t2 when the cashier frame's address reaches /deposit/deposit-success (a 'framenavigated'
 *   listener registered before the approve). The display form reads the status at the push and
 *   goes to /payments/status/<id>, whose poll reads it at once and goes on to the result.
 * Prints settlement → page (t2 − t1) and approve sent → page (t2 − t0): min / median / p90 / max,
 * and where t2 − t1 goes as Node hears the page's events through the browser protocol (the
 * first push frame on the socket, the frame at /payments/status, the last status read answered),
 * with each run's count of status reads and the scripts it fetched before t2.
 *
 * Yardstick, measured in the same run (the machine is shared and noisy, the figures are read as
 * ratios): in each run, while the display form is idle before the approve, one
 * `GET payments/status/<id>` issued from inside the cashier frame with the session header the
 * widget sends, timed in the page. Prints its min / median / max and the median over the runs of
 * (settlement → page) ÷ (that run's status round trip). For contrast it prints what the page
 * would do without the push: the display form does not poll (the player clicks), the result
 * page polls every PROCESSING_POLL_MS (read from the widget's source).
 *
 * Prints figures only; it never judges them, and exits non-zero only when it cannot measure.
 *
 * Environment: BENCH_RUNS (default 20), BENCH_TIMELINE=1 (also each run's page events after the
 * approve: navigations, requests sent and done, in ms from t1), WIDGET_DIR (measure a widget
 * built elsewhere; no build), CHROMIUM_PATH (default /usr/bin/chromium), E2E_LOG_LEVEL (server
 * lines echoed; default warn).
 */
import { readFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { inspect } from 'node:util';
import type { Browser, Frame, Page } from 'playwright-core';
import { ENDPOINTS, buildPath } from '../packages/contract/src/index';
import { SESSION_HEADER } from '../packages/domain/src/index';
import { DEMO_PAGE, WIDGET, ensureBuilt } from '../scripts/build-frontends';
import { launchBrowser } from '../e2e/support/browser';
import { closeHosted, openHostedCashier, pattern, transactionsOf } from '../e2e/support/cashier';
import {
  METHODS,
  chooseOption,
  openMethod,
  submitButton,
  waitForPath,
} from '../e2e/support/journeys';
import { startStack } from '../e2e/support/stack';
import type { Stack } from '../e2e/support/stack';

const RUNS = Number(process.env.BENCH_RUNS ?? '20');
/** BENCH_TIMELINE=1: each run's page events after the approve, in ms from its answer (t1). */
const TIMELINE = process.env.BENCH_TIMELINE === '1';
/** The widget subscribes its session's three channels once connected (e2e/realtime.test.ts). */
const SUBSCRIPTIONS = 3;
/** How long a step may take before the run is given up as not measurable. */
const STEP_TIMEOUT_MS = 15_000;
const SUCCESS_PATH = '/deposit/deposit-success';
const RESULT_PAGE_SOURCE = new URL(
  '../packages/widget/src/features/result/result-page.tsx',
  import.meta.url,
);

interface RunFigures {
  /** t2 − t1: the approve's answer (settlement committed) to the page on its result. */
  readonly settlementToPage: number;
  /** t2 − t0: the approve sent to the page on its result. */
  readonly approveToPage: number;
  /** One GET payments/status from inside the cashier frame, timed in the page. */
  readonly statusRoundTrip: number;
  /**
   * Where t2 − t1 goes, as Node hears it through the browser's protocol (null: not seen): the
   * display form reads the status at the push and goes to /payments/status/<id>, whose poll reads
   * it at once and goes on to the result.
   */
  readonly breakdown: {
    /** The approve's answer to the first push frame on the page's socket. */
    readonly toPush: number | null;
    /** The approve's answer to the frame at /payments/status/<id>. */
    readonly toStatusPage: number | null;
    /** The last status read answered to the frame at its result. */
    readonly lastReadToPage: number | null;
    /** Status reads of the transaction the page made after the approve. */
    readonly statusReads: number;
    /** JavaScript files the page fetched after the approve (lazy chunks of the next pages). */
    readonly scripts: readonly string[];
  };
}

/** What the page's sockets said: subscribe replies, and when a push first came after `since`. */
interface SocketWatch {
  subscribed: number;
  since: number;
  firstPush: number | null;
}

// --- figures --------------------------------------------------------------------------------

function sorted(values: readonly number[]): number[] {
  return [...values].sort((a, b) => a - b);
}

function median(values: readonly number[]): number {
  const ordered = sorted(values);
  const middle = Math.floor(ordered.length / 2);
  return ordered.length % 2 === 1
    ? (ordered[middle] ?? 0)
    : ((ordered[middle - 1] ?? 0) + (ordered[middle] ?? 0)) / 2;
}

/** The nearest-rank percentile (p90 of 20 values is the 18th smallest). */
function percentile(values: readonly number[], p: number): number {
  const ordered = sorted(values);
  const rank = Math.max(1, Math.ceil((p / 100) * ordered.length));
  return ordered[rank - 1] ?? 0;
}

function ms(value: number): string {
  return `${value.toFixed(1)} ms`;
}

function row(label: string, values: readonly number[]): string {
  const ordered = sorted(values);
  const cells = [
    ordered[0] ?? 0,
    median(values),
    percentile(values, 90),
    ordered[ordered.length - 1] ?? 0,
  ].map((value) => ms(value).padStart(11));
  return `  ${label.padEnd(33)}${cells.join('')}\n`;
}

function load(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}

// --- one run --------------------------------------------------------------------------------

/**
 * Counts the replies to the realtime client's subscribe commands on the page's sockets (as
 * e2e/realtime.test.ts does); registered when the page is created, before the widget connects.
 */
function watchSockets(page: Page, watch: SocketWatch): void {
  page.on('websocket', (socket) => {
    if (!socket.url().endsWith('/connection/websocket')) return;
    socket.on('framereceived', (frame) => {
      const now = performance.now();
      const text = typeof frame.payload === 'string' ? frame.payload : frame.payload.toString();
      for (const line of text.split('\n')) {
        if (line.includes('"subscribe":')) watch.subscribed += 1;
        if (line.includes('"push":') && watch.firstPush === null && now >= watch.since) {
          watch.firstPush = now;
        }
      }
    });
  });
}

/** Waits until `done()` holds, checking every few milliseconds; throws after `timeoutMs`. */
async function waitUntil(done: () => boolean, what: string, timeoutMs = STEP_TIMEOUT_MS) {
  const started = performance.now();
  while (!done()) {
    if (performance.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** One GET payments/status/<id> from inside the frame, as the widget sends it; ms in the page. */
async function statusRoundTrip(frame: Frame, sessionId: string, transactionId: string) {
  const address = buildPath(ENDPOINTS.altStatus, { transactionId });
  return frame.evaluate(
    async ({ address, header, sessionId }) => {
      const started = performance.now();
      const response = await fetch(address, { headers: { [header]: sessionId } });
      await response.text();
      const elapsed = performance.now() - started;
      if (!response.ok) throw new Error(`status answered ${String(response.status)}`);
      return elapsed;
    },
    { address, header: SESSION_HEADER, sessionId },
  );
}

async function measureRun(stack: Stack, browser: Browser): Promise<RunFigures> {
  const sockets: SocketWatch = { subscribed: 0, since: Number.POSITIVE_INFINITY, firstPush: null };
  const hosted = await openHostedCashier(browser, stack, {
    context: { viewport: { width: 1280, height: 900 } },
    beforeOpen: (context) => {
      context.on('page', (page) => {
        watchSockets(page, sockets);
      });
      return Promise.resolve();
    },
  });
  try {
    const { page, frame, session } = hosted;
    await openMethod(frame, METHODS.crypto);
    await chooseOption(frame, 'PH.FIELD.NETWORK', 'Bitcoin');
    await submitButton(frame).click();
    await waitForPath(frame, '/deposit/deposit-display-form');
    // The address changes before the page's lazy chunks arrive: wait for the QR code itself.
    await frame.getByRole('img', { name: pattern('en', 'DISPLAY_FORM.QR_ALT') }).waitFor();
    await waitUntil(() => sockets.subscribed >= SUBSCRIPTIONS, 'the realtime subscriptions');
    const [transaction] = await transactionsOf(stack, session.sessionId);
    if (transaction === undefined) throw new Error('the crypto payment left no transaction');

    const roundTrip = await statusRoundTrip(frame, session.sessionId, transaction.id);

    let t2: number | undefined;
    const statusPagePath = `/payments/status/${transaction.id}`;
    const statusRead = buildPath(ENDPOINTS.altStatus, { transactionId: transaction.id });
    const marks: { statusPage: number | null; lastRead: number | null; reads: number } = {
      statusPage: null,
      lastRead: null,
      reads: 0,
    };
    const scripts: string[] = [];
    const timeline: { readonly at: number; readonly what: string }[] = [];
    const note = (what: string) => {
      timeline.push({ at: performance.now(), what });
    };
    page.on('framenavigated', (navigated) => {
      if (navigated !== frame) return;
      const { pathname } = new URL(navigated.url());
      note(`frame at ${pathname}`);
      if (marks.statusPage === null && pathname === statusPagePath) {
        marks.statusPage = performance.now();
      }
      if (t2 === undefined && pathname === SUCCESS_PATH) t2 = performance.now();
    });
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      note(`sent ${pathname}`);
      if (pathname === statusRead) marks.reads += 1;
      if (t2 === undefined && pathname.endsWith('.js')) scripts.push(pathname.replace(/^.*\//, ''));
    });
    page.on('requestfinished', (request) => {
      const { pathname } = new URL(request.url());
      note(`done ${pathname}`);
      if (pathname === statusRead) marks.lastRead = performance.now();
    });
    const t0 = performance.now();
    sockets.since = t0;
    const response = await fetch(`${stack.serverUrl}/sandbox/interaction/${transaction.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=approve',
      redirect: 'manual',
    });
    const t1 = performance.now();
    await response.arrayBuffer();
    if (response.status !== 303) {
      throw new Error(`the approve answered ${String(response.status)}, not 303`);
    }
    await waitUntil(() => t2 !== undefined, `the cashier frame at ${SUCCESS_PATH}`);
    const arrived = t2 ?? t1;
    if (TIMELINE) {
      for (const { at, what } of timeline) {
        if (at >= t0) process.stdout.write(`        ${ms(at - t1).padStart(10)}  ${what}\n`);
      }
      process.stdout.write(`        ${ms(0).padStart(10)}  (t1: the approve answered)\n`);
    }
    const after = (from: number, to: number | null) => (to === null ? null : to - from);
    return {
      settlementToPage: arrived - t1,
      approveToPage: arrived - t0,
      statusRoundTrip: roundTrip,
      breakdown: {
        toPush: after(t1, sockets.firstPush),
        toStatusPage: after(t1, marks.statusPage),
        lastReadToPage: marks.lastRead === null ? null : arrived - marks.lastRead,
        statusReads: marks.reads,
        scripts,
      },
    };
  } finally {
    await closeHosted(hosted);
  }
}

// --- the poll it replaces -------------------------------------------------------------------

/** PROCESSING_POLL_MS as the widget's source says it now (null if it cannot be read). */
async function processingPollMs(): Promise<number | null> {
  const source = await readFile(RESULT_PAGE_SOURCE, 'utf8').catch(() => '');
  const match = /PROCESSING_POLL_MS\s*=\s*([\d_]+)/.exec(source);
  return match?.[1] === undefined ? null : Number(match[1].replaceAll('_', ''));
}

async function main(): Promise<void> {
  if (!Number.isInteger(RUNS) || RUNS < 1)
    throw new Error('BENCH_RUNS must be a whole number >= 1');
  if ((process.env.WIDGET_DIR?.trim() ?? '') === '') await ensureBuilt(WIDGET);
  await ensureBuilt(DEMO_PAGE);
  const [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  const runs: RunFigures[] = [];
  try {
    process.stdout.write(
      `Realtime push: crypto QR display form → ${SUCCESS_PATH}, ${RUNS} runs on ${stack.serverUrl}\n` +
        `  (${availableParallelism()} cores, load ${load()} at start)\n\n`,
    );
    const heads = ['settle→page', 'approve→page', 'status RTT', 'settle→push', 'settle→status'];
    process.stdout.write(
      `  run${heads.map((head) => head.padStart(14)).join('')}  reads  scripts fetched before t2\n`,
    );
    for (let run = 1; run <= RUNS; run += 1) {
      const figures = await measureRun(stack, browser);
      runs.push(figures);
      const { toPush, toStatusPage, statusReads, scripts } = figures.breakdown;
      const cells = [
        figures.settlementToPage,
        figures.approveToPage,
        figures.statusRoundTrip,
        toPush,
        toStatusPage,
      ].map((value) => (value === null ? 'n/a' : ms(value)).padStart(14));
      process.stdout.write(
        `  ${String(run).padStart(3)}${cells.join('')}  ${String(statusReads).padStart(5)}  ${
          scripts.length === 0 ? '-' : scripts.join(' ')
        }\n`,
      );
    }
  } finally {
    await browser.close();
    await stack.close();
  }

  const settlement = runs.map((figures) => figures.settlementToPage);
  const approve = runs.map((figures) => figures.approveToPage);
  const status = runs.map((figures) => figures.statusRoundTrip);
  const ratios = runs.map((figures) => figures.settlementToPage / figures.statusRoundTrip);
  process.stdout.write(
    `\n  ${''.padEnd(33)}${['min', 'median', 'p90', 'max'].map((head) => head.padStart(11)).join('')}\n`,
  );
  process.stdout.write(row('settlement → page (t2 − t1)', settlement));
  process.stdout.write(row('approve sent → page (t2 − t0)', approve));
  process.stdout.write(row('one status round trip', status));
  const seen = (pick: (figures: RunFigures) => number | null) =>
    runs.map(pick).filter((value) => value !== null);
  const statusPageToPage = runs.map((figures) =>
    figures.breakdown.toStatusPage === null
      ? null
      : figures.settlementToPage - figures.breakdown.toStatusPage,
  );
  const parts: readonly (readonly [string, readonly number[]])[] = [
    ['settlement → push frame', seen((figures) => figures.breakdown.toPush)],
    ['settlement → /payments/status', seen((figures) => figures.breakdown.toStatusPage)],
    ['/payments/status → page', statusPageToPage.filter((value) => value !== null)],
    ['last status read → page', seen((figures) => figures.breakdown.lastReadToPage)],
  ];
  process.stdout.write('  where settlement → page goes (heard through the browser protocol):\n');
  for (const [label, values] of parts) {
    process.stdout.write(
      values.length === 0 ? `    ${label.padEnd(31)}not seen\n` : row(`  ${label}`, values),
    );
  }
  process.stdout.write(
    `\n  settlement → page ÷ one status round trip: median ${median(ratios).toFixed(2)} ` +
      `(min ${Math.min(...ratios).toFixed(2)}, max ${Math.max(...ratios).toFixed(2)})\n`,
  );
  const poll = await processingPollMs();
  const pollText = poll === null ? 'n/a (not found in the source)' : ms(poll);
  process.stdout.write(
    '\n  Without the push: the display form does not poll (it stays until the player clicks);\n' +
      `  the result page's fallback poll (PROCESSING_POLL_MS) is every ${pollText}.\n`,
  );
  process.stdout.write(`  load ${load()} at the end\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench:realtime failed: ${error instanceof Error ? (error.stack ?? error.message) : inspect(error)}\n`,
  );
  process.exitCode = 1;
});
