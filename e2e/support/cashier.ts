/**
 * Helpers of the cashier journeys: a session of a fresh player opened in
 * the demo host page, the cashier frame, the widget's own texts read from its locale files, the
 * server's view of the player (balance, transactions) and one call that screenshots a screen and
 * runs axe-core on the cashier frame.
 */
import { asc, eq } from 'drizzle-orm';
import { transactions } from '../../packages/server/src/db/schema';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CASHIER_BASE } from '@cashdesk/contract';
import type { Browser, BrowserContext, BrowserContextOptions, Frame, Page } from 'playwright-core';
import { checkA11y } from './a11y';
import { screenshot } from './browser';
import { newSession } from './stack';
import type { NewSessionOptions, Stack, TestSession } from './stack';

/** The widget's locale files (packages/widget/src/i18n/locales/<lang>/<area>.json). */
const LOCALES_DIR = fileURLToPath(
  new URL('../../packages/widget/src/i18n/locales/', import.meta.url),
);

/** The languages the widget ships. */
export type WidgetLanguage = 'en' | 'ar' | 'uk';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Every message of one language, merged from its area files, read now (files change while helpers work). */
export function messagesOf(lang: WidgetLanguage): Readonly<Record<string, string>> {
  const folder = path.join(LOCALES_DIR, lang);
  const messages: Record<string, string> = {};
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.json'))) {
    const parsed: unknown = JSON.parse(readFileSync(path.join(folder, file), 'utf8'));
    if (!isRecord(parsed)) continue;
    for (const [key, value] of Object.entries(parsed)) {
      if (typeof value === 'string') messages[key] = value;
    }
  }
  return messages;
}

/**
 * The widget's text for `key` in `lang` with `{{name}}` filled from `params`, as i18next renders
 * it (escapeValue off). Throws when the key is missing, so a test names the text it expected.
 */
export function text(
  lang: WidgetLanguage,
  key: string,
  params: Readonly<Record<string, string>> = {},
): string {
  const template = messagesOf(lang)[key];
  if (template === undefined) throw new Error(`no ${lang} text for ${key} in ${LOCALES_DIR}`);
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => params[name] ?? whole);
}

/**
 * A RegExp matching the whole text of `key` in `lang` with any value in each `{{placeholder}}`
 * (for texts whose values the test does not pin, e.g. a formatted amount in a button).
 */
export function pattern(lang: WidgetLanguage, key: string): RegExp {
  const template = messagesOf(lang)[key];
  if (template === undefined) throw new Error(`no ${lang} text for ${key} in ${LOCALES_DIR}`);
  const parts = template.split(/\{\{\s*\w+\s*\}\}/).map((part) => literal(part).source);
  return new RegExp(`^\\s*${parts.join('.+?')}\\s*$`);
}

/** A RegExp matching `value` literally (for accessible names that contain a text). */
export function literal(value: string, flags = ''): RegExp {
  return new RegExp(value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), flags);
}

