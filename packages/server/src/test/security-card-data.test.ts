/**
 * After a run of card payments through the real deposit submit with the
 * sandbox test cards (new card approved and saved, saved card, declined, insufficient funds,
 * 3-D Secure passed and failed, processing, refused input), neither a dump of every table and
 * column (the sandbox provider's tables included) nor the captured logs nor the sandbox
 * provider's state hold a test card number (plain, spaced or dashed) or a CVV that was typed; and
 * a player can neither see nor act on another player's card or payout account (404).
 *
 * How the CVV check avoids false positives: every payment types its own distinctive CVV, and a
 * CVV counts as found when a value equals it or contains it as a separate token (not inside a
 * longer run of letters, digits or "_", so "0737" in a uuid or "1737..." in a time stamp do not
 * count). Timestamp columns are left out of the token search (their milliseconds, such as
 * ".737+00", would be tokens, and a timestamp cannot hold card data). Amounts are chosen so that
 * no balance or ledger amount can be one of the CVVs. A positive control shows the search finds
 * a CVV where one is.
 */
import { SEED_BRANDS } from '../db/seed-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import { ENDPOINTS, buildPath } from '@cashdesk/contract';
import type { Database } from '../db/open';
import { payoutAccounts, players, savedCards } from '../db/schema';
import { DatabaseSandboxStore, SandboxProvider } from '../providers';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';
import { depositPayGroupId, reload } from './alt-fixtures';
import { withIdempotencyKey } from './api-calls';

/** The test cards of the run, each with its own CVV (sandbox README test card table). */
const CARDS = {
  approvedSaved: { pan: '4000000000000101', cvv: '737' },
  approvedMastercard: { pan: '5100000000000107', cvv: '918' },
  declined: { pan: '4000000000000200', cvv: '462' },
  insufficientFunds: { pan: '5100000000000305', cvv: '385' },
  challengePassSaved: { pan: '4000000000000507', cvv: '604' },
  challengeFail: { pan: '5100000000000503', cvv: '259' },
  processing: { pan: '4000000000000606', cvv: '841' },
  luhnFail: { pan: '4000000000000102', cvv: '196' },
  malformedBody: { pan: '5100000000000404', cvv: '327' },
  wrongType: { pan: '4000000000000408', cvv: '752' },
} as const;
/** The CVV retyped for the saved-card payment. */
const SAVED_CARD_CVV = '573';

const ALL_PANS = Object.values(CARDS).map((card) => card.pan);
const ALL_CVVS = [...Object.values(CARDS).map((card) => card.cvv), SAVED_CARD_CVV];

/** A card number as typed: plain, grouped by spaces (SPEC §5 display) or by dashes. */
function panForms(pan: string): string[] {
  const groups = pan.match(/.{1,4}/g) ?? [pan];
  return [pan, groups.join(' '), groups.join('-')];
}

const PAN_FORMS = ALL_PANS.flatMap(panForms);

/** Log fields the logger and the framework fill themselves, never from a request. */
const LOG_META_FIELDS: ReadonlySet<string> = new Set([
  '.hostname',
  '.time',
  '.pid',
  '.responseTime',
]);

/** Whether `text` holds a CVV as a value of its own or a separate token (see the module comment). */
function cvvTokensIn(text: string): string[] {
  return ALL_CVVS.filter((cvv) => new RegExp(`(?<![A-Za-z0-9_])${cvv}(?![A-Za-z0-9_])`).test(text));
}

/** Every string (and number, as text) inside a JSON-like value, with its key path. */
function leaves(value: unknown, path: string, out: { path: string; text: string }[]): void {
  if (typeof value === 'string') out.push({ path, text: value });
  else if (typeof value === 'number' || typeof value === 'bigint') {
    out.push({ path, text: String(value) });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => {
      leaves(item, `${path}[${String(index)}]`, out);
    });
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) leaves(item, `${path}.${key}`, out);
  }
}

/** Keys that would name card data wherever they appear. */
const CARD_KEY = /^(?:card_?pan|card_?cvv|cvv|cvc|pan|card_?number|security_?code)$/i;

function cardKeysIn(value: unknown, path: string, out: { path: string; value: unknown }[]): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      cardKeysIn(item, `${path}[${String(index)}]`, out);
    });
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (CARD_KEY.test(key)) out.push({ path: `${path}.${key}`, value: item });
      cardKeysIn(item, `${path}.${key}`, out);
    }
  }
}

