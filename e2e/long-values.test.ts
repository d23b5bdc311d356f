/**
 * Long values are never cut (ui/long-value.tsx, ui/copy-box.tsx): the IBAN a player types by
 * hand into their bank's app shows whole in its read-only field at 320 and 390 px, the 12-digit
 * voucher code shows in groups of four that a line never breaks inside, the QR page's payment
 * details show whole, and every copy button still copies the value as given. A voucher's page shows
 * one code, the voucher's.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Frame, Locator } from 'playwright-core';
import { transactions } from '../packages/server/src/db/schema';
import { DESKTOP_CONTEXT, PHONE_CONTEXT, useStackAndBrowser } from './support';
import { closeHosted, literal, openHostedCashier, text, visitScreen } from './support/cashier';
import {
  METHODS,
  amountInput,
  field,
  openMethod,
  submitButton,
  waitForPath,
} from './support/journeys';

const env = useStackAndBrowser();

/** The copy buttons are checked by reading the clipboard back. */
const CLIPBOARD = ['clipboard-read', 'clipboard-write'];

const SMALL_PHONE = {
  viewport: { width: 320, height: 640 },
  isMobile: true,
  hasTouch: true,
  permissions: CLIPBOARD,
};

/** How a long value lies in its box: cut or not, and its groups that a line broke inside. */
interface Shown {
  readonly text: string;
  /** The value's own box is wider than what shows of it, or it sticks out of its container. */
  readonly cut: boolean;
  /** Groups drawn on more than one line. */
  readonly brokenGroups: readonly string[];
  /** The lines the value takes. */
  readonly lines: number;
}

async function shown(value: Locator): Promise<Shown> {
  return value.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const container = (element.parentElement ?? element).getBoundingClientRect();
    const groups = Array.from(element.querySelectorAll('.cd-long-value__group'));
    const tops = new Set(groups.map((group) => Math.round(group.getBoundingClientRect().top)));
    return {
      text: element.textContent,
      cut:
        element.scrollWidth > element.clientWidth + 1 ||
        box.left < container.left - 1 ||
        box.right > container.right + 1 ||
        box.left < 0 ||
        box.right > window.innerWidth,
      brokenGroups: groups
        .filter((group) => group.getClientRects().length > 1)
        .map((group) => group.textContent),
      lines: tops.size,
    };
  });
}

/** The long value inside the copy box labelled `label`. */
function copyBox(frame: Frame, label: string): Locator {
  return frame.getByRole('group', { name: label, exact: true }).locator('.cd-long-value');
}

