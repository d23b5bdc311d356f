/**
 * No empty bands in the cashier's frame: under the amount's limits the next part of the form
 * follows at the form's own gap (brand1's deposit forms, the payout form, a form without fees), and
 * the sandbox provider page that replaces the cashier in its frame tells the demo host page its
 * height, so the frame fits it instead of keeping the height of the form before it.
 */
import { describe, expect, it } from 'vitest';
import type { Frame } from 'playwright-core';
import { DESKTOP_CONTEXT, PHONE_CONTEXT, useStackAndBrowser } from './support';
import { closeHosted, literal, openHostedCashier, text, visitScreen } from './support/cashier';
import {
  METHODS,
  field,
  methodTile,
  submitButton,
  waitForHome,
  waitForPath,
} from './support/journeys';

const env = useStackAndBrowser();

/** The form's own gap between its parts (method-page.css). */
const FORM_GAP = 16;

/**
 * The empty space between the bottom of the amount's Min./Max. line and the top of whatever the
 * form shows next.
 */
async function spaceUnderLimits(frame: Frame): Promise<number> {
  return frame.evaluate(() => {
    const hint = document.querySelector('.cd-amount .cd-field__hint');
    const form = hint?.closest('form');
    if (!hint || !form) throw new Error('no amount limits in a form');
    const bottom = hint.getBoundingClientRect().bottom;
    const below = Array.from(form.querySelectorAll('*'))
      .filter((element) => !hint.contains(element) && !element.contains(hint))
      .map((element) => element.getBoundingClientRect())
      .filter((box) => box.height > 0 && box.width > 0 && box.top >= bottom - 0.5)
      .map((box) => box.top);
    return Math.round(Math.min(...below) - bottom);
  });
}

describe('no empty bands in the frame (forms, provider page)', () => {
  for (const [width, context] of [
    ['390', PHONE_CONTEXT],
    ['1280', DESKTOP_CONTEXT],
  ] as const) {
    it(`at ${width} px, brand1's forms and the payout form go on right under the amount's limits`, async () => {
      const brand1 = await openHostedCashier(env.browser, env.stack, { context, theme: 'brand1' });
      await waitForHome(brand1.frame);
      // With fees (the summary shows under the limits) and without (nothing does).
      for (const method of [METHODS.ewallet, METHODS.bankTransfer]) {
        await methodTile(brand1.frame, method).click();
        await brand1.frame.getByRole('heading', { level: 1, name: literal(method) }).waitFor();
        await submitButton(brand1.frame).waitFor();
        expect(await spaceUnderLimits(brand1.frame), method).toBeLessThanOrEqual(FORM_GAP);
        await visitScreen(
          brand1.page,
          brand1.frame,
          `form-layout-brand1-${method.replace(/\W+/g, '-')}-${width}`,
        );
        await brand1.frame
          .getByRole('link', { name: text('en', 'DEPOSIT_METHOD.BACK'), exact: true })
          .click();
        await waitForPath(brand1.frame, '/deposit');
      }
      await closeHosted(brand1);

      const payout = await openHostedCashier(env.browser, env.stack, {
        context,
        flow: 'withdrawal',
      });
      await payout.frame.getByRole('button', { name: /^Withdraw/ }).waitFor();
      expect(await spaceUnderLimits(payout.frame)).toBeLessThanOrEqual(FORM_GAP);
      await visitScreen(payout.page, payout.frame, `form-layout-payout-${width}`);
      await closeHosted(payout);
    });
  }

  it('at 1280 px the sandbox provider page gets a frame of its own height, not the form’s', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack, {
      context: DESKTOP_CONTEXT,
      theme: 'brand1',
    });
    const { page, frame } = hosted;
    await waitForHome(frame);
    await methodTile(frame, METHODS.ewallet).click();
    await field(frame, 'PH.FIELD.PHONE').fill('+4915112345678');
    await submitButton(frame).click();
    await waitForPath(frame, /^\/sandbox\/interaction\//);
    await frame.getByRole('heading', { level: 1, name: 'Sandbox payment page' }).waitFor();
    const content = await frame.evaluate(() =>
      Math.ceil(document.documentElement.getBoundingClientRect().height),
    );
    // The SDK's minimum height (440 px) still applies to a short page.
    const fitted = Math.max(content, 440);
    await expect
      .poll(async () => Math.round((await page.getByTitle('Cashier').boundingBox())?.height ?? 0))
      .toBe(fitted);
    await visitScreen(page, frame, 'form-layout-provider-page-1280');
    await closeHosted(hosted);
  });
});
