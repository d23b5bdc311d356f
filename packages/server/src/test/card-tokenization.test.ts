/**
 * SPEC §1, §2 tokenization page, on the real server with the sandbox provider on a real
 * database: POST /user-cards saves a card without a payment through a card deposit pay group's
 * provider, as a deposit's save-card does; the saved card then pays a deposit by its id. Nothing is
 * charged; the card number and security code are kept nowhere (no table, no log); a decline, a
 * bank that asks for a challenge and a card the SPEC §5 rules refuse save nothing; a repeat with
 * the same Idempotency-Key answers the first result.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, TokenizeCardResponse } from '@cashdesk/contract';
import { savedCards, transactions } from '../db/schema';
import { CASHIER, callJson, newPlayerSession, payGroupId } from './api-calls';
import { startTestServer } from './harness';
import type { TestServer } from './harness';

const TOKENIZE = `${CASHIER}/user-cards`;
const PAN = '4000000000000101';
const CVV = '737';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

function cardData(pan = PAN, overrides: Record<string, string> = {}) {
  return {
    card_data: {
      card_pan: pan,
      card_exp_month: '12',
      card_exp_year: '31',
      card_cvv: CVV,
      card_cardholder_name: 'ADA LOVELACE',
      ...overrides,
    },
  };
}

async function balanceOf(session: string): Promise<unknown> {
  const init = await callJson(server, 'GET', `${CASHIER}/payments/groups/init`, session);
  return init.body.user_balance;
}

describe('the tokenization page’s call (SPEC §1, §2: a card saved without a payment)', () => {
  it('SPEC §1, §2: saves the card the provider tokenised, charges nothing, and the card then pays by its id', async () => {
    const { session, playerUuid } = await newPlayerSession(server, 'tokenize');
    const before = await balanceOf(session);
    const answer = await callJson(server, 'POST', TOKENIZE, session, cardData());
    expect(answer.status).toBe(200);
    const result = TokenizeCardResponse.parse(answer.body);
    expect(result).toMatchObject({
      result: 'saved',
      reason: null,
      error_code: null,
      card: { last4: '0101', bin: '400000', exp_month: '12', exp_year: '2031' },
    });
    const listed = await callJson(server, 'GET', TOKENIZE, session);
    expect(listed.body.cards).toEqual([result.card]);
    // No payment: no transaction, the balance as it was.
    const rows = await server.db
      .select()
      .from(transactions)
      .where(eq(transactions.playerId, playerUuid));
    expect(rows).toEqual([]);
    expect(await balanceOf(session)).toBe(before);

    const card = await payGroupId(server, 'card', 'deposit');
    const paid = await callJson(
      server,
      'POST',
      `${CASHIER}/payments/groups/${String(card)}/submit`,
      session,
      {
        amount: '12.00',
        currency: 'EUR',
        card_data: { card_id: result.card?.card_id ?? '' },
        parameters: { card_cvv: CVV },
      },
    );
    expect(paid.status).toBe(200);
    expect(paid.body.result_status).toBe('success');
  });

  it('SPEC §1: the card number and security code are stored and logged nowhere', async () => {
    const { session, playerUuid } = await newPlayerSession(server, 'tokenize');
    const pan = '5555555555554444';
    const answer = await callJson(
      server,
      'POST',
      TOKENIZE,
      session,
      cardData(pan, { card_cvv: '918' }),
    );
    expect(answer.body.result).toBe('saved');
    const saved = await server.db
      .select()
      .from(savedCards)
      .where(eq(savedCards.playerId, playerUuid));
    expect(saved).toHaveLength(1);
    const everything = JSON.stringify(
      await server.db.execute('select * from saved_cards, idempotency_keys'),
    );
    expect(everything).not.toContain(pan);
    expect(everything).not.toContain('918');
    const logs = server.logs();
    expect(logs).toContain('card tokenization');
    expect(logs).not.toContain(pan);
    expect(logs).not.toContain(session);
  });

  it('SPEC §1: a decline and a bank that asks for a challenge save nothing, and say why', async () => {
    const { session, playerUuid } = await newPlayerSession(server, 'tokenize');
    const declined = await callJson(
      server,
      'POST',
      TOKENIZE,
      session,
      cardData('4000000000000200'),
    );
    expect(declined.body).toEqual({
      result: 'declined',
      card: null,
      reason: 'declined',
      error_code: ERROR_CODES.paymentDeclined.code,
    });
    const challenged = await callJson(
      server,
      'POST',
      TOKENIZE,
      session,
      cardData('4000000000000507'),
    );
    expect(challenged.body).toEqual({
      result: 'not_saved',
      card: null,
      reason: 'confirmation_needed',
      error_code: null,
    });
    const saved = await server.db
      .select()
      .from(savedCards)
      .where(eq(savedCards.playerId, playerUuid));
    expect(saved).toEqual([]);
  });

  it('SPEC §5: a card the rules refuse answers 400 naming the field, and no provider is asked', async () => {
    const { session } = await newPlayerSession(server, 'tokenize');
    for (const [body, field] of [
      [cardData('4000000000000102'), 'body.card_data.card_pan'],
      [cardData(PAN, { card_exp_year: '20' }), 'body.card_data.card_exp_month'],
      [cardData(PAN, { card_exp_month: '13' }), 'body.card_data.card_exp_month'],
      [cardData(PAN, { card_cvv: '12345' }), 'body.card_data.card_cvv'],
      [cardData(PAN, { card_cardholder_name: '1234 5678' }), 'body.card_data.card_cardholder_name'],
    ] as const) {
      const answer = await callJson(server, 'POST', TOKENIZE, session, body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        error_code: ERROR_CODES.invalidField.code,
        error_field: field,
      });
    }
    expect((await callJson(server, 'GET', TOKENIZE, session)).body.cards).toEqual([]);
  });

  it('a repeat with the same Idempotency-Key answers the first result and saves one card', async () => {
    const { session, playerUuid } = await newPlayerSession(server, 'tokenize');
    const key = randomUUID();
    const first = await callJson(server, 'POST', TOKENIZE, session, cardData(), {
      'idempotency-key': key,
    });
    const again = await callJson(server, 'POST', TOKENIZE, session, cardData(), {
      'idempotency-key': key,
    });
    expect(again.body).toEqual(first.body);
    const saved = await server.db
      .select()
      .from(savedCards)
      .where(eq(savedCards.playerId, playerUuid));
    expect(saved).toHaveLength(1);
  });

  it('answers 404 for a pay group that is no card deposit method', async () => {
    const { session } = await newPlayerSession(server, 'tokenize');
    const wallet = await payGroupId(server, 'ewallet', 'deposit');
    const answer = await callJson(server, 'POST', TOKENIZE, session, {
      ...cardData(),
      pay_group_id: wallet,
    });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ error_code: ERROR_CODES.unknownPayGroup.code });
  });
});
