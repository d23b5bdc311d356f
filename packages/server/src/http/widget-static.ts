/**
 * Serves the built widget (`packages/widget/dist`) from the cashier-service's own origin, because
 * the widget calls the API relative to where it is served (SPEC §7: /api/cashier-service/v1.0/…,
 * /metadata/…, /content/…).
 *
 * - `/assets/*`: Vite's hashed files, cached for a year as immutable (a new build has new names).
 * - a file at the root of dist (favicon, robots.txt): served, revalidated on every use.
 * - any other GET that asks for HTML and is not an API path: `index.html`, never stored, so that a
 *   reload of a client route such as /deposit/deposit-success opens the app and the app routes;
 *   with the widget page's Content-Security-Policy, whose frame-ancestors names the sites of the
 *   page session's brand (widget-page-policy.ts). For a live session the document carries the
 *   answers its first screen needs (widget-page-data.ts, `private, no-store`).
 * - everything else (API paths, a missing asset, a client that does not accept HTML): the
 *   server's JSON 404, so a typo in an API call never gets a page of HTML back.
 *
 * Text answers are compressed (brotli or gzip) on the fly by the app (app.ts); the `.br`/`.gz`
 * file the widget build writes beside an asset is sent instead.
 *
 * @packageDocumentation
 */
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ConfigError } from '../config';
import type { RouteModule } from './app-types';
import { widgetPagePolicy } from './widget-page-policy';
import { pageDataElement } from './widget-page-data';
import { documentWithFirstScreen, loadFirstScreenRenderer } from './widget-first-screen';

/** Hashed assets never change under one name: a year, immutable (the most browsers honour). */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Root files must be revalidated, or a deploy would be invisible. */
export const SHELL_CACHE_CONTROL = 'no-cache';

/**
 * The app shell (index.html) is never stored: its address carries the session id and its
 * Content-Security-Policy names the session's brand.
 */
export const APP_SHELL_CACHE_CONTROL = 'no-store';

/**
 * A document that carries a session's answers (widget-page-data.ts) is the player's own: no
 * shared cache may keep it, and no cache at all.
 */
export const PAGE_WITH_DATA_CACHE_CONTROL = 'private, no-store';

/**
 * Path prefixes that belong to the server, not to the widget's router: a miss under them is the
 * JSON 404. `/content/` is the content API (GET /content/{slug}); the widget's own content route
 * is `/content` without a slug, which still gets the app. `/psp/` is the clickstream tracker's.
 */
export const SERVER_PATH_PREFIXES = [
  '/api/',
  '/sandbox/',
  '/metadata/',
  '/content/',
  '/assets/',
  '/psp/',
] as const;

/** Exact server paths (the OpenAPI document and the liveness probe live at the root). */
const SERVER_PATHS = new Set([
  '/api',
  '/sandbox',
  '/metadata',
  '/openapi.json',
  '/healthz',
  '/psp',
]);

/** A plain file name at the root of dist: no directory, no leading dot, an extension. */
const ROOT_FILE = /^\/[\w-][\w.-]*\.[a-z0-9]+$/i;

/** Whether the client asks for an HTML document (a browser navigation does; fetch() does not). */
function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return /\btext\/html\b|\bapplication\/xhtml\+xml\b/i.test(accept);
}

