import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { WAGER_PARAMETER_NAME } from '@cashdesk/domain';
import { playerBalances, players, savedCards, transactions } from '../db/schema';
import { isRecord } from '../platform/is-record';
import { getBalance } from '../modules/wallet/ledger';
import { CASHIER, callJson, saveSandboxCard } from './api-calls';
import type { Method } from './api-calls';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

/** A cashier-service call; a submit carries a fresh Idempotency-Key. */
const call = (method: Method, path: string, sessionId: string, body?: unknown) =>
  callJson(
    server,
    method,
    `${CASHIER}${path}`,
    sessionId,
    body,
    path.endsWith('/submit') ? { 'idempotency-key': randomUUID() } : {},
  );

function records(value: unknown): Record<string, unknown>[] {
  if (!Array.isArray(value)) throw new Error(`not a list: ${JSON.stringify(value)}`);
  return value.filter(isRecord);
}

function numberId(value: unknown): number {
  if (typeof value !== 'number') throw new Error(`not a number: ${JSON.stringify(value)}`);
  return value;
}

async function playerId(brand: string, externalId: string): Promise<string> {
  const [row] = await server.db
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.brandId, brand), eq(players.externalId, externalId)));
  if (row === undefined) throw new Error(`no player ${brand}/${externalId}`);
  return row.id;
}

async function setWager(player: string, currency: string, remaining: string): Promise<void> {
  const updated = await server.db
    .update(playerBalances)
    .set({ wagerRemaining: remaining })
    .where(and(eq(playerBalances.playerId, player), eq(playerBalances.currency, currency)))
    .returning({ currency: playerBalances.currency });
  expect(updated).toHaveLength(1);
}

async function session(
  brand: string,
  player: string,
  flow: 'deposit' | 'withdrawal',
  currency: string,
): Promise<string> {
  return createTestSession(server, { brand, player, flow, currency });
}

/** The payout init answer: its groups and view_data. */
async function payoutInit(sessionId: string) {
  const init = await call('GET', '/payouts/groups/init', sessionId);
  expect(init.status).toBe(200);
  const groups = records(init.body.payout_groups);
  expect(groups.length).toBeGreaterThan(0);
  return { groups, viewData: records(init.body.view_data) };
}

async function firstCard(player: string): Promise<string> {
  const [card] = await server.db
    .select({ id: savedCards.id })
    .from(savedCards)
    .where(eq(savedCards.playerId, player));
  if (card === undefined) throw new Error('no saved card');
  return card.id;
}

