/**
 * Real marks: at phone width (390 px), in English and in Arabic, the card tile
 * shows the real Visa and Mastercard marks, the card number field the Visa mark of a 4… number,
 * the phone field and its country picker SVG flags that have loaded (not emoji, not empty
 * boxes), and the demo host page each language's flag (SPEC §3 language-to-flag mapping).
 * Screenshots go to e2e/artifacts/marks-*.png.
 */
import { describe, expect, it } from 'vitest';
import type { Frame, Locator } from 'playwright-core';
import { screenshot, useStackAndBrowser } from './support';
import { closeHosted, openHostedCashier } from './support/cashier';
import type { WidgetLanguage } from './support/cashier';
import {
  METHODS,
  cardFields,
  methodTile,
  waitForHome,
  waitForList,
  waitForPath,
} from './support/journeys';

const env = useStackAndBrowser();

const PHONE = { viewport: { width: 390, height: 844 } };

/** Whether every image of `images` has loaded a picture (an empty box has no natural width). */
async function allLoaded(images: Locator): Promise<boolean[]> {
  return images.evaluateAll((found) =>
    found.map(
      (image) => image instanceof HTMLImageElement && image.complete && image.naturalWidth > 0,
    ),
  );
}

async function openFromList(frame: Frame, name: string, lang: WidgetLanguage): Promise<void> {
  await methodTile(frame, name, lang).click();
  await waitForPath(frame, /^\/deposit\//);
}

describe('real marks at 390 px', () => {
  it.each<WidgetLanguage>(['en', 'ar'])(
    '%s: card-brand marks and SVG flags, never text pills or emoji',
    async (lang) => {
      const hosted = await openHostedCashier(env.browser, env.stack, { lang, context: PHONE });
      const { page, frame } = hosted;
      try {
        await waitForHome(frame, lang);
        // SPEC §3 language-to-flag: the host page's language switcher shows US, SA and UA flags.
        const languageFlags = page.locator('#languages img.segmented__flag');
        await expect.poll(() => allLoaded(languageFlags)).toEqual([true, true, true]);
        const flagFiles = await languageFlags.evaluateAll((found) =>
          found.map((image) => (image instanceof HTMLImageElement ? image.src : '')),
        );
        // Three different flags (the build names a file after the first country drawing it).
        expect(new Set(flagFiles).size).toBe(3);
        expect(flagFiles.every((file) => /\/assets\/[A-Z]{2}-[\w-]+\.svg$/.test(file))).toBe(true);

        // The card tile: the seed configures no logo for it, so the brands' real marks show.
        const cardTile = methodTile(frame, METHODS.card, lang);
        const tileMarks = cardTile.locator('svg.cd-card-mark');
        await expect
          .poll(() =>
            tileMarks.evaluateAll((marks) => marks.map((m) => m.getAttribute('data-mark'))),
          )
          .toEqual(['visa', 'mastercard']);
        await cardTile.scrollIntoViewIfNeeded();
        await screenshot(page, `marks-home-${lang}-390`, { fullPage: false });

        // The card number field: a 4… number shows the Visa mark, an SVG image named Visa.
        await openFromList(frame, METHODS.card, lang);
        await cardFields(frame, lang).number.fill('4111 1111');
        const visa = frame.getByRole('img', { name: 'Visa', exact: true });
        await expect.poll(() => visa.evaluate((mark) => mark.tagName.toLowerCase())).toBe('svg');
        expect(await frame.getByText(/^(VISA|MAST)$/).count()).toBe(0);
        await cardFields(frame, lang).number.scrollIntoViewIfNeeded();
        await screenshot(page, `marks-card-${lang}-390`, { fullPage: false });

        // The phone field of the e-wallet: an SVG flag that loaded, and SVG flags in the picker.
        await frame.evaluate(() => {
          history.back();
        });
        await waitForList(frame, lang);
        await openFromList(frame, METHODS.ewallet, lang);
        const phoneFlag = frame.locator('.cd-phone__flag .cd-flag');
        await phoneFlag.waitFor();
        if ((await phoneFlag.evaluate((flag) => flag.tagName)) === 'IMG') {
          await expect.poll(() => allLoaded(phoneFlag)).toEqual([true]);
        }
        expect(await frame.locator('.cd-phone__flag').textContent()).toBe('');
        await phoneFlag.scrollIntoViewIfNeeded();
        await screenshot(page, `marks-phone-${lang}-390`, { fullPage: false });
        await frame.locator('.cd-phone__flag').click();
        const options = frame.getByRole('option');
        await options.first().waitFor();
        // Every row has an SVG flag; they load lazily, as their rows come into view.
        const firstFlags = frame.locator('[role="option"] img.cd-flag');
        await expect
          .poll(async () => (await allLoaded(firstFlags)).filter(Boolean).length)
          .toBeGreaterThanOrEqual(5);
        const sources = await firstFlags.evaluateAll((found) =>
          found.map((image) => image.getAttribute('src') ?? ''),
        );
        expect(sources.length).toBeGreaterThan(200);
        expect(sources.every((source) => /\/assets\/[A-Z]{2}-[\w-]+\.svg$/.test(source))).toBe(
          true,
        );
        const emoji = await options.evaluateAll(
          (found) =>
            found.filter((option) => /\p{Regional_Indicator}/u.test(option.textContent)).length,
        );
        expect(emoji).toBe(0);
        await screenshot(page, `marks-countries-${lang}-390`, { fullPage: false });
      } finally {
        await closeHosted(hosted);
      }
    },
  );
});
