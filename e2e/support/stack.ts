/**
 * The system under test, in the test process: the real cashier-service (createApp, an in-memory
 * PGlite copied from the run's migrated and seeded database, sandbox mode) on a free port of
 * 127.0.0.1, serving the built widget, and the demo host page on another free port, addressed as
 * `localhost`, so the page and the cashier are different origins (and sites) as on a brand's
 * site.
 */
import { createServer } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { createApp, createLogger, loadConfig, openDatabase, serveWidget } from '@cashdesk/server';
import { OPERATOR_BASE } from '@cashdesk/contract';
import type { App, Database, PaymentProvider, ServerConfig } from '@cashdesk/server';
import { BACK_OFFICE, DEMO_PAGE, WIDGET } from '../../scripts/build-frontends';
import { startHostPageServer } from '../../scripts/host-page-server';
import { seededPgliteDump } from '../../packages/server/src/test/database-template';
import type { HostPageServer } from '../../scripts/host-page-server';

/** What {@link startStack} takes. */
export interface StackOptions {
  /** The built widget; default WIDGET_DIR or packages/widget/dist. */
  readonly widgetDir?: string;
  /** The built demo page; default packages/embed/demo/dist. */
  readonly demoDir?: string;
  /**
   * Extra environment for the server's loadConfig (e.g. SESSION_LIFETIME_MS). FRAME_ANCESTORS is
   * the demo host page's origin unless this sets it.
   */
  readonly env?: Readonly<Record<string, string>>;
  /**
   * The payment provider, made from the config and the database (e.g. a SandboxProvider with
   * other timings, keeping its state in that database); default the server's own sandbox provider.
   */
  readonly provider?: (config: ServerConfig, db: Database) => PaymentProvider;
  /**
   * The server's mode (default sandbox). `production` starts from an empty database
   * (no demo seed, no sandbox routes); the environment must then name a provider and a secret.
   */
  readonly mode?: 'sandbox' | 'production';
}

/** A running stack. */
export interface Stack {
  /** The cashier-service and widget origin, e.g. http://127.0.0.1:40123 */
  readonly serverUrl: string;
  /** The demo host page's origin, e.g. http://localhost:40124 */
  readonly hostPageUrl: string;
  readonly app: App;
  /** The server's database (to set up what no call makes, such as a dead-lettered event). */
  readonly db: Database;
  readonly config: ServerConfig;
  readonly hostPage: HostPageServer;
  /**
   * Everything the server logged (pino JSON lines, level info and above), so a test can check
   * what a run left in the logs (no card number, no CVV).
   */
  logs(): string;
  /** Stops both servers and closes the database. */
  close(): Promise<void>;
}

/** pino's level numbers, for the lines the stack prints. */
const LOG_LEVEL_NUMBERS: Readonly<Record<string, number>> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
};

/** The level of one pino JSON line (0 when it has none). */
function levelOf(line: string): number {
  try {
    const level: unknown = Reflect.get(Object(JSON.parse(line)), 'level');
    return typeof level === 'number' ? level : 0;
  } catch {
    return 0;
  }
}

