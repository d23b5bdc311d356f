/**
 * A graceful shutdown drains the requests in flight before it closes the database
 * (shutdown.ts, main.ts). Nothing here waits for time to pass: each step waits for the event it
 * needs (a request reached a handler or the PSP, the server logged that it is shutting down).
 *
 * - The server process itself (`src/main.ts`, as an operator runs it) on SIGTERM, with a deposit
 *   whose provider call the test holds at a PSP simulator: the deposit still completes with 200,
 *   new connections are no longer served, and the process exits 0.
 * - shutDown() in-process: the order (requests, then the reconciler, then the database), and the
 *   time-out that cuts a request which never ends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { isRecord } from '../platform/is-record';
import { PROTOCOL_ROUTES } from '../providers/http/protocol';
import { createSimulator } from '@cashdesk/testkit';
import { shutDown } from '../shutdown';
import { CASHIER, cardDepositBody } from './api-calls';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';
import { startServerProcess } from './server-process';
import type { ServerProcess } from './server-process';

/** A promise and its resolver. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('SIGTERM drains the requests in flight (the server process)', () => {
  let simulator: FastifyInstance;
  let simulatorUrl = '';
  /** The next deposit authorisation is held at the PSP until `release`. */
  const hold = { arrived: deferred(), release: deferred() };

  beforeAll(async () => {
    simulator = createSimulator();
    simulator.addHook('onRequest', async (request) => {
      if (request.method === 'POST' && request.url === PROTOCOL_ROUTES.authorizeDeposit.path) {
        hold.arrived.resolve();
        await hold.release.promise;
      }
    });
    simulatorUrl = await simulator.listen({ port: 0, host: '127.0.0.1' });
    cleanups.push(async () => {
      hold.release.resolve();
      await simulator.close();
    });
  });

  it('a deposit in flight at SIGTERM completes with 200, then the process exits 0', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'cashdesk-shutdown-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const server: ServerProcess = await startServerProcess({
      env: {
        DATA_DIR: dataDir,
        CASHDESK_PROVIDER: 'http',
        PROVIDER_URL: simulatorUrl,
        LOG_LEVEL: 'info',
        SHUTDOWN_TIMEOUT_MS: '120000',
      },
    });
    cleanups.push(() => server.kill());

    const session = await createTestSession(server);
    const init = await fetch(`${server.baseUrl}${CASHIER}/payments/groups/init`, {
      headers: { 'x-session-id': session },
    });
    const groups: unknown = Reflect.get(Object(await init.json()), 'payment_groups');
    const card = (Array.isArray(groups) ? groups : [])
      .filter(isRecord)
      .find((group) => group.short_name === 'card');
    const submitted = fetch(
      `${server.baseUrl}${CASHIER}/payments/groups/${String(card?.id)}/submit`,
      {
        method: 'POST',
        headers: {
          'x-session-id': session,
          'content-type': 'application/json',
          'idempotency-key': 'graceful-shutdown-0001',
          'x-request-id': 'graceful-shutdown-submit',
        },
        body: JSON.stringify(cardDepositBody('10')),
      },
    );

    // The deposit is in flight: its provider call waits at the PSP.
    await hold.arrived.promise;
    process.kill(server.pid, 'SIGTERM');
    await server.waitForOutput('stopped accepting connections');

    // No new request is served any more: the listener is closed (or Fastify answers 503).
    const late = await fetch(`${server.baseUrl}/healthz`).then(
      (response) => response.status,
      () => 'refused',
    );
    expect(late === 'refused' || late === 503).toBe(true);

    // The PSP answers: the deposit finishes and its answer reaches the player.
    hold.release.resolve();
    const answer = await submitted;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ result_status: 'success' });

    expect(await server.exitCode).toBe(0);
    const output = server.output();
    const order = [
      '"msg":"shutting down"',
      '"reqId":"graceful-shutdown-submit","res":{"statusCode":200}',
      '"msg":"requests drained"',
      '"msg":"reconciler stopped"',
      '"msg":"database closed"',
    ].map((text) => output.indexOf(text));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // A server process that migrates and seeds its own embedded database first: on a loaded
    // machine its start alone took most of the default 30 s.
  }, 120_000);
});

describe('shutDown() in-process', () => {
  /** A route that answers only when the test releases it, and notes when its answer is sent. */
  function slowRoute(gate: {
    entered: () => void;
    release: Promise<void>;
    answered?: (status: number) => void;
  }) {
    return (app: TestServer['app']) => {
      app.get(
        '/test/slow',
        {
          onResponse: (_request, reply, done) => {
            gate.answered?.(reply.statusCode);
            done();
          },
        },
        async () => {
          gate.entered();
          await gate.release;
          return { slow: 'done' };
        },
      );
    };
  }

  it('answers the request in flight, then stops the reconciler, then closes the database', async () => {
    const entered = deferred();
    const release = deferred();
    const steps: string[] = [];
    const server = await startTestServer({
      extraRoutes: [
        slowRoute({
          entered: entered.resolve,
          release: release.promise,
          answered: (status) => steps.push(`answered ${String(status)}`),
        }),
      ],
    });
    cleanups.push(() => server.database.close());
    const slow = fetch(`${server.baseUrl}/test/slow`).then(async (response) => ({
      status: response.status,
      connection: response.headers.get('connection'),
      body: await response.json(),
    }));
    await entered.promise;

    const outcome = shutDown(
      {
        app: server.app,
        reconciler: {
          stop: () => {
            steps.push('reconciler stopped');
            return Promise.resolve();
          },
        },
        webhooks: {
          stop: () => {
            steps.push('webhooks stopped');
            return Promise.resolve();
          },
        },
        database: {
          close: () => {
            steps.push('database closed');
            return Promise.resolve();
          },
        },
      },
      120_000,
    );
    expect(server.app.readiness.shuttingDown).toBe(true);
    release.resolve();
    expect(await slow).toEqual({ status: 200, connection: 'close', body: { slow: 'done' } });
    expect(await outcome).toBe('clean');
    expect(steps).toEqual([
      'answered 200',
      'reconciler stopped',
      'webhooks stopped',
      'database closed',
    ]);
  });

  it('cuts a request still running at the time-out and says so', async () => {
    const entered = deferred();
    const never = deferred();
    const server = await startTestServer({
      extraRoutes: [slowRoute({ entered: entered.resolve, release: never.promise })],
    });
    cleanups.push(async () => {
      never.resolve();
      await server.database.close();
    });
    const slow = fetch(`${server.baseUrl}/test/slow`).then(
      (response) => response.status,
      () => 'cut',
    );
    await entered.promise;
    const closed: string[] = [];
    const outcome = await shutDown(
      {
        app: server.app,
        reconciler: { stop: () => Promise.resolve() },
        database: {
          close: () => {
            closed.push('database');
            return Promise.resolve();
          },
        },
      },
      // The time-out is the mechanism under test, not a measured duration.
      200,
    );
    expect(outcome).toBe('timed_out');
    expect(await slow).toBe('cut');
    expect(closed).toEqual(['database']);
    expect(server.logs()).toContain('requests still running at the shutdown time-out');
  });
});
