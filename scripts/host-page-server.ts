/**
 * The demo host page's own server: a stand-in for a brand's site on ANOTHER origin than the
 * cashier, so the iframe and its messages are really cross-origin. It serves the built demo page
 * (packages/embed/demo/dist) and plays the brand's backend: the page asks it for sessions, the
 * sandbox one-time code and the player's balance, and it asks the cashier-service. Browsers never call the cashier's
 * sandbox routes themselves: the service sends no CORS headers, and a real brand mints sessions
 * on its backend for the player it has logged in (packages/embed/README.md).
 *
 * Used by `npm start` (scripts/start.ts) and the browser tests (e2e/support).
 *
 * @packageDocumentation
 */
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

/** What {@link startHostPageServer} takes. */
export interface HostPageServerOptions {
  /** The built demo page (index.html + assets/). */
  readonly distDir: string;
  /** The cashier-service, e.g. http://127.0.0.1:8080 (also the widget's origin). */
  readonly cashierUrl: string;
  /** 0 picks a free port. */
  readonly port: number;
  /** Default 127.0.0.1. */
  readonly listenHost?: string;
  /**
   * The host name in the page's address; default `localhost`, so that the page
   * (localhost) and the cashier (127.0.0.1) are different sites, not only different ports.
   */
  readonly publicHost?: string;
  /** Whether the cashier runs in sandbox mode (the page shows the one-time code panel). */
  readonly sandbox?: boolean;
}

/** A running host page server. */
export interface HostPageServer {
  /** e.g. http://localhost:8081 */
  readonly url: string;
  readonly port: number;
  /** The page's address that opens the cashier at `widgetUrl` (a session's widget_url). */
  pageAddress(widgetUrl: string): string;
  close(): Promise<void>;
}

/** The demo page's backend routes. */
export const DEMO_API = {
  config: '/demo-api/config',
  sessions: '/demo-api/sessions',
  otp: '/demo-api/otp',
  balance: '/demo-api/balance',
} as const;

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
};

/**
 * The backend routes that read a sandbox route of the session the page names: the one-time code
 * and the player's balance (the header, refreshed on the cashier's result event; a brand's
 * backend would read its own wallet).
 */
const SANDBOX_READS: Readonly<Record<string, string>> = {
  [DEMO_API.otp]: '/sandbox/otp/latest',
  [DEMO_API.balance]: '/sandbox/balance',
};

/** Session requests are a few fields; anything bigger is not the demo page. */
const MAX_BODY_BYTES = 4096;

/** How long to wait for the cashier-service before answering 502. */
const UPSTREAM_TIMEOUT_MS = 10_000;

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += bytes.length;
    if (size > MAX_BODY_BYTES) throw new RangeError('body too large');
    chunks.push(bytes);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Forwards to the cashier-service and relays its status and JSON body. */
async function relay(response: ServerResponse, url: string, init: RequestInit): Promise<void> {
  try {
    const upstream = await fetch(url, {
      ...init,
      signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS),
    });
    const text = await upstream.text();
    response.writeHead(upstream.status, {
      'content-type': upstream.headers.get('content-type') ?? 'application/json; charset=utf-8',
      'cache-control': 'no-store',
    });
    response.end(text);
  } catch (error) {
    sendJson(response, 502, {
      error_message: `the cashier-service at ${url} did not answer: ${error instanceof Error ? error.message : String(error)}`,
    });
  }
}

/** Reads the session fields the page may choose; the player is the demo player, as a backend would decide. */
function sessionRequest(text: string): Record<string, string> | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const request: Record<string, string> = { player: 'demo', flow: 'deposit', currency: 'EUR' };
  for (const key of ['flow', 'currency', 'lang', 'brand', 'theme'] as const) {
    const value: unknown = Reflect.get(parsed, key);
    if (typeof value === 'string' && value !== '') request[key] = value;
  }
  return request;
}

async function serveFile(
  response: ServerResponse,
  distDir: string,
  pathname: string,
  cashierOrigin: string,
): Promise<void> {
  const relative = pathname === '/' ? 'index.html' : decodeURIComponent(pathname.slice(1));
  const file = path.resolve(distDir, relative);
  // Never outside dist (`/../`), never a dot file.
  if (
    !file.startsWith(`${distDir}${path.sep}`) ||
    relative.split('/').some((part) => part.startsWith('.'))
  ) {
    sendJson(response, 404, { error_message: 'not found' });
    return;
  }
  const info = await stat(file).catch(() => null);
  if (info === null || !info.isFile()) {
    sendJson(response, 404, { error_message: 'not found' });
    return;
  }
  const extension = path.extname(file);
  const isHtml = extension === '.html';
  response.writeHead(200, {
    'content-type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
    // Vite names assets by content hash; the page itself must be fetched fresh.
    'cache-control': isHtml ? 'no-cache' : 'public, max-age=31536000, immutable',
    'x-content-type-options': 'nosniff',
    // The cashier is the only frame the page may hold (packages/embed/README.md, CSP notes).
    ...(isHtml ? { 'content-security-policy': `frame-src ${cashierOrigin}` } : {}),
  });
  response.end(await readFile(file));
}

async function handle(
  request: IncomingMessage,
  response: ServerResponse,
  options: HostPageServerOptions & { readonly distDir: string },
): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://host.invalid');
  const cashierUrl = options.cashierUrl.replace(/\/+$/, '');
  if (url.pathname === DEMO_API.config && request.method === 'GET') {
    sendJson(response, 200, { cashierUrl, sandbox: options.sandbox ?? true });
    return;
  }
  if (url.pathname === DEMO_API.sessions && request.method === 'POST') {
    const body = sessionRequest(await readBody(request));
    if (body === null) {
      sendJson(response, 400, { error_message: 'send a JSON object' });
      return;
    }
    await relay(response, `${cashierUrl}/sandbox/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return;
  }
  const sandboxRead = SANDBOX_READS[url.pathname];
  if (sandboxRead !== undefined && request.method === 'GET') {
    const sessionId = request.headers['x-session-id'];
    if (typeof sessionId !== 'string' || sessionId === '') {
      sendJson(response, 400, { error_message: 'x-session-id is required' });
      return;
    }
    await relay(response, `${cashierUrl}${sandboxRead}`, {
      headers: { 'x-session-id': sessionId },
    });
    return;
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    sendJson(response, 405, { error_message: 'method not allowed' });
    return;
  }
  await serveFile(response, options.distDir, url.pathname, new URL(cashierUrl).origin);
}

/**
 * Starts the host page server.
 *
 * @throws the listen error (e.g. `EADDRINUSE`) when the port is taken.
 */
export async function startHostPageServer(options: HostPageServerOptions): Promise<HostPageServer> {
  const resolved = { ...options, distDir: path.resolve(options.distDir) };
  const server = createServer((request, response) => {
    handle(request, response, resolved).catch((error: unknown) => {
      if (!response.headersSent) {
        sendJson(response, error instanceof RangeError ? 413 : 500, {
          error_message: error instanceof Error ? error.message : String(error),
        });
      } else {
        response.destroy();
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.listenHost ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : options.port;
  const url = `http://${options.publicHost ?? 'localhost'}:${port}`;
  return {
    url,
    port,
    pageAddress: (widgetUrl) => `${url}/?${new URLSearchParams({ cashier: widgetUrl }).toString()}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => {
          if (error === undefined) resolve();
          else reject(error);
        });
      }),
  };
}