describe('SPEC §4 Enabled: withdrawal disabled by wager (wager_amount parameter, listed brand)', () => {
  it('SPEC §4: a wager brand player with an outstanding wager gets every payout group disabled, a wager view_data item and the wager_amount parameter', async () => {
    const sessionId = await session('brand1', 'wager', 'withdrawal', 'KWD');
    const { groups, viewData } = await payoutInit(sessionId);
    expect(groups.map((group) => group.enabled)).toEqual(groups.map(() => false));
    expect(viewData).toEqual([{ type: 'wager', key: WAGER_PARAMETER_NAME, value: '35.500' }]);

    const id = numberId(groups[0]?.id);
    const detail = await call('POST', `/payouts/groups/${String(id)}/select`, sessionId, {
      currency: 'KWD',
    });
    expect(detail.status).toBe(200);
    const wager = records(detail.body.parameters).filter(
      (field) => field.name === WAGER_PARAMETER_NAME,
    );
    expect(wager).toEqual([
      expect.objectContaining({
        name: WAGER_PARAMETER_NAME,
        type: 'info',
        user_requisite: '35.500',
        currency: 'KWD',
        is_read_only: true,
      }),
    ]);
  });

  it('SPEC §4: the submit of a withdrawal disabled by wager is refused (409 methodUnavailable) and reserves nothing', async () => {
    const player = await playerId('brand1', 'wager');
    const sessionId = await session('brand1', 'wager', 'withdrawal', 'KWD');
    const { groups } = await payoutInit(sessionId);
    const id = numberId(groups[0]?.id);
    const before = await getBalance(server.db, player, 'KWD');
    const refused = await call('POST', `/payouts/groups/${String(id)}/submit`, sessionId, {
      amount: '10',
      currency: 'KWD',
      card_data: { card_id: await firstCard(player) },
    });
    expect(refused).toMatchObject({
      status: 409,
      body: {
        error_code: '1009',
        error_message: 'CASHIER.ERROR.METHOD_UNAVAILABLE',
        error_field: 'params.payGroupId',
      },
    });
    expect(await getBalance(server.db, player, 'KWD')).toEqual(before);
    const rows = await server.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.playerId, player));
    expect(rows).toEqual([]);
  });

  it('SPEC §4: a wager brand player without an outstanding wager keeps the payout groups enabled and can withdraw', async () => {
    const player = await playerId('brand1', 'demo');
    const sessionId = await session('brand1', 'demo', 'withdrawal', 'KWD');
    const { groups, viewData } = await payoutInit(sessionId);
    expect(groups.map((group) => group.enabled)).toEqual(groups.map(() => true));
    expect(viewData).toEqual([]);
    const id = numberId(groups[0]?.id);
    const detail = await call('POST', `/payouts/groups/${String(id)}/select`, sessionId, {
      currency: 'KWD',
    });
    expect(records(detail.body.parameters).map((field) => field.name)).not.toContain(
      WAGER_PARAMETER_NAME,
    );
    const paid = await call('POST', `/payouts/groups/${String(id)}/submit`, sessionId, {
      amount: '10',
      currency: 'KWD',
      card_data: { card_id: await firstCard(player) },
    });
    expect(paid.status).toBe(200);
    expect(paid.body.transaction_status).toBe('success');
  });

  it('SPEC §4: a brand without the wager rule ignores an outstanding wager: groups enabled, no wager item, the parameter is only information', async () => {
    const sessionId = await session('brand0', 'wager-other-brand', 'withdrawal', 'EUR');
    const player = await playerId('brand0', 'wager-other-brand');
    await setWager(player, 'EUR', '120');
    const { groups, viewData } = await payoutInit(sessionId);
    // The same list as a player without a wager sees (brand0 disables some methods for everyone).
    const other = await session('brand0', 'no-wager-other-brand', 'withdrawal', 'EUR');
    const reference = await payoutInit(other);
    expect(groups.map((group) => [group.id, group.enabled])).toEqual(
      reference.groups.map((group) => [group.id, group.enabled]),
    );
    expect(groups.some((group) => group.enabled === true)).toBe(true);
    expect(viewData).toEqual([]);

    const enabled = groups.find((group) => group.enabled === true);
    const detail = await call(
      'POST',
      `/payouts/groups/${String(numberId(enabled?.id))}/select`,
      sessionId,
      { currency: 'EUR' },
    );
    expect(
      records(detail.body.parameters).filter((field) => field.name === WAGER_PARAMETER_NAME),
    ).toEqual([expect.objectContaining({ user_requisite: '120.00', currency: 'EUR' })]);

    const cardId = await saveSandboxCard(server, player);
    const cardPayout = reference.groups.find((group) => group.pay_group === 'card_payout');
    const paid = await call(
      'POST',
      `/payouts/groups/${String(numberId(cardPayout?.id))}/submit`,
      sessionId,
      { amount: '25', currency: 'EUR', card_data: { card_id: cardId } },
    );
    expect(paid.status).toBe(200);
    expect(paid.body.transaction_status).toBe('success');
  });

  it('SPEC §4: deposits are never affected by a wager, not even in a wager brand', async () => {
    const sessionId = await session('brand1', 'wager', 'deposit', 'KWD');
    const init = await call('GET', '/payments/groups/init', sessionId);
    expect(init.status).toBe(200);
    const groups = records(init.body.payment_groups);
    expect(groups.length).toBeGreaterThan(0);
    expect(groups.map((group) => group.enabled)).toEqual(groups.map(() => true));
    expect(init.body.view_data).toEqual([]);
    const id = numberId(groups[0]?.id);
    const detail = await call('POST', `/payments/groups/${String(id)}/select`, sessionId, {
      currency: 'KWD',
    });
    expect(detail.status).toBe(200);
    expect(records(detail.body.parameters).map((field) => field.name)).not.toContain(
      WAGER_PARAMETER_NAME,
    );
  });
});
