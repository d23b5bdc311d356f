import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Big from 'big.js';
import { ENDPOINTS, buildPath } from '@cashdesk/contract';
import { DatabaseSandboxStore, SandboxProvider, parseRef } from '../providers';
import { DEFAULT_POLL_MS, MIN_POLL_MS } from '../modules/payments/routes/alternative-payments';
import { providerDataOf } from '../modules/payments/transaction-repository';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';
import { eurBalance, ledgerOf, reload, startDeposit, unansweredDeposit } from './alt-fixtures';

/** The sandbox's settle delay; pages get root-relative URLs (baseUrl ''). */
const SETTLE_MS = 1200;

/**
 * The app's clock stands still unless a test moves it, so a payment settles when the test says
 * so and never early because the machine was slow between two requests.
 */
let now = Date.now();
const clock = (): Date => new Date(now);
function advanceClock(ms: number): void {
  now += ms;
}

let server: TestServer;
let demo: string;
let demo2: string;

beforeAll(async () => {
  server = await startTestServer({
    provider: (db) =>
      new SandboxProvider({
        store: new DatabaseSandboxStore(db),
        settleAfterMs: SETTLE_MS,
        pollAfterMs: 700,
      }),
    clock,
  });
  demo = await createTestSession(server, { player: 'demo' });
  demo2 = await createTestSession(server, { player: 'demo2' });
});

afterAll(async () => {
  await server.close();
});

interface Answer {
  readonly status: number;
  readonly body: unknown;
}

async function call(
  method: 'GET' | 'POST',
  path: string,
  session: string | undefined,
  body?: unknown,
): Promise<Answer> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      ...(session === undefined ? {} : { 'x-session-id': session }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text) };
}

function interactionPath(transactionId: string): string {
  return buildPath(ENDPOINTS.altInteraction, { transactionId });
}

function statusPath(transactionId: string): string {
  return buildPath(ENDPOINTS.altStatus, { transactionId });
}

const notFound = {
  error_code: '1008',
  error_message: 'CASHIER.ERROR.NOT_FOUND',
  error_field: 'transaction_id',
};

/** When a sandbox page of a reference stops waiting (15 minutes after it started). */
function pageExpiry(ref: string): string {
  const parsed = parseRef(ref);
  if (parsed === null) throw new Error(`not a sandbox reference: ${ref}`);
  return new Date(parsed.startedAt + 15 * 60 * 1000).toISOString();
}

describe('GET payments/interaction/{id} (SPEC §2 /payments/interaction, §7)', () => {
  it('answers the provider page, instructions, amount and expiry of a redirect payment (SPEC §7)', async () => {
    const deposit = await startDeposit(server, {
      sessionId: demo,
      payGroup: 'ewallet',
      amount: '10',
    });
    const answer = await call('GET', interactionPath(deposit.transactionId), demo);
    expect(answer).toEqual({
      status: 200,
      body: {
        transaction_id: deposit.transactionId,
        provider: 'sandbox',
        instructions: [
          'Open the payment page of your payment provider.',
          'Confirm the payment there; the cashier updates by itself afterwards.',
        ],
        redirect_url: `${server.baseUrl}/sandbox/interaction/${deposit.providerRef}`,
        amount: '10.00',
        currency: 'EUR',
        expires_at: pageExpiry(deposit.providerRef),
        transaction_status: 'await',
      },
    });
  });

  it('points an awaiting payment at the sandbox interaction page with the provider text (SPEC §7)', async () => {
    const deposit = await startDeposit(server, {
      sessionId: demo,
      payGroup: 'mobile_money',
      amount: '12.5',
    });
    const answer = await call('GET', interactionPath(deposit.transactionId), demo);
    expect(answer).toEqual({
      status: 200,
      body: {
        transaction_id: deposit.transactionId,
        provider: 'sandbox',
        instructions: [providerDataOf(deposit.row).instructions],
        redirect_url: `${server.baseUrl}/sandbox/interaction/${deposit.transactionId}`,
        amount: '12.50',
        currency: 'EUR',
        expires_at: null,
        transaction_status: 'await',
      },
    });
    expect(providerDataOf(deposit.row).instructions).toMatch(
      // What the player pays: the amount; the method's 1% fee is the operator's (docs/fees.md).
      /^Confirm the payment of 12.5 EUR /,
    );
  });

  it('answers the QR payment reference and its expiry for a display form (SPEC §2 display form)', async () => {
    const deposit = await startDeposit(server, {
      sessionId: demo,
      payGroup: 'crypto_qr',
      amount: '25',
    });
    const form = providerDataOf(deposit.row).displayForm;
    if (form === undefined) throw new Error('no display form');
    const answer = await call('GET', interactionPath(deposit.transactionId), demo);
    expect(answer).toEqual({
      status: 200,
      body: {
        transaction_id: deposit.transactionId,
        provider: 'sandbox',
        instructions: [
          'Scan the QR code with your banking or wallet app and confirm the payment.',
          `Or pay by hand with the reference ${form.reference}.`,
        ],
        redirect_url: `${server.baseUrl}/sandbox/interaction/${deposit.transactionId}`,
        amount: '25.00',
        currency: 'EUR',
        expires_at: form.expires_at,
        transaction_status: 'await',
      },
    });
  });

  it("answers 404 for another player's transaction and for an unknown one (SPEC §6)", async () => {
    const deposit = await startDeposit(server, {
      sessionId: demo,
      payGroup: 'ewallet',
      amount: '10',
    });
    expect(await call('GET', interactionPath(deposit.transactionId), demo2)).toEqual({
      status: 404,
      body: notFound,
    });
    expect(
      await call('GET', interactionPath('00000000-0000-4000-8000-000000000000'), demo),
    ).toEqual({ status: 404, body: notFound });
    expect(await call('GET', interactionPath('not-a-uuid'), demo)).toEqual({
      status: 404,
      body: notFound,
    });
  });

  it('answers code 17 without a session (SPEC §6, §8)', async () => {
    const answer = await call(
      'GET',
      interactionPath('00000000-0000-4000-8000-000000000000'),
      undefined,
    );
    expect(answer).toEqual({
      status: 401,
      body: { error_code: '17', error_message: 'CASHIER.PH2.ERROR_MESSAGE.17' },
    });
  });
});

