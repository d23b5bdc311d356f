/**
 * Issue 16, part C: the statements and commits of one submit, counted at the database driver
 * (statement-counter.ts), on PGlite and (with TEST_DATABASE_URL) on PostgreSQL. The whole request
 * is counted: the session check, the policy's reads, the creating transaction, the outcome. The
 * sandbox provider keeps its state in the same database through a handle of its own, so its
 * statements are counted apart (a real PSP makes none).
 *
 * The figures are printed, so a change shows what it costs; the budget is asserted.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { players, sessions } from '../db/schema';
import { getBalance, ledgerTotals } from '../services/ledger';
import { DatabaseSandboxStore } from '../providers/sandbox/database-store';
import { SandboxProvider } from '../providers';
import { payGroupId } from './api-calls';
import { createTestDatabase, createTestSession, startTestServer } from './harness';
import type { TestDatabase, TestServer } from './harness';
import { StatementCounter, countedDatabase, countingHandle } from './statement-counter';
import type { StatementFigures } from './statement-counter';

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

async function post(path: string, sessionId: string, body: unknown) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'x-session-id': sessionId,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify(body),
  });
  const parsed: unknown = await response.json();
  return { status: response.status, body: parsed };
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

describe('statements of one submit (issue 16, part C)', () => {
  it('a sandbox card deposit is counted', async () => {
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
  });

  it('a payout submit is counted too', async () => {
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
  });
});
