/**
 * The payout approval queue of the operator API, on the real server over HTTP with the sandbox
 * provider: the transaction list, its count and its CSV filter on `awaiting_approval`; an unknown
 * query parameter or a bad value of the operator API is 400 naming it, never ignored; and the
 * brand's per-currency exempt amounts, below which a withdrawal is sent without approval
 * (strictly below: at the amount it waits).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  AuditPage,
  ERROR_CODES,
  BrandSettings,
  PayoutApprovalSetting,
  TransactionCount,
  TransactionPage,
} from '@cashdesk/contract';
import { players, sandboxTransactions } from '../db/schema';
import { cardPayoutSubmit, saveSandboxCard, withdrawalSession } from './api-calls';
import { startTestServer } from './harness';
import type { TestServer } from './harness';
import { ledgerViolations, reservationViolations } from './money-invariants';
import { OPERATOR_ENV, errorFields, mintKey, operatorCall } from './operator-calls';

let server: TestServer;
let key: string;

beforeAll(async () => {
  server = await startTestServer({ env: OPERATOR_ENV });
  key = (await mintKey(server, 'brand0')).key;
});

afterAll(async () => {
  await server.close();
});

interface Player {
  readonly name: string;
  readonly sessionId: string;
  readonly cardId: string;
}

/** A new brand0 player (EUR 500) with a withdrawal session and a saved card. */
async function newPlayer(): Promise<Player> {
  const name = `queue-${randomUUID().slice(0, 8)}`;
  const sessionId = await withdrawalSession(server, name);
  const [row] = await server.db
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.brandId, 'brand0'), eq(players.externalId, name)));
  if (row === undefined) throw new Error('no player');
  return { name, sessionId, cardId: await saveSandboxCard(server, row.id) };
}

/** A card withdrawal of `amount` EUR: its id and whether it waits for approval. */
async function payout(player: Player, amount: string): Promise<{ id: string; waits: boolean }> {
  const answer = await cardPayoutSubmit(server, player.sessionId, player.cardId, { amount });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const id = answer.body.transaction_id;
  if (typeof id !== 'string') throw new Error('no transaction id');
  const sent = await server.db
    .select({ calls: sandboxTransactions.calls })
    .from(sandboxTransactions)
    .where(eq(sandboxTransactions.transactionId, id));
  const read = await operatorCall(server, 'GET', `/transactions/${id}`, key);
  const waits = Reflect.get(Object(read.body), 'awaiting_approval') === true;
  // Waiting means unsent; not waiting means the provider has it.
  expect(sent.length).toBe(waits ? 0 : 1);
  return { id, waits };
}

async function setApproval(body: unknown) {
  return operatorCall(server, 'PUT', '/payout-approval', key, { body });
}

async function get(path: string) {
  return operatorCall(server, 'GET', path, key);
}

function query(values: Record<string, string>): string {
  return new URLSearchParams(values).toString();
}

async function listIds(values: Record<string, string>): Promise<string[]> {
  const answer = await get(`/transactions?${query(values)}`);
  expect(answer.status, answer.text).toBe(200);
  return TransactionPage.parse(answer.body).transactions.map((transaction) => transaction.id);
}

async function countOf(values: Record<string, string>): Promise<number> {
  const answer = await get(`/transactions/count?${query(values)}`);
  expect(answer.status, answer.text).toBe(200);
  return TransactionCount.parse(answer.body).count;
}

describe('operator API: the payout approval queue', () => {
  it('lists and counts the withdrawals awaiting approval (awaiting_approval=true), and the rest (false)', async () => {
    expect((await setApproval({ required: true })).status).toBe(200);
    const player = await newPlayer();
    const first = await payout(player, '20');
    const second = await payout(player, '21');
    expect([first.waits, second.waits]).toEqual([true, true]);
    // Rejected: no longer in the queue.
    expect(
      (await operatorCall(server, 'POST', `/transactions/${first.id}/reject`, key, { body: {} }))
        .status,
    ).toBe(200);
    expect((await setApproval({ required: false })).status).toBe(200);
    const sent = await payout(player, '22');
    expect(sent.waits).toBe(false);

    const mine = { player_id: player.name };
    expect(await listIds({ ...mine, awaiting_approval: 'true' })).toEqual([second.id]);
    expect(await listIds({ ...mine, awaiting_approval: 'false' })).toEqual([sent.id, first.id]);
    expect(await listIds(mine)).toEqual([sent.id, second.id, first.id]);
    expect(await countOf({ ...mine, awaiting_approval: 'true' })).toBe(1);
    expect(await countOf({ ...mine, awaiting_approval: 'false' })).toBe(2);
    expect(await countOf(mine)).toBe(3);
    // The brand's whole queue: its count is the length of the list.
    const queue = await listIds({ awaiting_approval: 'true', limit: '200' });
    expect(queue).toContain(second.id);
    expect(await countOf({ awaiting_approval: 'true' })).toBe(queue.length);
    // The export takes the same filter.
    const csv = await get(`/transactions.csv?${query({ ...mine, awaiting_approval: 'true' })}`);
    expect(csv.status).toBe(200);
    expect(csv.text.trim().split('\r\n')).toHaveLength(2);
    expect(csv.text).toContain(second.id);
  });

  it('answers 400 naming an unknown query parameter or a bad value, on every operator call, never ignoring it', async () => {
    const player = await newPlayer();
    const refusals: [string, string][] = [
      ['/transactions?awaiting=true', 'query.awaiting'],
      ['/transactions?awaiting_approval=yes', 'query.awaiting_approval'],
      ['/transactions?awaiting_approval=1', 'query.awaiting_approval'],
      ['/transactions?status=created&awaiting_approval=', 'query.awaiting_approval'],
      ['/transactions/count?awaiting_approval=maybe', 'query.awaiting_approval'],
      ['/transactions/count?player=x', 'query.player'],
      ['/transactions.csv?awaitingApproval=true', 'query.awaitingApproval'],
      ['/audit?kind=change&who=x', 'query.who'],
      ['/pay-groups?flow=withdrawal&enabled=true', 'query.enabled'],
      [`/players/${player.name}?verbose=1`, 'query.verbose'],
      ['/payout-approval?currency=EUR', 'query.currency'],
    ];
    for (const [path, field] of refusals) {
      const answer = await get(path);
      expect({ path, status: answer.status, ...errorFields(answer.body) }).toEqual({
        path,
        status: 400,
        code: ERROR_CODES.invalidField.code,
        field,
      });
    }
  });
});

