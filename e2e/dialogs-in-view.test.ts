/**
 * Dialogs open where the player looks (host/visible-area.ts, the embed SDK's visibleArea): in
 * the demo host page the cashier's frame is as tall as its content, so on a phone most of it is
 * above or below the screen, and a dialog centred in the frame opened off the screen. Every kind
 * of dialog of the cashier (an alert dialog, a picker, the overlay picker of a route) opens inside
 * the part of the frame on the screen, follows the page when the player scrolls it, and is as tall
 * as what it holds (SPEC §9's 404 px is a frame's, not a two-option picker's). As the top page
 * (a new tab) the dialog follows the viewport.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  checkA11y,
  DESKTOP_CONTEXT,
  PHONE_CONTEXT,
  screenshot,
  useStackAndBrowser,
} from './support';
import {
  closeHosted,
  openHostedCashier,
  openTopLevelCashier,
  pattern,
  text,
} from './support/cashier';
import { METHODS, field, openMethod, waitForPath } from './support/journeys';

const env = useStackAndBrowser();

/** A text file, which the receipt field refuses with its upload-error dialog. */
const NOT_A_RECEIPT = {
  name: 'notes.txt',
  mimeType: 'text/plain',
  buffer: Buffer.from('not a receipt at all\n'),
};

/** The box of an element in the host page's viewport (Playwright measures from the main frame). */
async function screenBox(locator: Locator) {
  const box = await locator.boundingBox();
  if (box === null) throw new Error('the element has no box');
  return { top: box.y, bottom: box.y + box.height, height: box.height };
}

/** Whether the whole box of `locator` lies on the screen of `page`. */
async function onScreen(page: Page, locator: Locator): Promise<boolean> {
  const box = await screenBox(locator);
  const screenHeight = page.viewportSize()?.height ?? 0;
  return box.top >= 0 && box.bottom <= screenHeight;
}

describe('dialogs open in the part of the frame on the screen (embed visibleArea)', () => {
  for (const lang of ['en', 'ar'] as const) {
    it(`at 390 px in a scrolled host page, the upload error dialog opens on the screen and follows the page (${lang})`, async () => {
      const hosted = await openHostedCashier(env.browser, env.stack, {
        lang,
        context: PHONE_CONTEXT,
      });
      const { page, frame } = hosted;
      await openMethod(frame, METHODS.bankTransfer, { lang });
      const addFiles = frame.getByRole('button', {
        name: text(lang, 'FIELDS.UPLOAD.ADD'),
        exact: true,
      });
      const chooser = page.waitForEvent('filechooser');
      await addFiles.click();
      await (await chooser).setFiles(NOT_A_RECEIPT);
      const dialog = frame.getByRole('alertdialog', {
        name: text(lang, 'FIELDS.UPLOAD.ERROR_TITLE'),
      });
      await dialog.waitFor();
      // The page is scrolled down to the receipt field: the frame's top is far above the screen.
      expect((await screenBox(page.getByTitle('Cashier'))).top).toBeLessThan(-300);
      await expect.poll(() => onScreen(page, dialog)).toBe(true);
      expect(await onScreen(page, dialog.getByRole('heading'))).toBe(true);
      await screenshot(page, `dialog-in-view-upload-390-${lang}`, { fullPage: false });
      await checkA11y(frame, `dialog-in-view-upload-390-${lang}`);

      // The player scrolls the page under the open dialog: it stays on the screen.
      await page.evaluate(() => {
        window.scrollBy({ top: -250, behavior: 'instant' });
      });
      await expect.poll(() => onScreen(page, dialog)).toBe(true);
      await dialog
        .getByRole('button', { name: text(lang, 'PH.BUTTON.ACCEPT'), exact: true })
        .press('Enter');
      await dialog.waitFor({ state: 'hidden' });
      await closeHosted(hosted);
    });
  }

  for (const [width, context] of [
    ['390', PHONE_CONTEXT],
    ['1280', DESKTOP_CONTEXT],
  ] as const) {
    it(`at ${width} px a two-option picker opens on the screen, as tall as its options (SPEC §9)`, async () => {
      const hosted = await openHostedCashier(env.browser, env.stack, { context });
      const { page, frame } = hosted;
      await openMethod(frame, METHODS.crypto, { lang: 'en' });
      await page.evaluate(() => {
        window.scrollTo({ top: document.body.scrollHeight, behavior: 'instant' });
      });
      await field(frame, 'PH.FIELD.NETWORK').press('Enter');
      const picker = frame.getByRole('dialog', { name: text('en', 'PH.FIELD.NETWORK') });
      await picker.waitFor();
      await expect.poll(() => onScreen(page, picker)).toBe(true);
      // Heading, two options and the close button: well under SPEC §9's 404 px of a frame.
      const { height } = await screenBox(picker);
      expect(height).toBeLessThan(330);
      const options = await screenBox(picker.getByRole('listbox'));
      const close = await screenBox(
        picker.getByRole('button', { name: text('en', 'FIELDS.PICKER.CLOSE') }),
      );
      expect(close.top - options.bottom).toBeLessThan(48);
      await screenshot(page, `dialog-in-view-picker-${width}`, { fullPage: false });
      await checkA11y(frame, `dialog-in-view-picker-${width}`);
      await closeHosted(hosted);
    });
  }

  it('at 390 px the country picker (an overlay route) opens on the screen of a scrolled page (ar)', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack, {
      lang: 'ar',
      context: PHONE_CONTEXT,
    });
    const { page, frame } = hosted;
    await openMethod(frame, METHODS.ewallet, { lang: 'ar' });
    const flagOrCountry = frame
      .getByRole('button', { name: pattern('ar', 'FIELDS.PHONE.COUNTRY') })
      .or(frame.getByRole('button', { name: text('ar', 'FIELDS.PHONE.COUNTRY_UNKNOWN') }));
    await page.evaluate(() => {
      window.scrollBy({ top: 400, behavior: 'instant' });
    });
    await flagOrCountry.first().press('Enter');
    await waitForPath(frame, '/select-country');
    const overlay = frame.getByRole('dialog', { name: text('ar', 'FIELDS.COUNTRY.TITLE') });
    await overlay.waitFor();
    await expect.poll(() => onScreen(page, overlay)).toBe(true);
    await screenshot(page, 'dialog-in-view-country-390-ar', { fullPage: false });
    await checkA11y(frame, 'dialog-in-view-country-390-ar');
    await closeHosted(hosted);
  });

  it('as the top page (a new tab) at 390 px, the dialog follows the viewport', async () => {
    const hosted = await openTopLevelCashier(env.browser, env.stack, 'top-dialog');
    const { page, frame } = hosted;
    await page.setViewportSize({ width: 390, height: 844 });
    await openMethod(frame, METHODS.bankTransfer, { lang: 'en' });
    const chooser = page.waitForEvent('filechooser');
    await frame.getByRole('button', { name: text('en', 'FIELDS.UPLOAD.ADD'), exact: true }).click();
    await (await chooser).setFiles(NOT_A_RECEIPT);
    const dialog = frame.getByRole('alertdialog');
    await dialog.waitFor();
    await expect.poll(() => onScreen(page, dialog)).toBe(true);
    await screenshot(page, 'dialog-in-view-top-page-390', { fullPage: false });
    await closeHosted(hosted);
  });
});
