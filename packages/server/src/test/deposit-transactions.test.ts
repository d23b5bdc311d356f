/**
 * The transaction status machine and the once-only application of a final result
 * (modules/payments/transactions.ts), on a real
 * database: created -> processing | await -> success | error, final statuses never change, and
 * a result applied twice (or by two racing callers) credits once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { ledgerEntries } from '../db/schema';
import { findOrCreatePlayer } from '../db/seed';
import { getBalance } from '../modules/wallet/ledger';
import {
  TRANSACTION_TRANSITIONS,
  TransactionTransitionError,
  transition,
  canTransition,
  completeTransaction,
} from '../modules/payments/transactions';
import { createTransaction } from '../modules/payments/transaction-repository';
import type { TransactionRow } from '../modules/payments/transaction-repository';
import { paySessionFor } from '../modules/payments/pay-session';
import { applyDepositOutcome } from '../modules/payments/provider-outcomes';
import { payGroupId } from './api-calls';
import { startTestServer } from './harness';
import type { TestServer } from './harness';

let server: TestServer;
let cardGroup = 0;

beforeAll(async () => {
  server = await startTestServer();
  cardGroup = await payGroupId(server, 'card', 'deposit');
});

afterAll(async () => {
  await server.close();
});

async function newDeposit(amount = '10'): Promise<TransactionRow> {
  const player = await findOrCreatePlayer(server.db, 'brand0', `t-${randomUUID()}`, true);
  if (player === null) throw new Error('player not created');
  return createTransaction(server.db, {
    playerId: player.id,
    brandId: 'brand0',
    sessionId: null,
    payGroupId: cardGroup,
    flow: 'deposit',
    amount,
    currency: 'EUR',
    providerKind: 'card',
  });
}

async function depositEntries(transactionId: string): Promise<number> {
  const [row] = await server.db
    .select({ n: count() })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.transactionId, transactionId));
  return row?.n ?? 0;
}

describe('status machine (created, processing, await, success, error)', () => {
  it('allows exactly the documented moves', () => {
    expect(TRANSACTION_TRANSITIONS).toEqual({
      created: ['processing', 'await', 'success', 'error'],
      processing: ['processing', 'await', 'success', 'error'],
      await: ['processing', 'await', 'success', 'error'],
      // A succeeded deposit's money may go back to the payer later (provider webhooks).
      success: ['refunded', 'charged_back'],
      error: [],
      refunded: [],
      charged_back: [],
    });
    expect(canTransition('await', 'created')).toBe(false);
    expect(canTransition('success', 'error')).toBe(false);
    expect(canTransition('processing', 'refunded')).toBe(false);
    expect(canTransition('refunded', 'charged_back')).toBe(false);
  });

  it('moves created -> await -> processing -> success and then changes no more', async () => {
    const tx = await newDeposit();
    expect(tx.status).toBe('created');
    const waiting = await transition(server.db, tx.id, 'await', { step: 'redirect' });
    expect(waiting).toMatchObject({ applied: true, transaction: { status: 'await' } });
    const processing = await transition(server.db, tx.id, 'processing', { step: 'await' });
    expect(processing.transaction).toMatchObject({
      status: 'processing',
      resultStatus: 'processing',
      sessionStatus: 'active',
    });
    const done = await transition(server.db, tx.id, 'success', { step: 'result' });
    expect(done.transaction).toMatchObject({ status: 'success', sessionStatus: 'completed' });
    const late = await transition(server.db, tx.id, 'error');
    expect(late).toMatchObject({ applied: false, transaction: { status: 'success' } });
  });

  it('refuses a move back to created', async () => {
    const tx = await newDeposit();
    await transition(server.db, tx.id, 'await');
    await expect(transition(server.db, tx.id, 'created')).rejects.toBeInstanceOf(
      TransactionTransitionError,
    );
  });

  it('answers 404 notFound for an unknown transaction', async () => {
    await expect(transition(server.db, randomUUID(), 'success')).rejects.toMatchObject({
      errorName: 'notFound',
    });
  });
});

describe('final results (a result is applied once)', () => {
  it('credits an approval once however often it is applied', async () => {
    const tx = await newDeposit('12.5');
    const first = await completeTransaction(server.db, tx.id, { result: 'approved' });
    const second = await completeTransaction(server.db, tx.id, { result: 'approved' });
    const third = await completeTransaction(server.db, tx.id, {
      result: 'declined',
      reason: 'declined',
    });
    expect([first.applied, second.applied, third.applied]).toEqual([true, false, false]);
    expect(third.transaction.status).toBe('success');
    expect((await getBalance(server.db, tx.playerId, 'EUR')).balance).toBe('512.5');
    expect(await depositEntries(tx.id)).toBe(1);
  });

  it('credits once when ten callers race to apply the same approval', async () => {
    const tx = await newDeposit('7');
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        applyDepositOutcome(server.db, tx, { outcome: 'approved', providerRef: `ref-${tx.id}` }),
      ),
    );
    expect(results.filter((result) => result.applied)).toHaveLength(1);
    expect((await getBalance(server.db, tx.playerId, 'EUR')).balance).toBe('507');
    expect(await depositEntries(tx.id)).toBe(1);
  });

  it('answers a decline as a pay session with error_code 1301 and no money moved (SPEC §3)', async () => {
    const tx = await newDeposit();
    const result = await applyDepositOutcome(server.db, tx, {
      outcome: 'declined',
      reason: 'invalid_token',
    });
    const session = await paySessionFor(server.db, result.transaction, server.app.cashdesk.wallet);
    expect(session).toMatchObject({
      step: 'result',
      result_status: 'error',
      transaction_status: 'error',
      error_code: '1301',
      error_fatal: true,
      decline_page_settings: { retry: false, message_key: 'CASHIER.DECLINE.INVALID_TOKEN' },
      user_balance: '500.00',
    });
    expect(await depositEntries(tx.id)).toBe(0);
  });
});
