/**
 * Serving the widget from the server's origin (http/widget-static.ts): hashed assets cached for
 * good and compressed, the app shell for every client route a browser reloads, and JSON 404s for
 * everything that belongs to the API. Runs the real server on a temporary dist folder.
 */
import { request } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config';
import {
  APP_SHELL_CACHE_CONTROL,
  ASSET_CACHE_CONTROL,
  SHELL_CACHE_CONTROL,
  serveWidget,
} from '../http/widget-static';
import { startTestServer } from './harness';
import type { TestServer } from './harness';

const SHELL = '<!doctype html><html lang="en"><title>Cashier</title><div id="root"></div></html>';
// Big enough to pass the compression threshold, and recognisable after decompression.
const SCRIPT = `export const table = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `row-${i}`))};\n`;

let dist: string;
let server: TestServer;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'cashdesk-widget-'));
  await mkdir(path.join(dist, 'assets'));
  await mkdir(path.join(dist, '.vite'));
  await writeFile(path.join(dist, 'index.html'), SHELL);
  await writeFile(path.join(dist, 'assets', 'index-Abc123.js'), SCRIPT);
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(dist, '.vite', 'manifest.json'), '{}');
  server = await startTestServer({ extraRoutes: [serveWidget(dist)] });
});

afterAll(async () => {
  await server.close();
  await rm(dist, { recursive: true, force: true });
});

const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

interface RawResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly bytes: Buffer;
}

/** A GET whose body is left as sent (fetch would decompress it and hide the encoding). */
async function rawGet(pathname: string, acceptEncoding: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${server.baseUrl}${pathname}`,
      { headers: { 'accept-encoding': acceptEncoding } },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            bytes: Buffer.concat(chunks),
          });
        });
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

async function get(pathname: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.baseUrl}${pathname}`, { headers });
}

describe('hashed assets', () => {
  it('are cached for a year as immutable, brotli-compressed when asked', async () => {
    const response = await rawGet('/assets/index-Abc123.js', 'br');
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe(ASSET_CACHE_CONTROL);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.bytes).toString('utf8')).toBe(SCRIPT);
  });

  it('are gzip-compressed for a client without brotli', async () => {
    const response = await rawGet('/assets/index-Abc123.js', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.bytes.length).toBeLessThan(SCRIPT.length);
    expect(gunzipSync(response.bytes).toString('utf8')).toBe(SCRIPT);
  });

  it('a missing asset is the JSON 404, never the app shell', async () => {
    const response = await get('/assets/index-Gone99.js', HTML);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await response.json()).toMatchObject({ error_code: '1008' });
  });
});

describe('the app shell', () => {
  it.each(['/', '/deposit', '/deposit/foo', '/deposit/deposit-success?theme=brand0', '/content'])(
    'answers %s with index.html, not cached',
    async (pathname) => {
      const response = await get(pathname, HTML);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.headers.get('cache-control')).toBe(APP_SHELL_CACHE_CONTROL);
      expect(await response.text()).toBe(SHELL);
    },
  );

  it('serves files at the root of dist, but not dot folders', async () => {
    const icon = await get('/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe(SHELL_CACHE_CONTROL);
    const manifest = await get('/.vite/manifest.json', HTML);
    expect(manifest.headers.get('content-type')).not.toMatch(/json/);
    expect(await manifest.text()).toBe(SHELL);
  });

  it('is not the answer to a client that does not ask for HTML', async () => {
    const response = await get('/deposit/foo', { accept: 'application/json' });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
  });
});

describe('API paths keep the API answers', () => {
  it.each([
    '/api/cashier-service/v1.0/nope',
    '/api/account-management/v1.0/nope',
    '/sandbox/nope',
    '/metadata/nope.json',
  ])('%s is the JSON 404 even for a browser', async (pathname) => {
    const response = await get(pathname, HTML);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await response.json()).toMatchObject({ error_code: '1008' });
  });

  it('real API routes still answer JSON, compressed when large and asked for', async () => {
    const openapi = await rawGet('/openapi.json', 'br, gzip');
    expect(openapi.status).toBe(200);
    expect(openapi.headers['content-type']).toMatch(/application\/json/);
    expect(openapi.headers['content-encoding']).toBe('br');
    const document: unknown = JSON.parse(brotliDecompressSync(openapi.bytes).toString('utf8'));
    expect(document).toHaveProperty('openapi');
    const plain = await rawGet('/openapi.json', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    // A small answer (the 401 error, under 1 KB) is sent as it is.
    const init = await get('/api/cashier-service/v1.0/payments/groups/init', {
      ...HTML,
      'accept-encoding': 'br, gzip',
    });
    expect(init.status).toBe(401);
    expect(init.headers.get('content-type')).toMatch(/application\/json/);
    expect(init.headers.get('content-encoding')).toBeNull();
  });

  it('a POST to a client route is the JSON 404', async () => {
    const response = await fetch(`${server.baseUrl}/deposit`, { method: 'POST', headers: HTML });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
  });
});

describe('serveWidget', () => {
  it('refuses a folder without index.html', () => {
    expect(() => serveWidget(path.join(tmpdir(), 'cashdesk-no-widget-here'))).toThrow(ConfigError);
  });
});
