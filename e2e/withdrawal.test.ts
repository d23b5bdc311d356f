/**
 * The withdrawal flow in the demo host page's iframe (SPEC §2 withdrawal routes, §4
 * withdrawal verification, §5 withdrawal amount and tax, §7 payouts and reversal): a withdrawal
 * to a saved account, the tax above the non-taxable amount, the balance error, a bet-shop
 * pick-up with its voucher and the reversal of a pending withdrawal. The verification of a new
 * payout account by a one-time code, and its block, are in withdrawal-verification.test.ts.
 *
 * The sandbox provider settles processing payouts after ten minutes here (instead of five
 * seconds), so a pending withdrawal stays pending for as long as a test looks at it.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Frame, Locator, Page } from 'playwright-core';
import { CASHIER_BASE } from '@cashdesk/contract';
import { DatabaseSandboxStore, SandboxProvider } from '@cashdesk/server';
import { newSession, useStackAndBrowser } from './support';
import {
  balanceOf,
  closeHosted,
  literal,
  openHostedCashier,
  pattern,
  sameAmount,
  text,
  transactionsOf,
  uniquePlayer,
  visitScreen,
} from './support/cashier';
import {
  amountInput,
  describeFrame,
  pageBalance,
  waitForPath,
  watchPartShownForms,
} from './support/journeys';
import {
  PAYOUT_METHODS,
  descriptionOf,
  giveContacts,
  openWithContacts,
  openPayoutMethod,
  openWithdrawal,
  resultHeading,
  summaryFigure,
  waitForWithdrawalList,
  withdrawButton,
} from './support/withdrawal';

const env = useStackAndBrowser({
  provider: (config, db) =>
    new SandboxProvider({
      baseUrl: config.publicUrl,
      store: new DatabaseSandboxStore(db),
      settleAfterMs: SETTLE_AFTER_MS,
    }),
});

/** Long enough that no test sees a processing payout settle by itself. */
const SETTLE_AFTER_MS = 10 * 60_000;

/** The addresses of the withdrawal submits (SPEC §7 payouts/groups/{id}/submit) the page sends from now on. */
function recordPayoutSubmits(page: Page): string[] {
  const submits: string[] = [];
  page.on('request', (request) => {
    if (/\/payouts\/groups\/[^/]+\/submit$/.test(new URL(request.url()).pathname)) {
      submits.push(request.url());
    }
  });
  return submits;
}

/** A text without its bidirectional isolation marks and surrounding spaces. */
function plainText(value: string | null): string {
  return (value ?? '').replace(/[\u2066-\u2069\u200e\u200f]/g, '').trim();
}

