import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { ENDPOINTS } from '@cashdesk/contract';
import { players, savedCards } from '../db/schema';
import { fingerprintHash } from '../modules/accounts/routes/user-cards';
import {
  APPROVED_CARD_PAN,
  CASHIER,
  callJson,
  cardDepositBody,
  payGroupId,
  request,
} from './api-calls';
import type { CallArgs } from './api-calls';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';

let server: TestServer;
/** Sessions of brand0's demo (EUR and JPY), brand0's demo2 and brand1's demo. */
let demo: string;
let demoJpy: string;
let demo2: string;
let otherBrand: string;

const CARDS_PATH = ENDPOINTS.userCardsList.path;
const CHECK_PATH = ENDPOINTS.userCardsRecurringCheck.path;

beforeAll(async () => {
  server = await startTestServer();
  demo = await createTestSession(server, { player: 'demo' });
  demoJpy = await createTestSession(server, { player: 'demo', currency: 'JPY' });
  demo2 = await createTestSession(server, { player: 'demo2' });
  otherBrand = await createTestSession(server, {
    player: 'demo',
    brand: 'brand1',
    currency: 'KWD',
  });
});

afterAll(async () => {
  await server.close();
});

const call = (...args: CallArgs) => request(server, ...args);

interface WireCard {
  readonly card_id: string;
  readonly last4: string;
}

function isWireCardList(value: unknown): value is { cards: WireCard[] } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'cards' in value &&
    Array.isArray(value.cards) &&
    value.cards.every(
      (card: unknown) =>
        typeof card === 'object' &&
        card !== null &&
        'card_id' in card &&
        typeof card.card_id === 'string' &&
        'last4' in card &&
        typeof card.last4 === 'string',
    )
  );
}

async function cardsOf(session: string): Promise<WireCard[]> {
  const answer = await call('GET', CARDS_PATH, session);
  expect(answer.status).toBe(200);
  if (!isWireCardList(answer.body)) throw new Error('not a card list');
  return answer.body.cards;
}

/** The id of a player's stored card by its last four digits, read from the database. */
async function cardId(brandId: string, externalId: string, last4: string): Promise<string> {
  const [row] = await server.db
    .select({ id: savedCards.id })
    .from(savedCards)
    .innerJoin(players, eq(players.id, savedCards.playerId))
    .where(
      and(
        eq(players.brandId, brandId),
        eq(players.externalId, externalId),
        eq(savedCards.last4, last4),
      ),
    );
  if (row === undefined) throw new Error(`no card ${last4} of ${brandId}/${externalId}`);
  return row.id;
}

async function playerId(brandId: string, externalId: string): Promise<string> {
  const [row] = await server.db
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.brandId, brandId), eq(players.externalId, externalId)));
  if (row === undefined) throw new Error(`no player ${brandId}/${externalId}`);
  return row.id;
}

const notFound = { error_code: '1008', error_message: 'CASHIER.ERROR.NOT_FOUND' };
const expired = { error_code: '17', error_message: 'CASHIER.PH2.ERROR_MESSAGE.17' };

