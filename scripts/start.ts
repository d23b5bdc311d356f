/**
 * `npm start`: the whole product on this machine, and one address to open.
 *
 * 1. builds the widget, the back office and the demo host page when they are missing or out of
 *    date;
 * 2. starts the cashier-service (packages/server/src/main.ts: sandbox mode, PGlite under .data/,
 *    seeded) serving the widget, on http://127.0.0.1:PORT (default 8080);
 * 3. starts the demo host page on http://localhost:HOST_PAGE_PORT (default 8081): another
 *    origin, so the cashier's messages really cross origins;
 * 4. creates a deposit session for the player demo in EUR and prints the host page's address and
 *    the back office's (/back-office on the cashier-service).
 *
 * Environment: PORT, HOST_PAGE_PORT, WIDGET_DIR (serve a widget built elsewhere, no build),
 * LOG_LEVEL (default warn); the server gets FRAME_ANCESTORS with the demo host page's origin
 * added. Ctrl-C (or SIGTERM) stops both. `npm run start -w @cashdesk/server` still runs the API
 * alone.
 *
 * @packageDocumentation
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '@cashdesk/server/demo-staff';
import { BACK_OFFICE, DEMO_PAGE, ROOT, WIDGET, ensureBuilt } from './build-frontends';
import { startHostPageServer } from './host-page-server';
import type { HostPageServer } from './host-page-server';

/** The server opens PGlite and runs migrations first: give it time on a slow machine. */
const SERVER_START_TIMEOUT_MS = 90_000;
/** How long the server may take to close its database before it is killed. */
const SERVER_STOP_TIMEOUT_MS = 15_000;

class StartError extends Error {
  override readonly name = 'StartError';
}

function portFrom(name: string, fallback: number): number {
  const text = process.env[name]?.trim() ?? '';
  if (text === '') return fallback;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new StartError(`${name} must be a port number (1-65535), not "${text}"`);
  }
  return port;
}

/** Fails with a clear message when something already listens on the port. */
async function assertPortFree(port: number, name: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new StartError(
              `Port ${port} is already in use (${name}). Stop what uses it, or pick another port: ${name}=${port + 10} npm start`,
            )
          : error,
      );
    });
    probe.listen(port, '127.0.0.1', () => {
      probe.close(() => {
        resolve();
      });
    });
  });
}

/** Waits until the server answers its liveness probe, or fails if it exits first. */
async function waitForServer(child: ChildProcess, baseUrl: string): Promise<void> {
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  // An object, not a let: the flag changes in a callback, out of sight of type narrowing.
  const serverState = { exited: false };
  child.once('exit', () => {
    serverState.exited = true;
  });
  while (Date.now() < deadline) {
    if (serverState.exited)
      throw new StartError('The cashier-service stopped while starting (see above).');
    try {
      const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(1_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new StartError(`The cashier-service did not answer at ${baseUrl} within 90 s.`);
}

async function createDemoSession(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/sandbox/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ player: 'demo', flow: 'deposit', currency: 'EUR' }),
  });
  const body: unknown = await response.json();
  const widgetUrl: unknown =
    typeof body === 'object' && body !== null ? Reflect.get(body, 'widget_url') : undefined;
  if (response.status !== 201 || typeof widgetUrl !== 'string') {
    throw new StartError(`Could not create the demo session: ${JSON.stringify(body)}`);
  }
  return widgetUrl;
}

async function main(): Promise<void> {
  const port = portFrom('PORT', 8080);
  const hostPagePort = portFrom('HOST_PAGE_PORT', 8081);
  if (port === hostPagePort) throw new StartError('PORT and HOST_PAGE_PORT must differ.');
  // Before the builds, so a taken port is reported at once.
  await assertPortFree(port, 'PORT');
  await assertPortFree(hostPagePort, 'HOST_PAGE_PORT');

  // WIDGET_DIR points at a widget built elsewhere: then it is served as it is.
  const widgetDir = process.env.WIDGET_DIR?.trim() ?? '';
  if (widgetDir === '') await ensureBuilt(WIDGET);
  await ensureBuilt(BACK_OFFICE);
  await ensureBuilt(DEMO_PAGE);

  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'packages', 'server', 'src', 'main.ts')],
    {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        CASHDESK_MODE: 'sandbox',
        WIDGET_DIR: widgetDir === '' ? WIDGET.distDir : path.resolve(widgetDir),
        BACK_OFFICE_DIR: BACK_OFFICE.distDir,
        PUBLIC_URL: baseUrl,
        WIDGET_URL: baseUrl,
        // Request lines would bury the address to open; LOG_LEVEL=info brings them back.
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
        // The demo host page may frame the cashier wherever HOST_PAGE_PORT moves it,
        // and in a database seeded before the demo brands named it.
        FRAME_ANCESTORS: [process.env.FRAME_ANCESTORS ?? '', `http://localhost:${hostPagePort}`]
          .join(' ')
          .trim(),
      },
    },
  );

  let hostPage: HostPageServer | undefined;
  let stopping = false;
  const stop = async (code: number): Promise<void> => {
    if (stopping) return;
    stopping = true;
    process.stderr.write('\nStopping…\n');
    await hostPage?.close().catch(() => undefined);
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise<void>((resolve) =>
        server.once('exit', () => {
          resolve();
        }),
      );
      // main.ts closes the server and the database on SIGTERM (and ignores a second signal).
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), SERVER_STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    process.exit(code);
  };
  process.once('SIGINT', () => void stop(0));
  process.once('SIGTERM', () => void stop(0));
  server.once('exit', (code) => {
    if (!stopping) {
      process.stderr.write(`The cashier-service exited (${String(code)}).\n`);
      void stop(code === 0 ? 0 : 1);
    }
  });

  try {
    await waitForServer(server, baseUrl);
    hostPage = await startHostPageServer({
      distDir: DEMO_PAGE.distDir,
      cashierUrl: baseUrl,
      port: hostPagePort,
      sandbox: true,
    });
    const widgetUrl = await createDemoSession(baseUrl);
    process.stdout.write(
      `\nCashdesk is running (cashier-service and widget on ${baseUrl}, demo host page on ${hostPage.url}).\n` +
        `Open the demo host page with a deposit session for the player demo:\n\n` +
        `  ${hostPage.pageAddress(widgetUrl)}\n\n` +
        `The back office (docs/back-office.md):\n\n` +
        `  ${baseUrl}/back-office\n\n` +
        demoSignIns() +
        `Press Ctrl-C to stop.\n`,
    );
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    await stop(1);
  }
}

/**
 * How to sign in to the back office with the demo staff (one account per role, a published
 * password; the sign-in page fills in the second-factor code of a demo account in the sandbox).
 */
function demoSignIns(): string {
  const width = Math.max(...DEMO_STAFF.map((account) => account.email.length));
  const rows = DEMO_STAFF.map(
    (account) =>
      `  ${account.email.padEnd(width)}  ${account.role}${account.totpSecret === null ? '' : ' (second factor: "Fill in the demo code" on the sign-in page)'}\n`,
  );
  return `Demo staff, password ${DEMO_STAFF_PASSWORD}:\n${rows.join('')}\n`;
}

main().catch((error: unknown) => {
  if (error instanceof StartError) process.stderr.write(`${error.message}\n`);
  else
    process.stderr.write(
      `npm start failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  process.exit(1);
});