describe('GET payments/status/{id} (SPEC §7 status poll)', () => {
  it('reports a pending payment with the time until it settles, then its success and one credit (SPEC §7)', async () => {
    const before = await eurBalance(server, 'demo2');
    const deposit = await startDeposit(server, {
      sessionId: demo2,
      payGroup: 'mobile_money',
      amount: '15',
    });
    const pending = await call('GET', statusPath(deposit.transactionId), demo2);
    expect(pending).toMatchObject({
      status: 200,
      body: {
        transaction_id: deposit.transactionId,
        transaction_status: 'await',
        result_status: 'await',
        terminal: false,
      },
    });
    const next =
      typeof pending.body === 'object' && pending.body !== null && 'next_poll_ms' in pending.body
        ? pending.body.next_poll_ms
        : undefined;
    if (typeof next !== 'number') throw new Error('no next_poll_ms');
    expect(next).toBeGreaterThanOrEqual(MIN_POLL_MS);
    expect(next).toBeLessThanOrEqual(SETTLE_MS);
    expect(await ledgerOf(server, deposit.transactionId)).toEqual([]);

    advanceClock(SETTLE_MS + 100);
    const settled = await call('GET', statusPath(deposit.transactionId), demo2);
    expect(settled).toMatchObject({
      status: 200,
      body: {
        transaction_id: deposit.transactionId,
        transaction_status: 'success',
        result_status: 'success',
        terminal: true,
        next_poll_ms: null,
      },
    });
    expect(await ledgerOf(server, deposit.transactionId)).toEqual([
      { kind: 'deposit', amount: '15' },
    ]);
    expect(await eurBalance(server, 'demo2')).toBe(new Big(before).plus(15).toFixed());
  });

  it('credits exactly once when many polls race for the settled payment', async () => {
    const before = await eurBalance(server, 'demo');
    const deposit = await startDeposit(server, {
      sessionId: demo,
      payGroup: 'mobile_money',
      amount: '7.25',
    });
    advanceClock(SETTLE_MS + 100);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call('GET', statusPath(deposit.transactionId), demo)),
    );
    for (const answer of answers) {
      expect(answer).toMatchObject({
        status: 200,
        body: {
          transaction_id: deposit.transactionId,
          transaction_status: 'success',
          result_status: 'success',
          terminal: true,
          next_poll_ms: null,
        },
      });
    }
    expect(await ledgerOf(server, deposit.transactionId)).toEqual([
      { kind: 'deposit', amount: '7.25' },
    ]);
    expect(await eurBalance(server, 'demo')).toBe(new Big(before).plus('7.25').toFixed());
  });

  it('turns a declined payment into an error without any credit (SPEC §7)', async () => {
    const before = await eurBalance(server, 'demo');
    // Amounts ending in .14 settle as declined (sandbox README).
    const deposit = await startDeposit(server, {
      sessionId: demo,
      payGroup: 'mobile_money',
      amount: '20.14',
    });
    advanceClock(SETTLE_MS + 100);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => call('GET', statusPath(deposit.transactionId), demo)),
    );
    for (const answer of answers) {
      expect(answer).toMatchObject({
        status: 200,
        body: {
          transaction_id: deposit.transactionId,
          transaction_status: 'error',
          result_status: 'error',
          terminal: true,
          next_poll_ms: null,
        },
      });
    }
    expect(await ledgerOf(server, deposit.transactionId)).toEqual([]);
    expect(await eurBalance(server, 'demo')).toBe(before);
    expect((await reload(server, deposit.transactionId)).errorCode).toBe('1301');
  });

  it('keeps a deposit the provider never answered waiting, polled at the default pace (SPEC §7)', async () => {
    const row = await unansweredDeposit(server, { player: 'demo', sessionId: demo, amount: '60' });
    expect(await call('GET', statusPath(row.id), demo)).toMatchObject({
      status: 200,
      body: {
        transaction_id: row.id,
        transaction_status: 'created',
        result_status: 'processing',
        terminal: false,
        next_poll_ms: DEFAULT_POLL_MS,
      },
    });
    expect(await call('GET', interactionPath(row.id), demo)).toEqual({
      status: 200,
      body: {
        transaction_id: row.id,
        provider: 'sandbox',
        instructions: ['Your payment is being processed. This page updates by itself.'],
        redirect_url: null,
        amount: '60.00',
        currency: 'EUR',
        expires_at: null,
        transaction_status: 'created',
      },
    });
  });

  it("answers 404 for another player's transaction and changes nothing (SPEC §6)", async () => {
    const deposit = await startDeposit(server, {
      sessionId: demo,
      payGroup: 'mobile_money',
      amount: '9',
    });
    advanceClock(SETTLE_MS + 100);
    expect(await call('GET', statusPath(deposit.transactionId), demo2)).toEqual({
      status: 404,
      body: notFound,
    });
    expect((await reload(server, deposit.transactionId)).status).toBe('await');
    expect(await ledgerOf(server, deposit.transactionId)).toEqual([]);
  });
});

