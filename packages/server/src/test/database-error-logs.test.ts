/**
 * When the database fails inside a request, the log keeps what an operator needs (the
 * SQLSTATE, the constraint and table) and nothing of the request's values: not the session id,
 * not the query's parameters, not the card number of a submit made in the same run.
 *
 * A probe route (registered like the real routes, with the session hook) runs a query that fails
 * with the session id and a card number among its parameters, in four ways PostgreSQL reports
 * values: a quoted value in the message (22P02), the `Key (...)=(...)` detail of a foreign key
 * (23503) and of a unique key (23505), and a NUL the driver cannot send (22021).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import { ENDPOINTS, buildPath } from '@cashdesk/contract';
import type { Endpoint } from '@cashdesk/contract';
import type { App } from '../http/app-types';
import { isRecord } from '../platform/is-record';
import { registerEndpoint } from '../http/register-endpoint';
import { payGroupId, request } from './api-calls';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';

const PAN = '4000000000000101';
const CVV = '964';
/** The CVV inside a logged string, as a token of its own (not inside a uuid or a number). */
const CVV_IN_TEXT = new RegExp(`"[^"]*(?<![A-Za-z0-9_.])${CVV}(?![A-Za-z0-9_])[^"]*"`);

/** The failures of the probe, by the SQLSTATE PostgreSQL answers them with. */
const FAILURES = {
  '22P02': (session: string) => sql`select ${session}::uuid`,
  '23503': (session: string) =>
    sql`insert into players (brand_id, external_id) values (${session}, ${PAN})`,
  '23505': (session: string) =>
    sql`insert into players (brand_id, external_id) values (${'brand0'}, ${'demo'}), (${session}, ${PAN})`,
  '22021': (session: string) => sql`select ${`${session}\u0000${PAN}`}::text`,
} as const;

type SqlState = keyof typeof FAILURES;

const DB_FAILURE = {
  id: 'testDbFailure',
  method: 'GET',
  path: '/test/db-failure/{sqlState}',
  tag: 'meta',
  summary: 'probe',
  description: 'probe',
  session: true,
  idempotencyKey: false,
  sandboxOnly: false,
  params: z.object({ sqlState: z.enum(['22P02', '23503', '23505', '22021']) }),
  responses: { 200: { description: 'never', schema: z.object({}) } },
  errors: [],
} as const satisfies Endpoint;

function registerDbFailure(app: App): void {
  registerEndpoint(app, DB_FAILURE, async ({ params, session, deps }) => {
    const failing: SqlState = params.sqlState;
    await deps.db.execute(FAILURES[failing](session.sessionId));
    return { status: 200, body: {} };
  });
}

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ extraRoutes: [registerDbFailure] });
});

afterAll(async () => {
  await server.close();
});

/** The `err` objects of the logged 'request failed' lines. */
function loggedFailures(logs: string): Record<string, unknown>[] {
  return logs
    .split('\n')
    .filter((line) => line.includes('"request failed"'))
    .map((line): unknown => JSON.parse(line))
    .flatMap((entry) => (isRecord(entry) && isRecord(entry.err) ? [entry.err] : []));
}

describe('database errors in the log', () => {
  it('a failing query logs its SQLSTATE and names, never the session id, its parameters or a card number', async () => {
    const session = await createTestSession(server, { player: 'demo' });
    const submit = await request(
      server,
      'POST',
      buildPath(ENDPOINTS.depositSubmit, {
        payGroupId: await payGroupId(server, 'card', 'deposit'),
      }),
      session,
      {
        amount: '36',
        currency: 'EUR',
        parameters: {
          card_pan: PAN,
          card_cvv: CVV,
          month: '12',
          year: '31',
          card_cardholder_name: 'JANE DOE',
        },
        save_card: false,
      },
    );
    expect(submit.status).toBe(200);

    for (const sqlState of Object.keys(FAILURES)) {
      const answer = await request(server, 'GET', `/test/db-failure/${sqlState}`, session);
      expect(answer).toEqual({
        status: 500,
        body: { error_code: '1999', error_message: 'CASHIER.ERROR.INTERNAL' },
      });
    }

    const logs = server.logs();
    expect(logs).toContain('"request failed"');
    expect(logs).not.toMatch(CVV_IN_TEXT);
    for (const secret of [session, PAN, 'params:', '"params"', 'Key (', 'detail']) {
      expect(logs).not.toContain(secret);
    }
    const failures = loggedFailures(logs);
    const states = failures.map((err) => (isRecord(err.cause) ? err.cause.sqlState : undefined));
    expect(states).toEqual(Object.keys(FAILURES));
    expect(failures.map((err) => err.type)).toEqual(Array(4).fill('DrizzleQueryError'));
    const causes = failures.map((err) => err.cause);
    expect(causes.every((cause) => isRecord(cause) && cause.type === 'DatabaseError')).toBe(true);
    expect(causes[1]).toMatchObject({
      table: 'players',
      constraint: 'players_brand_id_brands_id_fk',
    });
    expect(causes[2]).toMatchObject({ table: 'players', constraint: 'players_brand_external' });
  });
});