/** A player id nobody else uses, so balances and transactions belong to one test. */
export function uniquePlayer(prefix = 'e2e'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

/** A journey in the demo host page. */
export interface HostedCashier {
  readonly page: Page;
  /** The cashier iframe (the same Frame through every navigation inside it). */
  readonly frame: Frame;
  readonly session: TestSession;
  readonly player: string;
  /** What the page's realtime sockets carried, recorded from before the first navigation. */
  readonly realtime: RealtimeLog;
}

/** The page's realtime sockets and the frames they received, in order. */
export interface RealtimeLog {
  readonly sockets: readonly string[];
  readonly received: readonly string[];
}

/**
 * Records every realtime socket of `page` and what it receives. Installed before the page loads:
 * a listener added after the cashier has started can miss a socket that already opened.
 */
function recordRealtime(page: Page): RealtimeLog {
  const sockets: string[] = [];
  const received: string[] = [];
  page.on('websocket', (socket) => {
    if (!socket.url().endsWith('/connection/websocket')) return;
    sockets.push(socket.url());
    socket.on('framereceived', (frame) => {
      received.push(typeof frame.payload === 'string' ? frame.payload : frame.payload.toString());
    });
  });
  return { sockets, received };
}

/** What {@link openHostedCashier} takes. */
export interface OpenOptions extends NewSessionOptions {
  /** Browser context options (viewport, isMobile, hasTouch...); default 1280 x 900. */
  readonly context?: BrowserContextOptions;
  /** Runs on the new browser context before the cashier opens (e.g. installing its clock). */
  readonly beforeOpen?: (context: BrowserContext) => Promise<void>;
}

/** Finds the cashier frame of a host page: the iframe titled Cashier. */
export async function cashierFrameOf(page: Page): Promise<Frame> {
  const handle = await page.getByTitle('Cashier').elementHandle();
  const frame = await handle.contentFrame();
  if (frame === null) throw new Error('the host page has no cashier frame');
  return frame;
}

/**
 * Mints a session for a fresh player (unless `player` is given) and opens it in the demo host
 * page of its own browser context; close the page's context at the end of the test.
 */
export async function openHostedCashier(
  browser: Browser,
  stack: Stack,
  options: OpenOptions = {},
): Promise<HostedCashier> {
  const player = options.player ?? uniquePlayer();
  const session = await newSession(stack, { ...options, player });
  const context = await browser.newContext(
    options.context ?? { viewport: { width: 1280, height: 900 } },
  );
  // Well under the test's 60 s, so a missing element fails with its own message.
  context.setDefaultTimeout(15_000);
  await options.beforeOpen?.(context);
  const page = await context.newPage();
  const realtime = recordRealtime(page);
  await page.goto(session.hostPageUrl);
  const frame = await cashierFrameOf(page);
  // The iframe exists before it has navigated: wait for the cashier's own address (not about:blank).
  await frame.waitForURL((url) => url.protocol === 'http:' || url.protocol === 'https:');
  return { page, frame, session, player, realtime };
}

/**
 * Mints a session for a fresh player and opens the cashier as a page of its own (as in a new tab,
 * SPEC §2 cashier_in_new_tab), in its own browser context; `frame` is the page's main frame.
 */
export async function openTopLevelCashier(
  browser: Browser,
  stack: Stack,
  prefix: string,
): Promise<HostedCashier> {
  const player = uniquePlayer(prefix);
  const session = await newSession(stack, { player });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const realtime = recordRealtime(page);
  await page.goto(session.widgetUrl);
  return { page, frame: page.mainFrame(), session, player, realtime };
}

/** Closes the page and its own context. */
export async function closeHosted(hosted: Pick<HostedCashier, 'page'>): Promise<void> {
  await hosted.page.context().close();
}

/**
 * One screen of a journey: saves e2e/artifacts/<name>.png of the whole host page and checks the
 * cashier frame with axe-core (no serious or critical violation).
 */
export async function visitScreen(page: Page, frame: Frame, name: string): Promise<void> {
  await screenshot(page, name);
  await checkA11y(frame, name);
}

/** GET payments/groups/init of the session, from Node (what the server says now). */
export async function depositInit(
  stack: Pick<Stack, 'serverUrl'>,
  sessionId: string,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${stack.serverUrl}${CASHIER_BASE}/payments/groups/init`, {
    headers: { 'x-session-id': sessionId },
  });
  const body: unknown = await response.json();
  if (response.status !== 200 || !isRecord(body)) {
    throw new Error(`init answered ${response.status}: ${JSON.stringify(body)}`);
  }
  return body;
}

/** The player's balance as the server reports it in init (a decimal string). */
export async function balanceOf(
  stack: Pick<Stack, 'serverUrl'>,
  sessionId: string,
): Promise<string> {
  const balance = (await depositInit(stack, sessionId)).user_balance;
  if (typeof balance !== 'string') throw new Error('init answered no user_balance');
  return balance;
}

/** The transactions the server stored for a session (id, flow, amount, status, tax), oldest first. */
export async function transactionsOf(
  stack: Pick<Stack, 'app'>,
  sessionId: string,
): Promise<
  readonly {
    id: string;
    flow: string;
    amount: string;
    status: string;
    payGroupId: number;
    tax: string;
    fee: string;
  }[]
> {
  const rows = await stack.app.cashdesk.db
    .select()
    .from(transactions)
    .where(eq(transactions.sessionId, sessionId))
    .orderBy(asc(transactions.createdAt));
  return rows.map((row) => ({
    id: row.id,
    flow: row.flow,
    amount: row.amount,
    status: row.status,
    payGroupId: row.payGroupId,
    tax: row.tax,
    fee: row.fee,
  }));
}

/** The message types the demo host page's event log shows, newest first. */
export async function hostEvents(page: Page): Promise<readonly string[]> {
  // Each entry reads "<time> <type> <detail>".
  return (await hostEventEntries(page)).map((entry) => entry.trim().split(/\s+/)[1] ?? '');
}

/** The detail text of each entry of the demo host page's event log, newest first. */
export async function hostEventEntries(page: Page): Promise<readonly string[]> {
  const log = page.getByRole('log', { name: 'Cashier events' });
  return log.getByRole('listitem').allTextContents();
}

/** Compares decimal strings exactly (e.g. '1000' and '1000.00'), without floating point. */
export function sameAmount(left: string, right: string): boolean {
  const normal = (value: string) => {
    const [whole = '0', fraction = ''] = value.trim().split('.');
    const trimmed = fraction.replace(/0+$/, '');
    const integer = whole.replace(/^0+(?=\d)/, '');
    return trimmed === '' ? integer : `${integer}.${trimmed}`;
  };
  return normal(left) === normal(right);
}

/** The sandbox provider page's Approve of `transactionId`: the player paying elsewhere. */
export async function approveAtProvider(
  stack: Pick<Stack, 'serverUrl'>,
  transactionId: string,
): Promise<void> {
  const response = await fetch(`${stack.serverUrl}/sandbox/interaction/${transactionId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'action=approve',
    redirect: 'manual',
  });
  if (response.status !== 303) {
    throw new Error(`the provider page answered ${String(response.status)}, not 303`);
  }
}
