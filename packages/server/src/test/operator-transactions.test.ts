/**
 * The transactions of the operator API on the real server over HTTP: one by id as
 * the webhooks carry it, the filtered list whose cursor walk returns every row exactly once while
 * new payments are made between pages, and the CSV export that parses back (with an independent
 * RFC 4180 parser) to the same rows, formula-safe. Every route refuses a bad key, a missing
 * scope, another brand's transaction and invalid input.
 */
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ERROR_CODES,
  OperatorTransaction,
  TRANSACTION_CSV_COLUMNS,
  TransactionPage,
} from '@cashdesk/contract';
import { exportOperatorTransactions } from '../modules/operator/transactions';
import { cardDepositSubmit, payGroupId } from './api-calls';
import { startTestServer } from './harness';
import type { TestServer } from './harness';
import { operatorDepositSession } from './operator-player-calls';
import { ledgerViolations } from './money-invariants';
import {
  OPERATOR_ENV,
  createOperatorBrand,
  freshBrandId,
  mintKey,
  operatorCall,
  errorFields,
} from './operator-calls';
import type { OperatorBrand } from './operator-calls';

let server: TestServer;
let brand0: string;
let other: OperatorBrand;

beforeAll(async () => {
  server = await startTestServer({ env: OPERATOR_ENV });
  brand0 = (await mintKey(server, 'brand0')).key;
  other = await createOperatorBrand(server);
});

afterAll(async () => {
  await server.close();
});

/** A new brand0 player with a deposit session; returns the session id. */
function newSession(external: string): Promise<string> {
  return operatorDepositSession(server, brand0, external);
}

/** A card deposit of `amount` EUR (approved, or declined with the sandbox's declining card). */
async function deposit(sessionId: string, amount: string, declined = false): Promise<void> {
  const answer = await cardDepositSubmit(
    server,
    sessionId,
    amount,
    declined ? '4000000000000200' : undefined,
  );
  expect(answer.status).toBe(200);
}

async function list(query: Record<string, string>, key = brand0) {
  const answer = await operatorCall(
    server,
    'GET',
    `/transactions?${new URLSearchParams(query).toString()}`,
    key,
  );
  expect(answer.status, answer.text).toBe(200);
  return TransactionPage.parse(answer.body);
}

describe('operator API: GET /transactions/{id}', () => {
  it('answers a transaction as the webhooks carry it; never a session id or card number', async () => {
    const external = freshBrandId('tx');
    const session = await newSession(external);
    await deposit(session, '12.34');
    const [listed] = (await list({ player_id: external })).transactions;
    expect(listed).toMatchObject({
      flow: 'deposit',
      status: 'success',
      amount: '12.34',
      currency: 'EUR',
      player_id: external,
      pay_group: 'card',
      method_kind: 'card',
    });
    const answer = await operatorCall(server, 'GET', `/transactions/${listed?.id ?? ''}`, brand0);
    expect(answer.status).toBe(200);
    expect(OperatorTransaction.parse(answer.body)).toEqual(listed);
    expect(answer.text).not.toContain(session);
    expect(answer.text).not.toContain('4000000000000101');
  });

  it('answers 404 for another brand’s or an unknown transaction, 400 for a malformed id, 401/403 for keys', async () => {
    const [any] = (await list({ limit: '1' })).transactions;
    const id = any?.id ?? '';
    const foreign = await operatorCall(server, 'GET', `/transactions/${id}`, other.key);
    expect(foreign.status).toBe(404);
    expect(errorFields(foreign.body).code).toBe(ERROR_CODES.operatorNotFound.code);
    expect(
      (await operatorCall(server, 'GET', `/transactions/${randomUUID()}`, brand0)).status,
    ).toBe(404);
    const bad = await operatorCall(server, 'GET', '/transactions/not-a-uuid', brand0);
    expect(bad.status).toBe(400);
    expect(errorFields(bad.body).field).toBe('params.transactionId');
    expect((await operatorCall(server, 'GET', `/transactions/${id}`, null)).status).toBe(401);
    const noScope = (await mintKey(server, 'brand0', ['players:read'])).key;
    for (const path of [`/transactions/${id}`, '/transactions', '/transactions.csv']) {
      expect((await operatorCall(server, 'GET', path, noScope)).status, path).toBe(403);
      expect((await operatorCall(server, 'GET', path, 'cdk_bad')).status, path).toBe(401);
    }
  });
});