/** A free TCP port on 127.0.0.1, so the config can name the real address before listening. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => {
        resolve(port);
      });
    });
  });
}

/** Starts the cashier-service with the widget and the demo host page (see the module comment). */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const envWidget = process.env.WIDGET_DIR?.trim() ?? '';
  const widgetDir = path.resolve(
    options.widgetDir ?? (envWidget === '' ? WIDGET.distDir : envWidget),
  );
  const mode = options.mode ?? 'sandbox';
  // Production never seeds: its brands come from the operator API.
  const database =
    mode === 'sandbox'
      ? await openDatabase({ inMemory: true, from: await seededPgliteDump() })
      : await openDatabase({ inMemory: true });
  const port = await freePort();
  const serverUrl = `http://127.0.0.1:${port}`;
  // Started first: its origin is the one the cashier lets frame the widget.
  const hostPage = await startHostPageServer({
    distDir: options.demoDir ?? DEMO_PAGE.distDir,
    cashierUrl: serverUrl,
    port: 0,
    sandbox: mode === 'sandbox',
  });
  // Every line is kept for logs(); warnings and errors are also printed, as before.
  const lines: string[] = [];
  const echoLevel = LOG_LEVEL_NUMBERS[process.env.E2E_LOG_LEVEL ?? 'warn'] ?? 40;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      const line = chunk.toString('utf8');
      lines.push(line);
      if (levelOf(line) >= echoLevel) process.stdout.write(line);
      callback();
    },
  });
  let app: App | undefined;
  try {
    const config = loadConfig({
      CASHDESK_MODE: mode,
      LOG_LEVEL: 'info',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: serverUrl,
      WIDGET_URL: serverUrl,
      WIDGET_DIR: widgetDir,
      // The back office at /back-office (built by the global setup).
      BACK_OFFICE_DIR: BACK_OFFICE.distDir,
      DATA_DIR: '/tmp/cashdesk-e2e-data',
      // The stack opens its own database and passes it in; the configuration names none.
      ...(mode === 'production' ? { CASHDESK_ALLOW_EMBEDDED_DATABASE: 'true' } : {}),
      // The demo host page is on a random port: allowed for every brand, as an operator would.
      FRAME_ANCESTORS: hostPage.url,
      ...options.env,
    });
    app = await createApp({
      db: database.db,
      config,
      provider: options.provider?.(config, database.db),
      logger: createLogger({ level: 'info', destination: sink }),
      extraRoutes: [serveWidget(widgetDir)],
    });
    await app.listen({ port, host: '127.0.0.1' });
    const running = app;
    return {
      serverUrl,
      hostPageUrl: hostPage.url,
      app: running,
      db: database.db,
      config,
      hostPage,
      logs: () => lines.join(''),
      close: async () => {
        await hostPage.close();
        await running.close();
        await database.close();
      },
    };
  } catch (error) {
    await app?.close();
    await hostPage.close();
    await database.close();
    throw error;
  }
}

/** What {@link newSession} takes; every field has the demo default. */
export interface NewSessionOptions {
  /** Default `demo` (created with the brand's demo balances on first use). */
  readonly player?: string;
  /** Default `deposit`. */
  readonly flow?: 'deposit' | 'withdrawal';
  /** Default `EUR`. */
  readonly currency?: string;
  /** Language code, e.g. `ar`; default the server's (en). */
  readonly lang?: string;
  /** Default the brand's (brand0). */
  readonly theme?: string;
  readonly brand?: string;
}

/** A session made through POST /sandbox/sessions. */
export interface TestSession {
  readonly sessionId: string;
  /** The widget address that opens it (on the stack's server). */
  readonly widgetUrl: string;
  /** The demo host page's address that mounts it. */
  readonly hostPageUrl: string;
  readonly expiresAt: string;
}

function field(body: unknown, name: string): string {
  const value: unknown =
    typeof body === 'object' && body !== null ? Reflect.get(body, name) : undefined;
  if (typeof value !== 'string') throw new Error(`session answer without ${name}`);
  return value;
}

/** Creates a session through POST /sandbox/sessions on the stack's server. */
export async function newSession(
  stack: Pick<Stack, 'serverUrl' | 'hostPage'>,
  options: NewSessionOptions = {},
): Promise<TestSession> {
  const response = await fetch(`${stack.serverUrl}/sandbox/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      player: options.player ?? 'demo',
      flow: options.flow ?? 'deposit',
      currency: options.currency ?? 'EUR',
      lang: options.lang,
      theme: options.theme,
      brand: options.brand,
    }),
  });
  const body: unknown = await response.json();
  if (response.status !== 201) {
    throw new Error(`session not created: ${response.status} ${JSON.stringify(body)}`);
  }
  const widgetUrl = field(body, 'widget_url');
  return {
    sessionId: field(body, 'session_id'),
    widgetUrl,
    hostPageUrl: stack.hostPage.pageAddress(widgetUrl),
    expiresAt: field(body, 'expires_at'),
  };
}

/**
 * One call of the operator API with a bearer key: its parsed JSON object; a non-2xx
 * answer or a body that is no object fails the test with the answer in the message.
 */
export async function operatorJson(
  stack: Pick<Stack, 'serverUrl'>,
  method: string,
  path: string,
  key: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${stack.serverUrl}${OPERATOR_BASE}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${String(response.status)} ${text}`);
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null) throw new Error(`${path}: ${text}`);
  return { ...parsed };
}
