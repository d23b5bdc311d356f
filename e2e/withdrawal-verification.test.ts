/**
 * Payout account verification in the demo host page's iframe (SPEC §2
 * /withdrawal-verify-account, /account-management-blocked and the account-management status
 * pages, §4 withdrawal verification, §7 requisite/create, otp/send, otp/verify): a new e-wallet
 * account confirmed with the code the sandbox "sent" and then paid to with the amount kept; wrong
 * codes until verification is blocked, with its countdown; and a player whose verification is
 * blocked sent straight to the blocked page.
 */
import { describe, expect, it } from 'vitest';
import type { Frame } from 'playwright-core';
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
import type { HostedCashier } from './support/cashier';
import { amountInput, waitForPath } from './support/journeys';
import {
  PAYOUT_METHODS,
  blockVerification,
  descriptionOf,
  openWithContacts,
  latestOtp,
  openPayoutMethod,
  openWithdrawal,
  resultHeading,
  withdrawButton,
} from './support/withdrawal';

const env = useStackAndBrowser();

/** The new e-wallet account the tests add (its masked form ends in 234). */
const NEW_WALLET_PHONE = '+4917655501234';

/** A fresh player with an e-mail address and a phone number, its cashier open on /withdrawal. */
function openForNewAccount(prefix: string): Promise<HostedCashier> {
  return openWithContacts(env, prefix);
}

/** The e-wallet method with a new account typed in and the given amount, then Withdraw. */
async function withdrawToNewWallet(frame: Frame, amount: string): Promise<void> {
  await openWithdrawal(frame);
  await openPayoutMethod(frame, PAYOUT_METHODS.ewallet);
  await amountInput(frame).fill(amount);
  await frame
    .getByRole('textbox', { name: text('en', 'PH.FIELD.PHONE'), exact: true })
    .fill(NEW_WALLET_PHONE);
  await withdrawButton(frame).click();
}

/** The verification page with the code form: text message chosen, code sent. */
async function sendCodeByText(hosted: HostedCashier, screen: string): Promise<void> {
  const { page, frame } = hosted;
  await waitForPath(frame, '/withdrawal-verify-account');
  await frame
    .getByRole('heading', { level: 1, name: text('en', 'ACCOUNT_MANAGEMENT.VERIFY.TITLE') })
    .waitFor();
  const byText = frame.getByRole('radio', {
    name: pattern('en', 'ACCOUNT_MANAGEMENT.VERIFY.CONTACT_PHONE'),
  });
  await byText.check();
  await visitScreen(page, frame, screen);
  await frame
    .getByRole('button', { name: text('en', 'ACCOUNT_MANAGEMENT.VERIFY.SEND'), exact: true })
    .click();
  await codeField(frame).waitFor();
}

function codeField(frame: Frame) {
  return frame.getByRole('textbox', {
    name: text('en', 'ACCOUNT_MANAGEMENT.VERIFY.CODE_LABEL'),
    exact: true,
  });
}

function confirmButton(frame: Frame) {
  return frame.getByRole('button', {
    name: text('en', 'ACCOUNT_MANAGEMENT.VERIFY.CONFIRM'),
    exact: true,
  });
}