/** The request's path without its query. */
function pathOf(request: FastifyRequest): string {
  const url = request.url;
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** Whether a path belongs to the server (see {@link SERVER_PATH_PREFIXES}). */
export function isServerPath(pathname: string): boolean {
  const lower = pathname.toLowerCase();
  return SERVER_PATHS.has(lower) || SERVER_PATH_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

/**
 * Throws a {@link ConfigError} unless `distDir` holds a built widget, so a wrong WIDGET_DIR fails
 * at start-up instead of answering 404 to every page.
 */
export function assertWidgetDir(distDir: string): void {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    throw new ConfigError(
      `Invalid environment:\n  WIDGET_DIR: no index.html in ${distDir} (build it with npm run build -w @cashdesk/widget)`,
    );
  }
}

/** The server's JSON 404; the reply is returned so Fastify knows it has been answered. */
function notFound(reply: FastifyReply): FastifyReply {
  reply.callNotFound();
  return reply;
}

/** The folder of the widget's server entry, beside its dist folder. */
export const SERVER_ENTRY_DIR = 'dist-server';

/** The base a page request's path is read against (only its path and query matter). */
const PAGE_BASE = 'http://cashier.invalid';

/** index.html's text, read again when the file changes (a new build in place). */
function documentTemplate(indexPath: string): () => Promise<string> {
  let cached: { readonly version: string; readonly html: string } | undefined;
  return async () => {
    const info = await stat(indexPath);
    const version = `${String(info.mtimeMs)}:${String(info.size)}`;
    if (cached?.version !== version) {
      cached = { version, html: await readFile(indexPath, 'utf8') };
    }
    return cached.html;
  };
}

async function widgetPlugin(
  scope: FastifyInstance,
  distDir: string,
  serverEntry: string,
): Promise<void> {
  const assetsDir = path.join(distDir, 'assets');
  const indexPath = path.join(distDir, 'index.html');
  await scope.register(fastifyStatic, {
    root: assetsDir,
    prefix: '/assets/',
    index: false,
    redirect: false,
    dotfiles: 'ignore',
    preCompressed: true,
    cacheControl: false,
    // Also runs for reply.sendFile below, so the file's place decides its caching.
    setHeaders: (reply, filePath) => {
      const isAsset = filePath.startsWith(`${assetsDir}${path.sep}`);
      reply.header(
        'cache-control',
        isAsset
          ? ASSET_CACHE_CONTROL
          : filePath === indexPath
            ? APP_SHELL_CACHE_CONTROL
            : SHELL_CACHE_CONTROL,
      );
      reply.header('x-content-type-options', 'nosniff');
    },
  });
  const pagePolicy = widgetPagePolicy(scope, indexPath);
  const template = documentTemplate(indexPath);
  const pageData = scope.cashdesk.widgetPageData;

  // Loaded beside the start (a large module, and its code and texts warmed): the plugin does not
  // wait for it, the first page that renders a first screen does.
  const rendererLoad = loadFirstScreenRenderer(serverEntry).catch((error: unknown) => {
    scope.log.error(
      { error: error instanceof Error ? error.message : String(error), serverEntry },
      "the widget's server entry did not load: pages render their first screen themselves",
    );
    return null;
  });

  /**
   * index.html with the page's data inlined and, on a homepage, its first screen rendered
   * (widget-first-screen.ts); null when there is no data to inline.
   */
  const documentWithData = async (request: FastifyRequest): Promise<string | null> => {
    if (pageData === undefined) return null;
    const address = new URL(request.url, PAGE_BASE).href;
    const json = await pageData({ request, address });
    if (json === null) return null;
    const html = await template();
    const at = html.lastIndexOf('</body>');
    if (at === -1) return null;
    const withData = `${html.slice(0, at)}${pageDataElement(json)}${html.slice(at)}`;
    const renderFirstScreen = await rendererLoad;
    if (renderFirstScreen === null) return withData;
    const screen = await renderFirstScreen({
      address,
      userAgent: request.headers['user-agent'] ?? '',
      pageData: json,
    }).catch((error: unknown) => {
      // The page renders the screen itself, as without a server entry.
      request.log.warn(
        { error: error instanceof Error ? error.message : String(error) },
        'first screen not rendered',
      );
      return null;
    });
    return screen === null ? withData : (documentWithFirstScreen(withData, screen) ?? withData);
  };

  const shell = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const pathname = pathOf(request);
    if (isServerPath(pathname)) return notFound(reply);
    const sendOptions = { cacheControl: false, dotfiles: 'ignore', index: false } as const;
    if (ROOT_FILE.test(pathname) && pathname !== '/index.html') {
      return reply.sendFile(pathname.slice(1), distDir, sendOptions);
    }
    if (!acceptsHtml(request)) return notFound(reply);
    const html = await documentWithData(request);
    // A rendered screen's inline style attributes are the document's own: hashed from it.
    await pagePolicy(request, reply, html ?? undefined);
    if (html === null) return reply.sendFile('index.html', distDir, sendOptions);
    return reply
      .header('cache-control', PAGE_WITH_DATA_CACHE_CONTROL)
      .header('x-content-type-options', 'nosniff')
      .type('text/html; charset=utf-8')
      .send(html);
  };
  scope.get('/', shell);
  scope.get('/*', shell);
}

/**
 * A route module serving the widget built into `distDir` (see the module comment). Register it
 * after the server's own routes (`createApp({ extraRoutes: [serveWidget(dir)] })`): their
 * static paths win over its catch-all.
 *
 * @throws {ConfigError} when `distDir` has no index.html.
 */
export function serveWidget(distDir: string): RouteModule {
  const root = path.resolve(distDir);
  // The widget's server entry is built beside dist (widget-first-screen.ts).
  const serverEntry = path.join(path.dirname(root), SERVER_ENTRY_DIR, 'server-entry.js');
  assertWidgetDir(root);
  return (app) => {
    void app.register((scope) => widgetPlugin(scope, root, serverEntry));
  };
}
