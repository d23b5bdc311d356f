/**
 * Serves the built back office (`packages/back-office/dist`) under `/back-office` on the
 * cashier-service's own origin: the app calls the back office API and the operator API relative
 * to where it is served, under the staff session cookie (SameSite=Strict, so the same site only).
 *
 * - `/back-office/assets/*`: Vite's hashed files, cached for a year as immutable; the `.br`/`.gz`
 *   copy the build writes beside a file is sent when the client accepts it.
 * - `/back-office` and any other GET under it that asks for HTML: `index.html`, never stored, so a
 *   reload of a client route (/back-office/transactions?status=error) opens the app and the app
 *   routes; a request that does not ask for HTML (a fetch) gets the server's JSON 404.
 * - every answer carries the back office's own Content-Security-Policy (scripts, styles and calls
 *   from its own origin only; no inline code; never framed) and X-Frame-Options DENY: a page that
 *   moves money is never shown inside another site's frame.
 *
 * @packageDocumentation
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ConfigError } from '../config';
import type { RouteModule } from './app-types';

/** Where the back office is served. */
export const BACK_OFFICE_PATH = '/back-office';

/** Hashed assets never change under one name. */
export const BACK_OFFICE_ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The app shell is never stored: a deploy shows at the next load. */
export const BACK_OFFICE_SHELL_CACHE_CONTROL = 'no-store';

/**
 * The back office's Content-Security-Policy: everything from its own origin, nothing inline, no
 * plug-ins, images also as data: URLs (the second factor's QR code), frames of its own origin
 * only (the cashier's live preview), and never framed itself.
 */
export const BACK_OFFICE_CSP_DIRECTIVES: Readonly<Record<string, readonly string[]>> = {
  defaultSrc: ["'none'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameSrc: ["'self'"],
  frameAncestors: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
};

/** Whether the client asks for an HTML document (a browser navigation does; fetch() does not). */
function acceptsHtml(request: FastifyRequest): boolean {
  return /\btext\/html\b|\bapplication\/xhtml\+xml\b/i.test(request.headers.accept ?? '');
}

/**
 * Throws a {@link ConfigError} unless `distDir` holds a built back office, so a wrong
 * BACK_OFFICE_DIR fails at start-up instead of answering 404 to every page.
 */
export function assertBackOfficeDir(distDir: string): void {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    throw new ConfigError(
      `Invalid environment:\n  BACK_OFFICE_DIR: no index.html in ${distDir} (build it with npm run build -w @cashdesk/back-office)`,
    );
  }
}

async function backOfficePlugin(
  scope: FastifyInstance,
  distDir: string,
  frameOrigins: readonly string[],
): Promise<void> {
  const assetsDir = path.join(distDir, 'assets');
  // Over the API policy every answer gets at the start of the request (security-headers.ts).
  scope.addHook('onRequest', async (_request, reply) => {
    reply.raw.removeHeader('x-frame-options');
    reply.helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: Object.fromEntries(
          Object.entries(BACK_OFFICE_CSP_DIRECTIVES).map(([name, values]) => [
            name,
            name === 'frameSrc' ? [...values, ...frameOrigins] : [...values],
          ]),
        ),
      },
      xFrameOptions: { action: 'deny' },
    });
  });
  await scope.register(fastifyStatic, {
    root: assetsDir,
    prefix: `${BACK_OFFICE_PATH}/assets/`,
    index: false,
    redirect: false,
    dotfiles: 'ignore',
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header(
        'cache-control',
        filePath.startsWith(`${assetsDir}${path.sep}`)
          ? BACK_OFFICE_ASSET_CACHE_CONTROL
          : BACK_OFFICE_SHELL_CACHE_CONTROL,
      );
      reply.header('x-content-type-options', 'nosniff');
    },
  });
  const shell = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    if (!acceptsHtml(request)) {
      reply.callNotFound();
      return reply;
    }
    return reply.sendFile('index.html', distDir, {
      cacheControl: false,
      dotfiles: 'ignore',
      index: false,
    });
  };
  scope.get(BACK_OFFICE_PATH, shell);
  scope.get(`${BACK_OFFICE_PATH}/*`, shell);
}

/**
 * A route module serving the back office built into `distDir` (see the module comment). The
 * configuration preview frames the widget: when the widget is served from another origin
 * (WIDGET_URL), that origin is added to `frame-src`.
 *
 * @throws {ConfigError} when `distDir` has no index.html.
 */
export function serveBackOffice(
  distDir: string,
  urls: { readonly publicUrl: string; readonly widgetUrl: string },
): RouteModule {
  const root = path.resolve(distDir);
  assertBackOfficeDir(root);
  const widgetOrigin = new URL(urls.widgetUrl).origin;
  const frameOrigins = widgetOrigin === new URL(urls.publicUrl).origin ? [] : [widgetOrigin];
  return (app) => {
    void app.register((scope) => backOfficePlugin(scope, root, frameOrigins));
  };
}
