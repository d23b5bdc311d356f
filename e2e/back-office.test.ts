/**
 * The back office in real Chromium against the real server (in-process, sandbox, the seed's demo
 * staff of brand0): signing in with the second factor and landing on the address asked for; a
 * finance member refunding a deposit and approving a withdrawal from the approval queue; support
 * seeing no refund and being refused the call; an invitation link setting a password and the
 * second factor set up from the QR code; an account locked after five wrong passwords; another
 * brand's staff seeing nothing of brand0 and a change without the CSRF token refused; a session
 * idle for 30 minutes sending back to sign-in with a notice.
 * Every screen is checked with axe-core (0 serious or critical findings) and saved as a picture at
 * 1280 and 390 px under e2e/artifacts.
 *
 * A code of the authenticator is accepted once (docs/decisions/0104-staff-accounts-and-sessions.md),
 * so each account signs in once: finance's session is kept and reused by the later tests.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { OPERATOR_BASE, STAFF_BASE, STAFF_CSRF_HEADER } from '@cashdesk/contract';
import { DEMO_STAFF_PASSWORD } from '../packages/server/src/sandbox';
import { errorCode, operatorCall } from '../packages/server/src/test/operator-calls';
import { createStaff } from '../packages/server/src/test/staff-calls';
import { staffSessions } from '../packages/server/src/db/schema';
import { startWebhookDispatcher } from '../packages/server/src/modules/webhooks';
import { startReceiverProcess } from '@cashdesk/testkit';
import type { Delivery } from '@cashdesk/testkit';
import { DESKTOP_CONTEXT, useStackAndBrowser } from './support';
import { ARTIFACTS_DIR } from './support/browser';
import {
  authenticatorCode,
  BACK_OFFICE_ENV,
  backOfficeUrl,
  brandKey,
  cardDeposit,
  checkScreen,
  waitingPayout,
} from './support/back-office';

const env = useStackAndBrowser({ env: BACK_OFFICE_ENV });

const FINANCE = 'finance@demo.cashdesk.test';
const SUPPORT = 'support@demo.cashdesk.test';
const OWNER = 'owner@demo.cashdesk.test';
const ADMINISTRATOR = 'administrator@demo.cashdesk.test';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Finance's signed-in session (cookie), kept by the first test for the others. */
let financeState: StorageState | undefined;

