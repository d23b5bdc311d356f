/**
 * Integration tests of the player's pending payments and history (GET
 * payments/history): the real server with the sandbox provider on a fresh database, real HTTP.
 * Open payments first with the pay session that resumes them (SPEC §3), final ones after them,
 * newest first; only the session player's own payments of the session's brand; pages walk every
 * payment once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ENDPOINTS, PaymentHistoryResponse, buildPath } from '@cashdesk/contract';
import type { PaymentHistoryItem } from '@cashdesk/contract';
import { payGroups } from '../db/schema';
import {
  CASHIER,
  callJson,
  cardDepositBody,
  cardPayoutSubmit,
  payGroupId,
  saveSandboxCard,
  text,
  withdrawalSession,
} from './api-calls';
import { brand0PlayerId } from './alt-fixtures';
import { createTestSession, startTestServer } from './harness';
import { OPERATOR_ENV, mintKey, operatorCall } from './operator-calls';
import type { TestServer } from './harness';

let server: TestServer;
/** A server on a clock held still (a processing payout stays pending), with the operator API. */
let held: TestServer;
let operatorKey: string;
const HELD_NOW = new Date('2030-04-01T09:00:00.000Z');

beforeAll(async () => {
  server = await startTestServer();
  held = await startTestServer({
    database: server.database,
    env: OPERATOR_ENV,
    clock: () => HELD_NOW,
  });
  operatorKey = (await mintKey(held, 'brand0')).key;
});

afterAll(async () => {
  await held.close();
  await server.close();
});

const DECLINED_CARD_PAN = '4000000000000200';
const CHALLENGE_CARD_PAN = '4000000000000507';
const HISTORY = `${CASHIER}/payments/history`;

/** A deposit to brand0's pay group `shortName`; answers the transaction id. */
async function deposit(sessionId: string, shortName: string, body: unknown): Promise<string> {
  const path = buildPath(ENDPOINTS.depositSubmit, {
    payGroupId: String(await payGroupId(server, shortName, 'deposit')),
  });
  const answer = await callJson(server, 'POST', path, sessionId, body);
  expect(answer.status).toBe(200);
  return text(answer.body.transaction_id);
}

/** The history as the player's session reads it, parsed with the contract's schema. */
async function history(sessionId: string, query = ''): Promise<PaymentHistoryResponse> {
  const answer = await callJson(server, 'GET', `${HISTORY}${query}`, sessionId);
  expect(answer.status).toBe(200);
  return PaymentHistoryResponse.parse(answer.body);
}

function ids(items: readonly PaymentHistoryItem[]): string[] {
  return items.map((item) => item.transaction_id);
}