// --- the database dump ----------------------------------------------------------------------------

const Rows = <T extends z.ZodMiniType>(row: T) => z.object({ rows: z.array(row) });
const TableRow = z.object({ table_schema: z.string(), table_name: z.string() });
const ColumnRow = z.object({ column_name: z.string(), data_type: z.string() });
const DumpRow = z.object({ row: z.record(z.string(), z.unknown()) });

/** One cell of the dump. */
interface Cell {
  readonly table: string;
  readonly column: string;
  readonly dataType: string;
  readonly value: unknown;
}

/** Every cell of every table (information_schema lists them), every column, every row. */
async function dumpDatabase(db: Database): Promise<{ cells: Cell[]; columns: string[] }> {
  const tables = Rows(TableRow).parse(
    await db.execute(sql`
      select table_schema, table_name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by table_schema, table_name`),
  ).rows;
  const cells: Cell[] = [];
  const columns: string[] = [];
  for (const { table_schema: schema, table_name: name } of tables) {
    const table = `${schema}.${name}`;
    const columnTypes = Rows(ColumnRow).parse(
      await db.execute(sql`
        select column_name, data_type from information_schema.columns
        where table_schema = ${schema} and table_name = ${name}`),
    ).rows;
    const types = new Map(columnTypes.map((column) => [column.column_name, column.data_type]));
    columns.push(...columnTypes.map((column) => `${table}.${column.column_name}`));
    const rows = Rows(DumpRow).parse(
      await db.execute(
        sql`select to_jsonb(t) as row from ${sql.identifier(schema)}.${sql.identifier(name)} t`,
      ),
    ).rows;
    for (const { row } of rows) {
      for (const [column, value] of Object.entries(row)) {
        cells.push({ table, column, dataType: types.get(column) ?? 'unknown', value });
      }
    }
  }
  return { cells, columns };
}

// --- the run ------------------------------------------------------------------------------------

let server: TestServer;
let demo: string;
let demo2: string;
let cardGroupId: number;

/** The app's clock stands still unless the test moves it: payments settle when it says so. */
let now = Date.now();
const clock = (): Date => new Date(now);

beforeAll(async () => {
  server = await startTestServer({
    provider: (db) =>
      new SandboxProvider({ store: new DatabaseSandboxStore(db), settleAfterMs: 300 }),
    clock,
  });
  demo = await createTestSession(server, { player: 'demo' });
  demo2 = await createTestSession(server, { player: 'demo2' });
  cardGroupId = await depositPayGroupId(server, 'card');
});

afterAll(async () => {
  await server.close();
});

interface Answer {
  readonly status: number;
  readonly body: unknown;
}

async function request(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  session: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: withIdempotencyKey(path, {
      'x-session-id': session,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    }),
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : parseJson(text) };
}

function parseJson(text: string): unknown {
  return JSON.parse(text);
}

function field(body: unknown, name: string): unknown {
  if (typeof body !== 'object' || body === null) return undefined;
  return Object.entries(body).find(([key]) => key === name)?.[1];
}

function submitPath(): string {
  return buildPath(ENDPOINTS.depositSubmit, { payGroupId: cardGroupId });
}

/** A new-card deposit as the widget sends it (SPEC §3 submit payload). */
async function payWithNewCard(
  card: { readonly pan: string; readonly cvv: string },
  amount: string,
  options: { readonly spaced?: boolean; readonly save?: boolean; readonly key?: string } = {},
): Promise<Answer> {
  const pan = options.spaced === true ? panForms(card.pan)[1] : card.pan;
  return request(
    'POST',
    submitPath(),
    demo,
    JSON.stringify({
      amount,
      currency: 'EUR',
      parameters: {
        card_pan: pan,
        card_cvv: card.cvv,
        month: '12',
        year: '30',
        card_cardholder_name: 'Dana Demo',
        save_card: options.save === true,
      },
      save_card: options.save === true,
    }),
    options.key === undefined ? {} : { 'idempotency-key': options.key },
  );
}

function transactionIdOf(answer: Answer): string {
  const id = field(answer.body, 'transaction_id');
  if (typeof id !== 'string') throw new Error(`no pay session: ${JSON.stringify(answer)}`);
  return id;
}

