/**
 * The statements and commits of one submit, counted at the database driver
 * (statement-counter.ts), on PGlite and (with TEST_DATABASE_URL) on PostgreSQL. The whole request
 * is counted: the session check, the policy's reads, the creating transaction, the outcome. The
 * sandbox provider keeps its state in the same database through a handle of its own, so its
 * statements are counted apart (a real PSP makes none).
 *
 * The figures are printed, so a change shows what it costs; the budget is asserted.
 *
 * Beside them, what claiming the Idempotency-Key in the transaction's own commit must keep: a
 * retry answers the first result even where the request, checked again, would now be refused; a
 * refusal stays the key's answer; concurrent requests with one key make one payment.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { players, sessions } from '../db/schema';
import { getBalance, ledgerTotals } from '../modules/wallet/ledger';
import { DatabaseSandboxStore } from '../providers/sandbox/database-store';
import { SandboxProvider } from '../providers';
import { payGroupId } from './api-calls';
import { isRecord } from '../platform/is-record';
import { createTestDatabase, createTestSession, startTestServer } from './harness';
import type { TestDatabase, TestServer } from './harness';
import { StatementCounter, countedDatabase, countingHandle } from './statement-counter';
import type { StatementFigures } from './statement-counter';

/**
 * At most this many statements (BEGIN and COMMIT not counted) per sandbox card deposit: the
 * budget was once 16; the reads before the writes are one statement since (the payer's
 * figures, payments/payer.ts loadPayerOf), which left 10; the session's money-call count is one
 * upsert since it is shared by every process (docs/decisions/0112-shared-rate-limits.md): 11.
 */
const DEPOSIT_STATEMENT_BUDGET = 11;

/** The same for a mobile payout (the reservation's row lock and ledger entries on top). */
const PAYOUT_STATEMENT_BUDGET = 19;

/**
 * The same for a payout to a payout account (a bank transfer to an IBAN): the mobile payout's,
 * and the lock and the read that find the player's first withdrawal to the account
 * (payments/first-payout.ts).
 */
const ACCOUNT_PAYOUT_STATEMENT_BUDGET = PAYOUT_STATEMENT_BUDGET + 2;

const CASHIER = '/api/cashier-service/v1.0';
const APPROVED_VISA = '4000000000000101';

let database: TestDatabase;
let server: TestServer;
const cashier = new StatementCounter();
const provider = new StatementCounter();

beforeAll(async () => {
  database = await createTestDatabase();
  const providerDb = countingHandle(database, provider);
  server = await startTestServer({
    database: countedDatabase(database, cashier),
    provider: new SandboxProvider({ store: new DatabaseSandboxStore(providerDb) }),
  });
});

afterAll(async () => {
  await server.close();
  await database.close();
});

async function post(path: string, sessionId: string, body: unknown, key = randomUUID()) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'x-session-id': sessionId,
      'content-type': 'application/json',
      'idempotency-key': key,
    },
    body: JSON.stringify(body),
  });
  const parsed: unknown = await response.json();
  return {
    status: response.status,
    body: parsed,
    replayed: response.headers.get('idempotent-replayed') === 'true',
  };
}

/** Counts one call: the cashier's statements and the sandbox provider's, apart. */
async function counted<T>(
  call: () => Promise<T>,
): Promise<{ result: T; cashier: StatementFigures; provider: StatementFigures }> {
  cashier.reset();
  provider.reset();
  const result = await call();
  return { result, cashier: cashier.figures(), provider: provider.figures() };
}

function report(name: string, figures: { cashier: StatementFigures; provider: StatementFigures }) {
  const line = (who: string, f: StatementFigures) =>
    `${who}: ${String(f.statements)} statements, ${String(f.begins)} BEGIN, ${String(f.commits)} COMMIT, ${String(f.autocommits)} writes committed alone, ${String(f.rollbacks)} ROLLBACK`;
  process.stdout.write(
    [
      `[submit-statements] ${database.kind} ${name}`,
      `  ${line('cashier', figures.cashier)}`,
      `  ${line('sandbox provider', figures.provider)}`,
      ...(process.env.SHOW_STATEMENTS === '1'
        ? figures.cashier.log.map((text, index) => `    ${String(index + 1)}. ${text}`)
        : []),
      '',
    ].join('\n'),
  );
}