describe('GET payments/history', () => {
  it("lists the player's open payments first with what resumes them, then the final ones, newest first (SPEC §3 pay session)", async () => {
    const name = `history-${randomUUID().slice(0, 8)}`;
    const sessionId = await createTestSession(server, { player: name });
    const approved = await deposit(sessionId, 'card', cardDepositBody('10'));
    const qr = await deposit(sessionId, 'crypto_qr', {
      amount: '25.50',
      currency: 'EUR',
      parameters: { network: 'btc' },
    });
    const declined = await deposit(sessionId, 'card', cardDepositBody('11', DECLINED_CARD_PAN));
    const challenge = await deposit(sessionId, 'card', cardDepositBody('12', CHALLENGE_CARD_PAN));

    const page = await history(sessionId);
    expect(ids(page.payments)).toEqual([challenge, qr, declined, approved]);
    expect(page.next_cursor).toBeNull();
    const [challenged, shown, refused, paid] = page.payments;

    // The QR code payment: its display form again, as the submit answered it.
    expect(shown).toMatchObject({
      flow: 'deposit',
      open: true,
      transaction_status: 'await',
      result_status: 'await',
      amount: '25.50',
      currency: 'EUR',
      method_name: 'Crypto (QR code)',
    });
    expect(shown?.pay_session?.step).toBe('display_form');
    expect(shown?.pay_session?.display_form?.amount).toBe('25.50');
    expect(shown?.reference).toBe(shown?.pay_session?.display_form?.reference);

    // The 3-D Secure challenge: the frame's address again.
    expect(challenged?.open).toBe(true);
    expect(challenged?.pay_session).toMatchObject({ step: 'redirect', action: 'iframe' });
    expect(challenged?.pay_session?.redirect_data?.url).toContain('/sandbox/3ds/');
    expect(challenged?.reference).toBe(challenge);

    // Final payments say how they ended and carry nothing to resume.
    expect(refused).toMatchObject({ open: false, result_status: 'error', pay_session: null });
    expect(paid).toMatchObject({
      open: false,
      transaction_status: 'success',
      result_status: 'success',
      amount: '10.00',
      pay_session: null,
    });
    expect(Date.parse(paid?.created_at ?? '')).not.toBeNaN();

    // Never card data (SPEC §6, ARCHITECTURE "what bad input gets").
    expect(JSON.stringify(page)).not.toMatch(/4000000000000\d{3}/);
  });

  it('lists withdrawals beside deposits (both flows)', async () => {
    const name = `history-payout-${randomUUID().slice(0, 8)}`;
    const sessionId = await withdrawalSession(server, name);
    const cardId = await saveSandboxCard(server, await brand0PlayerId(server, name));
    const answer = await cardPayoutSubmit(server, sessionId, cardId, { amount: '40' });
    expect(answer.status).toBe(200);
    const payout = text(answer.body.transaction_id);
    const page = await history(sessionId);
    expect(page.payments.find((item) => item.transaction_id === payout)).toMatchObject({
      flow: 'withdrawal',
      amount: '40.00',
      currency: 'EUR',
    });
  });

  it("never lists another player's payments, nor another brand's", async () => {
    const name = `history-owner-${randomUUID().slice(0, 8)}`;
    const mine = await createTestSession(server, { player: name });
    const own = await deposit(mine, 'card', cardDepositBody('10'));

    const otherPlayer = await createTestSession(server, { player: `${name}-other` });
    const theirs = await deposit(otherPlayer, 'card', cardDepositBody('10'));

    // The same external id in brand1 is another player of another brand.
    const otherBrand = await createTestSession(server, {
      player: name,
      brand: 'brand1',
      currency: 'KWD',
    });
    const [brand1Card] = await server.db
      .select({ id: payGroups.id })
      .from(payGroups)
      .where(
        and(
          eq(payGroups.brandId, 'brand1'),
          eq(payGroups.flow, 'deposit'),
          eq(payGroups.shortName, 'card'),
        ),
      );
    if (brand1Card === undefined) throw new Error('no brand1 card pay group');
    const brand1Answer = await callJson(
      server,
      'POST',
      buildPath(ENDPOINTS.depositSubmit, { payGroupId: String(brand1Card.id) }),
      otherBrand,
      { ...cardDepositBody('10'), currency: 'KWD' },
    );
    expect(brand1Answer.status).toBe(200);
    const brand1Payment = text(brand1Answer.body.transaction_id);

    expect(ids((await history(mine)).payments)).toEqual([own]);
    expect(ids((await history(otherPlayer)).payments)).toEqual([theirs]);
    expect(ids((await history(otherBrand)).payments)).toEqual([brand1Payment]);
  });

  it('walks every payment exactly once in pages of limit, open ones first', async () => {
    const name = `history-pages-${randomUUID().slice(0, 8)}`;
    const sessionId = await createTestSession(server, { player: name });
    const made: string[] = [];
    for (const amount of ['10', '11', '12']) {
      made.push(await deposit(sessionId, 'card', cardDepositBody(amount)));
    }
    const open = await deposit(sessionId, 'crypto_qr', {
      amount: '30',
      currency: 'EUR',
      parameters: { network: 'eth' },
    });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string =
        cursor === null ? '?limit=2' : `?limit=2&cursor=${encodeURIComponent(cursor)}`;
      const page = await history(sessionId, query);
      expect(page.payments.length).toBeLessThanOrEqual(2);
      seen.push(...ids(page.payments));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor !== null && pages < 10);
    expect(seen).toEqual([open, ...made.reverse()]);
    expect(pages).toBe(2);
  });

  it('SPEC §9 default page size: a page without a limit holds 10 payments', async () => {
    const name = `history-default-${randomUUID().slice(0, 8)}`;
    const sessionId = await createTestSession(server, { player: name });
    const made: string[] = [];
    for (let index = 0; index < 11; index += 1) {
      made.push(await deposit(sessionId, 'card', cardDepositBody(String(10 + index))));
    }
    const first = await history(sessionId);
    expect(ids(first.payments)).toEqual([...made].reverse().slice(0, 10));
    expect(first.next_cursor).not.toBeNull();
    const rest = await history(sessionId, `?cursor=${encodeURIComponent(first.next_cursor ?? '')}`);
    expect(ids(rest.payments)).toEqual([made[0]]);
    expect(rest.next_cursor).toBeNull();
  });

  it('refuses a cursor it did not make (400 naming query.cursor) and a call without a session (17)', async () => {
    const sessionId = await createTestSession(server, {
      player: `history-bad-${randomUUID().slice(0, 8)}`,
    });
    const bad = await callJson(server, 'GET', `${HISTORY}?cursor=bm90LWEtY3Vyc29y`, sessionId);
    expect(bad.status).toBe(400);
    expect(bad.body.error_field).toBe('query.cursor');
    const tooMany = await callJson(server, 'GET', `${HISTORY}?limit=51`, sessionId);
    expect(tooMany.status).toBe(400);
    const anonymous = await callJson(server, 'GET', HISTORY, null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error_code).toBe('17');
  });
});

