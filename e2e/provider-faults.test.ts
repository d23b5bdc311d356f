/**
 * Provider faults as the player sees them: card payments in the demo host page's iframe through the PSP
 * simulator running as its own process (@cashdesk/testkit's startSimulatorProcess), spoken to
 * by the HTTP connector, with the simulator's faults (packages/testkit/src/psp-simulator/README.md). The same
 * faults below the browser: packages/server/src/test/payment-faults.test.ts.
 *
 * docs/decisions/0011-submission-pipeline.md: a provider call without an answer leaves the transaction `created` and is
 * answered to the player as processing; the processing page's status poll (every 5 s) resolves it
 * once its next check is due, RETRY_MIN_MS (5 s) after the lost answer: a deposit is looked up by
 * our reference, a payout sent again with the same key. The server runs on the real clock: the
 * page's poll is the wait, and the tests wait for the page it ends on, never for a time.
 */
import { ledgerEntries } from '../packages/server/src/db/schema';
import { randomBytes } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import type { PaymentFlow } from '@cashdesk/domain';
import { HttpPaymentProvider } from '@cashdesk/server';
import { moneyViolations } from '../packages/server/src/test/money-invariants';
import { startSimulatorProcess } from '@cashdesk/testkit';
import type { SimulatorProcess } from '@cashdesk/testkit';
import { useStackAndBrowser } from './support';
import type { Stack } from './support';
import {
  balanceOf,
  closeHosted,
  literal,
  openHostedCashier,
  sameAmount,
  text,
  transactionsOf,
  uniquePlayer,
  visitScreen,
} from './support/cashier';
import type { HostedCashier } from './support/cashier';
import {
  METHODS,
  TEST_CARDS,
  amountInput,
  openCardMethod,
  pageBalance,
  payWithCard,
  waitForHome,
  waitForList,
  waitForPath,
} from './support/journeys';
import {
  PAYOUT_METHODS,
  openPayoutMethod,
  openWithdrawal,
  waitForWithdrawalList,
  withdrawButton,
} from './support/withdrawal';

let simulator: SimulatorProcess | null = null;

// Registered before the stack's hooks, so the simulator is up when the stack makes its provider
// and stops after the stack has closed (vitest runs afterAll hooks in reverse).
beforeAll(async () => {
  simulator = await startSimulatorProcess();
});
afterAll(async () => {
  await simulator?.stop();
});

/** The running simulator. */
function psp(): SimulatorProcess {
  if (simulator === null) throw new Error('the simulator starts before the first test');
  return simulator;
}

const env = useStackAndBrowser({
  provider: () => new HttpPaymentProvider({ baseUrl: psp().url }),
});

/**
 * How long a processing page may take to settle: its poll 5 s after the lost answer, with room
 * for a loaded machine (the brand's processing page leaves for the game after 20 s).
 */
const SETTLE_TIMEOUT_MS = 30_000;

/** The level-1 heading of a result page. */
function resultTitle(frame: Frame, flow: PaymentFlow, status: 'SUCCESS' | 'ERROR' | 'PROCESSING') {
  const key = `RESULT.${flow === 'deposit' ? 'DEPOSIT' : 'WITHDRAWAL'}.${status}.TITLE`;
  return frame.getByRole('heading', { level: 1, name: literal(text('en', key)) });
}

/** The amount of a result page's details ("50.00 EUR" after "Amount"). */
function resultAmount(frame: Frame) {
  return frame.locator('.cd-result__detail--amount dd');
}

/** The error popup (SPEC §3), which a payment still processing must never open. */
function errorPopup(frame: Frame) {
  return frame.getByRole('alertdialog');
}

/** The addresses the page requests from now on whose path matches. */
function recordRequests(page: Page, path: RegExp): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (path.test(new URL(request.url()).pathname)) seen.push(request.url());
  });
  return seen;
}

/** What the simulator did for one transaction id (undefined when it never got it). */
async function providerRecord(transactionId: string) {
  const activity = await psp().activity();
  return activity.transactions.find((entry) => entry.transactionId === transactionId);
}

/** Nothing doubled or stranded: ledger, balances, reservations and the simulator agree. */
async function expectMoneyInvariants(): Promise<void> {
  expect(await moneyViolations(env.stack.app.cashdesk.db, await psp().activity())).toEqual([]);
}

/** The kinds of the ledger entries of one transaction, oldest first. */
async function ledgerKindsOf(stack: Pick<Stack, 'app'>, transactionId: string) {
  const rows = await stack.app.cashdesk.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.transactionId, transactionId))
    .orderBy(asc(ledgerEntries.id));
  return rows.map((row) => row.kind);
}

