/**
 * The money a player is shown and types, in the demo host page's frame, in English and Arabic at
 * 390 and 1280 px: the Crypto bonus its ribbon advertises is shown and credited (SPEC §5, decision
 * 0116); after a payment the method list shows the server's new balance, never the one from before
 * (SPEC §3 user_balance); the pay button says what is charged, fee included, and "Save card"
 * starts unticked; typed amounts are read in the player's language, grouping commas and digits of
 * every script included, and an amount that reads two ways is refused with a message (SPEC §5).
 */
import { describe, expect, it } from 'vitest';
import type { Frame } from 'playwright-core';
import { DESKTOP_CONTEXT, PHONE_CONTEXT, screenshot, useStackAndBrowser } from './support';
import type { WidgetLanguage } from './support/cashier';
import {
  approveAtProvider,
  balanceOf,
  closeHosted,
  literal,
  openHostedCashier,
  sameAmount,
  text,
  transactionsOf,
  visitScreen,
} from './support/cashier';
import { withdrawButton } from './support/withdrawal';
import {
  METHODS,
  field,
  methodTile,
  pageBalance,
  submitButton,
  waitForHome,
  waitForList,
  waitForPath,
} from './support/journeys';

const env = useStackAndBrowser();

/** Text as the player reads it: no direction isolates, no-break spaces as spaces. */
function plain(value: string | null): string {
  return (value ?? '').replace(/[\u2066-\u2069\u200e\u200f]/g, '').replace(/[\u00a0\u202f]/g, ' ');
}

/** The value of the result page's details row labelled `labelKey`. */
function detail(frame: Frame, lang: WidgetLanguage, labelKey: string) {
  return frame
    .locator('.cd-result__detail')
    .filter({ has: frame.getByRole('term').filter({ hasText: literal(text(lang, labelKey)) }) })
    .getByRole('definition');
}

/** Opens a deposit method from a fresh cashier's list, in `lang`. */
async function openDepositMethod(frame: Frame, name: string, lang: WidgetLanguage): Promise<void> {
  await waitForHome(frame, lang);
  await methodTile(frame, name, lang).click();
  await waitForPath(frame, /^\/deposit\/[^/]+$/);
  await amountOf(frame, lang).waitFor();
}

/** The amount field of the method form, by its label in `lang`. */
function amountOf(frame: Frame, lang: WidgetLanguage) {
  return field(frame, 'DEPOSIT_METHOD.AMOUNT_LABEL', lang);
}

const CASES = [
  ['en', 'phone', PHONE_CONTEXT],
  ['ar', 'desktop', DESKTOP_CONTEXT],
] as const;

describe('a Crypto deposit: its bonus and the balance after it (SPEC §5 bonus, §3 user_balance)', () => {
  it.each(CASES)(
    'SPEC §5, §3 (%s, %s): 60 EUR earns the advertised 3.00 bonus, credited once, and the method list then shows 563.00',
    async (lang, device, context) => {
      const hosted = await openHostedCashier(env.browser, env.stack, { lang, context });
      const { page, frame, session } = hosted;
      try {
        await openDepositMethod(frame, METHODS.crypto, lang);
        const amount = amountOf(frame, lang);
        await amount.fill('60');
        // The bonus line on the form, as the ribbon advertised it.
        const banner = frame.locator('.cd-bonus-banner');
        await expect.poll(async () => plain(await banner.textContent())).toContain('3.00 EUR');
        const network = field(frame, 'PH.FIELD.NETWORK', lang);
        if ((await network.evaluate((element) => element.tagName)) === 'SELECT') {
          await network.selectOption({ label: 'Bitcoin' });
        } else {
          await network.click();
          await frame.getByRole('option', { name: 'Bitcoin', exact: true }).click();
        }
        await visitScreen(page, frame, `money-crypto-form-${lang}-${device}`);
        await submitButton(frame, lang).click();
        await waitForPath(frame, '/deposit/deposit-display-form');
        const [transaction] = await transactionsOf(env.stack, session.sessionId);
        if (transaction === undefined) throw new Error('no transaction');
        await approveAtProvider(env.stack, transaction.id);
        await waitForPath(frame, '/deposit/deposit-success');
        const balance = detail(frame, lang, 'RESULT.DETAILS.NEW_BALANCE');
        await expect.poll(async () => plain(await balance.textContent())).toBe('563.00 EUR');
        expect(plain(await detail(frame, lang, 'RESULT.DETAILS.BONUS').textContent())).toBe(
          '3.00 EUR',
        );
        await visitScreen(page, frame, `money-crypto-success-${lang}-${device}`);

        await frame
          .getByRole('button', { name: text(lang, 'RESULT.BUTTON.ALL_METHODS'), exact: true })
          .click();
        await waitForList(frame, lang);
        // The server's balance after the payment, never the 500.00 read before it.
        await expect
          .poll(async () => plain(await pageBalance(frame, lang).textContent()))
          .toBe('563.00 EUR');
        await visitScreen(page, frame, `money-list-after-${lang}-${device}`);
        expect(sameAmount(await balanceOf(env.stack, session.sessionId), '563')).toBe(true);
      } finally {
        await closeHosted(hosted);
      }
    },
  );
});

