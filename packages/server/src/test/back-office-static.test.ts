/**
 * Serving the back office under /back-office (http/back-office-static.ts), registered by the app
 * from BACK_OFFICE_DIR: hashed assets cached for good, the app shell (never stored) for every
 * client route a browser opens or reloads, its own strict Content-Security-Policy and
 * X-Frame-Options DENY on every answer, and JSON 404s for what is not a page. The widget is served
 * beside it, as in production, and keeps its own routes. Runs the real server on temporary dist
 * folders.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config';
import {
  BACK_OFFICE_ASSET_CACHE_CONTROL,
  BACK_OFFICE_SHELL_CACHE_CONTROL,
  serveBackOffice,
} from '../http/back-office-static';
import { serveWidget } from '../http/widget-static';
import { startTestServer } from './harness';
import type { TestServer } from './harness';

const SHELL =
  '<!doctype html><html lang="en"><title>Back office</title><div id="root"></div></html>';
const WIDGET_SHELL = '<!doctype html><html lang="en"><title>Cashier</title></html>';
const SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `row-${String(i)}`))};\n`;

/** The policy the back office's answers carry, directive by directive. */
const EXPECTED_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  // The configuration preview frames the widget, here on another origin (the harness's WIDGET_URL).
  "frame-src 'self' http://widget.cashdesk.test",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
];

let dist: string;
let widgetDist: string;
let server: TestServer;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'cashdesk-back-office-'));
  widgetDist = await mkdtemp(path.join(tmpdir(), 'cashdesk-widget-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), SHELL);
  await writeFile(path.join(dist, 'assets', 'index-Bo1234.js'), SCRIPT);
  await writeFile(path.join(widgetDist, 'index.html'), WIDGET_SHELL);
  server = await startTestServer({
    env: { BACK_OFFICE_DIR: dist },
    extraRoutes: [serveWidget(widgetDist)],
  });
});

afterAll(async () => {
  await server.close();
  await rm(dist, { recursive: true, force: true });
  await rm(widgetDist, { recursive: true, force: true });
});

const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

async function get(pathname: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.baseUrl}${pathname}`, { headers });
}

/** The directives of a Content-Security-Policy header, trimmed. */
function directives(header: string | null): string[] {
  return (header ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

describe('the app shell', () => {
  it.each([
    '/back-office',
    '/back-office/',
    '/back-office/sign-in?return=%2Ftransactions',
    '/back-office/transactions?status=error&flow=deposit',
    '/back-office/transactions/5f0c5a1e-3b7a-4c1d-9a57-0a6f3d2b9c11',
    '/back-office/set-password',
  ])('answers %s with index.html, never stored', async (pathname) => {
    const response = await get(pathname, HTML);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe(BACK_OFFICE_SHELL_CACHE_CONTROL);
    expect(await response.text()).toBe(SHELL);
  });

  it('carries its own strict Content-Security-Policy and is never framed', async () => {
    const response = await get('/back-office/transactions', HTML);
    expect(directives(response.headers.get('content-security-policy')).sort()).toEqual(
      [...EXPECTED_CSP].sort(),
    );
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('is not the answer to a client that does not ask for HTML', async () => {
    const response = await get('/back-office/transactions', { accept: 'application/json' });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('hashed assets', () => {
  it('are cached for a year as immutable, with the same policy', async () => {
    const response = await get('/back-office/assets/index-Bo1234.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(BACK_OFFICE_ASSET_CACHE_CONTROL);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(await response.text()).toBe(SCRIPT);
  });

  it('a missing asset is the JSON 404, never the app shell', async () => {
    const response = await get('/back-office/assets/missing-Zz9.js', HTML);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('beside the widget', () => {
  it('the widget keeps its routes and its own policy', async () => {
    const response = await get('/deposit', HTML);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(WIDGET_SHELL);
    expect(directives(response.headers.get('content-security-policy'))).not.toContain(
      "frame-ancestors 'none'",
    );
  });

  it('the back office API paths stay the API (a JSON answer, not a page)', async () => {
    const response = await get('/api/back-office/v1/session', HTML);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('serveBackOffice', () => {
  it('refuses a folder without index.html', () => {
    const urls = { publicUrl: 'https://cashier.example', widgetUrl: 'https://cashier.example' };
    expect(() => serveBackOffice(path.join(tmpdir(), 'no-such-back-office'), urls)).toThrow(
      ConfigError,
    );
  });

  it("frames the widget's origin too when the widget is served from another one", async () => {
    const other = await startTestServer({
      env: { BACK_OFFICE_DIR: dist, WIDGET_URL: 'https://widget.example/cashier' },
    });
    try {
      const response = await fetch(`${other.baseUrl}/back-office`, { headers: HTML });
      expect(directives(response.headers.get('content-security-policy'))).toContain(
        "frame-src 'self' https://widget.example",
      );
    } finally {
      await other.close();
    }
  });
});
