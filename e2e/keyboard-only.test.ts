/**
 * Keyboard-only deposit and withdrawal, with the focus asserted after each step and the key
 * presses of the card deposit counted, in Debian Chromium: a player
 * who uses only the keyboard starts on the demo host page, goes into the cashier's frame with the
 * host page's skip link and Tab, fills the sandbox card form (or the payout form) and submits it.
 * After every step the test names where the focus is (the role and accessible name of the
 * focused element of the cashier frame, or of the host page), so a focus lost to the document
 * body, a control Tab cannot reach, or a result page that leaves the focus behind fails. Every
 * key is counted (a press is one, each typed character one) and the count must stay within the
 * measured budget, so a change that adds Tab stops to the journey is noticed.
 */
import { describe, expect, it } from 'vitest';
import type { Frame, Locator, Page } from 'playwright-core';
import { screenshot, useStackAndBrowser } from './support';
import {
  balanceOf,
  closeHosted,
  openHostedCashier,
  pattern,
  text,
  transactionsOf,
} from './support/cashier';
import { METHODS, TEST_CARDS, futureExpiry, waitForPath } from './support/journeys';
import { PAYOUT_METHODS, resultHeading } from './support/withdrawal';

const env = useStackAndBrowser();

/**
 * The key presses of the keyboard-only card deposit and withdrawal below, as measured when the
 * journeys were written (49 for the deposit before the focus work): a ceiling,
 * lower it when a change saves keys.
 */
const DEPOSIT_KEY_BUDGET = 52;
const WITHDRAWAL_KEY_BUDGET = 10;

/** The keyboard of the page, counting each press and each typed character. */
class CountingKeyboard {
  count = 0;

  constructor(private readonly page: Page) {}

  async press(key: string): Promise<void> {
    this.count += 1;
    await this.page.keyboard.press(key);
  }

  async type(characters: string): Promise<void> {
    this.count += characters.length;
    await this.page.keyboard.type(characters);
  }
}

/**
 * The first line of an element's accessibility snapshot as "role "name"" (the value of a field
 * and the element's children left out), or the tag when it has no role.
 */
async function roleAndName(focused: Locator): Promise<string> {
  const [line = ''] = (await focused.ariaSnapshot()).split('\n');
  const match = /^- ([\w-]+)(?: ("(?:[^"\\]|\\.)*"))?/.exec(line.trim());
  if (match === null) return `(no role: ${line})`;
  const [, role = '', name] = match;
  return name === undefined ? role : `${role} ${name}`;
}

/**
 * Where the focus is: "host: <role> "<name>"" on the host page, "cashier: <role> "<name>"" in
 * the cashier's frame, or "... (body)" when the focus is on a document's body (lost).
 */
async function focusOf(page: Page, frame: Frame): Promise<string> {
  const onHost = await page.evaluate(() => {
    const active = document.activeElement;
    if (active === null || active === document.body) return 'body';
    return active.tagName === 'IFRAME' && active.getAttribute('title') === 'Cashier'
      ? 'cashier'
      : 'element';
  });
  if (onHost === 'body') return 'host: (body)';
  if (onHost === 'element') return `host: ${await roleAndName(page.locator('*:focus'))}`;
  const inFrame = await frame.evaluate(() => {
    const active = document.activeElement;
    return active === null || active === document.body;
  });
  if (inFrame) return 'cashier: (body)';
  return `cashier: ${await roleAndName(frame.locator('*:focus'))}`;
}

/** "<role> "<name>"" as {@link focusOf} writes it. */
function named(role: string, name: string): string {
  return `${role} ${JSON.stringify(name)}`;
}

/** Waits until the focus is on `expected` ("cashier: ..." or "host: ..."), or fails naming where it is. */
async function expectFocus(page: Page, frame: Frame, expected: string): Promise<void> {
  await expect.poll(() => focusOf(page, frame)).toBe(expected);
}

/**
 * From the host page's top to the cashier: the skip link (the first Tab stop of the page) and
 * Enter bring the focus to the cashier panel's heading; the next Tab is inside the frame.
 */
async function skipToCashier(keys: CountingKeyboard, page: Page, frame: Frame): Promise<void> {
  await keys.press('Tab');
  await expectFocus(page, frame, `host: ${named('link', 'Skip to the cashier')}`);
  await keys.press('Enter');
  await expectFocus(page, frame, `host: ${named('heading', 'Cashier')}`);
}