async function savedCardId(playerExternalId: string, last4: string): Promise<string> {
  const [row] = await server.db
    .select({ id: savedCards.id })
    .from(savedCards)
    .innerJoin(players, eq(players.id, savedCards.playerId))
    .where(
      and(
        eq(players.brandId, 'brand0'),
        eq(players.externalId, playerExternalId),
        eq(savedCards.last4, last4),
      ),
    );
  if (row === undefined) throw new Error(`no saved card ${last4} of ${playerExternalId}`);
  return row.id;
}

describe('card data never stored or logged (docs/architecture.md)', () => {
  beforeAll(async () => {
    // 1. A new card, approved, saved (typed with spaces, SPEC §5).
    const approved = await payWithNewCard(CARDS.approvedSaved, '25', {
      spaced: true,
      save: true,
      key: 'security-run-approved-1',
    });
    expect(approved).toMatchObject({ status: 200, body: { transaction_status: 'success' } });
    // 2. Another approved card, not saved.
    expect(await payWithNewCard(CARDS.approvedMastercard, '26')).toMatchObject({
      status: 200,
      body: { transaction_status: 'success' },
    });
    // 3, 4. Declined and insufficient funds.
    for (const card of [CARDS.declined, CARDS.insufficientFunds]) {
      expect(await payWithNewCard(card, '27')).toMatchObject({
        status: 200,
        body: { transaction_status: 'error', error_code: '1301' },
      });
    }
    // 5. 3-D Secure passed on the sandbox page, card saved.
    const challenged = await payWithNewCard(CARDS.challengePassSaved, '28', {
      save: true,
      key: 'security-run-3ds-pass',
    });
    expect(challenged).toMatchObject({ status: 200, body: { transaction_status: 'await' } });
    const passId = transactionIdOf(challenged);
    const page = await fetch(`${server.baseUrl}/sandbox/3ds/${passId}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'result=pass',
    });
    expect(page.status).toBe(303);
    expect((await reload(server, passId)).status).toBe('success');
    // 6. 3-D Secure failed through payments/3ds-result.
    const failing = await payWithNewCard(CARDS.challengeFail, '29');
    const failed = await request(
      'POST',
      ENDPOINTS.alt3dsResult.path,
      demo,
      JSON.stringify({ transaction_id: transactionIdOf(failing), outcome: 'failed' }),
    );
    expect(failed).toMatchObject({ status: 200, body: { transaction_status: 'error' } });
    // 7. Processing, settled by a status poll.
    const processing = await payWithNewCard(CARDS.processing, '31');
    expect(processing).toMatchObject({ status: 200, body: { transaction_status: 'processing' } });
    now += 400;
    const settled = await request(
      'GET',
      buildPath(ENDPOINTS.altStatus, { transactionId: transactionIdOf(processing) }),
      demo,
    );
    expect(settled).toMatchObject({ status: 200, body: { transaction_status: 'success' } });
    // 8. The saved card of payment 1, with its CVV retyped.
    const saved = await request(
      'POST',
      submitPath(),
      demo,
      JSON.stringify({
        amount: '32',
        currency: 'EUR',
        card_data: { card_id: await savedCardId('demo', '0101') },
        parameters: { card_cvv: SAVED_CARD_CVV },
      }),
      { 'idempotency-key': 'security-run-saved-card' },
    );
    expect(saved).toMatchObject({ status: 200, body: { transaction_status: 'success' } });
    // 9. Refused input: a number failing Luhn, a body that is not JSON, a number as a number.
    expect(await payWithNewCard(CARDS.luhnFail, '33')).toMatchObject({
      status: 400,
      body: { error_code: '1002', error_field: 'body.parameters.card_pan' },
    });
    const malformed = await request(
      'POST',
      submitPath(),
      demo,
      `{"amount":"34","currency":"EUR","parameters":{"card_pan":"${CARDS.malformedBody.pan}","card_cvv":"${CARDS.malformedBody.cvv}"`,
    );
    expect(malformed).toMatchObject({ status: 400, body: { error_code: '1001' } });
    const wrongType = await request(
      'POST',
      submitPath(),
      demo,
      `{"amount":"35","currency":"EUR","parameters":{"card_pan":${CARDS.wrongType.pan},"card_cvv":"${CARDS.wrongType.cvv}"}}`,
    );
    expect(wrongType).toMatchObject({ status: 400, body: { error_code: '1002' } });
  });

  it('ran what it claims: saved cards keep only BIN and last four, logs name the cards by last four', async () => {
    const rows = await server.db
      .select({ last4: savedCards.last4, bin: savedCards.bin, token: savedCards.token })
      .from(savedCards)
      .innerJoin(players, eq(players.id, savedCards.playerId))
      .where(and(eq(players.brandId, 'brand0'), eq(players.externalId, 'demo')));
    const seeded = new Set(
      SEED_BRANDS.flatMap((brand) =>
        brand.players.flatMap((player) => player.cards.map((card) => card.token)),
      ),
    );
    const fromRun = rows.filter((row) => !seeded.has(row.token));
    expect(fromRun.map((row) => [row.bin, row.last4]).sort()).toEqual([
      ['400000', '0101'],
      ['400000', '0507'],
    ]);
    const logs = server.logs();
    expect(logs).toContain('"card":{"last4":"0101","digits":16}');
    expect(logs).toContain('"card":{"last4":"0606","digits":16}');
  });

  it('finds a CVV where one is (positive control of the search)', () => {
    expect(cvvTokensIn('{"card_cvv":"737"}')).toEqual(['737']);
    expect(cvvTokensIn('cvv=918&x=1')).toEqual(['918']);
    expect(cvvTokensIn('a0737b 2025-01-01T10:00:00.737Z 1737000000 sbx_737x')).toEqual([]);
    expect(PAN_FORMS).toContain('4000 0000 0000 0101');
    expect(PAN_FORMS).toContain('4000-0000-0000-0101');
  });

  it('has no card number or CVV anywhere in a dump of every table and column', async () => {
    const { cells, columns } = await dumpDatabase(server.db);
    // The dump covers the card-related tables (a dump of nothing would pass).
    expect(columns).toEqual(
      expect.arrayContaining([
        'public.saved_cards.token',
        'public.transactions.parameters',
        'public.transactions.provider_data',
        'public.idempotency_keys.response_body',
        'public.sandbox_payments.card_last4',
        'public.sandbox_tokens.card_last4',
        'public.sandbox_transactions.outcome',
      ]),
    );
    expect(cells).toContainEqual({
      table: 'public.sandbox_tokens',
      column: 'card_last4',
      dataType: 'text',
      value: '0101',
    });
    expect(cells).toContainEqual({
      table: 'public.saved_cards',
      column: 'last4',
      dataType: 'text',
      value: '0101',
    });
    expect(cells.filter((cell) => cell.table === 'public.transactions').length).toBeGreaterThan(0);

    expect(columns.filter((column) => CARD_KEY.test(column.split('.').at(-1) ?? ''))).toEqual([]);
    const text = JSON.stringify(cells);
    expect(PAN_FORMS.filter((pan) => text.includes(pan))).toEqual([]);

    const found: string[] = [];
    const keys: { path: string; value: unknown }[] = [];
    for (const cell of cells) {
      const values: { path: string; text: string }[] = [];
      leaves(cell.value, `${cell.table}.${cell.column}`, values);
      cardKeysIn(cell.value, `${cell.table}.${cell.column}`, keys);
      const isTimestamp = cell.dataType.startsWith('timestamp');
      for (const { path, text: leaf } of values) {
        if (ALL_CVVS.includes(leaf)) found.push(`${path} = ${leaf}`);
        else if (!isTimestamp && cvvTokensIn(leaf).length > 0) found.push(`${path} ~ ${leaf}`);
      }
    }
    expect(found).toEqual([]);
    expect(keys).toEqual([]);
  });

  it('has no card number or CVV in the captured logs; card keys are redacted', () => {
    const logs = server.logs();
    expect(PAN_FORMS.filter((pan) => logs.includes(pan))).toEqual([]);
    const lines = logs.split('\n').filter((line) => line.trim() !== '');
    expect(lines.length).toBeGreaterThan(20);
    const found: string[] = [];
    const keys: { path: string; value: unknown }[] = [];
    for (const line of lines) {
      const entry = parseJson(line);
      const values: { path: string; text: string }[] = [];
      leaves(entry, '', values);
      cardKeysIn(entry, '', keys);
      for (const { path, text } of values) {
        // pino's own fields (time, pid, hostname) and Fastify's measured responseTime (a float
        // such as 196.15…, which would read as the CVV 196) are not request data.
        if (LOG_META_FIELDS.has(path)) continue;
        if (cvvTokensIn(text).length > 0) found.push(`${path} ~ ${text}`);
      }
    }
    expect(found).toEqual([]);
    expect(keys.filter((key) => key.value !== '[REDACTED]')).toEqual([]);
  });

  it("keeps no card number or CVV in the sandbox provider's state (sandbox README)", async () => {
    const provider = server.app.cashdesk.connectors.defaultProvider;
    if (!(provider instanceof SandboxProvider)) throw new Error('not the sandbox provider');
    const memory = JSON.stringify(await provider.snapshot());
    expect(memory).toContain('"last4":"0101"');
    expect(PAN_FORMS.filter((pan) => memory.includes(pan))).toEqual([]);
    expect(cvvTokensIn(memory)).toEqual([]);
  });
});

describe("another player's cards and accounts (SPEC §6)", () => {
  const notFound = { error_code: '1008', error_message: 'CASHIER.ERROR.NOT_FOUND' };

  it("cannot see, check or delete another player's saved card (404)", async () => {
    const foreign = await savedCardId('demo2', '0004');
    const list = await request('GET', ENDPOINTS.userCardsList.path, demo);
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(foreign);

    const removal = await request(
      'DELETE',
      ENDPOINTS.userCardsDelete.path,
      demo,
      JSON.stringify({ card_id: foreign, withholding_type: 'Payment' }),
    );
    expect(removal).toEqual({ status: 404, body: { ...notFound, error_field: 'body.card_id' } });
    const check = await request(
      'POST',
      ENDPOINTS.userCardsRecurringCheck.path,
      demo,
      JSON.stringify({ user_card_id: foreign, amount: '10' }),
    );
    expect(check).toEqual({ status: 404, body: { ...notFound, error_field: 'body.user_card_id' } });
    const pay = await request(
      'POST',
      submitPath(),
      demo,
      JSON.stringify({
        amount: '36',
        currency: 'EUR',
        card_data: { card_id: foreign },
        parameters: { card_cvv: '123' },
      }),
    );
    expect(pay).toMatchObject({ status: 404, body: notFound });
    // The owner still has it.
    const own = await request('GET', ENDPOINTS.userCardsList.path, demo2);
    expect(JSON.stringify(own.body)).toContain(foreign);
  });

  it("cannot see or verify another player's payout account (404)", async () => {
    const [account] = await server.db
      .select({ id: payoutAccounts.id, payGroupId: payoutAccounts.payGroupId })
      .from(payoutAccounts)
      .innerJoin(players, eq(players.id, payoutAccounts.playerId))
      .where(and(eq(players.brandId, 'brand0'), eq(players.externalId, 'demo2')));
    if (account === undefined || account.payGroupId === null) {
      throw new Error('demo2 has no payout account');
    }
    const withdrawal = await createTestSession(server, { player: 'demo', flow: 'withdrawal' });
    const detail = await request(
      'POST',
      buildPath(ENDPOINTS.payoutSelect, { payGroupId: account.payGroupId }),
      withdrawal,
      JSON.stringify({ currency: 'EUR' }),
    );
    expect(detail.status).toBe(200);
    expect(JSON.stringify(detail.body)).not.toContain(account.id);

    const send = await request(
      'POST',
      ENDPOINTS.otpSend.path,
      withdrawal,
      JSON.stringify({ contact_type: 'email', requisite_id: account.id }),
    );
    expect(send).toMatchObject({ status: 404, body: notFound });
    const verify = await request(
      'POST',
      ENDPOINTS.otpVerify.path,
      withdrawal,
      JSON.stringify({ otp: '123456', requisite_id: account.id }),
    );
    expect(verify).toMatchObject({ status: 404, body: notFound });

    const ownerSession = await createTestSession(server, { player: 'demo2', flow: 'withdrawal' });
    const owner = await request(
      'POST',
      buildPath(ENDPOINTS.payoutSelect, { payGroupId: account.payGroupId }),
      ownerSession,
      JSON.stringify({ currency: 'EUR' }),
    );
    expect(JSON.stringify(owner.body)).toContain(account.id);
  });
});