describe('the card form: the amount charged and the amount typed (SPEC §5 fee, amount input)', () => {
  it.each([
    ['en', 'desktop', DESKTOP_CONTEXT],
    ['ar', 'phone', PHONE_CONTEXT],
  ] as const)(
    'SPEC §5 (%s, %s): the button says what is charged, Save card starts unticked, "1,000" is a thousand and other digits are read',
    async (lang, device, context) => {
      const hosted = await openHostedCashier(env.browser, env.stack, { lang, context });
      const { page, frame } = hosted;
      try {
        await openDepositMethod(frame, METHODS.card, lang);
        const amount = amountOf(frame, lang);
        const button = submitButton(frame, lang);
        // 5.00 plus the card's fee of 1.5 % + 0.25: 5.33, the figure of "Total to pay".
        await amount.fill('5');
        await expect
          .poll(async () => plain(await button.textContent()))
          .toBe(text(lang, 'DEPOSIT_METHOD.SUBMIT_WITH_FEE', { amount: '5.33 EUR' }));
        expect(await field(frame, 'PH.FIELD.SAVE_CARD', lang).isChecked()).toBe(false);
        await visitScreen(page, frame, `money-card-fee-${lang}-${device}`);

        // A grouping comma is read as one, never as a decimal point (1,000 is not 1.00).
        await amount.fill('');
        await amount.pressSequentially('1,000');
        await amount.blur();
        expect(await amount.inputValue()).toBe('1 000');
        await expect
          .poll(async () => plain(await button.textContent()))
          .toBe(text(lang, 'DEPOSIT_METHOD.SUBMIT_WITH_FEE', { amount: '1 015.25 EUR' }));

        // Arabic-Indic digits and the Arabic decimal separator are read, not dropped.
        await amount.fill('');
        await amount.pressSequentially('١٢٫٥');
        await amount.blur();
        expect(await amount.inputValue()).toBe('12.5');

        // Commas that group nothing: refused with a message, nothing guessed.
        await amount.fill('');
        await amount.pressSequentially('1,00,000');
        await amount.blur();
        // The message is the field's description, with the text typed and the amount written
        // the language's way.
        const describedBy = (await amount.getAttribute('aria-describedby')) ?? '';
        const message = frame.locator(`[id="${describedBy.split(' ')[0] ?? ''}"]`);
        await expect
          .poll(async () => plain(await message.textContent()))
          .toBe(
            plain(text(lang, 'PH.ERROR.AMOUNT_UNCLEAR', { text: '1,00,000', example: '1 234.50' })),
          );
        expect(await amount.getAttribute('aria-invalid')).toBe('true');
        await amount.scrollIntoViewIfNeeded();
        await visitScreen(page, frame, `money-amount-unclear-${lang}-${device}`);
        await screenshot(page, `money-amount-unclear-${lang}-${device}-view`, { fullPage: false });
      } finally {
        await closeHosted(hosted);
      }
    },
  );
});

describe('a withdrawal result: what arrives and where (SPEC §2 result page, §5 fee and tax)', () => {
  it.each([
    ['ar', 'phone', PHONE_CONTEXT],
    ['en', 'desktop', DESKTOP_CONTEXT],
  ] as const)(
    'SPEC §2, §5 (%s, %s): 150.00 to the saved card says 145.00 is received (tax 5.00), names the card and the withdrawal methods',
    async (lang, device, context) => {
      const hosted = await openHostedCashier(env.browser, env.stack, {
        player: 'demo',
        flow: 'withdrawal',
        lang,
        context,
      });
      const { page, frame } = hosted;
      try {
        // SPEC §4 automatic method choice (withdrawal): the card payout with the saved card.
        await waitForPath(frame, /^\/withdrawal\/\d+$/);
        const amount = amountOf(frame, lang);
        await amount.fill('150');
        await withdrawButton(frame, lang).click();
        await waitForPath(frame, '/withdrawal/withdrawal-success');
        const received = detail(frame, lang, 'RESULT.DETAILS.RECEIVED');
        await expect.poll(async () => plain(await received.textContent())).toBe('145.00 EUR');
        expect(
          plain(await detail(frame, lang, 'RESULT.DETAILS.DESTINATION').textContent()),
        ).toMatch(/^(Visa|Mastercard) •••• \d{4}$/);
        await frame
          .getByRole('button', {
            name: text(lang, 'RESULT.BUTTON.ALL_PAYOUT_METHODS'),
            exact: true,
          })
          .waitFor();
        await visitScreen(page, frame, `money-withdrawal-success-${lang}-${device}`);
      } finally {
        await closeHosted(hosted);
      }
    },
  );
});
