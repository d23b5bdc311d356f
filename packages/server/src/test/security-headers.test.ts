/**
 * Security headers: every API answer (success and error, with or without a session) is
 * never stored and cannot be framed or sniffed; the widget page has a strict Content-Security-
 * Policy whose inline-code hashes come from the built index.html and whose frame-ancestors come
 * from the page session's brand and the operator's FRAME_ANCESTORS; HSTS only in production.
 * The real server on PGlite with a temporary widget build.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { brands } from '../db/schema';
import { DEMO_HOST_PAGE_ORIGIN } from '../db/seed-data';
import { API_CSP_DIRECTIVES, HSTS_MAX_AGE_SECONDS } from '../http/security-headers';
import { hashSource } from '../http/widget-csp';
import { ASSET_CACHE_CONTROL, serveWidget } from '../http/widget-static';
import { CASHIER, callJson } from './api-calls';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';

const INLINE_SCRIPT = 'window.cashdeskBoot = 1;';
const INLINE_STYLE = '.cd-boot { color: #0f5bd8; }';
const SHELL =
  '<!doctype html><html lang="en"><head><title>Cashier</title>' +
  `<style>${INLINE_STYLE}</style>` +
  '<script type="module" crossorigin src="/assets/index-Abc123.js"></script>' +
  `</head><body><div id="root"></div><script>${INLINE_SCRIPT}</script></body></html>`;
const OPERATOR_ORIGIN = 'https://operator-wide.example';
const API_CSP = Object.entries(API_CSP_DIRECTIVES)
  .map(([name, values]) => `${name} ${values.join(' ')}`)
  .join(';');

let dist: string;
let server: TestServer;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'cashdesk-csp-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), SHELL);
  await writeFile(path.join(dist, 'assets', 'index-Abc123.js'), 'export {};\n');
  server = await startTestServer({
    extraRoutes: [serveWidget(dist)],
    env: { FRAME_ANCESTORS: OPERATOR_ORIGIN },
  });
});

afterAll(async () => {
  await server.close();
  await rm(dist, { recursive: true, force: true });
});

/** A CSP header as a map of directive name to its sources. */
function directivesOf(header: string | null): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name !== undefined && name !== '') directives.set(name, sources);
  }
  return directives;
}

function expectApiHeaders(headers: Headers): void {
  expect(headers.get('cache-control')).toBe('no-store');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('content-security-policy')).toBe(API_CSP);
  expect(headers.get('cross-origin-resource-policy')).toBe('same-origin');
  expect(headers.get('strict-transport-security')).toBeNull();
}

async function page(query: string): Promise<Response> {
  return fetch(`${server.baseUrl}/deposit${query}`, { headers: { accept: 'text/html' } });
}

