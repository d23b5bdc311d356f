/**
 * The fast answer serializer through the whole server: a production server (RESPONSE_VALIDATION off by
 * default there: the compiled serializer alone) and a sandbox server (zod checks every answer
 * first) on one database answer the deposit and withdrawal init of the same sessions with the
 * same body; an answer that breaks the contract fails loudly (500) only where zod checks it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { Decimal, ENDPOINTS } from '@cashdesk/contract';
import type { App } from '../http/app-types';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';

const BROKEN_ANSWER = '/test/broken-answer';

/** A route whose answer breaks its own schema: an amount that is no decimal string. */
function brokenAnswerRoute(app: App): void {
  app.route({
    method: 'GET',
    url: BROKEN_ANSWER,
    schema: { response: { 200: z.object({ amount: Decimal }) } },
    handler: () => ({ amount: '12,50' }),
  });
}

let checked: TestServer;
let fastOnly: TestServer;
let depositSession: string;
let withdrawalSession: string;

beforeAll(async () => {
  checked = await startTestServer({ extraRoutes: [brokenAnswerRoute] });
  fastOnly = await startTestServer({
    mode: 'production',
    database: checked.database,
    env: { CASHDESK_SECRET: 'a-production-secret-of-this-test' },
    extraRoutes: [brokenAnswerRoute],
  });
  [depositSession, withdrawalSession] = await Promise.all([
    createTestSession(checked),
    createTestSession(checked, { flow: 'withdrawal', currency: 'EUR' }),
  ]);
});

afterAll(async () => {
  await fastOnly.close();
  await checked.close();
});

/** An init answer without its auth_token (a new token each call). */
function withoutToken(body: unknown): unknown {
  if (typeof body !== 'object' || body === null) return body;
  return Object.fromEntries(Object.entries(body).filter(([name]) => name !== 'auth_token'));
}

async function answer(
  server: TestServer,
  path: string,
  session?: string,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    headers: session === undefined ? {} : { 'x-session-id': session },
  });
  return { status: response.status, body: await response.json() };
}

describe('answers written by the compiled serializer', () => {
  it('runs zod in sandbox mode and the serializer alone in production mode', () => {
    expect(checked.config.responseValidation).toBe('zod');
    expect(fastOnly.config.responseValidation).toBe('off');
  });

  it.each([
    ['deposit', ENDPOINTS.depositInit.path, () => depositSession],
    ['withdrawal', ENDPOINTS.payoutInit.path, () => withdrawalSession],
  ] as const)('answers the %s init with the same body either way', async (_flow, path, session) => {
    const zodFirst = await answer(checked, path, session());
    const fast = await answer(fastOnly, path, session());
    const zodAgain = await answer(checked, path, session());
    expect(zodFirst.status).toBe(200);
    expect(fast.status).toBe(200);
    // Nothing changed between the calls: the zod-checked answer is stable, and the fast one equal
    // (but for auth_token, a connection token minted at each call).
    expect(withoutToken(zodAgain.body)).toEqual(withoutToken(zodFirst.body));
    expect(withoutToken(fast.body)).toEqual(withoutToken(zodFirst.body));
    expect(typeof Reflect.get(Object(fast.body), 'auth_token')).toBe('string');
  });

  it('fails loudly on an answer that breaks the contract only where zod checks it', async () => {
    const loud = await answer(checked, BROKEN_ANSWER);
    expect(loud.status).toBe(500);
    expect(checked.logs()).toMatch(/doesn't match the schema/);
    const quiet = await answer(fastOnly, BROKEN_ANSWER);
    expect(quiet).toEqual({ status: 200, body: { amount: '12,50' } });
  });
});