describe('GET /user-cards (SPEC §3 saved card, §7)', () => {
  it("lists the session player's saved cards in the wire shape (SPEC §3, §7)", async () => {
    const answer = await call('GET', CARDS_PATH, demo);
    expect(answer.status).toBe(200);
    if (!isWireCardList(answer.body)) throw new Error('not a card list');
    const cards = [...answer.body.cards].sort((a, b) => a.last4.localeCompare(b.last4));
    expect(cards).toEqual([
      {
        card_id: await cardId('brand0', 'demo', '1111'),
        last4: '1111',
        bin: '411111',
        is_card_token_active: true,
        exp_month: '12',
        exp_year: '2030',
        cardholder_name: 'DANA DEMO',
        card_type: 'visa',
      },
      {
        card_id: await cardId('brand0', 'demo', '4444'),
        last4: '4444',
        bin: '555555',
        is_card_token_active: true,
        exp_month: '06',
        exp_year: '2029',
        cardholder_name: 'DANA DEMO',
        card_type: 'mastercard',
      },
    ]);
  });

  it('never answers the provider token (SPEC §3: only bin and last4 are known)', async () => {
    const answer = await call('GET', CARDS_PATH, demo);
    expect(JSON.stringify(answer.body)).not.toContain('sbxtok_');
  });

  it("shows a player only their own cards, never another player's or brand's (SPEC §6)", async () => {
    // Seeded in the same instant: newest-first leaves their order open.
    expect((await cardsOf(demo2)).map((card) => card.last4).sort()).toEqual(['0004', '0200']);
    expect((await cardsOf(otherBrand)).map((card) => card.last4)).toEqual(['1881']);
  });

  it('logs a hash of X-Fingerprint, never the fingerprint itself (SPEC §7)', async () => {
    const fingerprint = 'fp-4f0c2a9d-device-fingerprint-value';
    const answer = await call('GET', CARDS_PATH, demo, undefined, {
      'X-Fingerprint': fingerprint,
    });
    expect(answer.status).toBe(200);
    const logs = server.logs();
    expect(logs).toContain(`"fingerprintHash":"${fingerprintHash(fingerprint)}"`);
    expect(fingerprintHash(fingerprint)).toMatch(/^[0-9a-f]{16}$/);
    expect(logs).not.toContain(fingerprint);
  });

  it('refuses an empty X-Fingerprint header with 400 naming it (SPEC §7)', async () => {
    const answer = await call('GET', CARDS_PATH, demo, undefined, { 'X-Fingerprint': '' });
    expect(answer).toEqual({
      status: 400,
      body: {
        error_code: '1002',
        error_message: 'CASHIER.ERROR.INVALID_FIELD',
        error_field: 'headers.x-fingerprint',
      },
    });
  });

  it('answers code 17 without a session (SPEC §6, §8)', async () => {
    expect(await call('GET', CARDS_PATH, null)).toEqual({ status: 401, body: expired });
  });
});

describe('DELETE /user-cards (SPEC §4 removing a card, §7)', () => {
  it("answers 404 for another player's card and leaves it in place (SPEC §6)", async () => {
    const foreign = await cardId('brand0', 'demo2', '0004');
    const answer = await call('DELETE', CARDS_PATH, demo, {
      card_id: foreign,
      withholding_type: 'Payment',
    });
    expect(answer).toEqual({ status: 404, body: { ...notFound, error_field: 'body.card_id' } });
    expect((await cardsOf(demo2)).map((card) => card.card_id)).toContain(foreign);
    expect(await cardsOf(demo2)).toHaveLength(2);
  });

  it("answers 404 for another brand's card (SPEC §6)", async () => {
    const foreign = await cardId('brand1', 'demo', '1881');
    const answer = await call('DELETE', CARDS_PATH, demo, {
      card_id: foreign,
      withholding_type: 'Payment',
    });
    expect(answer).toEqual({ status: 404, body: { ...notFound, error_field: 'body.card_id' } });
  });

  it('answers 404 for an id that names no card (SPEC §7)', async () => {
    for (const id of ['not-a-card', '00000000-0000-4000-8000-000000000000']) {
      const answer = await call('DELETE', CARDS_PATH, demo, {
        card_id: id,
        withholding_type: 'Payment',
      });
      expect(answer).toEqual({ status: 404, body: { ...notFound, error_field: 'body.card_id' } });
    }
  });

  it('refuses a withholding_type other than Payment with 400 (SPEC §7)', async () => {
    const answer = await call('DELETE', CARDS_PATH, demo, {
      card_id: await cardId('brand0', 'demo', '4444'),
      withholding_type: 'Payout',
    });
    expect(answer).toEqual({
      status: 400,
      body: {
        error_code: '1002',
        error_message: 'CASHIER.ERROR.INVALID_FIELD',
        error_field: 'body.withholding_type',
      },
    });
  });

  it('answers 400 code 1001 for a body that is not JSON (SPEC §8)', async () => {
    const answer = await call('DELETE', CARDS_PATH, demo, '{"card_id":');
    expect(answer).toMatchObject({ status: 400, body: { error_code: '1001' } });
  });

  it('removes the card: gone from the list, token inactive, a repeat is 404 (SPEC §4, §7)', async () => {
    const id = await cardId('brand0', 'demo', '4444');
    const answer = await call('DELETE', CARDS_PATH, demo, {
      card_id: id,
      withholding_type: 'Payment',
    });
    expect(answer).toEqual({ status: 200, body: { card_id: id, deleted: true } });
    expect((await cardsOf(demo)).map((card) => card.last4)).toEqual(['1111']);
    const [row] = await server.db
      .select({ active: savedCards.active, deletedAt: savedCards.deletedAt })
      .from(savedCards)
      .where(eq(savedCards.id, id));
    expect(row?.active).toBe(false);
    expect(row?.deletedAt).toBeInstanceOf(Date);

    const repeat = await call('DELETE', CARDS_PATH, demo, {
      card_id: id,
      withholding_type: 'Payment',
    });
    expect(repeat).toEqual({ status: 404, body: { ...notFound, error_field: 'body.card_id' } });
    const check = await call('POST', CHECK_PATH, demo, { user_card_id: id, amount: '10' });
    expect(check).toEqual({
      status: 404,
      body: { ...notFound, error_field: 'body.user_card_id' },
    });
  });
});

