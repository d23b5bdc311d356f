import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { idempotencyKeys, payGroups, transactions } from '../db/schema';
import { expireSession, resolveSession } from '../http/sessions';
import { createSession } from '../modules/cashier/create-session';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';
import { BOOM_SECRET, registerProbeRoutes } from './probe-routes';

let server: TestServer;
let production: TestServer;

beforeAll(async () => {
  server = await startTestServer({ extraRoutes: [registerProbeRoutes] });
  production = await startTestServer({
    mode: 'production',
    database: server.database,
    extraRoutes: [registerProbeRoutes],
    env: { CASHDESK_SECRET: 'a-production-secret-for-tests' },
  });
});

afterAll(async () => {
  await production.close();
  await server.close();
});

async function call(
  target: TestServer,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await fetch(`${target.baseUrl}${path}`, init);
  const text = await response.text();
  return {
    status: response.status,
    body: text === '' ? null : JSON.parse(text),
    headers: response.headers,
  };
}

const json = { 'content-type': 'application/json' };

describe('session auth (SPEC §6, §8)', () => {
  const expired = { error_code: '17', error_message: 'CASHIER.PH2.ERROR_MESSAGE.17' };

  it('answers code 17 without an x-session-id header (SPEC §6, §8)', async () => {
    const result = await call(server, '/test/whoami');
    expect(result).toMatchObject({ status: 401, body: expired });
  });

  it('answers code 17 for an unknown session (SPEC §6, §8)', async () => {
    const result = await call(server, '/test/whoami', {
      headers: { 'x-session-id': 'no-such-session-id-0000' },
    });
    expect(result).toMatchObject({ status: 401, body: expired });
  });

  it('answers code 17 for an expired session and keeps it expired (SPEC §4, §8)', async () => {
    const id = await createTestSession(server);
    expect((await call(server, '/test/whoami', { headers: { 'x-session-id': id } })).status).toBe(
      200,
    );
    await expireSession(server.db, id, new Date(Date.now() - 1000));
    const first = await call(server, '/test/whoami', { headers: { 'x-session-id': id } });
    const second = await call(server, '/test/whoami', { headers: { 'x-session-id': id } });
    expect(first).toMatchObject({ status: 401, body: expired });
    expect(second).toMatchObject({ status: 401, body: expired });
  });

  it('checks the session before reading the body: a malformed body without a session is 17 (SPEC §6)', async () => {
    const result = await call(server, '/test/deposits/1', {
      method: 'POST',
      headers: json,
      body: '{"amount":',
    });
    expect(result).toMatchObject({ status: 401, body: expired });
  });

  it('runs the request as the session player and slides the expiry forward (SPEC §4)', async () => {
    const id = await createTestSession(server, {
      player: 'demo',
      flow: 'withdrawal',
      currency: 'JPY',
    });
    const result = await call(server, '/test/whoami', { headers: { 'x-session-id': id } });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      player_id: 'demo',
      brand: 'brand0',
      flow: 'withdrawal',
      currency: 'JPY',
    });
  });
});

describe('session lifetime (SPEC §4, §9)', () => {
  it('slides the expiry forward on use and never revives an expired session', async () => {
    const t0 = new Date('2030-01-01T10:00:00Z');
    const settings = { lifetimeMs: 60_000, widgetUrl: 'http://w.test' };
    const created = await createSession(
      server.db,
      settings,
      { player: 'demo', flow: 'deposit', currency: 'EUR' },
      t0,
    );
    expect(created.expires_at).toBe('2030-01-01T10:01:00.000Z');
    const used = await resolveSession(
      server.db,
      settings,
      created.session_id,
      new Date('2030-01-01T10:00:40Z'),
    );
    expect(used.expiresAt.toISOString()).toBe('2030-01-01T10:01:40.000Z');
    await expect(
      resolveSession(server.db, settings, created.session_id, new Date('2030-01-01T10:01:40Z')),
    ).rejects.toMatchObject({
      errorName: 'sessionExpired',
    });
  });

  it('refuses a session for an unknown player outside sandbox player creation', async () => {
    await expect(
      createSession(
        server.db,
        { lifetimeMs: 1000, widgetUrl: 'http://w.test' },
        { player: 'ghost', flow: 'deposit', currency: 'EUR' },
      ),
    ).rejects.toMatchObject({ errorName: 'notFound', field: 'player' });
  });
});