describe('what the history says of a payment (SPEC §4 withdrawal reversal, §2 result statuses)', () => {
  /** A new player's withdrawal session with a saved card, on the held server. */
  async function payoutPlayer(prefix: string) {
    const name = `${prefix}-${randomUUID().slice(0, 8)}`;
    const sessionId = await withdrawalSession(held, name);
    const cardId = await saveSandboxCard(held, await brand0PlayerId(held, name));
    return { name, sessionId, cardId };
  }

  async function payout(sessionId: string, cardId: string): Promise<string> {
    // Cents .15: processing at the sandbox until its settle delay, which the held clock never reaches.
    const answer = await cardPayoutSubmit(held, sessionId, cardId, { amount: '40.15' });
    expect(answer.body).toMatchObject({ transaction_status: 'processing' });
    return text(answer.body.transaction_id);
  }

  async function item(sessionId: string, id: string): Promise<PaymentHistoryItem | undefined> {
    const answer = await callJson(held, 'GET', HISTORY, sessionId);
    expect(answer.status).toBe(200);
    return PaymentHistoryResponse.parse(answer.body).payments.find(
      (payment) => payment.transaction_id === id,
    );
  }

  it('a withdrawal the player cancelled is cancelled by the player; one the operator cancelled by another; a declined payment by nobody', async () => {
    const mine = await payoutPlayer('history-reversed');
    const reversed = await payout(mine.sessionId, mine.cardId);
    const reverse = buildPath(ENDPOINTS.reversePendingWithdrawal, {});
    expect((await callJson(held, 'GET', reverse, mine.sessionId)).body).toMatchObject({
      success_amount: '40.15',
    });
    expect(await item(mine.sessionId, reversed)).toMatchObject({
      open: false,
      transaction_status: 'error',
      cancelled_by: 'player',
    });

    const theirs = await payoutPlayer('history-cancelled');
    const cancelled = await payout(theirs.sessionId, theirs.cardId);
    const answer = await operatorCall(
      held,
      'POST',
      `/transactions/${cancelled}/cancel`,
      operatorKey,
      {
        body: { reason: 'fraud check' },
      },
    );
    expect(answer.status).toBe(200);
    expect(await item(theirs.sessionId, cancelled)).toMatchObject({
      open: false,
      cancelled_by: 'other',
    });

    const declined = await deposit(
      await createTestSession(held, { player: theirs.name }),
      'card',
      cardDepositBody('11', DECLINED_CARD_PAN),
    );
    expect(await item(theirs.sessionId, declined)).toMatchObject({
      transaction_status: 'error',
      cancelled_by: null,
    });
  });

  it('says which payments the asking session made: a page loaded again finds its own, a new session an earlier one’s', async () => {
    const player = await payoutPlayer('history-session');
    const id = await payout(player.sessionId, player.cardId);
    expect(await item(player.sessionId, id)).toMatchObject({ open: true, this_session: true });
    const later = await withdrawalSession(held, player.name);
    expect(await item(later, id)).toMatchObject({ open: true, this_session: false });
  });
});
