/**
 * What a screen reader meets, read from Chromium's own accessibility tree (CDP), and Arabic as it
 * is written: the receipt field offers one "Add files" button (the native file input behind it is
 * out of the tree), the fee summary under the amount is no live region that would be read again
 * at every keystroke, and a bet shop's hours are listed with Arabic's comma and "و", never a Latin
 * comma.
 */
import { describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import { PHONE_CONTEXT, useStackAndBrowser } from './support';
import { closeHosted, literal, openHostedCashier, text, visitScreen } from './support/cashier';
import { METHODS, amountInput, openMethod } from './support/journeys';

const env = useStackAndBrowser();

/** One node of Chromium's accessibility tree, as CDP gives it. */
interface AxNode {
  readonly ignored: boolean;
  readonly role?: { readonly value?: unknown };
  readonly name?: { readonly value?: unknown };
  readonly properties?: readonly { readonly name: string; readonly value: { value?: unknown } }[];
}

/** Chromium's accessibility tree of the cashier frame (what a screen reader is given). */
async function accessibilityTree(page: Page, frame: Frame): Promise<readonly AxNode[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { frameTree } = await cdp.send('Page.getFrameTree');
    const url = frame.url();
    const found = (frameTree.childFrames ?? []).find((child) => child.frame.url === url);
    if (found === undefined) throw new Error('the cashier frame is not in the page');
    const { nodes } = await cdp.send('Accessibility.getFullAXTree', { frameId: found.frame.id });
    return nodes;
  } finally {
    await cdp.detach();
  }
}

/** The tree's roles of text itself, not of a control. */
const TEXT_ROLES = new Set(['StaticText', 'InlineTextBox']);

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

describe('screen readers and Arabic copy', () => {
  for (const lang of ['en', 'ar'] as const) {
    it(`SPEC §2 file upload: a screen reader meets one "Add files" control (${lang})`, async () => {
      const hosted = await openHostedCashier(env.browser, env.stack, {
        lang,
        context: PHONE_CONTEXT,
      });
      const { page, frame } = hosted;
      await openMethod(frame, METHODS.bankTransfer, { lang });
      const add = text(lang, 'FIELDS.UPLOAD.ADD');
      await frame.getByRole('button', { name: add, exact: true }).waitFor();
      // Controls named with it, not the text runs inside them.
      const named = (await accessibilityTree(page, frame)).filter(
        (node) =>
          !node.ignored &&
          !TEXT_ROLES.has(textOf(node.role?.value)) &&
          textOf(node.name?.value).includes(add),
      );
      expect(named.map((node) => textOf(node.role?.value))).toEqual(['button']);
      await closeHosted(hosted);
    });
  }

  it('SPEC §5 fee: the summary under the amount is no live region read at every keystroke', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack, { context: PHONE_CONTEXT });
    const { page, frame } = hosted;
    await openMethod(frame, METHODS.ewallet, { lang: 'en' });
    const total = text('en', 'FIELDS.SUMMARY.TOTAL_TO_PAY');
    await amountInput(frame).fill('75');
    await frame.getByText(total, { exact: true }).waitFor();
    expect(
      await frame.locator('.cd-summary').evaluate((summary) => summary.closest('[aria-live]')),
    ).toBeNull();
    const live = (await accessibilityTree(page, frame)).filter((node) =>
      (node.properties ?? []).some(
        (property) => property.name === 'live' && property.value.value !== 'off',
      ),
    );
    // The app's two announcers (index.html) and nothing else.
    expect(live.every((node) => !textOf(node.name?.value).includes(total))).toBe(true);
    expect(
      await frame.evaluate(() =>
        Array.from(document.querySelectorAll('[aria-live]'), (element) => element.id),
      ),
    ).toEqual(['cd-live-polite', 'cd-live-assertive']);
    await closeHosted(hosted);
  });

  it('SPEC §2 bet-shop picker: the hours list their days with Arabic commas and "و"', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack, {
      lang: 'ar',
      context: PHONE_CONTEXT,
    });
    const { page, frame } = hosted;
    await openMethod(frame, METHODS.betShop, { lang: 'ar' });
    await frame.getByRole('combobox', { name: literal(text('ar', 'PH.FIELD.BET_SHOP')) }).click();
    const options = await frame.getByRole('option').allTextContents();
    const hours = options
      .map((option) => option.split(' • ')[1] ?? '')
      .filter((line) => line !== '');
    expect(hours.length).toBeGreaterThan(0);
    for (const line of hours) {
      expect(line, line).not.toContain(',');
      expect(line, line).toMatch(/[\u0600-\u06FF]/);
    }
    expect(hours.some((line) => line.includes(' و'))).toBe(true);
    await visitScreen(page, frame, 'arabic-bet-shop-hours-390');
    await closeHosted(hosted);
  });
});