describe('POST /user-cards/recurring-check (SPEC §5 CVV rule, §7)', () => {
  /** A card of demo with an inactive token (the seed's cards all have active tokens). */
  let inactive: string;
  let expiredCard: string;

  beforeAll(async () => {
    const owner = await playerId('brand0', 'demo');
    const rows = await server.db
      .insert(savedCards)
      .values([
        {
          playerId: owner,
          token: 'test_tok_inactive',
          last4: '0101',
          bin: '400000',
          expMonth: 1,
          expYear: 2031,
          holder: 'DANA DEMO',
          cardType: 'visa',
          active: false,
        },
        {
          playerId: owner,
          token: 'test_tok_expired',
          last4: '0202',
          bin: '510000',
          expMonth: 1,
          expYear: 2020,
          holder: null,
          cardType: 'mastercard',
        },
      ])
      .returning({ id: savedCards.id, last4: savedCards.last4 });
    inactive = rows.find((row) => row.last4 === '0101')?.id ?? '';
    expiredCard = rows.find((row) => row.last4 === '0202')?.id ?? '';
  });

  it('always asks for the CVV of a card with an active token (SPEC §5)', async () => {
    const id = await cardId('brand0', 'demo', '1111');
    for (const amount of ['10', '500', '4999.99']) {
      expect(await call('POST', CHECK_PATH, demo, { user_card_id: id, amount })).toEqual({
        status: 200,
        body: { allowed: true, cvv_required: true },
      });
    }
  });

  it('asks for the CVV of an inactive-token card only above max_recurring_amount (SPEC §5)', async () => {
    // brand0's card pay group: max_recurring_amount 500 EUR, 50000 JPY.
    const cases = [
      { session: demo, amount: '499.99', cvv: false },
      { session: demo, amount: '500', cvv: false },
      { session: demo, amount: '500.01', cvv: true },
      { session: demo, amount: 500.5, cvv: true },
      { session: demoJpy, amount: '50000', cvv: false },
      { session: demoJpy, amount: '50001', cvv: true },
    ];
    for (const { session, amount, cvv } of cases) {
      const answer = await call('POST', CHECK_PATH, session, { user_card_id: inactive, amount });
      expect({ amount, answer }).toEqual({
        amount,
        answer: { status: 200, body: { allowed: true, cvv_required: cvv } },
      });
    }
  });

  it('does not allow an expired card (SPEC §5 expiry rule)', async () => {
    const answer = await call('POST', CHECK_PATH, demo, {
      user_card_id: expiredCard,
      amount: '10',
    });
    expect(answer).toEqual({ status: 200, body: { allowed: false, cvv_required: true } });
  });

  it("answers 404 for another player's card (SPEC §6)", async () => {
    const foreign = await cardId('brand0', 'demo2', '0004');
    const answer = await call('POST', CHECK_PATH, demo, { user_card_id: foreign, amount: '10' });
    expect(answer).toEqual({
      status: 404,
      body: { ...notFound, error_field: 'body.user_card_id' },
    });
    const own = await call('POST', CHECK_PATH, demo2, { user_card_id: foreign, amount: '10' });
    expect(own).toEqual({ status: 200, body: { allowed: true, cvv_required: true } });
  });

  it('answers 1010 with the domain message key for an amount outside the limits (SPEC §5)', async () => {
    const id = await cardId('brand0', 'demo', '1111');
    expect(await call('POST', CHECK_PATH, demo, { user_card_id: id, amount: '5000.01' })).toEqual({
      status: 400,
      body: {
        error_code: '1010',
        error_message: 'PH.DEPOSIT.ERROR.MAX_AMOUNT',
        error_field: 'body.amount',
      },
    });
    expect(await call('POST', CHECK_PATH, demo, { user_card_id: id, amount: '4.99' })).toEqual({
      status: 400,
      body: {
        error_code: '1010',
        error_message: 'PH.DEPOSIT.ERROR.MIN_AMOUNT',
        error_field: 'body.amount',
      },
    });
  });

  it('answers 400 naming the field for a malformed amount (SPEC §8)', async () => {
    const id = await cardId('brand0', 'demo', '1111');
    const answer = await call('POST', CHECK_PATH, demo, { user_card_id: id, amount: '-1' });
    expect(answer).toMatchObject({
      status: 400,
      body: { error_code: '1002', error_field: 'body.amount' },
    });
  });

  it('writes nothing: the check leaves the cards as they were (SPEC §7)', async () => {
    const owner = await playerId('brand0', 'demo');
    const before = await server.db
      .select()
      .from(savedCards)
      .where(and(eq(savedCards.playerId, owner), isNull(savedCards.deletedAt)));
    await call('POST', CHECK_PATH, demo, { user_card_id: inactive, amount: '600' });
    const after = await server.db
      .select()
      .from(savedCards)
      .where(and(eq(savedCards.playerId, owner), isNull(savedCards.deletedAt)));
    expect(after).toEqual(before);
  });
});

