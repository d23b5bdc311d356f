/**
 * A transaction's timeline on the real server over HTTP: a card deposit, then a partial and a
 * full refund by the operator, read back as its creation, status changes, ledger entries,
 * refunds, webhook events and the operator's calls, oldest first, with amounts as decimal
 * strings and never the session id or card number; a declined deposit shows its failure and no
 * credit. Another brand's key gets 404, a key without transactions:read 403, a malformed id 400.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, RefundList, TransactionTimeline } from '@cashdesk/contract';
import type { TimelineEntry } from '@cashdesk/contract';
import { eq, and } from 'drizzle-orm';
import { players } from '../db/schema';
import {
  APPROVED_CARD_PAN,
  cardPayoutSubmit,
  saveSandboxCard,
  withdrawalSession,
} from './api-calls';
import { startTestServer } from './harness';
import type { TestServer } from './harness';
import { operatorCardDeposit } from './operator-player-calls';
import {
  OPERATOR_ENV,
  createOperatorBrand,
  errorFields,
  freshBrandId,
  mintKey,
  operatorCall,
} from './operator-calls';
import type { OperatorBrand } from './operator-calls';

let server: TestServer;
let brand0: string;
let brand0KeyId: string;
let other: OperatorBrand;

beforeAll(async () => {
  server = await startTestServer({ env: OPERATOR_ENV });
  const minted = await mintKey(server, 'brand0');
  brand0 = minted.key;
  brand0KeyId = minted.id;
  other = await createOperatorBrand(server);
});

afterAll(async () => {
  await server.close();
});

/** A card deposit of a new brand0 player: its transaction id and the session id. */
function deposit(amount: string, pan?: string) {
  return operatorCardDeposit(server, brand0, freshBrandId('tl'), amount, pan);
}

async function timeline(id: string) {
  const answer = await operatorCall(server, 'GET', `/transactions/${id}/timeline`, brand0);
  expect(answer.status, answer.text).toBe(200);
  return { timeline: TransactionTimeline.parse(answer.body), text: answer.text };
}