describe('operator API: GET /transactions', () => {
  it('filters by player, status, flow, currency, creation time, pay group and method kind', async () => {
    const external = freshBrandId('tx');
    const session = await newSession(external);
    await deposit(session, '10');
    await deposit(session, '11', true);
    const mine = await list({ player_id: external });
    expect(mine.transactions.map((row) => row.amount)).toEqual(['11', '10']);
    expect(mine.transactions.map((row) => row.status)).toEqual(['error', 'success']);
    expect(
      (await list({ player_id: external, status: 'success' })).transactions.map(
        (row) => row.amount,
      ),
    ).toEqual(['10']);
    expect((await list({ player_id: external, flow: 'withdrawal' })).transactions).toEqual([]);
    expect((await list({ player_id: external, currency: 'JPY' })).transactions).toHaveLength(0);
    expect(
      (await list({ player_id: external, currency: 'EUR', method_kind: 'card' })).transactions,
    ).toHaveLength(2);
    expect(
      (await list({ player_id: external, method_kind: 'bank_transfer' })).transactions,
    ).toHaveLength(0);
    const groupId = String(await payGroupId(server, 'card', 'deposit'));
    expect((await list({ player_id: external, pay_group_id: groupId })).transactions).toHaveLength(
      2,
    );
    const oldest = mine.transactions.at(-1)?.created_at ?? '';
    expect((await list({ player_id: external, created_from: oldest })).transactions).toHaveLength(
      2,
    );
    expect((await list({ player_id: external, created_to: oldest })).transactions).toHaveLength(0);
    expect(
      (await list({ player_id: external, created_from: '2999-01-01T00:00:00Z' })).transactions,
    ).toHaveLength(0);
    // Another brand sees none of them.
    expect((await list({ player_id: external }, other.key)).transactions).toEqual([]);
  });

  it('filters by amount range as exact decimals, connector and provider reference', async () => {
    const external = freshBrandId('tx');
    const session = await newSession(external);
    await deposit(session, '10');
    await deposit(session, '11', true);
    const amounts = async (query: Record<string, string>) =>
      (await list({ player_id: external, ...query })).transactions.map((row) => row.amount);
    expect(await amounts({ amount_from: '10.5' })).toEqual(['11']);
    expect(await amounts({ amount_to: '10' })).toEqual(['10']);
    // 10.00 is 10: compared as numbers, not as text ("9" > "10" as text).
    expect(await amounts({ amount_from: '10.00', amount_to: '10.00' })).toEqual(['10']);
    expect(await amounts({ amount_from: '9', amount_to: '11' })).toEqual(['11', '10']);
    expect(await amounts({ connector: 'sandbox' })).toEqual(['11', '10']);
    expect(await amounts({ connector: 'psp-elsewhere' })).toEqual([]);
    const [latest] = (await list({ player_id: external, status: 'success' })).transactions;
    const reference = latest?.provider_reference;
    if (typeof reference !== 'string') throw new Error('a sandbox payment has a reference');
    expect(await amounts({ provider_reference: reference })).toEqual(['10']);
    expect(await amounts({ provider_reference: `${reference}-not` })).toEqual([]);
    // Another brand finds nothing by the same reference.
    expect((await list({ provider_reference: reference }, other.key)).transactions).toEqual([]);
  });

  it('answers 400 naming the field for bad filters and a cursor it did not make', async () => {
    for (const [query, field] of [
      ['cursor=bm9wZQ', 'query.cursor'],
      [
        `cursor=${Buffer.from('t:2026-01-01T00:00:00.000000Z|x').toString('base64url')}`,
        'query.cursor',
      ],
      ['limit=0', 'query.limit'],
      ['limit=201', 'query.limit'],
      ['status=lost', 'query.status'],
      ['flow=payout', 'query.flow'],
      ['currency=eur', 'query.currency'],
      ['created_from=yesterday', 'query.created_from'],
      ['pay_group_id=abc', 'query.pay_group_id'],
      ['method_kind=cash', 'query.method_kind'],
      ['amount_from=ten', 'query.amount_from'],
      ['amount_to=-1', 'query.amount_to'],
      ['connector=Bad_Name', 'query.connector'],
      ['provider_reference=', 'query.provider_reference'],
    ] as const) {
      const answer = await operatorCall(server, 'GET', `/transactions?${query}`, brand0);
      expect(answer.status, query).toBe(400);
      expect(errorFields(answer.body).field, query).toBe(field);
    }
    const csv = await operatorCall(server, 'GET', '/transactions.csv?status=lost', brand0);
    expect(csv.status).toBe(400);
    expect(errorFields(csv.body).field).toBe('query.status');
  });

  it('a cursor walk returns every row exactly once while new payments arrive between pages', async () => {
    const external = freshBrandId('walk');
    const session = await newSession(external);
    for (let i = 1; i <= 7; i += 1) await deposit(session, `${String(i + 5)}.01`, i % 3 === 0);
    const before = (await list({ player_id: external, limit: '200' })).transactions.map(
      (row) => row.id,
    );
    expect(before).toHaveLength(7);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    let inserted = 0;
    do {
      const page: Awaited<ReturnType<typeof list>> = await list({
        player_id: external,
        limit: '3',
        ...(cursor === null ? {} : { cursor }),
      });
      seen.push(...page.transactions.map((row) => row.id));
      cursor = page.next_cursor;
      pages += 1;
      // New payments between pages (two after each page).
      if (cursor !== null) {
        await deposit(session, `9${String(pages)}.5`);
        await deposit(session, `8${String(pages)}.5`, true);
        inserted += 2;
      }
    } while (cursor !== null);
    expect(pages).toBe(3);
    expect(inserted).toBe(4);
    expect(seen).toEqual(before);
    expect(new Set(seen).size).toBe(seen.length);

    const after = (await list({ player_id: external, limit: '200' })).transactions;
    expect(after).toHaveLength(11);
    expect(after.slice(4).map((row) => row.id)).toEqual(before);
    expect(await ledgerViolations(server.db)).toEqual([]);
  });
});