async function playerOf(sessionId: string): Promise<string> {
  const [row] = await server.db.select().from(sessions).where(eq(sessions.id, sessionId));
  if (row === undefined) throw new Error('no session');
  return row.playerId;
}

describe('statements of one submit', () => {
  it(`a sandbox card deposit makes at most ${String(DEPOSIT_STATEMENT_BUDGET)} statements, 2 transactions and 1 write alone`, async () => {
    const sessionId = await createTestSession(server, { player: `stmt-${randomUUID()}` });
    const path = `${CASHIER}/payments/groups/${String(await payGroupId(server, 'card', 'deposit'))}/submit`;
    const body = {
      amount: '10',
      currency: 'EUR',
      parameters: {
        card_pan: APPROVED_VISA,
        month: '12',
        year: '30',
        card_cvv: '737',
        card_cardholder_name: 'Dana Demo',
      },
    };
    // The first submit warms what a process does once; the second is the one counted.
    expect((await post(path, sessionId, body)).status).toBe(200);
    const second = await counted(() => post(path, sessionId, body));
    report('card deposit submit', second);
    expect(second.result).toMatchObject({
      status: 200,
      body: { transaction_status: 'success', user_balance: '520.00' },
    });
    const player = await playerOf(sessionId);
    const balance = await getBalance(server.db, player, 'EUR');
    expect(balance.balance).toBe('520');
    expect(await ledgerTotals(server.db, player, 'EUR')).toEqual({
      amount: balance.balance,
      reserved: balance.reserved,
    });
    expect(second.cashier.statements).toBeLessThanOrEqual(DEPOSIT_STATEMENT_BUDGET);
    // The creating transaction (claim with it) and the outcome (completion with it); alone, only
    // the session's money-call count, shared by every process (it counts refused calls too).
    expect(second.cashier.commits).toBe(2);
    expect(second.cashier.autocommits).toBe(1);
  });

  it(`a payout submit makes at most ${String(PAYOUT_STATEMENT_BUDGET)} statements, 2 transactions and 1 write alone`, async () => {
    const name = `stmt-po-${randomUUID()}`;
    const sessionId = await createTestSession(server, {
      player: name,
      flow: 'withdrawal',
      currency: 'EUR',
    });
    await server.db
      .update(players)
      .set({ phone: '+4915100000042', country: 'DE' })
      .where(eq(players.id, await playerOf(sessionId)));
    const path = `${CASHIER}/payouts/groups/${String(await payGroupId(server, 'mobile_payout', 'withdrawal'))}/submit`;
    const body = { amount: '10', currency: 'EUR' };
    expect((await post(path, sessionId, body)).status).toBe(200);
    const second = await counted(() => post(path, sessionId, body));
    report('mobile payout submit', second);
    expect(second.result).toMatchObject({
      status: 200,
      body: { transaction_status: 'success', user_balance: '480.00' },
    });
    const player = await playerOf(sessionId);
    const balance = await getBalance(server.db, player, 'EUR');
    expect(await ledgerTotals(server.db, player, 'EUR')).toEqual({
      amount: balance.balance,
      reserved: balance.reserved,
    });
    expect(second.cashier.statements).toBeLessThanOrEqual(PAYOUT_STATEMENT_BUDGET);
    expect(second.cashier.commits).toBe(2);
    expect(second.cashier.autocommits).toBe(1);
  });

  it(`a payout to an IBAN makes at most ${String(ACCOUNT_PAYOUT_STATEMENT_BUDGET)} statements, 2 transactions and 1 write alone`, async () => {
    const sessionId = await createTestSession(server, {
      player: `stmt-iban-${randomUUID()}`,
      flow: 'withdrawal',
      currency: 'EUR',
    });
    const path = `${CASHIER}/payouts/groups/${String(await payGroupId(server, 'bank_payout', 'withdrawal'))}/submit`;
    const body = {
      amount: '60',
      currency: 'EUR',
      parameters: {
        iban: 'DE89370400440532013000',
        birth_date: '1990-04-01T00:00:00.000Z',
        account_owner_confirmed: true,
      },
    };
    const warm = await post(path, sessionId, body);
    expect(warm.status, JSON.stringify(warm.body)).toBe(200);
    const second = await counted(() => post(path, sessionId, body));
    report('bank payout submit', second);
    expect(second.result).toMatchObject({ status: 200, body: { transaction_status: 'success' } });
    expect(second.cashier.statements).toBeLessThanOrEqual(ACCOUNT_PAYOUT_STATEMENT_BUDGET);
    expect(second.cashier.commits).toBe(2);
    expect(second.cashier.autocommits).toBe(1);
  });
});

