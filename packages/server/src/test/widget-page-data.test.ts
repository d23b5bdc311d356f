/**
 * The cashier's document carries its first screen's answers (http/widget-page-data.ts,
 * modules/cashier/first-screen.ts): for a live session the page holds the init answer of its
 * homepage and the appearance answer, the same as the API's, in a data block escaped against
 * `</script>` and U+2028, and is never stored; any other page gets index.html as before. Runs the
 * real server and database on a temporary dist folder.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandTexts } from '../db/schema';
import { expireSession, resolveSession } from '../http/sessions';
import {
  APP_SHELL_CACHE_CONTROL,
  PAGE_WITH_DATA_CACHE_CONTROL,
  SERVER_ENTRY_DIR,
  serveWidget,
} from '../http/widget-static';
import { hashSource } from '../http/widget-csp';
import { FIRST_SCREEN_ELEMENT_ID } from '../http/widget-first-screen';
import { escapeJsonForScript, PAGE_DATA_ELEMENT_ID } from '../http/widget-page-data';
import { CASHIER } from './api-calls';
import { createTestSession, startTestServer, writeBrandConfig } from './harness';
import type { TestServer } from './harness';

const SHELL =
  '<!doctype html><html lang="en"><head><title>Cashier</title></head>' +
  '<body><div id="root"></div><script type="module" src="/assets/index-Abc123.js"></script></body></html>';

const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const DATA_BLOCK = new RegExp(
  `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">([\\s\\S]*?)</script>`,
);

let dist: string;
let server: TestServer;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'cashdesk-widget-data-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), SHELL);
  server = await startTestServer({ extraRoutes: [serveWidget(dist)] });
});

afterAll(async () => {
  await server.close();
  await rm(dist, { recursive: true, force: true });
});

async function page(pathname: string): Promise<{ response: Response; html: string }> {
  const response = await fetch(`${server.baseUrl}${pathname}`, { headers: HTML });
  return { response, html: await response.text() };
}

/** The page's data block, read as the widget reads it; undefined when there is none. */
function pageData(html: string): Record<string, unknown> | undefined {
  const text = DATA_BLOCK.exec(html)?.[1];
  if (text === undefined) return undefined;
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null) throw new Error('not an object');
  return { ...value };
}

async function api(pathname: string, sessionId: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${server.baseUrl}${CASHIER}${pathname}`, {
    headers: { accept: 'application/json', 'x-session-id': sessionId },
  });
  expect(response.status).toBe(200);
  const value: unknown = await response.json();
  if (typeof value !== 'object' || value === null) throw new Error('not an object');
  return { ...value };
}

/** A property of an object value (undefined for anything else). */
function field(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  return Object.entries(value).find(([name]) => name === key)?.[1];
}

/** An init answer without its realtime token, which is minted anew for every answer. */
function withoutToken(answer: unknown): unknown {
  if (typeof answer !== 'object' || answer === null) return answer;
  return { ...answer, auth_token: 'token' };
}

describe('the document of a live session (SPEC §7 init and appearance, inlined)', () => {
  it('holds the deposit init and appearance answers the API gives, never stored', async () => {
    const sessionId = await createTestSession(server);
    const { response, html } = await page(`/deposit?session_id=${sessionId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe(PAGE_WITH_DATA_CACHE_CONTROL);
    expect(html).not.toContain(sessionId);
    expect(html.startsWith(SHELL.slice(0, SHELL.indexOf('</body>')))).toBe(true);
    const data = pageData(html);
    expect(data?.session_expires_in).toBeGreaterThan(0);
    const init = await api('/payments/groups/init', sessionId);
    expect(field(data?.init, 'flow')).toBe('deposit');
    expect(withoutToken(field(data?.init, 'answer'))).toEqual(withoutToken(init));
    expect(data?.appearance).toEqual({
      lang: 'en',
      theme: null,
      answer: await api('/appearance?lang=en', sessionId),
    });
  });

  it('holds the payout init on the withdrawal homepage, with the address theme', async () => {
    const sessionId = await createTestSession(server, { flow: 'withdrawal' });
    const { html } = await page(`/withdrawal?session_id=${sessionId}&theme=brand1&lang=ar`);
    const data = pageData(html);
    const init = await api('/payouts/groups/init', sessionId);
    expect(field(data?.init, 'flow')).toBe('withdrawal');
    expect(withoutToken(field(data?.init, 'answer'))).toEqual(withoutToken(init));
    expect(data?.appearance).toEqual({
      lang: 'ar',
      theme: 'brand1',
      answer: await api('/appearance?lang=ar&theme=brand1', sessionId),
    });
  });

  it('holds no init on a page other than a homepage (the widget asks for none there)', async () => {
    const sessionId = await createTestSession(server);
    const data = pageData((await page(`/account-management?session_id=${sessionId}`)).html);
    expect(data?.init).toBeUndefined();
    expect(data?.appearance).toBeDefined();
  });

  it('leaves out an appearance the appearance call would refuse (a theme name it rejects)', async () => {
    const sessionId = await createTestSession(server);
    const data = pageData(
      (await page(`/deposit?session_id=${sessionId}&theme=NOT%20A%20THEME`)).html,
    );
    expect(data?.init).toBeDefined();
    expect(data?.appearance).toBeUndefined();
  });

  it('escapes </script>, <!-- and U+2028 in the answers, which read back unchanged', async () => {
    const sessionId = await createTestSession(server);
    const { brandId } = await resolveSession(server.db, { lifetimeMs: 0 }, sessionId);
    const hostile = 'Max </script><script>window.owned=1</script> <!-- \u2028\u2029 & {{amount}}';
    await writeBrandConfig(server.db, brandId, (tx) =>
      tx.insert(brandTexts).values({
        brandId,
        language: 'de',
        texts: { 'FIELDS.AMOUNT.MAX_HINT': hostile },
      }),
    );
    const { html } = await page(`/deposit?session_id=${sessionId}&lang=de`);
    expect(html).not.toContain('<script>window.owned');
    expect(html).not.toContain('<!--');
    expect(html).not.toMatch(/[\u2028\u2029]/);
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    const texts = field(field(pageData(html)?.appearance, 'answer'), 'texts');
    expect(field(texts, 'FIELDS.AMOUNT.MAX_HINT')).toBe(hostile);
  });
});

