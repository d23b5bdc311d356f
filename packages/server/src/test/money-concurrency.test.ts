import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../db/open';
import { idempotencyKeys, ledgerEntries, payGroups, players, transactions } from '../db/schema';
import { ApiError, isApiError } from '../http/api-error';
import { hashRequest, runIdempotent } from '../http/idempotency';
import {
  credit,
  getBalance,
  ledgerTotals,
  releaseReservation,
  reserveWithdrawal,
  settleReservation,
} from '../modules/wallet/ledger';
import { createTestDatabase } from './harness';
import type { TestDatabase } from './harness';

let database: TestDatabase;
let db: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});

afterAll(async () => {
  await database.close();
});

async function playerId(brandId: string, externalId: string): Promise<string> {
  const [row] = await db
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.brandId, brandId), eq(players.externalId, externalId)));
  if (row === undefined) throw new Error(`no player ${externalId}`);
  return row.id;
}

async function payGroupId(shortName: string): Promise<number> {
  const [row] = await db
    .select({ id: payGroups.id })
    .from(payGroups)
    .where(and(eq(payGroups.brandId, 'brand0'), eq(payGroups.shortName, shortName)));
  if (row === undefined) throw new Error(`no pay group ${shortName}`);
  return row.id;
}

/** A new player of brand0 with `balance` EUR, so each test starts from known money. */
async function freshPlayer(name: string, balance: string): Promise<string> {
  const [row] = await db
    .insert(players)
    .values({ brandId: 'brand0', externalId: name })
    .returning({ id: players.id });
  if (row === undefined) throw new Error('player not written');
  await credit(db, {
    playerId: row.id,
    currency: 'EUR',
    amount: balance,
    kind: 'deposit',
    transactionId: null,
  });
  return row.id;
}

async function withdrawalTransaction(player: string, amount: string): Promise<string> {
  const [row] = await db
    .insert(transactions)
    .values({
      playerId: player,
      payGroupId: await payGroupId('card_payout'),
      flow: 'withdrawal',
      amount,
      currency: 'EUR',
      providerKind: 'card',
    })
    .returning({ id: transactions.id });
  if (row === undefined) throw new Error('transaction not written');
  return row.id;
}

function refusalOf(error: unknown): string {
  return isApiError(error)
    ? `${error.definition.code}:${error.messageKey}:${error.field ?? ''}`
    : String(error);
}

describe('ledger', () => {
  it('starts the seeded players with ledger sums equal to their balances', async () => {
    const demo = await playerId('brand0', 'demo');
    expect(await getBalance(db, demo, 'EUR')).toEqual({
      currency: 'EUR',
      balance: '1000',
      reserved: '0',
    });
    expect(await getBalance(db, demo, 'JPY')).toEqual({
      currency: 'JPY',
      balance: '150000',
      reserved: '0',
    });
    expect(await ledgerTotals(db, demo, 'EUR')).toEqual({ amount: '1000', reserved: '0' });
  });

  it('never overdraws: 100 parallel withdrawals of 15 racing for 1000 reserve 66 of them (SPEC §5)', async () => {
    const player = await freshPlayer('racer', '1000');
    const ids = await Promise.all(
      Array.from({ length: 100 }, () => withdrawalTransaction(player, '15')),
    );
    const outcomes = await Promise.allSettled(
      ids.map((transactionId) =>
        reserveWithdrawal(db, { playerId: player, currency: 'EUR', amount: '15', transactionId }),
      ),
    );
    const reserved = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.flatMap((outcome) =>
      outcome.status === 'rejected' ? [refusalOf(outcome.reason)] : [],
    );
    expect(reserved).toHaveLength(66);
    expect(refused).toHaveLength(34);
    expect(new Set(refused)).toEqual(new Set(['1206:CASHIER.PH2.ERROR_MESSAGE.1206:amount']));
    expect(await getBalance(db, player, 'EUR')).toEqual({
      currency: 'EUR',
      balance: '10',
      reserved: '990',
    });
    expect(await ledgerTotals(db, player, 'EUR')).toEqual({ amount: '10', reserved: '990' });
    const [entries] = await db
      .select({ n: count() })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.playerId, player), eq(ledgerEntries.kind, 'withdrawal_reserve')));
    expect(entries?.n).toBe(66);
  });

  it('refuses a withdrawal when the balance is under the method minimum, writing nothing (SPEC §5)', async () => {
    const player = await freshPlayer('below-minimum', '8');
    const transactionId = await withdrawalTransaction(player, '5');
    await expect(
      reserveWithdrawal(db, {
        playerId: player,
        currency: 'EUR',
        amount: '5',
        transactionId,
        minAmount: '10',
      }),
    ).rejects.toThrow(ApiError);
    expect(await getBalance(db, player, 'EUR')).toEqual({
      currency: 'EUR',
      balance: '8',
      reserved: '0',
    });
    expect(await ledgerTotals(db, player, 'EUR')).toEqual({ amount: '8', reserved: '0' });
  });

  it('returns a reversed withdrawal once, however often it is reversed', async () => {
    const player = await freshPlayer('reverser', '100');
    const transactionId = await withdrawalTransaction(player, '40.25');
    await reserveWithdrawal(db, {
      playerId: player,
      currency: 'EUR',
      amount: '40.25',
      transactionId,
    });
    const results = await Promise.all([
      releaseReservation(db, transactionId),
      releaseReservation(db, transactionId),
    ]);
    expect(results.map((result) => result?.applied).sort()).toEqual([false, true]);
    const settle = await settleReservation(db, transactionId);
    expect(settle?.applied).toBe(false);
    expect(await getBalance(db, player, 'EUR')).toEqual({
      currency: 'EUR',
      balance: '100',
      reserved: '0',
    });
    expect(await ledgerTotals(db, player, 'EUR')).toEqual({ amount: '100', reserved: '0' });
  });

  it('settles a paid withdrawal: the reservation is gone, the balance stays lower', async () => {
    const player = await freshPlayer('settler', '100');
    const transactionId = await withdrawalTransaction(player, '30');
    await reserveWithdrawal(db, { playerId: player, currency: 'EUR', amount: '30', transactionId });
    expect((await settleReservation(db, transactionId))?.applied).toBe(true);
    expect((await releaseReservation(db, transactionId))?.applied).toBe(false);
    expect(await getBalance(db, player, 'EUR')).toEqual({
      currency: 'EUR',
      balance: '70',
      reserved: '0',
    });
    expect(await ledgerTotals(db, player, 'EUR')).toEqual({ amount: '70', reserved: '0' });
  });

  it('credits a deposit transaction once and keeps decimals exact (KWD, 3 places)', async () => {
    const player = await playerId('brand1', 'demo');
    const [group] = await db
      .select({ id: payGroups.id })
      .from(payGroups)
      .where(and(eq(payGroups.brandId, 'brand1'), eq(payGroups.flow, 'deposit')));
    if (group === undefined) throw new Error('no brand1 deposit group');
    const [tx] = await db
      .insert(transactions)
      .values({
        playerId: player,
        payGroupId: group.id,
        flow: 'deposit',
        amount: '0.1',
        currency: 'KWD',
        providerKind: 'card',
      })
      .returning({ id: transactions.id });
    if (tx === undefined) throw new Error('no transaction');
    const first = await credit(db, {
      playerId: player,
      currency: 'KWD',
      amount: '0.1',
      kind: 'deposit',
      transactionId: tx.id,
    });
    const again = await credit(db, {
      playerId: player,
      currency: 'KWD',
      amount: '0.1',
      kind: 'deposit',
      transactionId: tx.id,
    });
    expect([first.applied, again.applied]).toEqual([true, false]);
    expect(await getBalance(db, player, 'KWD')).toEqual({
      currency: 'KWD',
      balance: '100.225',
      reserved: '0',
    });
  });

  it('refuses an amount that is not a positive decimal', async () => {
    const player = await freshPlayer('bad-amount', '10');
    await expect(
      credit(db, {
        playerId: player,
        currency: 'EUR',
        amount: '-5',
        kind: 'bonus',
        transactionId: null,
      }),
    ).rejects.toThrow('ledger amount -5');
  });
});