describe('withdrawal (SPEC §2 withdrawal routes, §5 amount and tax, §7 payouts)', () => {
  it('withdraws to the saved confirmed account of the demo player; the server takes the amount from the balance', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack, {
      player: 'demo',
      flow: 'withdrawal',
    });
    const { page, frame, session } = hosted;
    const before = await balanceOf(env.stack, session.sessionId);
    await openWithdrawal(frame);
    await visitScreen(page, frame, 'withdrawal-home');

    await openPayoutMethod(frame, PAYOUT_METHODS.ewallet);
    // The seeded confirmed account is chosen; the phone field stays hidden (it is on file).
    const saved = frame.getByRole('radio', { name: /\+49151\*+678/ });
    await saved.waitFor();
    expect(await saved.isChecked()).toBe(true);
    expect(
      await frame.getByRole('textbox', { name: text('en', 'PH.FIELD.PHONE'), exact: true }).count(),
    ).toBe(0);
    await amountInput(frame).fill('25');
    await visitScreen(page, frame, 'withdrawal-saved-account');
    await withdrawButton(frame).click();

    await waitForPath(frame, '/withdrawal/withdrawal-success');
    await resultHeading(frame, 'SUCCESS').waitFor();
    await visitScreen(page, frame, 'withdrawal-success');
    const [transaction] = await transactionsOf(env.stack, session.sessionId);
    expect(transaction?.flow).toBe('withdrawal');
    expect(transaction?.status).toBe('success');
    expect(sameAmount(transaction?.amount ?? '', '25')).toBe(true);
    const after = await balanceOf(env.stack, session.sessionId);
    expect(Number(before) - Number(after)).toBe(25);
    await closeHosted(hosted);
  });

  it('SPEC §5 tax: none up to the non-taxable 100, 5.06 for 150.55, updated in place as the amount is typed, and stored on the transaction; the form appears whole', async () => {
    const hosted = await openWithContacts(env, 'tax');
    const { page, frame, session } = hosted;
    await openWithdrawal(frame);
    // The method's read-only phone field has its code downloaded on demand: the form still
    // appears whole, for a submit button that moves as a field arrives catches the wrong tap.
    const partShownForms = await watchPartShownForms(frame);
    await openPayoutMethod(frame, PAYOUT_METHODS.mobile);
    await frame.getByRole('textbox', { name: text('en', 'PH.FIELD.PHONE'), exact: true }).waitFor();
    expect(await partShownForms()).toBe(0);
    const amount = amountInput(frame);
    const tax = summaryFigure(frame, 'FIELDS.SUMMARY.TAX');

    await amount.fill('50');
    await expect.poll(() => amount.inputValue()).toBe('50');
    expect(await tax.count()).toBe(0);

    // Typed key by key: the tax line appears above 100 and follows every key in the same place.
    await amount.fill('');
    await amount.pressSequentially('150');
    await expect.poll(async () => plainText(await tax.textContent())).toBe('−5.00 EUR');
    const line = await tax.elementHandle();
    await amount.pressSequentially('.55');
    await expect.poll(async () => plainText(await tax.textContent())).toBe('−5.06 EUR');
    expect(await line.evaluate((element) => element.isConnected)).toBe(true);
    expect(plainText(await line.textContent())).toBe('−5.06 EUR');
    await visitScreen(page, frame, 'withdrawal-tax');

    await withdrawButton(frame).click();
    await waitForPath(frame, '/withdrawal/withdrawal-success');
    await resultHeading(frame, 'SUCCESS').waitFor();
    const [transaction] = await transactionsOf(env.stack, session.sessionId);
    expect(sameAmount(transaction?.amount ?? '', '150.55')).toBe(true);
    expect(sameAmount(transaction?.tax ?? '', '5.06')).toBe(true);
    await closeHosted(hosted);
  });

  it('SPEC §5 balance rule: an amount above the balance shows 1206 on the amount field and nothing is sent', async () => {
    const hosted = await openWithContacts(env, 'balance');
    const { page, frame, session } = hosted;
    const submits = recordPayoutSubmits(page);
    await openWithdrawal(frame);
    await openPayoutMethod(frame, PAYOUT_METHODS.mobile);
    const amount = amountInput(frame);
    await amount.fill('600');
    await withdrawButton(frame).click();

    const message = text('en', 'CASHIER.PH2.ERROR_MESSAGE.1206');
    // The message is the amount field's own: it describes the input.
    await expect.poll(() => descriptionOf(amount)).toContain(message);
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    await frame.getByText(message, { exact: true }).first().waitFor();
    await visitScreen(page, frame, 'withdrawal-balance-error');
    expect(frame.url()).toMatch(/\/withdrawal\/\d+/);
    expect(submits).toEqual([]);
    expect(await transactionsOf(env.stack, session.sessionId)).toEqual([]);
    expect(sameAmount(await balanceOf(env.stack, session.sessionId), '500')).toBe(true);
    await closeHosted(hosted);
  });

  it('SPEC §8 empty profile phone: the mobile payout of a player without a phone says so on the phone field and sends nothing', async () => {
    // Players made on demand have no phone; the payout would go to the profile phone.
    const hosted = await openHostedCashier(env.browser, env.stack, { flow: 'withdrawal' });
    const { page, frame, session } = hosted;
    const submits = recordPayoutSubmits(page);
    await openWithdrawal(frame);
    await openPayoutMethod(frame, PAYOUT_METHODS.mobile);
    await amountInput(frame).fill('20');
    await withdrawButton(frame).click();

    const phone = frame.getByRole('textbox', { name: text('en', 'PH.FIELD.PHONE'), exact: true });
    const message = text('en', 'FIELDS.PHONE.EMPTY_IN_PROFILE');
    await expect.poll(() => descriptionOf(phone)).toContain(message);
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    // The way to add one: the host opens the player's account.
    await frame
      .getByRole('button', { name: text('en', 'FIELDS.PHONE.OPEN_ACCOUNT'), exact: true })
      .waitFor();
    await visitScreen(page, frame, 'withdrawal-no-phone');
    expect(submits).toEqual([]);
    expect(await transactionsOf(env.stack, session.sessionId)).toEqual([]);
    await closeHosted(hosted);
  });

  it('SPEC §2 /reject-withdrawal: a pending withdrawal is cancelled from the homepage and the balance comes back; a second reversal finds nothing', async () => {
    const hosted = await openWithContacts(env, 'reversal');
    const { page, frame, session } = hosted;
    await openWithdrawal(frame);
    await openPayoutMethod(frame, PAYOUT_METHODS.mobile);
    // Cents .15: the sandbox keeps the payout processing (until it settles).
    await amountInput(frame).fill('20.15');
    await withdrawButton(frame).click();
    await waitForPath(frame, '/withdrawal/withdrawal-processing');
    await resultHeading(frame, 'PROCESSING').waitFor();
    await visitScreen(page, frame, 'withdrawal-processing');
    expect(sameAmount(await balanceOf(env.stack, session.sessionId), '479.85')).toBe(true);
    const [pending] = await transactionsOf(env.stack, session.sessionId);
    expect(pending?.status).toBe('processing');

    // The way back names the withdrawal methods.
    await frame
      .getByRole('button', { name: literal(text('en', 'RESULT.BUTTON.ALL_PAYOUT_METHODS')) })
      .click();
    await waitForPath(frame, '/withdrawal');
    await expect.poll(() => pageBalance(frame).textContent()).toMatch(/479\.85/);
    const notice = frame.getByText(pattern('en', 'WITHDRAWAL_REVERSAL.PENDING'));
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/20\.15/);
    await visitScreen(page, frame, 'withdrawal-pending-notice');

    await frame
      .getByRole('button', { name: text('en', 'WITHDRAWAL_REVERSAL.CANCEL'), exact: true })
      .click();
    const dialog = frame.getByRole('alertdialog', {
      name: text('en', 'WITHDRAWAL_REVERSAL.CONFIRM.TITLE'),
    });
    await dialog.waitFor();
    await visitScreen(page, frame, 'withdrawal-cancel-confirm');
    await dialog
      .getByRole('button', { name: text('en', 'WITHDRAWAL_REVERSAL.CONFIRM.CONFIRM'), exact: true })
      .click();
    const done = frame.getByRole('alertdialog', {
      name: text('en', 'WITHDRAWAL_REVERSAL.SUCCESS.TITLE'),
    });
    await done.waitFor();
    await visitScreen(page, frame, 'withdrawal-cancelled');
    await done
      .getByRole('button', { name: text('en', 'WITHDRAWAL_REVERSAL.CLOSE'), exact: true })
      .click();

    // The page and the server agree: the amount is back, the notice is gone.
    await expect.poll(() => pageBalance(frame).textContent()).toMatch(/500\.00/);
    expect(sameAmount(await balanceOf(env.stack, session.sessionId), '500')).toBe(true);
    await expect.poll(() => notice.count()).toBe(0);
    const [reversed] = await transactionsOf(env.stack, session.sessionId);
    expect(reversed?.status).toBe('error');

    const again = await fetch(
      `${env.stack.serverUrl}${CASHIER_BASE}/payments/reverse-pending-withdrawal`,
      {
        headers: { 'x-session-id': session.sessionId, 'idempotency-key': randomUUID() },
      },
    );
    const body: unknown = await again.json();
    expect(again.status, JSON.stringify(body)).not.toBe(200);
    expect(String(Reflect.get(Object(body), 'error_code'))).toBe('1501');
    expect(sameAmount(await balanceOf(env.stack, session.sessionId), '500')).toBe(true);
    await closeHosted(hosted);
  });

  it('SPEC §2 cancel-withdrawal popup: a pending withdrawal greets the reopened cashier on the homepage of either flow, and is cancelled from the deposit one', async () => {
    const first = await openWithContacts(env, 'reopen');
    const { player } = first;
    await openWithdrawal(first.frame);
    await openPayoutMethod(first.frame, PAYOUT_METHODS.mobile);
    // Cents .15: the sandbox keeps the payout processing (until it settles).
    await amountInput(first.frame).fill('20.15');
    await withdrawButton(first.frame).click();
    await waitForPath(first.frame, '/withdrawal/withdrawal-processing');
    await closeHosted(first);

    // A new withdrawal session: the homepage with the pending withdrawal, not a method page
    // chosen by itself.
    const again = await openHostedCashier(env.browser, env.stack, { player, flow: 'withdrawal' });
    await waitForWithdrawalList(again.frame);
    const notice = again.frame.getByText(pattern('en', 'WITHDRAWAL_REVERSAL.PENDING'));
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/20\.15/);
    expect(new URL(again.frame.url()).pathname).toBe('/withdrawal');
    expect(
      await again.frame
        .getByRole('link', { name: text('en', 'WITHDRAWAL.BACK'), exact: true })
        .count(),
    ).toBe(0);
    await visitScreen(again.page, again.frame, 'withdrawal-reopened-pending-1280');
    await again.page.setViewportSize({ width: 390, height: 844 });
    await visitScreen(again.page, again.frame, 'withdrawal-reopened-pending-390');
    await closeHosted(again);

    // A deposit session in Arabic on a phone: its homepage says it too, and cancels it.
    const deposit = await openHostedCashier(env.browser, env.stack, {
      player,
      flow: 'deposit',
      lang: 'ar',
      context: { viewport: { width: 390, height: 844 } },
    });
    const { page, frame, session } = deposit;
    await waitForPath(frame, '/deposit');
    const arabic = frame.getByText(pattern('ar', 'WITHDRAWAL_REVERSAL.PENDING'));
    await arabic.waitFor();
    expect(new URL(frame.url()).pathname).toBe('/deposit');
    await visitScreen(page, frame, 'deposit-reopened-pending-ar-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await visitScreen(page, frame, 'deposit-reopened-pending-ar-1280');
    await frame
      .getByRole('button', { name: text('ar', 'WITHDRAWAL_REVERSAL.CANCEL'), exact: true })
      .click();
    const dialog = frame.getByRole('alertdialog', {
      name: text('ar', 'WITHDRAWAL_REVERSAL.CONFIRM.TITLE'),
    });
    // By keyboard: where the frame places the dialog is not this test's subject.
    await dialog
      .getByRole('button', { name: text('ar', 'WITHDRAWAL_REVERSAL.CONFIRM.CONFIRM'), exact: true })
      .press('Enter');
    await frame
      .getByRole('alertdialog', { name: text('ar', 'WITHDRAWAL_REVERSAL.SUCCESS.TITLE') })
      .waitFor();
    await visitScreen(page, frame, 'deposit-reopened-cancelled-ar-1280');
    expect(sameAmount(await balanceOf(env.stack, session.sessionId), '500')).toBe(true);
    await frame
      .getByRole('button', { name: text('ar', 'WITHDRAWAL_REVERSAL.CLOSE'), exact: true })
      .press('Enter');
    await expect.poll(() => arabic.count()).toBe(0);

    // The payments list says the player cancelled it, and where the money is: not "not completed".
    await frame.getByRole('link', { name: text('ar', 'HISTORY.LINK'), exact: true }).click();
    await waitForPath(frame, '/deposit-history');
    const recent = frame.getByRole('region', { name: text('ar', 'HISTORY.RECENT'), exact: true });
    await recent
      .getByText(text('ar', 'HISTORY.STATUS.CANCELLED_BY_YOU'), { exact: true })
      .waitFor();
    expect(
      await recent.getByText(text('ar', 'HISTORY.STATUS.ERROR'), { exact: true }).count(),
    ).toBe(0);
    await visitScreen(page, frame, 'history-cancelled-by-you-ar-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await visitScreen(page, frame, 'history-cancelled-by-you-ar-390');
    await closeHosted(deposit);
  });

  it('SPEC §2 /betshop-withdrawal: the shop picker overlay, then the result page shows the pick-up code', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack, { flow: 'withdrawal' });
    const { page, frame, session } = hosted;
    await openWithdrawal(frame);
    await openPayoutMethod(frame, PAYOUT_METHODS.betShop);
    await amountInput(frame).fill('40');
    const picker = frame.getByRole('combobox', { name: literal(text('en', 'PH.FIELD.BET_SHOP')) });
    await picker.click();

    await waitForPath(frame, '/betshop-withdrawal');
    const overlay = frame.getByRole('dialog', { name: text('en', 'FIELDS.BET_SHOP.TITLE') });
    await overlay.waitFor().catch(async (error: unknown) => {
      throw new Error(`no shop picker: ${await describeFrame(frame)}`, { cause: error });
    });
    await visitScreen(page, frame, 'withdrawal-betshop-overlay');
    await overlay.getByRole('option', { name: /^Kreuzberg/ }).click();

    await waitForPath(frame, /^\/withdrawal\/\d+$/);
    await expect.poll(() => picker.textContent()).toMatch(/Kreuzberg/);
    await visitScreen(page, frame, 'withdrawal-betshop-chosen');
    await withdrawButton(frame).click();

    await waitForPath(frame, '/withdrawal/withdrawal-success');
    await resultHeading(frame, 'SUCCESS').waitFor();
    const voucher = frame.getByRole('region', { name: text('en', 'RESULT.VOUCHER.TITLE') });
    await voucher.waitFor();
    // The 12-digit code in groups of four.
    expect(await voucher.textContent()).toMatch(/\d{4} \d{4} \d{4}/);
    expect(await voucher.textContent()).toMatch(/Kreuzberg/);
    await visitScreen(page, frame, 'withdrawal-betshop-voucher');
    const [transaction] = await transactionsOf(env.stack, session.sessionId);
    expect(transaction?.status).toBe('success');
    expect(sameAmount(await balanceOf(env.stack, session.sessionId), '460')).toBe(true);
    await closeHosted(hosted);
  });
});