/** A withdrawal session of a new player with a profile phone (500 EUR by the seed). */
async function payoutPlayer(): Promise<{ sessionId: string; path: string }> {
  const sessionId = await createTestSession(server, {
    player: `lean-${randomUUID()}`,
    flow: 'withdrawal',
    currency: 'EUR',
  });
  await server.db
    .update(players)
    .set({ phone: '+4915100000042', country: 'DE' })
    .where(eq(players.id, await playerOf(sessionId)));
  const group = await payGroupId(server, 'mobile_payout', 'withdrawal');
  return { sessionId, path: `${CASHIER}/payouts/groups/${String(group)}/submit` };
}

describe('the key claimed with the transaction', () => {
  it('a retry of a paid withdrawal answers its first result, though checked again it would be refused', async () => {
    const { sessionId, path } = await payoutPlayer();
    const key = randomUUID();
    const first = await post(path, sessionId, { amount: '500', currency: 'EUR' }, key);
    expect(first).toMatchObject({ status: 200, body: { transaction_status: 'success' } });
    // The balance is 0 now: the same request under a new key is refused (1206) ...
    const fresh = await post(path, sessionId, { amount: '500', currency: 'EUR' });
    expect(fresh).toMatchObject({ status: 409, body: { error_code: '1206' } });
    // ... but under its own key it is the payout already made, never a refusal or a second one.
    const retry = await post(path, sessionId, { amount: '500', currency: 'EUR' }, key);
    expect(retry).toMatchObject({ status: 200, replayed: true, body: first.body });
    const player = await playerOf(sessionId);
    expect(await getBalance(server.db, player, 'EUR')).toEqual({
      currency: 'EUR',
      balance: '0',
      reserved: '0',
    });
  });

  it('a refusal is the key’s answer: repeated as it was, even once the request would pass', async () => {
    const { sessionId, path } = await payoutPlayer();
    const key = randomUUID();
    const refused = await post(path, sessionId, { amount: '600', currency: 'EUR' }, key);
    expect(refused).toMatchObject({ status: 409, body: { error_code: '1206' } });
    const player = await playerOf(sessionId);
    // Money arrives; the same key still answers its refusal and pays nothing.
    await server.db.execute(
      sql`update player_balances set balance = balance + 200 where player_id = ${player}`,
    );
    const again = await post(path, sessionId, { amount: '600', currency: 'EUR' }, key);
    expect(again).toMatchObject({ status: 409, replayed: true, body: refused.body });
    expect((await getBalance(server.db, player, 'EUR')).balance).toBe('700');
  });

  it('concurrent requests with one key make one payout, and every one answers it', async () => {
    const { sessionId, path } = await payoutPlayer();
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        post(path, sessionId, { amount: '100', currency: 'EUR' }, key),
      ),
    );
    const ids = new Set(
      answers.map((answer) => {
        expect(answer.status).toBe(200);
        return isRecord(answer.body) ? answer.body.transaction_id : undefined;
      }),
    );
    expect(ids.size).toBe(1);
    const player = await playerOf(sessionId);
    expect(await getBalance(server.db, player, 'EUR')).toEqual({
      currency: 'EUR',
      balance: '400',
      reserved: '0',
    });
    expect(await ledgerTotals(server.db, player, 'EUR')).toEqual({
      amount: '400',
      reserved: '0',
    });
  });
});