/** What a brand0 player has reserved for payouts in EUR (a decimal string). */
async function reservedOf(stack: Pick<Stack, 'app'>, player: string): Promise<string> {
  const answer = await stack.app.cashdesk.db.execute(sql`
    select b.reserved from player_balances b join players p on p.id = b.player_id
    where p.external_id = ${player} and p.brand_id = 'brand0' and b.currency = 'EUR'`);
  const rows: unknown = Reflect.get(Object(answer), 'rows');
  const reserved: unknown = Array.isArray(rows) ? Reflect.get(Object(rows[0]), 'reserved') : null;
  if (typeof reserved !== 'string') throw new Error(`no EUR balance of ${player}`);
  return reserved;
}

/**
 * Saves a card the sandbox (and so the simulator) pays out to, a token of behaviour `a`
 * (providers/sandbox/provider-ref.ts), for a brand0 player a session has created.
 */
async function giveSavedCard(stack: Pick<Stack, 'app'>, player: string): Promise<void> {
  const token = `sbxtok_a_${randomBytes(16).toString('hex')}`;
  await stack.app.cashdesk.db.execute(sql`
    insert into saved_cards (player_id, token, last4, bin, exp_month, exp_year, holder, card_type)
    select id, ${token}, '0101', '400000', 12, 2031, 'ADA LOVELACE', 'visa'
    from players where external_id = ${player} and brand_id = 'brand0'`);
}

/** A result page's path of `flow`, e.g. /deposit/deposit-success. */
function resultPath(flow: PaymentFlow, status: 'success' | 'processing'): string {
  return `/${flow}/${flow}-${status}`;
}

/**
 * The result page of a payment whose answer was lost: `status` (processing, then success) with
 * its amount, never the error popup; screenshot and axe check as `name`.
 */
async function expectResultPage(
  hosted: HostedCashier,
  flow: PaymentFlow,
  status: 'success' | 'processing',
  amount: RegExp,
  name: string,
): Promise<void> {
  const { page, frame } = hosted;
  const title = resultTitle(frame, flow, status === 'success' ? 'SUCCESS' : 'PROCESSING');
  // A processing page settles by its own poll (see SETTLE_TIMEOUT_MS).
  await title.waitFor({ timeout: SETTLE_TIMEOUT_MS });
  await waitForPath(frame, resultPath(flow, status));
  expect(await resultAmount(frame).textContent()).toMatch(amount);
  expect(await errorPopup(frame).count()).toBe(0);
  await visitScreen(page, frame, name);
}

/**
 * The session's one transaction, a success, and what the simulator did for it: one charge or
 * payout (`record`); a repeat with the same key counts a call and never pays again.
 */
async function paidOnce(
  sessionId: string,
  record: { readonly flow: 'deposit' | 'payout'; readonly amount: string },
): Promise<string> {
  const transactions = await transactionsOf(env.stack, sessionId);
  expect(transactions.map((row) => row.status)).toEqual(['success']);
  const id = transactions[0]?.id ?? '';
  const entry = await providerRecord(id);
  expect(entry).toMatchObject(record);
  expect(entry?.calls).toBeLessThanOrEqual(2);
  return id;
}

/** From a result page to the method list of `flow`, which shows `balance`. */
async function expectListBalance(frame: Frame, flow: PaymentFlow, balance: RegExp): Promise<void> {
  const back =
    flow === 'deposit' ? 'RESULT.BUTTON.ALL_METHODS' : 'RESULT.BUTTON.ALL_PAYOUT_METHODS';
  await frame.getByRole('button', { name: literal(text('en', back)) }).click();
  if (flow === 'deposit') await waitForList(frame);
  else await waitForWithdrawalList(frame);
  await expect.poll(() => pageBalance(frame).textContent()).toMatch(balance);
}