describe('GET payments/status/{id}: what a result page shows', () => {
  it('carries the amount, fee, bonus, method and reference, and the balance read at the time of each answer', async () => {
    const before = await eurBalance(server, 'demo');
    // mobile_money's 1% method fee is the operator's, not the player's (docs/fees.md); demo's
    // general bonus is 10% from 20 EUR.
    const deposit = await startDeposit(server, {
      sessionId: demo,
      payGroup: 'mobile_money',
      amount: '25',
    });
    const details = {
      amount: '25.00',
      currency: 'EUR',
      fee: '0.00',
      tax: '0.00',
      bonus: '2.50',
      method_name: 'Mobile money (await)',
      reference: deposit.transactionId,
    };
    const pending = await call('GET', statusPath(deposit.transactionId), demo);
    expect(pending).toMatchObject({
      status: 200,
      body: {
        result_status: 'await',
        ...details,
        user_balance: new Big(before).toFixed(2),
      },
    });

    advanceClock(SETTLE_MS + 100);
    const settled = await call('GET', statusPath(deposit.transactionId), demo);
    // Read fresh: the answer that settles the payment already shows its credit and bonus.
    expect(settled).toMatchObject({
      status: 200,
      body: {
        result_status: 'success',
        ...details,
        user_balance: new Big(before).plus('27.50').toFixed(2),
      },
    });
    expect(await eurBalance(server, 'demo')).toBe(new Big(before).plus('27.50').toFixed());
  });

  it("names a QR payment by the display form's reference, and a declined one without a credit in the balance", async () => {
    const qr = await startDeposit(server, {
      sessionId: demo2,
      payGroup: 'crypto_qr',
      amount: '30',
    });
    const reference = providerDataOf(qr.row).displayForm?.reference;
    expect(reference).toEqual(expect.any(String));
    expect(reference).not.toBe(qr.transactionId);
    expect(await call('GET', statusPath(qr.transactionId), demo2)).toMatchObject({
      status: 200,
      body: { reference, method_name: 'Crypto (QR code)', fee: '0.00', amount: '30.00' },
    });

    const before = await eurBalance(server, 'demo2');
    // Amounts ending in .14 settle as declined (sandbox README).
    const declined = await startDeposit(server, {
      sessionId: demo2,
      payGroup: 'mobile_money',
      amount: '20.14',
    });
    advanceClock(SETTLE_MS + 100);
    expect(await call('GET', statusPath(declined.transactionId), demo2)).toMatchObject({
      status: 200,
      body: {
        result_status: 'error',
        amount: '20.14',
        reference: declined.transactionId,
        user_balance: new Big(before).toFixed(2),
      },
    });
  });
});

