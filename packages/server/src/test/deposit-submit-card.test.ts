/**
 * Integration tests of the card deposit submit (SPEC §3 pay session, §7 submit; idempotency and
 * money): an approved card is credited once with fee, tax and bonus, a repeat or parallel submit
 * with one Idempotency-Key makes one transaction, a submit without one writes nothing, a declined
 * card credits nothing, and the checkout payload and 3-D Secure challenge. The real server with
 * the sandbox provider on a fresh database, real HTTP.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { lastUsedMethods, ledgerEntries, savedCards, sessions, transactions } from '../db/schema';
import { getBalance, ledgerTotals } from '../modules/wallet/ledger';
import { SandboxProvider } from '../providers';
import { createTestSession, startTestServer } from './harness';
import type { TestServer } from './harness';
import { CASHIER } from './api-calls';
import {
  depositSubmitCalls,
  APPROVED_VISA,
  DECLINED_VISA,
  CHALLENGE_VISA,
  CVV,
  cardBody,
} from './deposit-submit-calls';
import type { DepositSubmitCalls } from './deposit-submit-calls';
import { isRecord } from '../platform/is-record';

let server: TestServer;
let idOf: DepositSubmitCalls['idOf'];
let submit: DepositSubmitCalls['submit'];
let freshPlayer: DepositSubmitCalls['freshPlayer'];
let playerIdOf: DepositSubmitCalls['playerIdOf'];

beforeAll(async () => {
  server = await startTestServer();
  ({ idOf, submit, freshPlayer, playerIdOf } = await depositSubmitCalls(server));
});

afterAll(async () => {
  await server.close();
});

async function balanceOf(playerId: string): Promise<string> {
  return (await getBalance(server.db, playerId, 'EUR')).balance;
}

describe('card deposits (SPEC §3 pay session, §5; money)', () => {
  it('credits an approved card deposit once, with fee, tax and bonus stored (SPEC §3, §5)', async () => {
    const session = await createTestSession(server);
    const playerId = await playerIdOf('demo');
    const before = new Date();
    const answer = await submit(session, 'card', cardBody(APPROVED_VISA, '25'), randomUUID());
    expect(answer.status).toBe(200);
    const txId = String(answer.body.transaction_id);
    expect(answer.body).toEqual({
      session_id: txId,
      transaction_id: txId,
      step: 'result',
      action: 'none',
      result_status: 'success',
      session_status: 'completed',
      transaction_status: 'success',
      experiment_user_group: null,
      decline_page_settings: null,
      error_fatal: false,
      error_code: null,
      error_message: null,
      success_url: 'https://demo.cashdesk.test/payments/success',
      fail_url: 'https://demo.cashdesk.test/payments/fail',
      processing_url: 'https://demo.cashdesk.test/payments/processing',
      merchant_url: 'https://demo.cashdesk.test',
      redirect_data: null,
      display_form: null,
      voucher: null,
      amount: '25.00',
      currency: 'EUR',
      // 1000 + 25 + the general bonus 10 % of 25 (SPEC §5 bonus rule).
      user_balance: '1027.50',
    });
    const [row] = await server.db.select().from(transactions).where(eq(transactions.id, txId));
    expect(row).toMatchObject({
      status: 'success',
      amount: '25.0000000000',
      // Merchant user fee 1.5 % of 25 plus 0.25, rounded half up to cents; method fee 0 %.
      fee: '0.6300000000',
      tax: '0.0000000000',
      bonus: '2.5000000000',
      savedCardId: null,
    });
    expect(row?.parameters).toEqual({});
    const entries = await server.db
      .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, txId))
      .orderBy(ledgerEntries.id);
    expect(entries).toEqual([
      { kind: 'deposit', amount: '25.0000000000' },
      { kind: 'bonus', amount: '2.5000000000' },
    ]);
    expect(await balanceOf(playerId)).toBe('1027.5');
    expect(await ledgerTotals(server.db, playerId, 'EUR')).toEqual({
      amount: '1027.5',
      reserved: '0',
    });
    const [lastUsed] = await server.db
      .select()
      .from(lastUsedMethods)
      .where(and(eq(lastUsedMethods.playerId, playerId), eq(lastUsedMethods.flow, 'deposit')));
    expect(lastUsed?.payGroupId).toBe(idOf('card'));
    expect(lastUsed?.usedAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
  });

  it('answers a repeat with the same Idempotency-Key with the first result and credits nothing more', async () => {
    const { session, playerId } = await freshPlayer();
    const key = randomUUID();
    const first = await submit(session, 'card', cardBody(APPROVED_VISA, '10'), key);
    const second = await submit(session, 'card', cardBody(APPROVED_VISA, '10'), key);
    expect(first.status).toBe(200);
    expect(second).toEqual({ status: 200, body: first.body, replayed: true });
    expect(await balanceOf(playerId)).toBe('510');
    const other = await submit(session, 'card', cardBody(APPROVED_VISA, '11'), key);
    expect(other.status).toBe(422);
    expect(other.body.error_code).toBe('1007');
  });

  it('a submit without an Idempotency-Key is refused with 1012, so 50 parallel ones write nothing', async () => {
    const { session, playerId } = await freshPlayer();
    const path = `${server.baseUrl}${CASHIER}/payments/groups/${String(idOf('card'))}/submit`;
    const answers = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const response = await fetch(path, {
          method: 'POST',
          headers: { 'x-session-id': session, 'content-type': 'application/json' },
          body: JSON.stringify(cardBody(APPROVED_VISA, '10')),
        });
        const body: unknown = await response.json();
        return { status: response.status, body };
      }),
    );
    for (const answer of answers) {
      expect(answer).toEqual({
        status: 400,
        body: {
          error_code: '1012',
          error_message: 'CASHIER.ERROR.IDEMPOTENCY_KEY_REQUIRED',
          error_field: 'headers.idempotency-key',
        },
      });
    }
    const [made] = await server.db
      .select({ n: count() })
      .from(transactions)
      .where(eq(transactions.playerId, playerId));
    expect(made?.n).toBe(0);
    expect(await balanceOf(playerId)).toBe('500');
  });

  it('the fee reaches the provider: 50.00 with the 1.5 % + 0.25 fee is charged 51.00', async () => {
    const { session } = await freshPlayer();
    const answer = await submit(session, 'card', cardBody(APPROVED_VISA, '50'));
    const txId = String(answer.body.transaction_id);
    const provider = server.app.cashdesk.connectors.defaultProvider;
    if (!(provider instanceof SandboxProvider)) throw new Error('the suite pays with the sandbox');
    expect((await provider.activity()).find((entry) => entry.transactionId === txId)).toMatchObject(
      {
        flow: 'deposit',
        amount: '51.00',
      },
    );
    const [row] = await server.db.select().from(transactions).where(eq(transactions.id, txId));
    expect(row?.providerRequest).toMatchObject({ amount: '50', fee: '1.00', total: '51.00' });
    expect(JSON.stringify(row?.providerRequest)).not.toContain(APPROVED_VISA);
  });

  it('makes one transaction of 50 parallel submits with one Idempotency-Key', async () => {
    const { session, playerId } = await freshPlayer();
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => submit(session, 'card', cardBody(APPROVED_VISA, '10'), key)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 50 }, () => 200));
    const txIds = new Set(answers.map((answer) => answer.body.transaction_id));
    expect(txIds.size).toBe(1);
    expect(answers.filter((answer) => !answer.replayed)).toHaveLength(1);
    const [made] = await server.db
      .select({ n: count() })
      .from(transactions)
      .where(eq(transactions.playerId, playerId));
    expect(made?.n).toBe(1);
    expect(await balanceOf(playerId)).toBe('510');
  });

  it('answers a declined card with error_code 1301 in a 200 pay session and credits nothing (SPEC §3)', async () => {
    const { session, playerId } = await freshPlayer();
    const answer = await submit(session, 'card', cardBody(DECLINED_VISA, '10'));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      step: 'result',
      action: 'none',
      result_status: 'error',
      session_status: 'completed',
      transaction_status: 'error',
      error_code: '1301',
      error_message: 'CASHIER.ERROR.PAYMENT_DECLINED',
      error_fatal: false,
      decline_page_settings: {
        retry: true,
        change_method: true,
        all_methods: true,
        into_game: true,
        message_key: 'CASHIER.DECLINE.DECLINED',
      },
      user_balance: '500.00',
    });
    const entries = await server.db
      .select({ n: count() })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, String(answer.body.transaction_id)));
    expect(entries[0]?.n).toBe(0);
    expect(await balanceOf(playerId)).toBe('500');
  });

  it('takes the checkout payment request payload of a host-to-host method (SPEC §3, §4 checkout)', async () => {
    const { session } = await freshPlayer();
    const answer = await submit(session, 'card_checkout', {
      amount: 30,
      currency: 'EUR',
      parameters: {
        card_bin: '400000',
        card_pan: APPROVED_VISA,
        is_card_token_active: false,
        card_cardholder_name: 'Dana Demo',
        card_exp_month: '12',
        card_exp_year: '30',
        card_cvv: CVV,
        save_card: true,
      },
      browser_data: {
        color_depth: 24,
        language: 'en',
        time_zone: 0,
        timezone_name: 'UTC',
        java_enabled: false,
        screen_height: 900,
        screen_width: 1280,
        window_height: 900,
        window_width: 1280,
        user_agent: 'test',
        java_script_enabled: true,
      },
      fingerprint: 'fp-checkout',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ result_status: 'success', amount: '30.00' });
    const [row] = await server.db.select().from(sessions).where(eq(sessions.id, session));
    const cards = await server.db
      .select()
      .from(savedCards)
      .where(eq(savedCards.playerId, row?.playerId ?? ''));
    expect(cards.map((card) => card.last4)).toEqual([APPROVED_VISA.slice(-4)]);
  });

  it('sends a 3-D Secure challenge to the challenge page in a frame (SPEC §2 /3ds_result)', async () => {
    const { session } = await freshPlayer();
    const answer = await submit(session, 'card', cardBody(CHALLENGE_VISA, '10'));
    expect(answer.body).toMatchObject({
      step: 'redirect',
      action: 'iframe',
      result_status: 'await',
      transaction_status: 'await',
      session_status: 'active',
      user_balance: '500.00',
    });
    const redirect = answer.body.redirect_data;
    if (!isRecord(redirect)) throw new Error('no redirect_data');
    expect(redirect.method).toBe('GET');
    expect(redirect.fields).toEqual({});
    expect(String(redirect.url)).toMatch(
      new RegExp(`^${server.baseUrl}/sandbox/3ds/sbx\\.d\\.challenge\\.`),
    );
    const [row] = await server.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, String(answer.body.transaction_id)));
    expect(row?.providerData).toMatchObject({
      returnUrls: {
        // The session's language and theme stand in for display parameters the submit did not send.
        threeDsReturn: `http://widget.cashdesk.test/3ds_result?transaction_id=${String(answer.body.transaction_id)}&session_id=${session}&lang=en-brand0&theme=brand0`,
      },
    });
  });
});