describe('POST /sandbox/sessions', () => {
  it('creates a session and answers the widget address with session_id, lang and theme (SPEC §2)', async () => {
    const result = await call(server, '/sandbox/sessions', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ player: 'demo', flow: 'deposit', currency: 'EUR' }),
    });
    expect(result.status).toBe(201);
    const body = result.body;
    if (
      typeof body !== 'object' ||
      body === null ||
      !('session_id' in body) ||
      !('widget_url' in body)
    ) {
      throw new Error('unexpected body');
    }
    expect(body).toMatchObject({ player_id: 'demo' });
    expect(typeof body.session_id === 'string' && /^[A-Za-z0-9_-]{43}$/.test(body.session_id)).toBe(
      true,
    );
    expect(body.widget_url).toBe(
      `http://widget.cashdesk.test/deposit?lang=en-brand0&theme=brand0&session_id=${String(body.session_id)}`,
    );
  });

  it('creates a missing player with the brand demo balances (sandbox)', async () => {
    const id = await createTestSession(server, {
      player: 'newcomer-1',
      brand: 'brand1',
      currency: 'KWD',
    });
    const result = await call(server, '/test/whoami', { headers: { 'x-session-id': id } });
    expect(result.body).toMatchObject({
      player_id: 'newcomer-1',
      brand: 'brand1',
      currency: 'KWD',
    });
  });

  it('names the bad field of a refused request (SPEC §8)', async () => {
    const result = await call(server, '/sandbox/sessions', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ player: 'demo', flow: 'sideways', currency: 'EUR' }),
    });
    expect(result).toMatchObject({
      status: 400,
      body: {
        error_code: '1002',
        error_message: 'CASHIER.ERROR.INVALID_FIELD',
        error_field: 'body.flow',
      },
    });
  });

  it('answers 404 with code 1901 when the server runs in production mode', async () => {
    const result = await call(production, '/sandbox/sessions', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ player: 'demo', flow: 'deposit', currency: 'EUR' }),
    });
    expect(result).toMatchObject({
      status: 404,
      body: { error_code: '1901', error_message: 'CASHIER.ERROR.NOT_FOUND' },
    });
  });
});

describe('bad input (SPEC §8)', () => {
  it('answers 400 code 1001 to malformed JSON', async () => {
    const result = await call(server, '/test/echo/1', {
      method: 'POST',
      headers: json,
      body: '{"amount": "1",',
    });
    expect(result).toEqual({
      status: 400,
      body: { error_code: '1001', error_message: 'CASHIER.ERROR.MALFORMED_REQUEST' },
      headers: result.headers,
    });
  });

  it('answers 400 code 1001 to an empty JSON body and to an unsupported media type', async () => {
    const empty = await call(server, '/test/echo/1', { method: 'POST', headers: json, body: '' });
    const text = await call(server, '/test/echo/1', {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: 'a,b',
    });
    expect(empty).toMatchObject({ status: 400, body: { error_code: '1001' } });
    expect(text).toMatchObject({ status: 400, body: { error_code: '1001' } });
  });

  it('answers 413 code 1004 to a body over the limit', async () => {
    const note = 'x'.repeat(server.config.bodyLimitBytes + 10);
    const result = await call(server, '/test/echo/1', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ amount: '1', note }),
    });
    expect(result).toMatchObject({
      status: 413,
      body: { error_code: '1004', error_message: 'CASHIER.ERROR.BODY_TOO_LARGE' },
    });
  });

  it('answers 400 code 1002 naming the field of a wrong type (body and path)', async () => {
    const amount = await call(server, '/test/echo/1', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ amount: 10 }),
    });
    const param = await call(server, '/test/echo/abc', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ amount: '10' }),
    });
    expect(amount).toMatchObject({
      status: 400,
      body: { error_code: '1002', error_field: 'body.amount' },
    });
    expect(param).toMatchObject({
      status: 400,
      body: { error_code: '1002', error_field: 'params.count' },
    });
  });

  it('answers valid input with the schema output', async () => {
    const result = await call(server, '/test/echo/7', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ amount: '10.50', extra: true }),
    });
    expect(result).toMatchObject({ status: 200, body: { amount: '10.50', count: '7' } });
  });

  it('answers 404 code 1008 to an unknown route', async () => {
    const result = await call(server, '/api/cashier-service/v1.0/nothing-here');
    expect(result).toMatchObject({
      status: 404,
      body: { error_code: '1008', error_message: 'CASHIER.ERROR.NOT_FOUND' },
    });
  });

  it('answers 500 code 1999 without leaking the internal error', async () => {
    const result = await call(server, '/test/boom');
    expect(result).toMatchObject({
      status: 500,
      body: { error_code: '1999', error_message: 'CASHIER.ERROR.INTERNAL' },
    });
    expect(JSON.stringify(result.body)).not.toContain('hunter2');
    expect(server.logs()).toContain(BOOM_SECRET);
  });
});

