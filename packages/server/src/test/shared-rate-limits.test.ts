/**
 * Rate limits shared by every server process, and failure limits a flood cannot turn against
 * valid credentials: two app instances on one database (two processes behind a balancer) count
 * into the same windows; a flood of guessed session ids or forged provider webhooks from an
 * address gets 429 for its further failures while a live session or a good signature from that
 * address is still served; a session that ended is not counted as a guess; wrong passwords lock a
 * staff account from the address they came from only. The clock is the
 * apps' own, moved by the tests (no waiting for a window to end).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@cashdesk/contract';
import { TEST_WEBHOOK_SECRET } from '@cashdesk/testkit';
import { signatureHeaders } from '../http/signing';
import { expireSession } from '../http/sessions';
import { rateLimitWindows } from '../db/schema';
import { CASHIER, callJson, payGroupId } from './api-calls';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';
import { OPERATOR_ENV, createOperatorBrand, operatorCall } from './operator-calls';
import { StaffClient, codeOfError, createStaff } from './staff-calls';

const FAILURES = 5;
const MONEY_CALLS = 3;
const WINDOW_MS = 60_000;

let now = new Date('2026-12-07T10:00:00.000Z');
const clock = () => now;

let first: TestServer;
let second: TestServer;

const env = {
  ...OPERATOR_ENV,
  AUTH_FAILURES_PER_ADDRESS: String(FAILURES),
  MONEY_CALLS_PER_SESSION: String(MONEY_CALLS),
  RATE_LIMIT_WINDOW_MS: String(WINDOW_MS),
  TRUST_PROXY: 'loopback',
  // A webhook connector; nothing here calls the provider itself.
  CONNECTORS: 'psp',
  CONNECTOR_PSP_KIND: 'async-psp',
  CONNECTOR_PSP_URL: 'http://127.0.0.1:9',
  CONNECTOR_PSP_API_KEY: 'test-async-psp-api-key',
  CONNECTOR_PSP_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
};

beforeAll(async () => {
  first = await startTestServer({ env, clock });
  second = await startTestServer({ database: first.database, env, clock });
}, 120_000);

afterAll(async () => {
  await second.close();
  await first.close();
});

/** A client address of its own (a documentation range), so tests do not share counters. */
let addresses = 0;
function uniqueAddress(): string {
  addresses += 1;
  return `203.0.113.${String(addresses)}`;
}

function guessedSessionId(): string {
  return randomBytes(32).toString('base64url');
}

async function init(server: TestServer, sessionId: string, address: string) {
  return fetch(`${server.baseUrl}${CASHIER}/payments/groups/init`, {
    headers: { 'x-session-id': sessionId, 'x-forwarded-for': address },
  });
}

async function expectTooMany(response: Response): Promise<void> {
  expect(response.status).toBe(429);
  expect(await response.json()).toMatchObject({ error_code: ERROR_CODES.rateLimited.code });
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
}