describe('operator API: GET /transactions.csv', () => {
  it('streams a header and the same rows as the list, exact decimals, RFC 4180, formula-safe', async () => {
    const external = `-cmd${freshBrandId('x')}`;
    const session = await newSession(external);
    await deposit(session, '1234.5');
    await deposit(session, '5.99', true);
    await deposit(session, '10');
    const answer = await operatorCall(
      server,
      'GET',
      `/transactions.csv?${new URLSearchParams({ player_id: external }).toString()}`,
      brand0,
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(answer.text.endsWith('\r\n')).toBe(true);
    const records: string[][] = parse(answer.text, { relax_column_count: false });
    expect(records[0]).toEqual([...TRANSACTION_CSV_COLUMNS]);
    const listed = (await list({ player_id: external })).transactions;
    expect(records.slice(1)).toEqual(
      listed.map((row) =>
        TRANSACTION_CSV_COLUMNS.map((column) => {
          const value = row[column];
          if (value === null) return '';
          const text = String(value);
          return /^[=+\-@]/.test(text) ? `'${text}` : text;
        }),
      ),
    );
    // The player id starts with "-": written with the apostrophe, never as a formula.
    const playerColumn = TRANSACTION_CSV_COLUMNS.indexOf('player_id');
    expect(records.slice(1).map((record) => record[playerColumn])).toEqual([
      `'${external}`,
      `'${external}`,
      `'${external}`,
    ]);
    expect(
      records.slice(1).map((record) => record[TRANSACTION_CSV_COLUMNS.indexOf('amount')]),
    ).toEqual(['10', '5.99', '1234.5']);
    expect(answer.text).not.toContain(session);

    // Another brand's export has only the header.
    const foreign = await operatorCall(server, 'GET', '/transactions.csv', other.key);
    expect(foreign.text).toBe(`${TRANSACTION_CSV_COLUMNS.join(',')}\r\n`);
  });

  it('reads in batches by the keyset: a batch of two gives the same file as one read, each row once', async () => {
    const whole = await operatorCall(server, 'GET', '/transactions.csv', brand0);
    const records: string[][] = parse(whole.text);
    const ids = records.slice(1).map((record) => record[0]);
    expect(ids.length).toBeGreaterThan(10);
    expect(new Set(ids).size).toBe(ids.length);
    let batched = '';
    for await (const chunk of exportOperatorTransactions(server.db, 'brand0', {}, 2)) {
      batched += String(chunk);
    }
    expect(batched).toBe(whole.text);
    let total = 0;
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof list>> = await list({
        limit: '200',
        ...(cursor === null ? {} : { cursor }),
      });
      total += page.transactions.length;
      cursor = page.next_cursor;
    } while (cursor !== null);
    expect(ids).toHaveLength(total);
  });
});