describe('POST payments/3ds-result (SPEC §2 /3ds_result, §7)', () => {
  const challengeCard = {
    pan: '4000000000000507',
    cvv: '737',
    expMonth: '12',
    expYear: '2030',
    holder: 'DANA DEMO',
  };

  it('completes a pending challenge with the passed-through result and answers the final pay session (SPEC §7)', async () => {
    const before = await eurBalance(server, 'demo');
    const deposit = await startDeposit(server, {
      sessionId: demo,
      payGroup: 'card',
      amount: '30',
      card: challengeCard,
    });
    expect(deposit.row.status).toBe('await');
    const answer = await call('POST', ENDPOINTS.alt3dsResult.path, demo, {
      transaction_id: deposit.transactionId,
      outcome: 'authenticated',
    });
    expect(answer).toMatchObject({
      status: 200,
      body: {
        transaction_id: deposit.transactionId,
        step: 'result',
        action: 'none',
        result_status: 'success',
        session_status: 'completed',
        transaction_status: 'success',
        error_code: null,
        redirect_data: null,
        amount: '30.00',
        currency: 'EUR',
        // demo's general bonus: 10 % of a deposit from 20 (seed).
        user_balance: new Big(before).plus(33).toFixed(2),
      },
    });
    expect(await ledgerOf(server, deposit.transactionId)).toEqual([
      { kind: 'bonus', amount: '3' },
      { kind: 'deposit', amount: '30' },
    ]);

    // A repeat (the result page reloaded) answers the same final pay session, no second credit.
    const repeat = await call('POST', ENDPOINTS.alt3dsResult.path, demo, {
      transaction_id: deposit.transactionId,
      outcome: 'failed',
    });
    expect(repeat).toEqual(answer);
    expect(await ledgerOf(server, deposit.transactionId)).toEqual([
      { kind: 'bonus', amount: '3' },
      { kind: 'deposit', amount: '30' },
    ]);
  });

  it('declines a failed challenge without a credit (SPEC §7)', async () => {
    const deposit = await startDeposit(server, {
      sessionId: demo,
      payGroup: 'card',
      amount: '31',
      card: challengeCard,
    });
    const answer = await call('POST', ENDPOINTS.alt3dsResult.path, demo, {
      transaction_id: deposit.transactionId,
      outcome: 'failed',
    });
    expect(answer).toMatchObject({
      status: 200,
      body: {
        transaction_id: deposit.transactionId,
        step: 'result',
        result_status: 'error',
        transaction_status: 'error',
        error_code: '1301',
        error_message: 'CASHIER.ERROR.PAYMENT_DECLINED',
        decline_page_settings: { message_key: 'CASHIER.DECLINE.AUTHENTICATION_FAILED' },
      },
    });
    expect(await ledgerOf(server, deposit.transactionId)).toEqual([]);
  });

  it('leaves an unanswered challenge waiting when the body carries no result (SPEC §7)', async () => {
    const deposit = await startDeposit(server, {
      sessionId: demo,
      payGroup: 'card',
      amount: '32',
      card: challengeCard,
    });
    const answer = await call('POST', ENDPOINTS.alt3dsResult.path, demo, {
      transaction_id: deposit.transactionId,
      session_id: demo,
    });
    expect(answer).toMatchObject({
      status: 200,
      body: {
        transaction_id: deposit.transactionId,
        step: 'redirect',
        action: 'iframe',
        result_status: 'await',
        transaction_status: 'await',
        redirect_data: { url: `/sandbox/3ds/${deposit.providerRef}`, method: 'GET', fields: {} },
      },
    });
  });

  it("answers 404 for another player's transaction and leaves it waiting (SPEC §6)", async () => {
    const deposit = await startDeposit(server, {
      sessionId: demo,
      payGroup: 'card',
      amount: '33',
      card: challengeCard,
    });
    const answer = await call('POST', ENDPOINTS.alt3dsResult.path, demo2, {
      transaction_id: deposit.transactionId,
      outcome: 'authenticated',
    });
    expect(answer).toEqual({ status: 404, body: notFound });
    expect((await reload(server, deposit.transactionId)).status).toBe('await');
  });

  it('answers 400 naming the field for a body without transaction_id (SPEC §8)', async () => {
    const answer = await call('POST', ENDPOINTS.alt3dsResult.path, demo, { outcome: 'failed' });
    expect(answer).toEqual({
      status: 400,
      body: {
        error_code: '1002',
        error_message: 'CASHIER.ERROR.INVALID_FIELD',
        error_field: 'body.transaction_id',
      },
    });
  });
});