describe('keyboard-only journeys (focus after each step, key presses counted)', () => {
  it('a sandbox card deposit from the host page to the success page with the keyboard only, the focus named after every step, within the key budget', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack);
    const { page, frame, session } = hosted;
    const keys = new CountingKeyboard(page);
    const inCashier = (role: string, name: string) =>
      expectFocus(page, frame, `cashier: ${named(role, name)}`);
    // SPEC §4 automatic method choice: a fresh player's cashier opens on the card method.
    await waitForPath(frame, /^\/deposit\/\d+$/);
    await frame.getByRole('heading', { level: 1, name: METHODS.card }).waitFor();
    // Loading the cashier (and its automatic choice) took no focus from the host page.
    await expectFocus(page, frame, 'host: (body)');

    await skipToCashier(keys, page, frame);
    await keys.press('Tab');
    await inCashier('link', text('en', 'DEPOSIT_METHOD.BACK'));
    await keys.press('Tab');
    await inCashier('button', text('en', 'NOTIFICATION.CLOSE'));
    // Tab into a field selects its value: typing replaces the preset amount.
    await keys.press('Tab');
    await inCashier('textbox', text('en', 'DEPOSIT_METHOD.AMOUNT_LABEL'));
    await keys.type('25');
    const amount = frame.getByRole('textbox', { name: text('en', 'DEPOSIT_METHOD.AMOUNT_LABEL') });
    expect(await amount.inputValue()).toBe('25');
    // The amount presets are one radio group: one Tab stop, the block the amount typed matches.
    await keys.press('Tab');
    await inCashier('radio', '25 EUR');
    // A fresh player has no saved card to choose: the card number comes next.
    await keys.press('Tab');
    await inCashier('textbox', text('en', 'PH.FIELD.CARD_NUMBER'));
    await keys.type(TEST_CARDS.approved.replace(/\s/g, ''));
    await inCashier('textbox', text('en', 'PH.FIELD.CARD_NUMBER'));
    await keys.press('Tab');
    await inCashier('textbox', text('en', 'PH.FIELD.EXPIRY'));
    await keys.type(futureExpiry());
    await keys.press('Tab');
    await inCashier('button', text('en', 'FIELDS.CVV.INFO'));
    await keys.press('Tab');
    await inCashier('textbox', text('en', 'PH.FIELD.CVV'));
    await keys.type('123');
    await keys.press('Tab');
    await inCashier('textbox', text('en', 'PH.FIELD.CARDHOLDER'));
    await keys.type('Ada Lovelace');
    await keys.press('Tab');
    await inCashier('checkbox', text('en', 'PH.FIELD.SAVE_CARD'));
    await keys.press('Tab');
    // The card's fee (1.5 % + 0.25) included: what the player is charged.
    await inCashier(
      'button',
      text('en', 'DEPOSIT_METHOD.SUBMIT_WITH_FEE', { amount: '25.63 EUR' }),
    );
    await screenshot(page, 'keyboard-only-deposit-submit');
    await keys.press('Enter');

    // The success page takes the focus to its heading (the form and its button are gone).
    await waitForPath(frame, '/deposit/deposit-success');
    await inCashier('heading', text('en', 'RESULT.DEPOSIT.SUCCESS.TITLE'));
    await screenshot(page, 'keyboard-only-deposit-success');
    const [transaction] = await transactionsOf(env.stack, session.sessionId);
    expect(transaction).toMatchObject({ flow: 'deposit', status: 'success' });

    console.log(`keyboard-only card deposit: ${String(keys.count)} key presses`);
    expect(keys.count).toBeLessThanOrEqual(DEPOSIT_KEY_BUDGET);
    await closeHosted(hosted);
  });

  it('a withdrawal of the demo player to its saved card with the keyboard only, the focus named after every step, within the key budget', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack, {
      player: 'demo',
      flow: 'withdrawal',
    });
    const { page, frame, session } = hosted;
    const keys = new CountingKeyboard(page);
    const inCashier = (role: string, name: string) =>
      expectFocus(page, frame, `cashier: ${named(role, name)}`);
    const before = await balanceOf(env.stack, session.sessionId);
    // SPEC §4 automatic method choice (withdrawal): the cashier opens on the card payout.
    await waitForPath(frame, /^\/withdrawal\/\d+$/);
    await frame.getByRole('heading', { level: 1, name: PAYOUT_METHODS.card }).waitFor();
    await expectFocus(page, frame, 'host: (body)');

    await skipToCashier(keys, page, frame);
    await keys.press('Tab');
    await inCashier('link', text('en', 'WITHDRAWAL.BACK'));
    await keys.press('Tab');
    await inCashier('textbox', text('en', 'DEPOSIT_METHOD.AMOUNT_LABEL'));
    await keys.type('25');
    // The saved card is chosen already; Tab passes it and the link to the saved cards.
    await keys.press('Tab');
    // The demo player has more than one saved card; the one the form chose is named.
    await expect.poll(() => focusOf(page, frame)).toMatch(/^cashier: radio "/);
    const radio = (await focusOf(page, frame)).replace(/^cashier: radio /, '');
    expect(JSON.parse(radio)).toMatch(pattern('en', 'CARDS.CARD_NAME'));
    expect(await frame.locator('*:focus').isChecked()).toBe(true);
    await keys.press('Tab');
    await inCashier('link', text('en', 'CARDS.MANAGE'));
    await keys.press('Tab');
    await inCashier('button', text('en', 'WITHDRAWAL.SUBMIT', { amount: '25.00 EUR' }));
    await keys.press('Enter');

    await waitForPath(frame, '/withdrawal/withdrawal-success');
    await resultHeading(frame, 'SUCCESS').waitFor();
    await inCashier('heading', text('en', 'RESULT.WITHDRAWAL.SUCCESS.TITLE'));
    const [transaction] = await transactionsOf(env.stack, session.sessionId);
    expect(transaction).toMatchObject({ flow: 'withdrawal', status: 'success' });
    expect(Number(before) - Number(await balanceOf(env.stack, session.sessionId))).toBe(25);

    console.log(`keyboard-only withdrawal: ${String(keys.count)} key presses`);
    expect(keys.count).toBeLessThanOrEqual(WITHDRAWAL_KEY_BUDGET);
    await closeHosted(hosted);
  });
});