describe('operator API: amounts exempt from payout approval', () => {
  it('sends a withdrawal strictly below the exempt amount of its currency at once; at or above it, it waits', async () => {
    const set = await setApproval({ required: true, exempt_below: { EUR: '50.00', JPY: '5000' } });
    expect(set.status, set.text).toBe(200);
    expect(PayoutApprovalSetting.parse(set.body)).toEqual({
      required: true,
      exempt_below: { EUR: '50.00', JPY: '5000' },
    });
    const player = await newPlayer();
    expect((await payout(player, '49.99')).waits).toBe(false);
    expect((await payout(player, '50')).waits).toBe(true);
    expect((await payout(player, '50.00')).waits).toBe(true);
    expect((await payout(player, '50.01')).waits).toBe(true);
    expect((await payout(player, '10')).waits).toBe(false);
    expect(await ledgerViolations(server.db)).toEqual([]);
    expect(await reservationViolations(server.db)).toEqual([]);

    // Without an exempt amount for EUR, every EUR withdrawal waits again.
    expect((await setApproval({ required: true, exempt_below: { JPY: '5000' } })).status).toBe(200);
    expect((await payout(player, '10')).waits).toBe(true);
    // Approval off: nothing waits, whatever the amounts say.
    expect((await setApproval({ required: false, exempt_below: { EUR: '5' } })).status).toBe(200);
    expect((await payout(player, '10')).waits).toBe(false);
  });

  it('is read back and audited; a widget settings change keeps it and never shows it', async () => {
    expect((await setApproval({ required: true, exempt_below: { EUR: '75.5' } })).status).toBe(200);
    const read = await get('/payout-approval');
    expect(PayoutApprovalSetting.parse(read.body)).toEqual({
      required: true,
      exempt_below: { EUR: '75.5' },
    });
    const audit = AuditPage.parse((await get('/audit?kind=change')).body);
    expect(
      audit.entries.find((entry) => entry.action === 'operatorPayoutApprovalSet'),
    ).toMatchObject({ after: { required: true, exempt_below: { EUR: '75.5' } } });

    const patched = await operatorCall(server, 'PATCH', '/settings', key, {
      body: { widget_settings: { show_pci_dss_logo: false } },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(BrandSettings.parse(patched.body).widget_settings).toEqual({ show_pci_dss_logo: false });
    expect(BrandSettings.parse((await get('/settings')).body).widget_settings).toEqual({
      show_pci_dss_logo: false,
    });
    expect(PayoutApprovalSetting.parse((await get('/payout-approval')).body).exempt_below).toEqual({
      EUR: '75.5',
    });
    // The server's key cannot be written as a widget setting.
    const sneaky = await operatorCall(server, 'PATCH', '/settings', key, {
      body: { widget_settings: { '@payout_approval_exempt_below': { EUR: '1000000' } } },
    });
    expect(sneaky.status).toBe(400);
    // Omitted, the exempt amounts are removed (the body is the whole setting).
    expect(PayoutApprovalSetting.parse((await setApproval({ required: true })).body)).toEqual({
      required: true,
      exempt_below: {},
    });
  });

  it('refuses an exempt amount of an undefined currency, beyond its precision, zero or not a decimal, naming it; writes nothing', async () => {
    expect((await setApproval({ required: true, exempt_below: { EUR: '30' } })).status).toBe(200);
    const refusals: [unknown, string][] = [
      [{ EUR: '10.001' }, 'body.exempt_below.EUR'],
      [{ JPY: '100.5' }, 'body.exempt_below.JPY'],
      [{ EUR: '10', XYZ: '10' }, 'body.exempt_below.XYZ'],
      [{ EUR: '0' }, 'body.exempt_below.EUR'],
      [{ EUR: '0.00' }, 'body.exempt_below.EUR'],
      [{ EUR: '-5' }, 'body.exempt_below.EUR'],
      [{ EUR: 10 }, 'body.exempt_below.EUR'],
      [{ EUR: '1e3' }, 'body.exempt_below.EUR'],
      [{ eur: '10' }, 'body.exempt_below.eur'],
    ];
    for (const [exemptBelow, field] of refusals) {
      const answer = await setApproval({ required: true, exempt_below: exemptBelow });
      expect({ exemptBelow, status: answer.status, ...errorFields(answer.body) }).toEqual({
        exemptBelow,
        status: 400,
        code: ERROR_CODES.invalidField.code,
        field,
      });
    }
    const unknown = await setApproval({ required: true, below: { EUR: '10' } });
    expect({ status: unknown.status, ...errorFields(unknown.body) }).toEqual({
      status: 400,
      code: ERROR_CODES.invalidField.code,
      field: 'body.below',
    });
    expect(PayoutApprovalSetting.parse((await get('/payout-approval')).body)).toEqual({
      required: true,
      exempt_below: { EUR: '30' },
    });
  });
});
