/**
 * Rate limits: a storm of guessed session ids from one client address meets 429s (code
 * 1013, Retry-After) after the configured number of failed session checks, on the API and on the
 * widget page alike, while other addresses and live sessions go on; money calls are limited per
 * session. The tests configure low limits; TRUST_PROXY lets one test machine speak as
 * several client addresses (X-Forwarded-For), as the server would see them behind a proxy.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@cashdesk/contract';
import { serveWidget } from '../http/widget-static';
import { ACCOUNTS, CASHIER, callJson, payGroupId } from './api-calls';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';

const FAILURES = 5;
const MONEY_CALLS = 3;

let dist: string;
let server: TestServer;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'cashdesk-limits-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Cashier</title>');
  server = await startTestServer({
    extraRoutes: [serveWidget(dist)],
    env: {
      AUTH_FAILURES_PER_ADDRESS: String(FAILURES),
      MONEY_CALLS_PER_SESSION: String(MONEY_CALLS),
      TRUST_PROXY: 'loopback',
    },
  });
});

afterAll(async () => {
  await server.close();
  await rm(dist, { recursive: true, force: true });
});

/** A client address of its own (a documentation range), so tests do not share counters. */
let addresses = 0;
function uniqueAddress(): string {
  addresses += 1;
  return `198.51.${String(Math.floor(addresses / 250))}.${String((addresses % 250) + 1)}`;
}

function guessedSessionId(): string {
  return randomBytes(32).toString('base64url');
}

async function init(sessionId: string, address: string) {
  return fetch(`${server.baseUrl}${CASHIER}/payments/groups/init`, {
    headers: { 'x-session-id': sessionId, 'x-forwarded-for': address },
  });
}

async function expectTooMany(response: Response): Promise<void> {
  expect(response.status).toBe(429);
  expect(await response.json()).toEqual({
    error_code: ERROR_CODES.rateLimited.code,
    error_message: ERROR_CODES.rateLimited.messageKey,
  });
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(response.headers.get('cache-control')).toBe('no-store');
}

describe('guessed session ids', () => {
  it('answer 17 until the address has used its failures, then 429 with Retry-After', async () => {
    const address = uniqueAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < FAILURES + 3; attempt += 1) {
      const response = await init(guessedSessionId(), address);
      statuses.push(response.status);
      if (response.status === 401) {
        expect(await response.json()).toMatchObject({ error_code: '17' });
      } else {
        await expectTooMany(response);
      }
    }
    expect(statuses).toEqual([
      ...Array.from({ length: FAILURES }, () => 401),
      ...Array.from({ length: 3 }, () => 429),
    ]);
  });

  it('a blocked address gets 429 for further failures but a live session of it is served; other addresses go on', async () => {
    const session = await createTestSession(server);
    const blocked = uniqueAddress();
    for (let attempt = 0; attempt < FAILURES; attempt += 1) {
      expect((await init(guessedSessionId(), blocked)).status).toBe(401);
    }
    await expectTooMany(await init(guessedSessionId(), blocked));
    expect((await init(session, blocked)).status).toBe(200);
    // Missing session headers count as failed checks too, on any session route.
    await expectTooMany(
      await fetch(`${server.baseUrl}${ACCOUNTS}/otp/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': blocked },
        body: '{}',
      }),
    );
    const other = uniqueAddress();
    expect((await init(session, other)).status).toBe(200);
    expect((await init(guessedSessionId(), uniqueAddress())).status).toBe(401);
  });

  it('count an IPv6 client by its /64 and an IPv4-mapped address as its IPv4 address', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < FAILURES + 1; attempt += 1) {
      // A new address of one /64 for each guess.
      const response = await init(guessedSessionId(), `2001:db8:51:1::${String(attempt + 1)}`);
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array.from({ length: FAILURES }, () => 401), 429]);
    // The next /64 is another client.
    expect((await init(guessedSessionId(), '2001:db8:51:2::1')).status).toBe(401);
    const mapped: number[] = [];
    for (let attempt = 0; attempt < FAILURES + 1; attempt += 1) {
      const address = attempt % 2 === 0 ? '198.51.200.1' : '::ffff:198.51.200.1';
      mapped.push((await init(guessedSessionId(), address)).status);
    }
    expect(mapped).toEqual([...Array.from({ length: FAILURES }, () => 401), 429]);
  });

  it('a successful call does not count: a player with a valid session is never limited by this', async () => {
    const session = await createTestSession(server);
    const address = uniqueAddress();
    for (let call = 0; call < FAILURES * 3; call += 1) {
      expect((await init(session, address)).status).toBe(200);
    }
  });

  it('the widget page counts unknown session ids too, and refuses a storm of them', async () => {
    const address = uniqueAddress();
    const pageOf = (sessionId: string) =>
      fetch(`${server.baseUrl}/deposit?session_id=${encodeURIComponent(sessionId)}`, {
        headers: { accept: 'text/html', 'x-forwarded-for': address },
      });
    for (let attempt = 0; attempt < FAILURES; attempt += 1) {
      expect((await pageOf(guessedSessionId())).status).toBe(200);
    }
    await expectTooMany(await pageOf(guessedSessionId()));
    // And the API of that address with it.
    await expectTooMany(await init(guessedSessionId(), address));
    // A page without a session id looks nothing up and is still served.
    const plain = await fetch(`${server.baseUrl}/deposit`, {
      headers: { accept: 'text/html', 'x-forwarded-for': address },
    });
    expect(plain.status).toBe(200);
  });
});

describe('money calls per session', () => {
  it('a session gets MONEY_CALLS_PER_SESSION submits in the window, then 429; other sessions and calls go on', async () => {
    const session = await createTestSession(server, { player: `rl-${randomUUID()}` });
    const groupId = await payGroupId(server, 'card', 'deposit');
    const submit = (sessionId: string) =>
      callJson(server, 'POST', `${CASHIER}/payments/groups/${String(groupId)}/submit`, sessionId, {
        amount: 'not-an-amount',
        currency: 'EUR',
      });
    for (let call = 0; call < MONEY_CALLS; call += 1) {
      expect((await submit(session)).status).toBe(400);
    }
    const refused = await fetch(
      `${server.baseUrl}${CASHIER}/payments/groups/${String(groupId)}/submit`,
      {
        method: 'POST',
        headers: {
          'x-session-id': session,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({ amount: '10', currency: 'EUR' }),
      },
    );
    await expectTooMany(refused);
    // Another money endpoint of the same session has its own count, reads are not limited.
    const check = await callJson(server, 'POST', `${ACCOUNTS}/otp/send`, session, {
      contact_type: 'nonsense',
    });
    expect(check.status).not.toBe(429);
    for (let call = 0; call < MONEY_CALLS + 2; call += 1) {
      expect((await init(session, uniqueAddress())).status).toBe(200);
    }
    // Another session of the same player is not limited by the first one's calls.
    const other = await createTestSession(server);
    expect((await submit(other)).status).toBe(400);
  });
});