describe('a document without a live session gets index.html as before', () => {
  it.each([
    ['no session id', '/deposit'],
    ['an unknown session id', '/deposit?session_id=not-a-session'],
  ])('%s', async (_case, pathname) => {
    const { response, html } = await page(pathname);
    expect(response.headers.get('cache-control')).toBe(APP_SHELL_CACHE_CONTROL);
    expect(html).toBe(SHELL);
  });

  it('an expired session', async () => {
    const sessionId = await createTestSession(server);
    await expireSession(server.db, sessionId, new Date(Date.now() - 1000));
    const { response, html } = await page(`/deposit?session_id=${sessionId}`);
    expect(response.headers.get('cache-control')).toBe(APP_SHELL_CACHE_CONTROL);
    expect(html).toBe(SHELL);
  });
});

describe('escapeJsonForScript', () => {
  it('writes <, >, & and the line separators as escapes JSON reads back', () => {
    const value = { text: '</script><!--&\u2028\u2029' };
    const escaped = escapeJsonForScript(JSON.stringify(value));
    expect(escaped).toBe('{"text":"\\u003c/script\\u003e\\u003c!--\\u0026\\u2028\\u2029"}');
    expect(JSON.parse(escaped)).toEqual(value);
  });
});

describe("the first screen rendered by the widget's server entry (dist-server beside dist)", () => {
  let renderedDist: string;
  let rendered: TestServer;

  /** A stand-in server entry: renders from the inlined init, says null without a flow. */
  const ENTRY = `
export async function renderFirstScreen({ address, pageData }) {
  const data = JSON.parse(pageData);
  if (new URL(address).searchParams.get('render') === 'throw') throw new Error('render failed');
  if (data.init === undefined) return null;
  const count = data.init.answer[data.init.flow === 'deposit' ? 'payment_groups' : 'payout_groups'].length;
  return {
    html: '<main style="color: red">' + count + ' methods</main>',
    path: '/' + data.init.flow + '/1',
    environment: { channel: 'MOBILE_WEB', platform: 'ANDROID', device: 'mobile' },
    lang: 'ar',
    dir: 'rtl',
    bodyAttributes: { dir: 'rtl', 'data-theme-name': 'brand"0' },
  };
}
`;

  beforeAll(async () => {
    const parent = await mkdtemp(path.join(tmpdir(), 'cashdesk-widget-rendered-'));
    renderedDist = path.join(parent, 'dist');
    await mkdir(path.join(renderedDist, 'assets'), { recursive: true });
    await mkdir(path.join(parent, SERVER_ENTRY_DIR));
    await writeFile(path.join(renderedDist, 'index.html'), SHELL);
    await writeFile(path.join(parent, SERVER_ENTRY_DIR, 'server-entry.js'), ENTRY);
    rendered = await startTestServer({ extraRoutes: [serveWidget(renderedDist)] });
  });

  afterAll(async () => {
    await rendered.close();
    await rm(path.dirname(renderedDist), { recursive: true, force: true });
  });

  async function renderedPage(pathname: string) {
    const response = await fetch(`${rendered.baseUrl}${pathname}`, { headers: HTML });
    return { response, html: await response.text() };
  }

  it('puts the render into #root, with its direction, language and body attributes', async () => {
    const sessionId = await createTestSession(rendered);
    const { response, html } = await renderedPage(`/deposit?session_id=${sessionId}`);
    expect(response.headers.get('cache-control')).toBe(PAGE_WITH_DATA_CACHE_CONTROL);
    expect(html).toMatch(/^<!doctype html><html lang="ar" dir="rtl">/);
    expect(html).toContain('<body dir="rtl" data-theme-name="brand&quot;0">');
    expect(html).toMatch(/<div id="root"><main style="color: red">\d+ methods<\/main><\/div>/);
    expect(html).toContain(
      '<script type="application/json" id="cd-first-screen">{"path":"/deposit/1","environment":',
    );
    expect(pageData(html)?.init).toBeDefined();
    // The rendered style attribute is allowed by its hash; no inline script is allowed at all.
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain(`'unsafe-hashes' ${hashSource('color: red')}`);
    expect(policy).toMatch(/script-src 'self';/);
  });

  it('leaves index.html with its data when the entry renders nothing or fails', async () => {
    const sessionId = await createTestSession(rendered);
    for (const pathname of [
      `/account-management?session_id=${sessionId}`,
      `/deposit?session_id=${sessionId}&render=throw`,
    ]) {
      const { html } = await renderedPage(pathname);
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain(FIRST_SCREEN_ELEMENT_ID);
      expect(pageData(html)).toBeDefined();
    }
  });

  it('renders nothing for a page without a live session', async () => {
    const { html } = await renderedPage('/deposit?session_id=not-a-session');
    expect(html).toBe(SHELL);
  });
});