describe('runIdempotent', () => {
  it('runs the work once for 50 concurrent calls with one key and gives all of them its result', async () => {
    const player = await freshPlayer('idem-50', '10');
    let runs = 0;
    const input = {
      playerId: player,
      scope: 'test-scope',
      key: 'fifty-parallel-calls',
      requestHash: hashRequest({ amount: '10' }),
    };
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        runIdempotent(db, input, {
          run: async () => {
            runs += 1;
            await new Promise((resolve) => setTimeout(resolve, 30));
            return { status: 201, body: { run: runs } };
          },
        }),
      ),
    );
    expect(runs).toBe(1);
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect(
      results.every(
        (result) => result.status === 201 && JSON.stringify(result.body) === '{"run":1}',
      ),
    ).toBe(true);
    const [rows] = await db
      .select({ n: count() })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.playerId, player));
    expect(rows?.n).toBe(1);
  });

  it('hashes requests independently of key order', () => {
    expect(hashRequest({ a: 1, b: { c: [1, 2], d: 'x' } })).toBe(
      hashRequest({ b: { d: 'x', c: [1, 2] }, a: 1 }),
    );
    expect(hashRequest({ a: 1 })).not.toBe(hashRequest({ a: 2 }));
  });

  it('releases the key when the work fails unexpectedly before creating anything, so a retry runs again', async () => {
    const player = await freshPlayer('idem-retry', '10');
    const input = {
      playerId: player,
      scope: 'test-scope',
      key: 'failing-then-ok',
      requestHash: hashRequest(1),
    };
    await expect(
      runIdempotent(db, input, { run: () => Promise.reject(new Error('database down')) }),
    ).rejects.toThrow('database down');
    const retry = await runIdempotent(db, input, {
      run: () => Promise.resolve({ status: 200, body: { ok: true } }),
    });
    expect(retry).toEqual({ status: 200, body: { ok: true }, replayed: false });
  });

  it('keys are per player: another player may use the same key', async () => {
    const first = await freshPlayer('idem-a', '10');
    const second = await freshPlayer('idem-b', '10');
    const request = { scope: 'test-scope', key: 'shared-key-value', requestHash: hashRequest('x') };
    const a = await runIdempotent(
      db,
      { ...request, playerId: first },
      { run: () => Promise.resolve({ status: 200, body: 'a' }) },
    );
    const b = await runIdempotent(
      db,
      { ...request, playerId: second },
      { run: () => Promise.resolve({ status: 200, body: 'b' }) },
    );
    expect([a.body, b.body, a.replayed, b.replayed]).toEqual(['a', 'b', false, false]);
  });
});