/** A provider webhook from `address`, signed with `secret`, about a payment nobody knows. */
async function webhook(server: TestServer, address: string, secret: string) {
  const body = JSON.stringify({
    event_id: `evt_${randomUUID()}`,
    event_type: 'payment.updated',
    occurred_at: now.toISOString(),
    payment: {
      payment_id: `pay_${randomUUID()}`,
      merchant_reference: randomUUID(),
      direction: 'pay_in',
      amount: { value: 2020, currency: 'EUR' },
      state: 'succeeded',
      failure_code: null,
      settle_within_s: null,
    },
  });
  return fetch(`${server.baseUrl}/api/providers/psp/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': address,
      ...signatureHeaders({ keyId: 'k', secret }, body, now),
    },
    body,
  });
}

describe('two processes on one database', () => {
  it('give a client one budget of failed session checks, not one each', async () => {
    const address = uniqueAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < FAILURES + 2; attempt += 1) {
      const server = attempt % 2 === 0 ? first : second;
      statuses.push((await init(server, guessedSessionId(), address)).status);
    }
    expect(statuses).toEqual([
      ...Array.from({ length: FAILURES }, () => 401),
      ...Array.from({ length: 2 }, () => 429),
    ]);
  });

  it('give a session one budget of money calls, not one each', async () => {
    const session = await createTestSession(first, { player: `shared-${randomUUID()}` });
    const groupId = await payGroupId(first, 'card', 'deposit');
    const submit = (server: TestServer) =>
      callJson(server, 'POST', `${CASHIER}/payments/groups/${String(groupId)}/submit`, session, {
        amount: 'not-an-amount',
        currency: 'EUR',
      });
    const statuses: number[] = [];
    for (let call = 0; call < MONEY_CALLS + 2; call += 1) {
      statuses.push((await submit(call % 2 === 0 ? first : second)).status);
    }
    expect(statuses).toEqual([
      ...Array.from({ length: MONEY_CALLS }, () => 400),
      ...Array.from({ length: 2 }, () => 429),
    ]);
  });

  it('a window ends on the apps’ clock, and ended windows are deleted', async () => {
    const address = uniqueAddress();
    for (let attempt = 0; attempt < FAILURES; attempt += 1) {
      expect((await init(first, guessedSessionId(), address)).status).toBe(401);
    }
    await expectTooMany(await init(second, guessedSessionId(), address));
    now = new Date(now.getTime() + WINDOW_MS);
    expect((await init(second, guessedSessionId(), address)).status).toBe(401);
    expect((await init(first, guessedSessionId(), address)).status).toBe(401);
    // Every window opened before the move has ended: the next clean-up deletes them.
    const ended = async () =>
      (await first.db.select().from(rateLimitWindows)).filter(
        (row) => row.windowEnd.getTime() <= now.getTime(),
      ).length;
    now = new Date(now.getTime() + WINDOW_MS);
    expect(await ended()).toBeGreaterThan(0);
    expect((await init(first, guessedSessionId(), uniqueAddress())).status).toBe(401);
    await expect.poll(ended).toBe(0);
  });
});

describe('a flood from one address cannot lock out valid credentials', () => {
  it('the provider’s signed webhook is accepted after a flood of forged ones from its address', async () => {
    const address = uniqueAddress();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < FAILURES * 3; attempt += 1) {
      const server = attempt % 2 === 0 ? first : second;
      statuses.push((await webhook(server, address, 'not-the-secret')).status);
    }
    expect(statuses.slice(0, FAILURES)).toEqual(Array.from({ length: FAILURES }, () => 401));
    expect(new Set(statuses.slice(FAILURES))).toEqual(new Set([429]));
    for (const server of [first, second]) {
      const valid = await webhook(server, address, TEST_WEBHOOK_SECRET);
      expect(valid.status).toBe(200);
      expect(await valid.json()).toMatchObject({ received: true });
    }
    // Further forgeries from that address are still refused early.
    await expectTooMany(await webhook(first, address, 'not-the-secret'));
  });

  it('a player with a live session is served after a flood of guessed session ids from their address', async () => {
    const session = await createTestSession(first);
    const address = uniqueAddress();
    for (let attempt = 0; attempt < FAILURES * 3; attempt += 1) {
      const server = attempt % 2 === 0 ? first : second;
      const response = await init(server, guessedSessionId(), address);
      expect(response.status).toBe(attempt < FAILURES ? 401 : 429);
    }
    expect((await init(first, session, address)).status).toBe(200);
    expect((await init(second, session, address)).status).toBe(200);
    await expectTooMany(await init(second, guessedSessionId(), address));
  });

  it('an operator’s key is served after a flood of wrong keys from its address', async () => {
    const brand = await createOperatorBrand(first);
    const address = uniqueAddress();
    const headers = { 'x-forwarded-for': address };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < FAILURES * 2; attempt += 1) {
      const server = attempt % 2 === 0 ? first : second;
      const wrong = `${brand.key.slice(0, -4)}zzzz`;
      statuses.push((await operatorCall(server, 'GET', '/clickstream', wrong, { headers })).status);
    }
    expect(statuses).toEqual([
      ...Array.from({ length: FAILURES }, () => 401),
      ...Array.from({ length: FAILURES }, () => 429),
    ]);
    const valid = await operatorCall(second, 'GET', '/clickstream', brand.key, { headers });
    expect(valid.status).toBe(200);
  });

  it('a session that ended answers 17 as often as it is sent, and is not counted as a guess', async () => {
    const session = await createTestSession(first);
    await expireSession(first.db, session);
    const address = uniqueAddress();
    for (let attempt = 0; attempt < FAILURES * 2; attempt += 1) {
      const server = attempt % 2 === 0 ? first : second;
      const response = await init(server, session, address);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error_code: '17' });
    }
    // The address still has its whole budget of failures.
    for (let attempt = 0; attempt < FAILURES; attempt += 1) {
      expect((await init(first, guessedSessionId(), address)).status).toBe(401);
    }
    await expectTooMany(await init(first, guessedSessionId(), address));
  });
});

describe('the staff sign-in lock', () => {
  it('wrong passwords from one address lock the account from that address only, on every process', async () => {
    const owner = await createStaff(first, { role: 'owner', brandId: 'brand0' });
    const attacker = uniqueAddress();
    const attempt = (server: TestServer, password: string, address: string) =>
      new StaffClient(server).call('POST', '/session', {
        body: { email: owner.email, password },
        headers: { 'x-forwarded-for': address },
      });
    const answers: unknown[] = [];
    for (let failure = 1; failure <= 5; failure += 1) {
      const server = failure % 2 === 0 ? first : second;
      answers.push(codeOfError(await attempt(server, 'a-wrong-password-1', attacker)));
    }
    expect(answers).toEqual([
      ...Array.from({ length: 4 }, () => ERROR_CODES.staffCredentialsInvalid.code),
      ERROR_CODES.staffLocked.code,
    ]);
    // Refused before the password is checked (the address is past its failures too: 1013).
    const locked = await attempt(first, owner.password, attacker);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The staff member, from their own address, signs in at once on either process.
    expect((await attempt(second, owner.password, uniqueAddress())).status).toBe(200);
    expect((await attempt(first, owner.password, uniqueAddress())).status).toBe(200);
  });

  it('a right password forgives the address its earlier wrong ones', async () => {
    const owner = await createStaff(first, { role: 'owner', brandId: 'brand0' });
    const address = uniqueAddress();
    const attempt = (password: string) =>
      new StaffClient(first).call('POST', '/session', {
        body: { email: owner.email, password },
        headers: { 'x-forwarded-for': address },
      });
    for (let failure = 1; failure <= 4; failure += 1) {
      expect((await attempt('a-wrong-password-1')).status).toBe(401);
    }
    expect((await attempt(owner.password)).status).toBe(200);
    // The fifth wrong one from the address is not the lock's fifth.
    const next = await attempt('a-wrong-password-1');
    expect(codeOfError(next)).toBe(ERROR_CODES.staffCredentialsInvalid.code);
  });

  it('a cookie of a session that ended is cleared by its answer, so a browser sends it once', async () => {
    const support = await createStaff(first, { role: 'support', brandId: 'brand0' });
    const client = new StaffClient(first);
    const signedIn = await client.call('POST', '/session', {
      body: { email: support.email, password: support.password },
    });
    expect(signedIn.status).toBe(200);
    const ended = client.cookie;
    expect((await client.call('DELETE', '/session')).status).toBe(204);
    const stale = new StaffClient(second);
    stale.cookie = ended;
    const answer = await stale.call('GET', '/session');
    expect(codeOfError(answer)).toBe(ERROR_CODES.staffSignedOut.code);
    expect(answer.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    expect(stale.cookie).toBeUndefined();
  });
});
