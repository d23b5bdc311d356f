/**
 * A request id on every log line of a request and on every answer (http/request-id.ts):
 * an acceptable incoming x-request-id is kept, anything else replaced by a new UUID, and the id
 * comes back on successes, refusals, errors and answers Fastify sends before any route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import { REQUEST_ID_HEADER, requestIdOf } from '../http/request-id';
import { startTestServer } from './harness';
import type { TestServer } from './harness';
import { BOOM, ECHO, WHOAMI, registerProbeRoutes } from './probe-routes';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ extraRoutes: [registerProbeRoutes] });
});

afterAll(async () => {
  await server.close();
});

/** The JSON log lines the server wrote with this request id. */
function linesOf(id: string): Record<string, unknown>[] {
  return server
    .logs()
    .split('\n')
    .filter((line) => line.includes(id))
    .map((line): Record<string, unknown> => {
      const parsed: unknown = JSON.parse(line);
      return typeof parsed === 'object' && parsed !== null ? { ...parsed } : {};
    });
}

/** A raw request (fetch cannot send a header twice or an address Fastify cannot decode). */
async function raw(
  path: string,
  headers: Readonly<Record<string, string | string[]>> = {},
): Promise<{ status: number; id: string | undefined }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${server.baseUrl}${path}`, { headers }, (response) => {
      response.resume();
      response.once('end', () => {
        const id = response.headers[REQUEST_ID_HEADER];
        resolve({ status: response.statusCode ?? 0, id: typeof id === 'string' ? id : undefined });
      });
    });
    request.once('error', reject);
    request.end();
  });
}

describe('the request id', () => {
  it('keeps an acceptable incoming id, and replaces anything else by a new UUID', () => {
    const of = (value: string | string[] | undefined) =>
      requestIdOf({ headers: { 'x-request-id': value } });
    expect(of('4bf92f3577b34da6a3ce929d0e0e4736')).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(of('lb-01:1700000000.123_ab')).toBe('lb-01:1700000000.123_ab');
    for (const bad of ['', 'a b', 'x'.repeat(129), 'id"quote', 'line\nbreak', 'é', ['a', 'b']]) {
      expect(of(bad)).toMatch(UUID);
    }
    expect(of(undefined)).toMatch(UUID);
    expect(of(undefined)).not.toBe(of(undefined));
  });

  it('answers with the id it was given and logs every line of the request with it', async () => {
    const id = 'test-request-id-0001';
    const response = await fetch(`${server.baseUrl}/healthz`, {
      headers: { [REQUEST_ID_HEADER]: id },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get(REQUEST_ID_HEADER)).toBe(id);
    const lines = linesOf(id);
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(lines.every((line) => line.reqId === id)).toBe(true);
  });

  it('makes a UUID when none (or an unsafe one) is given, different for every request', async () => {
    const first = await fetch(`${server.baseUrl}/healthz`);
    const second = await fetch(`${server.baseUrl}/healthz`, {
      headers: { [REQUEST_ID_HEADER]: 'has spaces in it' },
    });
    const ids = [first, second].map((response) => response.headers.get(REQUEST_ID_HEADER));
    expect(ids[0]).toMatch(UUID);
    expect(ids[1]).toMatch(UUID);
    expect(ids[0]).not.toBe(ids[1]);
    expect(server.logs()).not.toContain('has spaces in it');
    const twice = await raw('/healthz', { [REQUEST_ID_HEADER]: ['one-id', 'other-id'] });
    expect(twice.id).toMatch(UUID);
  });

  it('is on every error answer, and on the error lines of the log', async () => {
    const post = (path: string, body: string, id: string) =>
      fetch(`${server.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [REQUEST_ID_HEADER]: id },
        body,
      });
    const answers = [
      [
        'boom',
        await fetch(`${server.baseUrl}${BOOM.path}`, {
          headers: { [REQUEST_ID_HEADER]: 'rid-boom' },
        }),
      ],
      [
        'unknown',
        await fetch(`${server.baseUrl}/no/such/route`, {
          headers: { [REQUEST_ID_HEADER]: 'rid-404' },
        }),
      ],
      [
        'session',
        await fetch(`${server.baseUrl}${WHOAMI.path}`, {
          headers: { [REQUEST_ID_HEADER]: 'rid-401' },
        }),
      ],
      ['invalid', await post(ECHO.path.replace('{count}', '1'), '{"amount":"x"}', 'rid-400')],
      ['malformed', await post(ECHO.path.replace('{count}', '1'), '{', 'rid-malformed')],
    ] as const;
    expect(
      answers.map(([name, response]) => [
        name,
        response.status,
        response.headers.get(REQUEST_ID_HEADER),
      ]),
    ).toEqual([
      ['boom', 500, 'rid-boom'],
      ['unknown', 404, 'rid-404'],
      ['session', 401, 'rid-401'],
      ['invalid', 400, 'rid-400'],
      ['malformed', 400, 'rid-malformed'],
    ]);
    expect(linesOf('rid-boom').find((line) => line.msg === 'request failed')).toMatchObject({
      reqId: 'rid-boom',
      level: 50,
    });
    expect(linesOf('rid-400').find((line) => line.msg === 'request refused')).toMatchObject({
      reqId: 'rid-400',
    });
  });

  it('is on the answers Fastify sends before any route (an address it cannot decode)', async () => {
    const answer = await raw('/test/echo/%E0%A4%A', { [REQUEST_ID_HEADER]: 'rid-bad-url' });
    expect(answer).toEqual({ status: 400, id: 'rid-bad-url' });
  });
});
