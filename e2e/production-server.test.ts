/**
 * The production build as an operator runs it. `npm run build -w @cashdesk/server`
 * (well under a second; the widget is built by this project's global setup), then
 * `node packages/server/dist/migrate.js` and `node packages/server/dist/main.js` as plain Node
 * processes: no tsx, no TypeScript, nothing of the test's environment. The built server must find
 * the migrations and the built widget from dist/, answer its probes, the widget page, the API and
 * /metrics, and stop cleanly on SIGTERM; the operator's commands (webhooks, the API client) run
 * from dist/ the same way.
 *
 * That the build loads only production dependencies is checked by the server's own
 * src/test/production-build.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT, WIDGET, runNpm } from '../scripts/build-frontends';

const DIST = path.join(ROOT, 'packages', 'server', 'dist');
const LISTENING = /listening on (http:\/\/\S+)/;

let dataDir = '';
let server: ChildProcessWithoutNullStreams | undefined;
let baseUrl = '';
let stdout = '';
let stderr = '';

/** The environment of a built command: PATH and what the test names, nothing else. */
function environment(extra: Readonly<Record<string, string>>): Record<string, string> {
  return { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extra };
}

/** Runs a built command with {@link environment}; its exit code and its output (both streams). */
async function runBuilt(
  file: string,
  args: readonly string[],
): Promise<{ readonly code: number | null; readonly output: string }> {
  const child = spawn(process.execPath, [path.join(DIST, file), ...args], {
    cwd: ROOT,
    env: environment({}),
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}

beforeAll(async () => {
  await runNpm(['run', 'build', '-w', '@cashdesk/server']);
  dataDir = await mkdtemp(path.join(tmpdir(), 'cashdesk-dist-'));
}, 120_000);

afterAll(async () => {
  if (server !== undefined && server.exitCode === null) server.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

describe('the built server, run with node alone', () => {
  it('dist/migrate.js migrates the database and exits 0', async () => {
    const { code, output } = await runBuilt('migrate.js', []);
    expect(output).toMatch(/applied 0000_init.*; up to date/);
    expect(code).toBe(0);
  });

  it('dist/main.js starts on the migrated database without migrating, serving the built widget', async () => {
    const child = spawn(process.execPath, [path.join(DIST, 'main.js')], {
      cwd: ROOT,
      env: environment({ PORT: '0', MIGRATE_ON_START: 'false' }),
    });
    server = child;
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    baseUrl = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString('utf8');
        const match = LISTENING.exec(stdout);
        if (match?.[1] !== undefined) resolve(match[1]);
      });
      child.once('exit', (code) => {
        reject(new Error(`the built server exited (${String(code)}):\n${stdout}\n${stderr}`));
      });
    });
    // The widget folder is found from dist/ through the repository root (src/paths.ts).
    expect(stdout).toContain(`serving the widget: ${WIDGET.distDir}`);
  });

  it('answers /healthz, /readyz, the widget page, the API and /metrics, each with a request id', async () => {
    const health = await fetch(`${baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    const ready = await fetch(`${baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: 'ready',
      database: 'ok',
      migrations: { pending: [] },
    });

    const page = await fetch(`${baseUrl}/deposit`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('<div id="root">');

    const created = await fetch(`${baseUrl}/sandbox/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'dist-session-1' },
      body: JSON.stringify({ player: 'demo', flow: 'deposit', currency: 'EUR' }),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('x-request-id')).toBe('dist-session-1');
    const session: unknown = Reflect.get(Object(await created.json()), 'session_id');
    const init = await fetch(`${baseUrl}/api/cashier-service/v1.0/payments/groups/init`, {
      headers: { 'x-session-id': String(session) },
    });
    expect(init.status).toBe(200);
    // The session's homepage comes with its answers and its first screen, rendered by the
    // widget's server entry the built server loads from the built files (dist-server/).
    const home = await fetch(`${baseUrl}/deposit?session_id=${String(session)}`, {
      headers: { accept: 'text/html' },
    });
    expect(home.headers.get('cache-control')).toBe('private, no-store');
    const document = await home.text();
    expect(document).toContain('<script type="application/json" id="cd-page-data">');
    expect(document).toContain('<script type="application/json" id="cd-first-screen">');
    expect(document).toMatch(/<h1 id="cd-method-title"[^>]*>[^<]+<\/h1>/);

    const metrics = await fetch(`${baseUrl}/metrics`);
    expect(metrics.status).toBe(200);
    const scrape = await metrics.text();
    expect(scrape).toContain(
      'cashdesk_http_request_duration_seconds_count{method="POST",route="/sandbox/sessions",status_code="201"} 1',
    );
    expect(scrape).toContain('process_resident_memory_bytes');
  });

  it('stops cleanly on SIGTERM', async () => {
    if (server === undefined) throw new Error('not started');
    const exited = new Promise<number | null>((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stderr).toBe('');
  });

  it('runs the operator commands from dist/ with Node alone: dead webhooks and the API client', async () => {
    // The server above has stopped: its embedded database is free for a command.
    const dead = await runBuilt('webhooks.js', ['list-dead']);
    expect(dead).toEqual({ code: 0, output: '0 dead-lettered event(s)\n' });
    const client = await runBuilt('operator.js', ['list']);
    expect(client.code).toBe(0);
    expect(client.output).toContain('operatorBrandUpdate');
  });
});