describe('a card saved again (SPEC §3 saved cards)', () => {
  it('SPEC §3: the same card approved twice with save card ticked is one entry of the list, with the newer token', async () => {
    const session = await createTestSession(server, { player: `save-twice-${String(Date.now())}` });
    const card = await payGroupId(server, 'card', 'deposit');
    for (const amount of ['11.00', '12.00']) {
      const paid = await callJson(
        server,
        'POST',
        `${CASHIER}/payments/groups/${String(card)}/submit`,
        session,
        cardDepositBody(amount, APPROVED_CARD_PAN, true),
      );
      expect(paid.status).toBe(200);
      expect(paid.body.result_status).toBe('success');
    }
    const listed = await call('GET', CARDS_PATH, session);
    expect(listed.status).toBe(200);
    if (!isWireCardList(listed.body)) throw new Error('not a card list');
    expect(listed.body.cards).toHaveLength(1);
    // The one entry pays: a deposit with it goes through.
    const [saved] = listed.body.cards;
    const again = await callJson(
      server,
      'POST',
      `${CASHIER}/payments/groups/${String(card)}/submit`,
      session,
      {
        amount: '13.00',
        currency: 'EUR',
        card_data: { card_id: saved?.card_id ?? '' },
        parameters: { card_cvv: '123' },
      },
    );
    expect(again.status).toBe(200);
    expect(again.body.result_status).toBe('success');
  });
});