/** A screen's checks at 1280 px, then at 390 px (back to 1280 after). */
async function checkBothWidths(page: Page, name: string): Promise<void> {
  await checkScreen(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await checkScreen(page, name);
  await page.setViewportSize(DESKTOP_CONTEXT.viewport);
}

/** The current code of a demo account, as the sandbox's demo-code call answers it. */
async function demoCode(email: string): Promise<string> {
  const response = await fetch(
    `${env.stack.serverUrl}${STAFF_BASE}/sandbox/demo-code?${new URLSearchParams({ email }).toString()}`,
  );
  const code: unknown = Reflect.get(Object(await response.json()), 'code');
  if (typeof code !== 'string') throw new Error(`no demo code for ${email}`);
  return code;
}

/**
 * Every webhook event recorded so far, sent by one pass of the real dispatcher to a receiver
 * process (the operator's endpoint, checking signatures); what the receiver saw.
 */
async function deliverEvents(): Promise<Delivery[]> {
  const receiver = await startReceiverProcess([env.stack.config.webhooks.key]);
  try {
    const dispatcher = startWebhookDispatcher({
      db: env.stack.db,
      clock: () => new Date(),
      settings: { ...env.stack.config.webhooks, url: receiver.webhookUrl, intervalMs: 0 },
    });
    await dispatcher.runOnce();
    await dispatcher.stop();
    return await receiver.deliveries();
  } finally {
    await receiver.stop();
  }
}

/** Types the e-mail address and the demo password on the sign-in page and submits. */
async function giveCredentials(page: Page, email: string, password = DEMO_STAFF_PASSWORD) {
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs a demo account in from the sign-in page (with its code when its role needs one). */
async function signIn(page: Page, email: string, secondFactor: boolean): Promise<void> {
  await page.goto(backOfficeUrl(env.stack, '/sign-in'));
  await giveCredentials(page, email);
  if (secondFactor) {
    await page.getByLabel('Six-digit code').fill(await demoCode(email));
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await page.getByRole('navigation', { name: 'Back office' }).waitFor();
}

/** A context signed in as finance (the first test's session). */
async function financeContext(): Promise<BrowserContext> {
  if (financeState === undefined) throw new Error('finance signs in in the first test');
  return env.browser.newContext({ ...DESKTOP_CONTEXT, storageState: financeState });
}

/** The session's CSRF token, read as the app reads it. */
async function csrfOf(context: BrowserContext): Promise<string> {
  const session = await context.request.get(`${env.stack.serverUrl}${STAFF_BASE}/session`);
  const token: unknown = Reflect.get(Object(await session.json()), 'csrf_token');
  if (typeof token !== 'string') throw new Error('no session');
  return token;
}

describe('the back office', () => {
  it('signs in with the second factor and opens the address asked for', async () => {
    const context = await env.browser.newContext(DESKTOP_CONTEXT);
    const page = await context.newPage();
    await page.goto(backOfficeUrl(env.stack, '/transactions?status=success'));
    await page.getByRole('heading', { name: 'Sign in to the back office' }).waitFor();
    expect(new URL(page.url()).searchParams.get('return')).toBe('/transactions?status=success');
    await checkBothWidths(page, 'sign-in');

    await giveCredentials(page, FINANCE, 'not-the-password');
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('The e-mail address or the password is wrong.');

    await giveCredentials(page, FINANCE);
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    await checkBothWidths(page, 'second-factor');
    // A published demo account of the sandbox: the page fills its code in.
    await page.getByRole('button', { name: 'Fill in the demo code' }).click();
    await expect.poll(() => page.getByLabel('Six-digit code').inputValue()).toMatch(/^[0-9]{6}$/);
    await page.getByRole('button', { name: 'Verify' }).click();

    await page.getByRole('heading', { name: 'Transactions', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/back-office/transactions');
    expect(new URL(page.url()).searchParams.get('status')).toBe('success');
    // Finance's navigation: the money screens, the webhooks and the acceptance figures; no keys,
    // staff or client errors.
    await expect
      .poll(() =>
        page.getByRole('navigation', { name: 'Back office' }).getByRole('link').allTextContents(),
      )
      .toEqual([
        'Transactions',
        'Payout approvals',
        'Players',
        'Audit trail',
        'Webhooks',
        'Insight',
        'Configuration',
      ]);
    financeState = await context.storageState();
    await context.close();
  });

  it('finance refunds part of a deposit, and the refund shows on its page', async () => {
    const deposit = await cardDeposit(env.stack, 'bo-refunded-player', '25.00');
    const context = await financeContext();
    const page = await context.newPage();
    await page.goto(backOfficeUrl(env.stack, `/transactions/${deposit}`));
    await page.getByRole('heading', { name: 'Deposit', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Refunds of this deposit' }).waitFor();
    await checkBothWidths(page, 'transaction');

    await page.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Amount to refund (EUR)').fill('10.00');
    await dialog.getByLabel('Reason').fill('Goodwill: part of the deposit');
    await checkScreen(page, 'refund-dialog');
    await dialog.getByRole('button', { name: 'Refund' }).click();

    await expect
      .poll(() => page.getByRole('status').first().textContent())
      .toContain('refund was made');
    const refunds = page.getByRole('table', { name: 'Refunds of this deposit' });
    await expect.poll(() => refunds.getByRole('row').count()).toBe(2);
    await expect.poll(() => refunds.getByRole('row').nth(1).textContent()).toContain('€10.00');
    await expect
      .poll(() => refunds.getByRole('row').nth(1).textContent())
      .toContain('Goodwill: part of the deposit');

    // Exactly one refund, of what was asked.
    const key = await brandKey(env.stack);
    const answer = await operatorCall(
      { baseUrl: env.stack.serverUrl },
      'GET',
      `/transactions/${deposit}/refunds`,
      key,
    );
    const list: unknown = Reflect.get(Object(answer.body), 'refunds');
    expect(Array.isArray(list) ? list.length : -1).toBe(1);

    // The refund in the deposit's timeline, and in the webhooks the operator's endpoint receives.
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await expect
      .poll(() => timeline.getByRole('listitem').allTextContents())
      .toEqual(
        expect.arrayContaining([
          expect.stringContaining('Refund requested'),
          expect.stringContaining('Refund finished'),
        ]),
      );
    const received = (await deliverEvents()).filter(
      (delivery) => delivery.transaction_id === deposit && delivery.accepted,
    );
    expect(received.map((delivery) => delivery.event_type)).toEqual(
      expect.arrayContaining(['refund.requested', 'refund.succeeded']),
    );
    await context.close();
  });

  it('finance approves a withdrawal from the approval queue', async () => {
    const key = await brandKey(env.stack);
    const payout = await waitingPayout(env.stack, key, 'bo-approved-payee', '40.00');
    const context = await financeContext();
    const page = await context.newPage();
    await page.goto(backOfficeUrl(env.stack, '/payouts'));
    const queue = page.getByRole('table', { name: 'Withdrawals awaiting approval, oldest first' });
    const row = queue.getByRole('row').filter({ hasText: 'bo-approved-payee' });
    await row.waitFor();
    expect(await row.textContent()).toContain('€40.00');
    await checkBothWidths(page, 'payouts');

    await row.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason (optional)').fill('Known player, checked');
    await dialog.getByRole('button', { name: 'Approve' }).click();

    await expect
      .poll(() => page.getByRole('status').first().textContent())
      .toBe('The withdrawal of bo-approved-payee was approved.');
    await expect
      .poll(() => queue.getByRole('row').filter({ hasText: 'bo-approved-payee' }).count())
      .toBe(0);
    const read = await operatorCall(
      { baseUrl: env.stack.serverUrl },
      'GET',
      `/transactions/${payout}`,
      key,
    );
    expect(Reflect.get(Object(read.body), 'awaiting_approval')).toBe(false);

    // The approval in the withdrawal's timeline, and the operator's endpoint told of its payment.
    await page.goto(backOfficeUrl(env.stack, `/transactions/${payout}`));
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await expect
      .poll(() => timeline.getByRole('listitem').allTextContents())
      .toEqual(
        expect.arrayContaining([
          expect.stringContaining('operatorPayoutApprove'),
          // The payout call the approval sent, from the transaction's own history.
          expect.stringMatching(/Provider call.*payout: /),
        ]),
      );
    const received = (await deliverEvents()).filter(
      (delivery) => delivery.transaction_id === payout && delivery.accepted,
    );
    expect(received.map((delivery) => delivery.transaction_status)).toEqual(
      expect.arrayContaining(['success']),
    );
    await context.close();
  });

  it('finance cancels a waiting withdrawal from its page, and its amount is released', async () => {
    const key = await brandKey(env.stack);
    const payout = await waitingPayout(env.stack, key, 'bo-cancelled-payee', '20.00');
    const context = await financeContext();
    const page = await context.newPage();
    await page.goto(backOfficeUrl(env.stack, `/transactions/${payout}`));
    await page.getByRole('heading', { name: 'Withdrawal', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Cancel payment' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('The player asked us to stop it');
    await dialog.getByRole('button', { name: 'Cancel payment' }).click();
    await expect
      .poll(() => page.getByRole('status').first().textContent())
      .toBe('The payment was cancelled.');
    // Final now: nothing more to cancel, and the server says the same.
    await expect.poll(() => page.getByRole('button', { name: 'Cancel payment' }).count()).toBe(0);
    const read = await operatorCall(
      { baseUrl: env.stack.serverUrl },
      'GET',
      `/transactions/${payout}`,
      key,
    );
    expect(Reflect.get(Object(read.body), 'status')).toBe('error');
    expect(Reflect.get(Object(read.body), 'awaiting_approval')).toBe(false);
    await context.close();
  });

  it('support sees no refund on a deposit, and the refund call is refused', async () => {
    const deposit = await cardDeposit(env.stack, 'bo-support-look', '15.00');
    const context = await env.browser.newContext(DESKTOP_CONTEXT);
    const page = await context.newPage();
    await signIn(page, SUPPORT, false);
    await page.goto(backOfficeUrl(env.stack, `/transactions/${deposit}`));
    await page.getByRole('heading', { name: 'Deposit', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Refunds of this deposit' }).waitFor();
    expect(await page.getByRole('button', { name: 'Refund' }).count()).toBe(0);
    expect(
      await page
        .getByRole('navigation', { name: 'Back office' })
        .getByRole('link')
        .allTextContents(),
    ).toEqual(['Transactions', 'Players', 'Webhooks', 'Insight', 'Client errors', 'Configuration']);

    // The same call the finance dialog makes, under support's session: refused, nothing made.
    const refused = await context.request.post(
      `${env.stack.serverUrl}/api/operator/v1/transactions/${deposit}/refunds`,
      {
        headers: {
          [STAFF_CSRF_HEADER]: await csrfOf(context),
          'idempotency-key': crypto.randomUUID(),
        },
        data: { reason: 'not allowed' },
      },
    );
    expect(refused.status()).toBe(403);
    expect(Reflect.get(Object(await refused.json()), 'error_code')).toBe('1856');
    await context.close();
  });

  it('signing in never leads to another site, whatever the return address says', async () => {
    const context = await env.browser.newContext(DESKTOP_CONTEXT);
    const page = await context.newPage();
    await page.goto(
      backOfficeUrl(env.stack, `/sign-in?return=${encodeURIComponent('//evil.example/steal')}`),
    );
    await giveCredentials(page, SUPPORT);
    await page.getByRole('heading', { name: 'Transactions', level: 1 }).waitFor();
    expect(new URL(page.url()).origin).toBe(env.stack.serverUrl);
    expect(new URL(page.url()).pathname).toBe('/back-office/transactions');
    await context.close();
  });

  it('the lists and the player page pass their checks at both widths', async () => {
    await cardDeposit(env.stack, 'bo-listed-player', '30.00');
    const context = await financeContext();
    const page = await context.newPage();
    await page.goto(backOfficeUrl(env.stack, '/transactions'));
    await page.getByRole('table', { name: 'Transactions' }).getByText('bo-listed-player').waitFor();
    await checkBothWidths(page, 'transactions');

    // The filters are in the address: a reload keeps them.
    await page.getByLabel('Player', { exact: true }).fill('bo-listed-player');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect
      .poll(() => new URL(page.url()).searchParams.get('player_id'))
      .toBe('bo-listed-player');
    await page.reload();
    await expect
      .poll(() => page.getByRole('table', { name: 'Transactions' }).getByRole('row').count())
      .toBe(2);

    // An amount range as typed ("1,000" is a thousand), then back to the one payment of 30.00.
    await page.getByLabel('Amount from').fill('1,000');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('No transaction matches these filters.').waitFor();
    await page.getByLabel('Amount from').fill('29.99');
    await page.getByLabel('Amount to').fill('30');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect
      .poll(() => page.getByRole('table', { name: 'Transactions' }).getByRole('row').count())
      .toBe(2);
    await page.getByLabel('Amount from').fill('');
    await page.getByLabel('Amount to').fill('');
    await page.getByRole('button', { name: 'Apply filters' }).click();

    // The CSV export of the same filters: the file the operator API writes, downloaded.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const saved = path.join(ARTIFACTS_DIR, 'back-office-transactions.csv');
    await download.saveAs(saved);
    const csv = await readFile(saved, 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]?.startsWith('id,created_at,')).toBe(true);
    expect(lines.length).toBe(2);
    expect(lines[1]).toContain('bo-listed-player');

    // From the keyboard: the row's link (its row header), Enter opens it.
    const list = page.getByRole('table', { name: 'Transactions' });
    await list.getByRole('row').nth(1).getByRole('link').first().focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Deposit', level: 1 }).waitFor();

    await page.goto(backOfficeUrl(env.stack, '/players?q=bo-listed'));
    await page
      .getByRole('table', { name: 'Players, newest first' })
      .getByText('bo-listed-player')
      .waitFor();
    await checkBothWidths(page, 'players');

    await page.goto(backOfficeUrl(env.stack, '/players/bo-listed-player'));
    await page.getByRole('table', { name: 'Balances' }).waitFor();
    // The player's history: their deposit, leading to its page.
    await page.getByRole('table', { name: 'Latest payments' }).getByText('€30.00').waitFor();
    await checkBothWidths(page, 'player');

    await page.goto(backOfficeUrl(env.stack, '/audit?kind=change'));
    await page
      .getByRole('table', { name: 'Audit trail, newest first' })
      .getByRole('row')
      .nth(1)
      .waitFor();
    await checkBothWidths(page, 'audit');
    await context.close();
  });

  it('an invitation link sets the password, and the second factor is set up from the QR code', async () => {
    // The owner invites a finance member through the back office's own call.
    const ownerContext = await env.browser.newContext(DESKTOP_CONTEXT);
    const ownerPage = await ownerContext.newPage();
    await signIn(ownerPage, OWNER, true);
    const invited = await ownerContext.request.post(`${env.stack.serverUrl}${STAFF_BASE}/staff`, {
      headers: { [STAFF_CSRF_HEADER]: await csrfOf(ownerContext) },
      data: {
        email: 'new.finance@demo.cashdesk.test',
        name: 'New Finance',
        role: 'finance',
        brand_id: 'brand0',
      },
    });
    expect(invited.status()).toBe(201);
    const link: unknown = Reflect.get(Object(await invited.json()), 'url');
    if (typeof link !== 'string') throw new Error('no invitation link');
    await ownerContext.close();

    const context = await env.browser.newContext(DESKTOP_CONTEXT);
    const page = await context.newPage();
    // A link cut short (no token) says so before any password is typed.
    const cutShort = await context.newPage();
    await cutShort.goto(backOfficeUrl(env.stack, '/set-password'));
    await expect
      .poll(() => cutShort.getByRole('alert').textContent())
      .toBe('This link is unknown, was used already or has expired. Ask for a new one.');
    await cutShort.close();
    await page.goto(link.replace(/^https?:\/\/[^/]+/, env.stack.serverUrl));
    await page
      .getByText('You were invited to the back office as new.finance@demo.cashdesk.test.')
      .waitFor();
    await checkBothWidths(page, 'set-password');
    await page.getByLabel('New password', { exact: true }).fill('a-long-new-password-2026');
    await page.getByLabel('New password again').fill('a-long-new-password-2026');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('link', { name: 'Go to sign-in' }).click();

    await giveCredentials(page, 'new.finance@demo.cashdesk.test', 'a-long-new-password-2026');
    await page
      .getByRole('img', { name: 'QR code to add Cashdesk to an authenticator app' })
      .waitFor();
    await checkBothWidths(page, 'enrol');
    const secret = (await page.getByLabel('Secret to type instead').textContent()) ?? '';
    await page.getByLabel('Six-digit code').fill(authenticatorCode(secret.trim(), new Date()));
    await page.getByRole('button', { name: 'Confirm and sign in' }).click();
    await page.getByRole('heading', { name: 'Transactions', level: 1 }).waitFor();
    await context.close();
  });

  it('finance credits a balance with a reason, and the player page shows the new balance', async () => {
    await cardDeposit(env.stack, 'bo-adjusted-player', '25.00');
    const context = await financeContext();
    const page = await context.newPage();
    await page.goto(backOfficeUrl(env.stack, '/players/bo-adjusted-player'));
    const eur = page
      .getByRole('table', { name: 'Balances' })
      .getByRole('row')
      .filter({ hasText: 'EUR' });
    await expect.poll(() => eur.textContent()).toContain('€525.00');

    await page.getByRole('button', { name: 'Adjust balance' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Amount').fill('5.00');
    await dialog.getByLabel('Currency').fill('EUR');
    await dialog.getByLabel('Reason').fill('Compensation for a delayed payout');
    await checkScreen(page, 'adjust-dialog');
    await dialog.getByRole('button', { name: 'Adjust' }).click();
    await expect
      .poll(() => page.getByRole('status').first().textContent())
      .toBe('The balance was adjusted.');
    await expect.poll(() => eur.textContent()).toContain('€530.00');

    // A withdrawal limit of the player's own: at most 100.00 EUR a payment.
    await page.getByRole('button', { name: 'Set a limit' }).click();
    const limit = page.getByRole('dialog');
    await limit.getByLabel('Flow').selectOption('withdrawal');
    await limit.getByLabel('Maximum').fill('100.00');
    await limit.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => page.getByRole('status').first().textContent())
      .toBe("The player's limit was saved.");
    await expect
      .poll(() => page.getByRole('table', { name: 'Own limits' }).textContent())
      .toContain('€100.00');
    await context.close();
  });

  it('support blocks a player with a reason, and the page says so', async () => {
    await cardDeposit(env.stack, 'bo-blocked-player', '10.00');
    const context = await env.browser.newContext(DESKTOP_CONTEXT);
    const page = await context.newPage();
    await signIn(page, SUPPORT, false);
    await page.goto(backOfficeUrl(env.stack, '/players/bo-blocked-player'));
    await page.getByRole('heading', { name: 'Player bo-blocked-player' }).waitFor();
    // Support may block but not adjust a balance or set a limit.
    expect(await page.getByRole('button', { name: 'Adjust balance' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Set a limit' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Block' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Reason (optional)').fill('Chargeback fraud suspected');
    await dialog.getByRole('button', { name: 'Block' }).click();
    await expect
      .poll(() => page.getByRole('status').first().textContent())
      .toBe('The player is blocked: their sessions ended.');
    await expect.poll(() => page.getByText('Chargeback fraud suspected').count()).toBe(1);
    await page.getByRole('button', { name: 'Unblock' }).waitFor();
    await context.close();
  });

  it('an administrator picks the brand, and the screens read that brand', async () => {
    const context = await env.browser.newContext(DESKTOP_CONTEXT);
    const page = await context.newPage();
    await signIn(page, ADMINISTRATOR, true);
    const picker = page.getByLabel('Brand');
    expect((await picker.locator('option').allTextContents()).length).toBeGreaterThan(1);
    await picker.selectOption('brand0');
    await page.goto(backOfficeUrl(env.stack, '/transactions?player_id=bo-listed-player'));
    await expect
      .poll(() => page.getByRole('table', { name: 'Transactions' }).getByRole('row').count())
      .toBe(2);
    expect(await page.getByRole('alert').count()).toBe(0);
    await context.close();
  });

  it('locks an account after five wrong passwords, and says until when even to the right one', async () => {
    const member = await createStaff(
      { db: env.stack.app.cashdesk.db },
      { role: 'support', brandId: 'brand0' },
    );
    const context = await env.browser.newContext(DESKTOP_CONTEXT);
    const page = await context.newPage();
    await page.goto(backOfficeUrl(env.stack, '/sign-in'));
    const alert = page.getByRole('alert');
    /** Signs in with `password` and waits for the server's answer. */
    const attempt = async (password: string) => {
      const answered = page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' &&
          new URL(response.url()).pathname === `${STAFF_BASE}/session`,
      );
      await giveCredentials(page, member.email, password);
      return (await answered).status();
    };
    for (let failure = 1; failure <= 4; failure += 1) {
      expect(await attempt(`a-wrong-password-${String(failure)}`)).toBe(401);
      await expect
        .poll(() => alert.textContent())
        .toBe('The e-mail address or the password is wrong.');
    }
    await attempt('a-wrong-password-5');
    // Locked now: the right password is refused too, and the page says until when.
    expect(await attempt(member.password)).toBe(429);
    await expect
      .poll(() => alert.textContent())
      .toMatch(/^Too many failed attempts: this account is locked until .+\. Try again then\.$/);
    expect(await page.getByRole('navigation', { name: 'Back office' }).count()).toBe(0);
    await checkScreen(page, 'sign-in-locked');
    await context.close();
  });

  it("another brand's staff see none of brand0's payments or players, and a change without the token is refused", async () => {
    const deposit = await cardDeposit(env.stack, 'bo-other-brand-eyes', '11.00');
    const member = await createStaff(
      { db: env.stack.app.cashdesk.db },
      { role: 'support', brandId: 'brand1' },
    );
    const context = await env.browser.newContext(DESKTOP_CONTEXT);
    const page = await context.newPage();
    await page.goto(backOfficeUrl(env.stack, '/sign-in'));
    await giveCredentials(page, member.email, member.password);
    await page.getByRole('navigation', { name: 'Back office' }).waitFor();

    await page.goto(backOfficeUrl(env.stack, `/transactions/${deposit}`));
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Not found in this brand.');
    await page.goto(backOfficeUrl(env.stack, '/transactions?player_id=bo-other-brand-eyes'));
    await page.getByText('No transaction matches these filters.').waitFor();
    await page.goto(backOfficeUrl(env.stack, '/players/bo-other-brand-eyes'));
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Not found in this brand.');

    // A change under the session without its CSRF token is refused, whatever the call.
    const forged = await context.request.post(
      `${env.stack.serverUrl}${OPERATOR_BASE}/players/bo-other-brand-eyes/block`,
      { data: { reason: 'forged' } },
    );
    expect(forged.status()).toBe(403);
    expect(errorCode(await forged.json())).toBe('1855');
    await context.close();
  });

  it('a session idle for 30 minutes goes back to sign-in with a notice, keeping the address', async () => {
    const member = await createStaff(
      { db: env.stack.app.cashdesk.db },
      { role: 'support', brandId: 'brand0' },
    );
    const context = await env.browser.newContext(DESKTOP_CONTEXT);
    const page = await context.newPage();
    await page.goto(backOfficeUrl(env.stack, '/sign-in'));
    await giveCredentials(page, member.email, member.password);
    await page.getByRole('navigation', { name: 'Back office' }).waitFor();
    await page.goto(backOfficeUrl(env.stack, '/players'));
    await page.getByRole('heading', { name: 'Players', level: 1 }).waitFor();
    // Last seen 31 minutes ago, as if the member had left the page open.
    await env.stack.app.cashdesk.db
      .update(staffSessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(staffSessions.staffId, member.id));
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Transactions' })
      .click();
    await page.getByText('Your session ended. Sign in again to go on where you were.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/back-office/sign-in');
    expect(new URL(page.url()).searchParams.get('return')).toBe('/transactions');
    await context.close();
  });
});