describe('Idempotency-Key over HTTP', () => {
  async function cardGroupId(): Promise<number> {
    const [group] = await server.db
      .select({ id: payGroups.id })
      .from(payGroups)
      .where(eq(payGroups.shortName, 'card'));
    if (group === undefined) throw new Error('no card pay group');
    return group.id;
  }

  it('makes one transaction of 50 parallel submits with one key, and replays its answer', async () => {
    const session = await createTestSession(server);
    const groupId = await cardGroupId();
    const key = 'parallel-submit-key-0001';
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(server, `/test/deposits/${groupId}`, {
          method: 'POST',
          headers: { ...json, 'x-session-id': session, 'idempotency-key': key },
          body: JSON.stringify({ amount: '25.00' }),
        }),
      ),
    );
    const [rows] = await server.db
      .select({ n: count() })
      .from(transactions)
      .where(eq(transactions.idempotencyKey, key));
    expect(rows?.n).toBe(1);
    const first = results[0];
    expect(first?.status).toBe(201);
    expect(
      results.every(
        (result) =>
          result.status === 201 && JSON.stringify(result.body) === JSON.stringify(first?.body),
      ),
    ).toBe(true);
    expect(
      results.filter((result) => result.headers.get('idempotent-replayed') === 'true'),
    ).toHaveLength(49);
  });

  it('answers 422 code 1007 when the key comes back with another body', async () => {
    const session = await createTestSession(server);
    const groupId = await cardGroupId();
    const headers = {
      ...json,
      'x-session-id': session,
      'idempotency-key': 'reused-key-with-new-body',
    };
    const first = await call(server, `/test/deposits/${groupId}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ amount: '10' }),
    });
    const second = await call(server, `/test/deposits/${groupId}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ amount: '11' }),
    });
    expect(first.status).toBe(201);
    expect(second).toMatchObject({
      status: 422,
      body: {
        error_code: '1007',
        error_message: 'CASHIER.ERROR.IDEMPOTENCY_CONFLICT',
        error_field: 'headers.idempotency-key',
      },
    });
  });

  it('stores a refusal as the answer of its key (a repeat gets the same 404)', async () => {
    const session = await createTestSession(server);
    const headers = {
      ...json,
      'x-session-id': session,
      'idempotency-key': 'refused-request-key-01',
    };
    const first = await call(server, '/test/deposits/999999', {
      method: 'POST',
      headers,
      body: JSON.stringify({ amount: '10' }),
    });
    const again = await call(server, '/test/deposits/999999', {
      method: 'POST',
      headers,
      body: JSON.stringify({ amount: '10' }),
    });
    expect(first).toMatchObject({
      status: 404,
      body: { error_code: '1003', error_field: 'params.payGroupId' },
    });
    expect(again).toMatchObject({
      status: 404,
      body: { error_code: '1003', error_field: 'params.payGroupId' },
    });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('rejects a malformed Idempotency-Key with 400 naming the header', async () => {
    const session = await createTestSession(server);
    const result = await call(server, '/test/deposits/1', {
      method: 'POST',
      headers: { ...json, 'x-session-id': session, 'idempotency-key': 'short' },
      body: JSON.stringify({ amount: '10' }),
    });
    expect(result).toMatchObject({
      status: 400,
      body: { error_code: '1002', error_field: 'headers.idempotency-key' },
    });
    const [keys] = await server.db
      .select({ n: count() })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, 'short'));
    expect(keys?.n).toBe(0);
  });
});