async function refund(id: string, amount?: string) {
  const answer = await operatorCall(server, 'POST', `/transactions/${id}/refunds`, brand0, {
    body: { reason: 'player asked', ...(amount === undefined ? {} : { amount }) },
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(answer.status, answer.text).toBe(201);
}

const kinds = (entries: readonly TimelineEntry[]) => entries.map((entry) => entry.kind);
const ofKind = (entries: readonly TimelineEntry[], kind: TimelineEntry['kind']) =>
  entries.filter((entry) => entry.kind === kind);

describe('operator API: GET /transactions/{id}/timeline', () => {
  it('tells a deposit from its creation to its full refund, oldest first', async () => {
    const { id, session } = await deposit('25.50');
    const first = (await timeline(id)).timeline;
    expect(first.transaction).toMatchObject({ id, status: 'success', amount: '25.5' });
    expect(first.provider_call).toMatchObject({ state: 'done', attempts: 1 });
    expect(first.entries[0]).toMatchObject({
      kind: 'created',
      summary: 'deposit',
      details: { amount: '25.5', currency: 'EUR', method_kind: 'card' },
    });
    expect(
      ofKind(first.entries, 'status_changed').map((entry) => [
        entry.summary,
        entry.details.event_type,
        entry.details.status,
      ]),
    ).toEqual([['success', 'transaction.succeeded', 'success']]);
    // The provider's answer comes before the change it caused, with the call and its attempt.
    expect(
      first.entries
        .filter((entry) => entry.kind === 'provider_call' || entry.kind === 'status_changed')
        .map((entry) => [entry.kind, entry.summary]),
    ).toEqual([
      ['provider_call', 'authorizeDeposit: approved'],
      ['status_changed', 'success'],
    ]);
    expect(ofKind(first.entries, 'provider_call')[0]?.details).toMatchObject({
      call: 'authorizeDeposit',
      attempt: 1,
      outcome: 'answered',
    });
    expect(ofKind(first.entries, 'ledger_entry').map((entry) => entry.details)).toEqual([
      expect.objectContaining({ kind: 'deposit', amount: '25.5', currency: 'EUR' }),
    ]);
    expect(ofKind(first.entries, 'webhook_recorded').map((entry) => entry.summary)).toEqual([
      'transaction.created',
      'transaction.succeeded',
    ]);

    await refund(id, '5.5');
    await refund(id);
    const { timeline: last, text } = await timeline(id);
    expect(last.transaction.status).toBe('refunded');
    const made = RefundList.parse(
      (await operatorCall(server, 'GET', `/transactions/${id}/refunds`, brand0)).body,
    ).refunds;
    expect(made.map((row) => row.amount)[0]).toBe('5.5');
    const refunds = ofKind(last.entries, 'refund_requested');
    expect(refunds.map((entry) => [entry.details.refund_id, entry.details.amount])).toEqual(
      made.map((row) => [row.id, row.amount]),
    );
    expect(refunds.map((entry) => entry.details.balance_debit)).toEqual(
      made.map((row) => row.balance_debit),
    );
    expect(ofKind(last.entries, 'refund_finished').map((entry) => entry.summary)).toEqual([
      'succeeded',
      'succeeded',
    ]);
    // The ledger: the credit, then what each refund took back from the balance (exact decimals).
    expect(
      ofKind(last.entries, 'ledger_entry').map((entry) => [
        entry.details.kind,
        entry.details.amount,
      ]),
    ).toEqual([['deposit', '25.5'], ...made.map((row) => ['refund', `-${row.balance_debit}`])]);
    expect(ofKind(last.entries, 'status_changed').map((entry) => entry.summary)).toEqual([
      'success',
      'refunded',
    ]);
    expect(
      ofKind(last.entries, 'operator_action').map((entry) => [entry.summary, entry.details.actor]),
    ).toEqual([
      ['operatorRefundCreate', brand0KeyId],
      ['operatorRefundCreate', brand0KeyId],
    ]);
    // Oldest first; the creation opens it, the last refund's events come after the first's.
    const times = last.entries.map((entry) => Date.parse(entry.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(kinds(last.entries)[0]).toBe('created');
    // Never the session id or the card number; the reads of the timeline are not in it.
    expect(text).not.toContain(session);
    expect(text).not.toContain(APPROVED_CARD_PAN);
    expect(text).not.toContain('operatorTransactionTimelineGet');
  });

  it('shows a declined deposit failing, with no credit on the ledger', async () => {
    const { id } = await deposit('7', '4000000000000200');
    const { timeline: declined } = await timeline(id);
    expect(declined.transaction.status).toBe('error');
    expect(
      ofKind(declined.entries, 'status_changed').map((entry) => [
        entry.summary,
        entry.details.event_type,
      ]),
    ).toEqual([['error', 'transaction.failed']]);
    expect(ofKind(declined.entries, 'ledger_entry')).toEqual([]);
  });

  it('tells a withdrawal that waited for approval: reserved, awaiting, approved, paid', async () => {
    const set = await operatorCall(server, 'PUT', '/payout-approval', brand0, {
      body: { required: true },
    });
    expect(set.status).toBe(200);
    const name = freshBrandId('tlw');
    const session = await withdrawalSession(server, name);
    const [player] = await server.db
      .select({ id: players.id })
      .from(players)
      .where(and(eq(players.brandId, 'brand0'), eq(players.externalId, name)));
    const submitted = await cardPayoutSubmit(
      server,
      session,
      await saveSandboxCard(server, player?.id ?? ''),
    );
    expect(submitted.status).toBe(200);
    const id = submitted.body.transaction_id;
    if (typeof id !== 'string') throw new Error('no transaction id');

    const waiting = (await timeline(id)).timeline;
    expect(waiting.provider_call.state).toBe('approval');
    expect(ofKind(waiting.entries, 'status_changed').map((entry) => entry.summary)).toEqual([
      'awaiting_approval',
    ]);
    expect(ofKind(waiting.entries, 'ledger_entry').map((entry) => entry.details.kind)).toEqual([
      'withdrawal_reserve',
    ]);

    const approved = await operatorCall(server, 'POST', `/transactions/${id}/approve`, brand0, {
      body: { reason: 'checked' },
    });
    expect(approved.status).toBe(200);
    const paid = (await timeline(id)).timeline;
    expect(paid.provider_call.state).toBe('done');
    expect(ofKind(paid.entries, 'status_changed').map((entry) => entry.summary)).toEqual([
      'awaiting_approval',
      'success',
    ]);
    expect(ofKind(paid.entries, 'ledger_entry').map((entry) => entry.details.kind)).toEqual([
      'withdrawal_reserve',
      'withdrawal_settle',
    ]);
    expect(ofKind(paid.entries, 'operator_action').map((entry) => entry.summary)).toEqual([
      'operatorPayoutApprove',
    ]);
    const order = kinds(paid.entries);
    expect(order.indexOf('operator_action')).toBeLessThan(order.lastIndexOf('status_changed'));
  });

  it("answers 404 for another brand's or an unknown transaction, 400 for a malformed id, 403 without the scope", async () => {
    const { id } = await deposit('12');
    const foreign = await operatorCall(server, 'GET', `/transactions/${id}/timeline`, other.key);
    expect(foreign.status).toBe(404);
    expect(errorFields(foreign.body).code).toBe(ERROR_CODES.operatorNotFound.code);
    expect(
      (await operatorCall(server, 'GET', `/transactions/${randomUUID()}/timeline`, brand0)).status,
    ).toBe(404);
    const bad = await operatorCall(server, 'GET', '/transactions/nope/timeline', brand0);
    expect(bad.status).toBe(400);
    expect(errorFields(bad.body).field).toBe('params.transactionId');
    const noScope = (await mintKey(server, 'brand0', ['players:read'])).key;
    expect(
      (await operatorCall(server, 'GET', `/transactions/${id}/timeline`, noScope)).status,
    ).toBe(403);
    expect((await operatorCall(server, 'GET', `/transactions/${id}/timeline`, null)).status).toBe(
      401,
    );
  });
});