describe('Arabic, right to left (SPEC §1 right-to-left layouts, §2 body dir, §9 phone width)', () => {
  /** The frame's direction: the document's dir and the body's data-dir. */
  async function directionOf(frame: Frame): Promise<readonly string[]> {
    return frame.evaluate(() => [document.documentElement.dir, document.body.dataset.dir ?? '']);
  }

  /** Whether the frame scrolls sideways (it must not, even at 360 px). */
  async function scrollsSideways(frame: Frame): Promise<boolean> {
    return frame.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
  }

  /**
   * Whether a heading's text sits on the right half of the frame (right-to-left at a phone's
   * width): the middle of its last line (a wrapped title's first line fills the row).
   */
  async function sitsRight(heading: Locator): Promise<boolean> {
    return heading.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const lines = range.getClientRects();
      const last = lines[lines.length - 1];
      if (last === undefined) return false;
      return last.left + last.width / 2 > document.documentElement.clientWidth / 2;
    });
  }

  /** On how many lines an amount in a control's description is laid out. */
  async function linesOfAmount(control: Locator, amount: RegExp): Promise<number> {
    return control.evaluate((input, source) => {
      const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/);
      for (const id of ids) {
        const element = document.getElementById(id);
        if (element === null) continue;
        const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
          const found = new RegExp(source).exec(node.textContent ?? '');
          if (found === null) continue;
          const range = document.createRange();
          range.setStart(node, found.index);
          range.setEnd(node, found.index + found[0].length);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        }
      }
      return 0;
    }, amount.source);
  }

  it('SPEC §2 withdrawal homepage, method page with tax and verification page in ar-brand0 on a 360 px phone', async () => {
    const player = uniquePlayer('arabic');
    await newSession(env.stack, { player, flow: 'withdrawal' });
    await giveContacts(env.stack, player);
    const hosted = await openHostedCashier(env.browser, env.stack, {
      player,
      flow: 'withdrawal',
      lang: 'ar',
      context: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
    });
    const { page, frame } = hosted;
    expect(frame.url()).toContain('lang=ar-brand0');
    await openWithdrawal(frame, 'ar');
    expect(await directionOf(frame)).toEqual(['rtl', 'rtl']);
    const title = frame.getByRole('heading', { level: 1, name: text('ar', 'WITHDRAWAL.TITLE') });
    expect(await sitsRight(title)).toBe(true);
    expect(await scrollsSideways(frame)).toBe(false);
    await visitScreen(page, frame, 'withdrawal-ar-home-phone');

    await openPayoutMethod(frame, PAYOUT_METHODS.mobile, 'ar');
    const amount = frame
      .getByRole('textbox', { name: literal(text('ar', 'DEPOSIT_METHOD.AMOUNT_LABEL')) })
      .first();
    await amount.fill('150.55');
    const tax = summaryFigure(frame, 'FIELDS.SUMMARY.TAX', 'ar');
    await expect.poll(async () => plainText(await tax.textContent())).toMatch(/5\.06/);
    expect(await scrollsSideways(frame)).toBe(false);
    // The limits hint wraps at this width, but never inside an amount (5 000.00 EUR).
    expect(await linesOfAmount(amount, /5\s000\.00\sEUR/)).toBe(1);
    await visitScreen(page, frame, 'withdrawal-ar-tax-phone');

    await frame.getByRole('link', { name: text('ar', 'WITHDRAWAL.BACK'), exact: true }).click();
    await waitForWithdrawalList(frame, 'ar');
    await openPayoutMethod(frame, PAYOUT_METHODS.ewallet, 'ar');
    await frame
      .getByRole('textbox', { name: text('ar', 'PH.FIELD.PHONE'), exact: true })
      .fill('+4917655501234');
    await withdrawButton(frame, 'ar').click();
    await waitForPath(frame, '/withdrawal-verify-account');
    const verify = frame.getByRole('heading', {
      level: 1,
      name: text('ar', 'ACCOUNT_MANAGEMENT.VERIFY.TITLE'),
    });
    await verify.waitFor();
    await frame
      .getByRole('radio', { name: pattern('ar', 'ACCOUNT_MANAGEMENT.VERIFY.CONTACT_PHONE') })
      .waitFor();
    await visitScreen(page, frame, 'withdrawal-ar-verify-phone');
    expect(await directionOf(frame)).toEqual(['rtl', 'rtl']);
    expect(await sitsRight(verify)).toBe(true);
    expect(await scrollsSideways(frame)).toBe(false);
    await closeHosted(hosted);
  });

  it('SPEC §2 withdrawal homepage and method page in ar-brand0 on a desktop', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack, {
      flow: 'withdrawal',
      lang: 'ar',
    });
    const { page, frame } = hosted;
    await openWithdrawal(frame, 'ar');
    expect(await directionOf(frame)).toEqual(['rtl', 'rtl']);
    await visitScreen(page, frame, 'withdrawal-ar-home');
    await openPayoutMethod(frame, PAYOUT_METHODS.mobile, 'ar');
    const amount = frame
      .getByRole('textbox', { name: literal(text('ar', 'DEPOSIT_METHOD.AMOUNT_LABEL')) })
      .first();
    await amount.fill('1200');
    // "1 200" keeps its order: the amount is laid out left to right inside the Arabic form.
    await expect.poll(() => amount.inputValue()).toBe('1 200');
    expect(await amount.evaluate((input) => getComputedStyle(input).direction)).toBe('ltr');
    const tax = summaryFigure(frame, 'FIELDS.SUMMARY.TAX', 'ar');
    // 90.00 for 100 to 1000 at 10 % plus 30.00 for 1000 to 1200 at 15 %.
    await expect.poll(async () => plainText(await tax.textContent())).toMatch(/120\.00/);
    await visitScreen(page, frame, 'withdrawal-ar-tax');
    await closeHosted(hosted);
  });
});