describe('API answers', () => {
  it('the answers carrying auth_token, and every other API answer, are no-store and locked down', async () => {
    const session = await createTestSession(server);
    const init = await fetch(`${server.baseUrl}${CASHIER}/payments/groups/init`, {
      headers: { 'x-session-id': session },
    });
    expect(init.status).toBe(200);
    expect(JSON.stringify(await init.json())).toContain('auth_token');
    expectApiHeaders(init.headers);

    const created = await fetch(`${server.baseUrl}/sandbox/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ player: 'demo', flow: 'deposit', currency: 'EUR' }),
    });
    expect(created.status).toBe(201);
    expectApiHeaders(created.headers);
    for (const path of ['/openapi.json', '/healthz']) {
      expectApiHeaders((await fetch(`${server.baseUrl}${path}`)).headers);
    }
  });

  it('error answers too: 401, 404, 400 and a missing asset', async () => {
    const answers = await Promise.all([
      fetch(`${server.baseUrl}${CASHIER}/payments/groups/init`),
      fetch(`${server.baseUrl}${CASHIER}/no-such-call`),
      fetch(`${server.baseUrl}/sandbox/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"player":',
      }),
      fetch(`${server.baseUrl}/assets/missing-Xyz.js`),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([401, 404, 400, 404]);
    for (const answer of answers) expectApiHeaders(answer.headers);
  });

  it('hashed widget assets keep their year-long cache', async () => {
    const asset = await fetch(`${server.baseUrl}/assets/index-Abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe(ASSET_CACHE_CONTROL);
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('the widget page', () => {
  it('allows only its own scripts and styles and the inline code of the build, by hash', async () => {
    const response = await page('');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(SHELL);
    const csp = directivesOf(response.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'", hashSource(INLINE_SCRIPT)]);
    expect(csp.get('style-src')).toEqual(["'self'", hashSource(INLINE_STYLE)]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    // The 3-D Secure challenge is framed and may be posted to; the sandbox's pages are this server.
    expect(csp.get('frame-src')).toEqual(["'self'", 'https:', server.baseUrl]);
    expect(csp.get('form-action')).toEqual(["'self'", 'https:', server.baseUrl]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("may be framed by its session brand's allowed origins and the operator's, and by itself", async () => {
    const session = await createTestSession(server);
    for (const name of ['session_id', 'cashier_session_id']) {
      const response = await page(`?${name}=${encodeURIComponent(session)}&lang=en-brand0`);
      expect(
        directivesOf(response.headers.get('content-security-policy')).get('frame-ancestors'),
      ).toEqual(["'self'", OPERATOR_ORIGIN, DEMO_HOST_PAGE_ORIGIN]);
      expect(response.headers.get('x-frame-options')).toBeNull();
    }
  });

  it("follows the brand's configuration, and ignores entries that are not origins", async () => {
    await server.db
      .update(brands)
      .set({
        allowedHostOrigins: [
          'https://casino.brand1.example/',
          'https://*.brand1.example',
          "'unsafe-inline'",
          'https://m.brand1.example:8443',
        ],
      })
      .where(eq(brands.id, 'brand1'));
    const session = await createTestSession(server, { brand: 'brand1', currency: 'KWD' });
    const response = await page(`?session_id=${encodeURIComponent(session)}`);
    expect(
      directivesOf(response.headers.get('content-security-policy')).get('frame-ancestors'),
    ).toEqual([
      "'self'",
      OPERATOR_ORIGIN,
      'https://casino.brand1.example',
      'https://m.brand1.example:8443',
    ]);
  });

  it('without a session, or with one that names no session, no brand may frame it', async () => {
    for (const query of ['', '?session_id=', '?session_id=guessed-session-id-0000']) {
      const response = await page(query);
      expect(response.status).toBe(200);
      expect(
        directivesOf(response.headers.get('content-security-policy')).get('frame-ancestors'),
      ).toEqual(["'self'", OPERATOR_ORIGIN]);
    }
  });
});

describe('HSTS', () => {
  it('is sent in production mode only, with the widget page adding upgrade-insecure-requests', async () => {
    const production = await startTestServer({
      mode: 'production',
      database: server.database,
      extraRoutes: [serveWidget(dist)],
      env: { CASHDESK_SECRET: 'a-long-enough-production-secret' },
    });
    try {
      const health = await fetch(`${production.baseUrl}/healthz`);
      expect(health.headers.get('strict-transport-security')).toBe(
        `max-age=${String(HSTS_MAX_AGE_SECONDS)}; includeSubDomains`,
      );
      const widget = await fetch(`${production.baseUrl}/deposit`, {
        headers: { accept: 'text/html' },
      });
      const csp = directivesOf(widget.headers.get('content-security-policy'));
      expect(csp.has('upgrade-insecure-requests')).toBe(true);
      // Production has no sandbox pages of its own to frame.
      expect(csp.get('frame-src')).toEqual(["'self'", 'https:']);
      expect(widget.headers.get('strict-transport-security')).not.toBeNull();
      // And a JSON error of production mode is locked down like every other.
      const refused = await callJson(production, 'GET', `${CASHIER}/payments/groups/init`, null);
      expect(refused.status).toBe(401);
    } finally {
      await production.close();
    }
  });
});