/** Seconds of an hh:mm:ss countdown. */
function secondsOf(countdown: string): number {
  const match = /^(\d{2}):(\d{2}):(\d{2})$/.exec(countdown.trim());
  if (match === null) throw new Error(`not a countdown: ${countdown}`);
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

/** The blocked page's countdown; checks that it runs down, and returns the first reading. */
async function checkCountdownRuns(frame: Frame): Promise<number> {
  const timer = frame.getByRole('timer');
  await timer.waitFor();
  const first = (await timer.textContent()) ?? '';
  const firstSeconds = secondsOf(first);
  // The next second: the clock moves on by itself.
  await expect.poll(async () => (await timer.textContent()) ?? '').not.toBe(first);
  const second = secondsOf((await timer.textContent()) ?? '');
  expect(second).toBeLessThan(firstSeconds);
  expect(firstSeconds - second).toBeLessThanOrEqual(2);
  return firstSeconds;
}

async function waitForBlockedPage(frame: Frame): Promise<void> {
  await waitForPath(frame, '/account-management-blocked');
  await frame
    .getByRole('heading', { level: 1, name: text('en', 'ACCOUNT_MANAGEMENT.BLOCKED.TITLE') })
    .waitFor();
}

describe('payout account verification (SPEC §2, §4 withdrawal verification, §7 otp)', () => {
  it('adds an e-wallet account, confirms it with the code sent by text, comes back with the account chosen and the amount kept, and withdraws', async () => {
    const hosted = await openForNewAccount('verify');
    const { page, frame, session } = hosted;
    await withdrawToNewWallet(frame, '42.50');
    await sendCodeByText(hosted, 'verification-contacts');
    await visitScreen(page, frame, 'verification-code-sent');
    await codeField(frame).fill(await latestOtp(env.stack, session.sessionId));
    await confirmButton(frame).click();

    await waitForPath(frame, '/account-management/status/success');
    await frame
      .getByRole('heading', {
        level: 1,
        name: text('en', 'ACCOUNT_MANAGEMENT.STATUS.SUCCESS_TITLE'),
      })
      .waitFor();
    await visitScreen(page, frame, 'verification-success');
    await frame
      .getByRole('button', { name: text('en', 'ACCOUNT_MANAGEMENT.STATUS.CONTINUE'), exact: true })
      .click();

    // Back on the method page: the confirmed account is chosen, the amount is the one typed.
    await waitForPath(frame, /^\/withdrawal\/\d+$/);
    const account = frame.getByRole('radio', { name: /\*+234/ });
    await account.waitFor();
    expect(await account.isChecked()).toBe(true);
    expect(
      await frame.getByRole('radio', { name: text('en', 'WITHDRAWAL.ACCOUNT.NEW') }).isChecked(),
    ).toBe(false);
    expect(await amountInput(frame).inputValue()).toBe('42.50');
    await visitScreen(page, frame, 'verification-back-on-method');
    await withdrawButton(frame).click();

    await waitForPath(frame, '/withdrawal/withdrawal-success');
    await resultHeading(frame, 'SUCCESS').waitFor();
    const [transaction] = await transactionsOf(env.stack, session.sessionId);
    expect(transaction?.status).toBe('success');
    expect(sameAmount(transaction?.amount ?? '', '42.5')).toBe(true);
    expect(sameAmount(await balanceOf(env.stack, session.sessionId), '457.5')).toBe(true);
    await closeHosted(hosted);
  });

  it.each(['en', 'ar'] as const)(
    'SPEC §2 confirm a one-time code (%s): the screen opened again within the resend wait offers the field for the code already sent, which verifies',
    async (lang) => {
      const hosted = await openWithContacts(env, `reopen-code-${lang}`, {
        lang,
        context: { viewport: { width: 390, height: 844 } },
      });
      const { page, frame, session } = hosted;
      await openWithdrawal(frame, lang);
      await openPayoutMethod(frame, PAYOUT_METHODS.ewallet, lang);
      await frame
        .getByRole('textbox', { name: literal(text(lang, 'DEPOSIT_METHOD.AMOUNT_LABEL')) })
        .first()
        .fill('30');
      await frame
        .getByRole('textbox', { name: text(lang, 'PH.FIELD.PHONE'), exact: true })
        .fill(NEW_WALLET_PHONE);
      await withdrawButton(frame, lang).click();
      await waitForPath(frame, '/withdrawal-verify-account');
      const title = frame.getByRole('heading', {
        level: 1,
        name: text(lang, 'ACCOUNT_MANAGEMENT.VERIFY.TITLE'),
      });
      await title.waitFor();
      await frame
        .getByRole('radio', { name: pattern(lang, 'ACCOUNT_MANAGEMENT.VERIFY.CONTACT_PHONE') })
        .check();
      const send = frame.getByRole('button', {
        name: text(lang, 'ACCOUNT_MANAGEMENT.VERIFY.SEND'),
        exact: true,
      });
      await send.click();
      const code = frame.getByRole('textbox', {
        name: text(lang, 'ACCOUNT_MANAGEMENT.VERIFY.CODE_LABEL'),
        exact: true,
      });
      await code.waitFor();
      const sent = await latestOtp(env.stack, session.sessionId);

      // The player leaves the screen (the page loads again, as after a hiccup) and comes back
      // well within the resend wait: no field yet, and asking again sends nothing new.
      const reloaded = page.waitForEvent('framenavigated', {
        predicate: (navigated) => navigated === frame,
      });
      await frame.evaluate(() => {
        window.location.reload();
      });
      await reloaded;
      await frame.waitForLoadState('load');
      await title.waitFor();
      expect(await code.count()).toBe(0);
      await send.click();
      await code.waitFor();
      // Said on the screen (and once to a screen reader).
      await frame
        .getByText(pattern(lang, 'ACCOUNT_MANAGEMENT.VERIFY.ALREADY_SENT'))
        .first()
        .waitFor();
      // Not refused: no "ask again when the timer runs out" without a way to type the code.
      expect(
        await frame
          .getByText(text(lang, 'ACCOUNT_MANAGEMENT.VERIFY.TOO_SOON'), { exact: true })
          .count(),
      ).toBe(0);
      expect(await latestOtp(env.stack, session.sessionId)).toBe(sent);
      await visitScreen(page, frame, `verification-reopened-${lang}-390`);
      await page.setViewportSize({ width: 1280, height: 900 });
      await visitScreen(page, frame, `verification-reopened-${lang}-1280`);

      await code.fill(sent);
      await frame
        .getByRole('button', {
          name: text(lang, 'ACCOUNT_MANAGEMENT.VERIFY.CONFIRM'),
          exact: true,
        })
        .click();
      await waitForPath(frame, '/account-management/status/success');
      await closeHosted(hosted);
    },
  );

  it('a wrong code says how many attempts are left; the last wrong one blocks verification and the blocked page counts down', async () => {
    const hosted = await openForNewAccount('wrongcode');
    const { page, frame, session } = hosted;
    await withdrawToNewWallet(frame, '30');
    await sendCodeByText(hosted, 'verification-before-wrong-code');
    const right = await latestOtp(env.stack, session.sessionId);
    const wrong = `${right.slice(0, -1)}${String((Number(right.slice(-1)) + 1) % 10)}`;

    for (const left of ['2', '1']) {
      await codeField(frame).fill(wrong);
      await confirmButton(frame).click();
      const message = text('en', 'ACCOUNT_MANAGEMENT.VERIFY.WRONG_CODE', { attempts: left });
      // The message is the code field's own (its description), and is announced.
      await expect.poll(() => descriptionOf(codeField(frame))).toContain(message);
      expect(await codeField(frame).getAttribute('aria-invalid')).toBe('true');
      if (left === '2') await visitScreen(page, frame, 'verification-wrong-code');
    }
    await codeField(frame).fill(wrong);
    await confirmButton(frame).click();

    await waitForBlockedPage(frame);
    const seconds = await checkCountdownRuns(frame);
    // The block of SPEC §9 timeout L: 15 minutes from the last wrong code.
    expect(seconds).toBeLessThanOrEqual(15 * 60);
    expect(seconds).toBeGreaterThan(14 * 60);
    await visitScreen(page, frame, 'verification-blocked');
    expect(await transactionsOf(env.stack, session.sessionId)).toEqual([]);
    await closeHosted(hosted);
  });

  it('a player whose verification is blocked goes from a new e-wallet account straight to the blocked page', async () => {
    const player = uniquePlayer('blocked');
    await newSession(env.stack, { player, flow: 'withdrawal' });
    await blockVerification(env.stack, player, new Date(Date.now() + 2 * 3600_000));
    const hosted = await openHostedCashier(env.browser, env.stack, { player, flow: 'withdrawal' });
    const { page, frame, session } = hosted;
    await withdrawToNewWallet(frame, '30');

    await waitForBlockedPage(frame);
    const seconds = await checkCountdownRuns(frame);
    expect(seconds).toBeGreaterThan(3600);
    expect(seconds).toBeLessThanOrEqual(2 * 3600);
    await visitScreen(page, frame, 'verification-blocked-player');
    expect(
      await frame
        .getByRole('link', { name: literal(text('en', 'ACCOUNT_MANAGEMENT.BACK_TO_METHODS')) })
        .count(),
    ).toBeGreaterThan(0);
    expect(await transactionsOf(env.stack, session.sessionId)).toEqual([]);
    await closeHosted(hosted);
  });
});