function jsonObject(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value))
    : {};
}

/**
 * Every property of an operator-API request body (nested objects, array items and unions
 * included, through the components they refer to) without a description of its own or of the
 * component it refers to, as `METHOD path.property[].property`.
 */
function undescribedOperatorFields(document: unknown): { walked: number; missing: string[] } {
  const components = jsonObject(jsonObject(jsonObject(document).components).schemas);
  const resolve = (schema: unknown): Record<string, unknown> => {
    let current = jsonObject(schema);
    for (let hops = 0; typeof current.$ref === 'string' && hops < 10; hops += 1) {
      current = jsonObject(components[current.$ref.replace('#/components/schemas/', '')]);
    }
    return current;
  };
  const missing: string[] = [];
  let walked = 0;
  const visiting = new Set<unknown>();
  const walk = (schema: unknown, where: string): void => {
    const node = resolve(schema);
    if (visiting.has(node)) return;
    visiting.add(node);
    for (const key of ['anyOf', 'oneOf', 'allOf']) {
      const options = node[key];
      if (Array.isArray(options)) for (const option of options) walk(option, where);
    }
    if (node.items !== undefined) walk(node.items, `${where}[]`);
    if (typeof node.additionalProperties === 'object')
      walk(node.additionalProperties, `${where}{}`);
    for (const [name, property] of Object.entries(jsonObject(node.properties))) {
      walked += 1;
      const own = jsonObject(property).description;
      const referred = resolve(property).description;
      if (typeof own !== 'string' && typeof referred !== 'string') missing.push(`${where}.${name}`);
      walk(property, `${where}.${name}`);
    }
    visiting.delete(node);
  };
  for (const [path, operations] of Object.entries(jsonObject(jsonObject(document).paths))) {
    if (!path.startsWith('/api/operator/v1/')) continue;
    for (const [method, operation] of Object.entries(jsonObject(operations))) {
      const content = jsonObject(jsonObject(jsonObject(operation).requestBody).content);
      for (const media of Object.values(content)) {
        walk(jsonObject(media).schema, `${method.toUpperCase()} ${path}`);
      }
    }
  }
  return { walked, missing };
}

describe('service routes', () => {
  it('serves the contract OpenAPI 3.1 document at the contract path and at /openapi.json', async () => {
    const atRoot = await call(server, '/openapi.json');
    const atBase = await call(server, '/api/cashier-service/v1.0/openapi.json');
    expect(atRoot.status).toBe(200);
    expect(atRoot.body).toMatchObject({ openapi: '3.1.0' });
    expect(atBase.body).toEqual(atRoot.body);
  });

  it('describes every field of every operator-API request body in the served document', async () => {
    const served = await call(server, '/openapi.json');
    expect(served.status).toBe(200);
    const undescribed = undescribedOperatorFields(served.body);
    expect(undescribed.walked).toBeGreaterThan(150);
    expect(undescribed.missing).toEqual([]);
  });

  it('answers the liveness probe', async () => {
    expect(await call(server, '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });
});

describe('logs (never a card number, CVV, OTP or auth token)', () => {
  it('never logs a request body, a session id or an idempotency key', async () => {
    const session = await createTestSession(server);
    await call(server, `/test/echo/1?session_id=${session}`, {
      method: 'POST',
      headers: {
        ...json,
        'x-session-id': session,
        'idempotency-key': 'logged-key-must-not-appear',
      },
      body: JSON.stringify({ amount: '1', note: '4111111111111111 cvv 737' }),
    });
    const logs = server.logs();
    expect(logs).not.toContain('4111111111111111');
    expect(logs).not.toContain(session);
    expect(logs).not.toContain('logged-key-must-not-appear');
    expect(logs).toContain('session_id=%5BREDACTED%5D');
  });
});