describe('long values are shown whole (IBAN, voucher code, references)', () => {
  for (const [width, context] of [
    ['320', SMALL_PHONE],
    ['390', { ...PHONE_CONTEXT, permissions: CLIPBOARD }],
  ] as const) {
    for (const lang of ['en', 'ar'] as const) {
      it(`SPEC §2 copy-input: at ${width} px the IBAN shows whole and its copy button copies it (${lang})`, async () => {
        const hosted = await openHostedCashier(env.browser, env.stack, { lang, context });
        const { page, frame } = hosted;
        await openMethod(frame, METHODS.bankTransfer, { lang });
        const label = text(lang, 'PH.FIELD.BENEFICIARY_IBAN');
        const iban = copyBox(frame, label);
        await iban.scrollIntoViewIfNeeded();
        const ibanShown = await shown(iban);
        expect(ibanShown.text).toBe('DE89 3704 0044 0532 0130 00');
        expect(ibanShown.cut).toBe(false);
        expect(ibanShown.brokenGroups).toEqual([]);
        await frame
          .getByRole('button', { name: text(lang, 'FIELDS.COPY.BUTTON', { label }), exact: true })
          .click();
        await frame.getByText(text(lang, 'FIELDS.COPY.DONE'), { exact: true }).waitFor();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
          'DE89 3704 0044 0532 0130 00',
        );
        await visitScreen(page, frame, `long-values-iban-${width}-${lang}`);
        await closeHosted(hosted);
      });
    }
  }

  for (const [width, context] of [
    ['390', PHONE_CONTEXT],
    ['1280', DESKTOP_CONTEXT],
  ] as const) {
    it(`SPEC §1 cash at a bet shop: at ${width} px the 12-digit code shows in groups of four on one line, the only code of its page`, async () => {
      const hosted = await openHostedCashier(env.browser, env.stack, {
        context: { ...context, permissions: CLIPBOARD },
      });
      const { page, frame, session } = hosted;
      await openMethod(frame, METHODS.betShop, { lang: 'en' });
      await amountInput(frame).fill('30');
      await frame.getByRole('combobox', { name: literal(text('en', 'PH.FIELD.BET_SHOP')) }).click();
      await frame.getByRole('option', { name: /^Kreuzberg/ }).click();
      await submitButton(frame).click();
      await waitForPath(frame, '/deposit/deposit-await');
      const voucher = frame.getByRole('region', {
        name: text('en', 'RESULT.VOUCHER.DEPOSIT.TITLE'),
        exact: true,
      });
      await voucher.waitFor();
      // The payment's details are there (its method, from the server) before what is counted.
      await frame.getByText(text('en', 'RESULT.DETAILS.METHOD'), { exact: true }).waitFor();
      const rows = await env.stack.app.cashdesk.db
        .select()
        .from(transactions)
        .where(eq(transactions.sessionId, session.sessionId));
      const stored: unknown = rows[0]?.providerData.voucher;
      const code: unknown =
        typeof stored === 'object' && stored !== null ? Reflect.get(stored, 'code') : undefined;
      expect(code).toMatch(/^\d{12}$/);
      const digits = String(code);
      const shownCode = await shown(voucher.locator('.cd-voucher__code .cd-long-value'));
      expect(shownCode).toEqual({
        text: `${digits.slice(0, 4)} ${digits.slice(4, 8)} ${digits.slice(8)}`,
        cut: false,
        brokenGroups: [],
        lines: 1,
      });
      // One code on the page: no payment reference beside the voucher's.
      expect(await frame.getByText(text('en', 'RESULT.DETAILS.REFERENCE')).count()).toBe(0);
      expect(await frame.locator('.cd-long-value').count()).toBe(1);
      // One primary action.
      expect(await frame.locator('.cd-result__actions .cd-button--primary').count()).toBe(1);
      await voucher
        .getByRole('button', { name: text('en', 'RESULT.VOUCHER.DEPOSIT.COPY'), exact: true })
        .click();
      await frame.getByText(text('en', 'RESULT.VOUCHER.COPIED'), { exact: true }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(digits);
      // The voucher, the details and the buttons are one column of one width.
      const widths = await frame.evaluate(() =>
        ['.cd-voucher', '.cd-result__details', '.cd-result__actions'].map((selector) =>
          Math.round(document.querySelector(selector)?.getBoundingClientRect().width ?? 0),
        ),
      );
      expect(new Set(widths).size).toBe(1);
      await visitScreen(page, frame, `long-values-voucher-${width}`);
      await closeHosted(hosted);
    });
  }

  it('SPEC §2 display form: at 320 px the payment reference and the wallet show whole (ar)', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack, {
      lang: 'ar',
      context: SMALL_PHONE,
    });
    const { page, frame } = hosted;
    await openMethod(frame, METHODS.crypto, { lang: 'ar' });
    await field(frame, 'PH.FIELD.NETWORK', 'ar').click();
    await frame.getByRole('option', { name: 'Bitcoin', exact: true }).click();
    await submitButton(frame, 'ar').click();
    await waitForPath(frame, '/deposit/deposit-display-form');
    const reference = copyBox(frame, text('ar', 'DISPLAY_FORM.REFERENCE'));
    await reference.waitFor();
    const referenceShown = await shown(reference);
    expect(referenceShown.cut).toBe(false);
    expect(referenceShown.text).toMatch(/^SBX-/);
    for (const box of await frame.locator('.cd-copy-box .cd-long-value').all()) {
      expect((await shown(box)).cut).toBe(false);
    }
    await visitScreen(page, frame, 'long-values-display-form-320-ar');
    await closeHosted(hosted);
  });
});