describe('card payments through the PSP simulator under provider faults', () => {
  it('finding 1: a card deposit whose answer is lost after the charge shows processing, then success with its amount; charged and credited once', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack, {
      player: uniquePlayer('lost-deposit'),
    });
    const { page, frame, session } = hosted;
    const submits = recordRequests(page, /\/payments\/groups\/[^/]+\/submit$/);
    const polls = recordRequests(page, /\/payments\/status\/[^/]+$/);
    await waitForHome(frame);
    await expect.poll(() => pageBalance(frame).textContent()).toMatch(/^500\.00 EUR$/);
    await openCardMethod(frame, { onList: true });
    await amountInput(frame).fill('50');
    await psp().fault({ operation: 'authorizeDeposit', mode: 'fail-after' });
    await payWithCard(frame, TEST_CARDS.approved);

    // Charged, but the answer was lost: the processing page, not an error.
    await expectResultPage(
      hosted,
      'deposit',
      'processing',
      /50\.00 EUR/,
      'provider-faults-deposit-processing',
    );
    const [created] = await transactionsOf(env.stack, session.sessionId);
    expect(created?.status).toBe('created');

    // The page's status poll resolves it: the lookup by our reference finds the charge.
    await expectResultPage(
      hosted,
      'deposit',
      'success',
      /50\.00 EUR/,
      'provider-faults-deposit-success',
    );
    expect(polls.length).toBeGreaterThan(0);
    expect(submits).toHaveLength(1);
    // 50 plus the card fee (1.5 % + 0.25).
    const paid = await paidOnce(session.sessionId, { flow: 'deposit', amount: '51.00' });
    expect((await providerRecord(paid))?.status.status).toBe('approved');
    expect(new URL(frame.url()).searchParams.get('transaction_id')).toBe(paid);
    expect(await ledgerKindsOf(env.stack, paid)).toEqual(['deposit']);
    expect(sameAmount(await balanceOf(env.stack, session.sessionId), '550')).toBe(true);

    // The balance the player sees rose by the amount, once.
    await expectListBalance(frame, 'deposit', /^550\.00 EUR$/);
    await expectMoneyInvariants();
    await closeHosted(hosted);
  });

  it('a card deposit that never reaches the provider shows the decline page saying so, with retry; nothing is charged, and the retry pays once', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack, {
      player: uniquePlayer('refused-deposit'),
    });
    const { page, frame, session } = hosted;
    await openCardMethod(frame);
    await amountInput(frame).fill('50');
    await psp().fault({ operation: 'authorizeDeposit', mode: 'refuse' });
    await payWithCard(frame, TEST_CARDS.approved);

    await waitForPath(frame, '/deposit/deposit-error');
    await resultTitle(frame, 'deposit', 'ERROR').waitFor();
    await frame.getByText(text('en', 'CASHIER.DECLINE.NOT_RECEIVED'), { exact: true }).waitFor();
    const retry = frame.getByRole('button', { name: literal(text('en', 'RESULT.BUTTON.RETRY')) });
    await retry.waitFor();
    expect(await resultAmount(frame).textContent()).toMatch(/50\.00 EUR/);
    expect(await errorPopup(frame).count()).toBe(0);
    await visitScreen(page, frame, 'provider-faults-deposit-not-received');

    const [refused] = await transactionsOf(env.stack, session.sessionId);
    expect(refused?.status).toBe('error');
    expect(await providerRecord(refused?.id ?? '')).toBeUndefined();
    expect(await ledgerKindsOf(env.stack, refused?.id ?? '')).toEqual([]);
    expect(sameAmount(await balanceOf(env.stack, session.sessionId), '500')).toBe(true);

    // The retry is a new payment, which the provider now gets.
    await retry.click();
    await frame.getByRole('heading', { level: 1, name: literal(METHODS.card) }).waitFor();
    await amountInput(frame).fill('50');
    await payWithCard(frame, TEST_CARDS.approved);
    await waitForPath(frame, '/deposit/deposit-success');
    await resultTitle(frame, 'deposit', 'SUCCESS').waitFor();
    const transactions = await transactionsOf(env.stack, session.sessionId);
    expect(transactions.map((row) => row.status)).toEqual(['error', 'success']);
    expect(await providerRecord(transactions[1]?.id ?? '')).toMatchObject({ calls: 1 });
    expect(sameAmount(await balanceOf(env.stack, session.sessionId), '550')).toBe(true);
    await expectMoneyInvariants();
    await closeHosted(hosted);
  });

  it('finding 1: a card withdrawal whose answer is lost after paying shows processing, then success; the reservation is settled once', async () => {
    const player = uniquePlayer('lost-payout');
    const hosted = await openHostedCashier(env.browser, env.stack, { player, flow: 'withdrawal' });
    // The session made the player; the card is saved before the cashier lists the methods.
    await giveSavedCard(env.stack, player);
    const { page, frame, session } = hosted;
    const submits = recordRequests(page, /\/payouts\/groups\/[^/]+\/submit$/);
    await openWithdrawal(frame);
    await openPayoutMethod(frame, PAYOUT_METHODS.card);
    await amountInput(frame).fill('40');
    await psp().fault({ operation: 'payout', mode: 'fail-after' });
    await withdrawButton(frame).click();

    await expectResultPage(
      hosted,
      'withdrawal',
      'processing',
      /40\.00 EUR/,
      'provider-faults-withdrawal-processing',
    );
    const [created] = await transactionsOf(env.stack, session.sessionId);
    expect(created?.status).toBe('created');
    expect(sameAmount(await reservedOf(env.stack, player), '40')).toBe(true);

    // The page's status poll sends the payout again with the same key: paid once.
    await expectResultPage(
      hosted,
      'withdrawal',
      'success',
      /40\.00 EUR/,
      'provider-faults-withdrawal-success',
    );
    expect(submits).toHaveLength(1);
    const paid = await paidOnce(session.sessionId, { flow: 'payout', amount: '40.00' });
    expect(await ledgerKindsOf(env.stack, paid)).toEqual([
      'withdrawal_reserve',
      'withdrawal_settle',
    ]);
    expect(sameAmount(await reservedOf(env.stack, player), '0')).toBe(true);
    expect(sameAmount(await balanceOf(env.stack, session.sessionId), '460')).toBe(true);
    await expectListBalance(frame, 'withdrawal', /^460\.00 EUR$/);
    await expectMoneyInvariants();
    await closeHosted(hosted);
  });
});
