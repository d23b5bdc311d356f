/**
 * The homepage on a phone (SPEC §2 homepage, §9 small screen): in the demo brand's
 * page at 390 x 844, the first method offered (the carousel's, then the quick suggestions' and the
 * list's) is above the fold, every method is offered once, and the type filters are one row that
 * scrolls sideways (mirrored in Arabic). At 1280 px no method is offered three times.
 */
import { describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import { PHONE_CONTEXT, screenshot, useStackAndBrowser } from './support';
import { closeHosted, openHostedCashier, text, visitScreen } from './support/cashier';
import type { WidgetLanguage } from './support/cashier';
import { methodGroups, waitForHome } from './support/journeys';

const env = useStackAndBrowser();

const PHONE = PHONE_CONTEXT;
const DESKTOP = { viewport: { width: 1280, height: 900 } } as const;

interface FirstRow {
  /** The top and bottom of the first method button of any kind (shortcut row or list) on the screen. */
  readonly firstOfferTopOnScreen: number;
  readonly firstOfferBottomOnScreen: number;
  /** getBoundingClientRect().top of the list's first tile inside the cashier frame. */
  readonly topInFrame: number;
  /** Its top and bottom on the phone's screen (the host page's viewport), page at the top. */
  readonly topOnScreen: number;
  readonly bottomOnScreen: number;
  readonly viewportHeight: number;
}

/** Where the method list's first tile is, with the host page scrolled to its top. */
async function firstRow(page: Page, frame: Frame, lang: WidgetLanguage): Promise<FirstRow> {
  await page.evaluate(() => {
    window.scrollTo(0, 0);
  });
  const tile = methodGroups(frame, lang).first().getByRole('button').first();
  await tile.waitFor();
  const topInFrame = await tile.evaluate((element) => element.getBoundingClientRect().top);
  const frameBox = await page.getByTitle('Cashier').boundingBox();
  const tileBox = await tile.boundingBox();
  if (frameBox === null || tileBox === null) throw new Error('the first tile is not laid out');
  const viewportHeight = await page.evaluate(() => window.innerHeight);
  const firstOffer = await frame.evaluate(() => {
    const boxes = Array.from(document.querySelectorAll('main [data-method-id]'), (element) =>
      element.getBoundingClientRect(),
    );
    const top = Math.min(...boxes.map((box) => box.top));
    return { top, bottom: boxes.find((box) => box.top === top)?.bottom ?? top };
  });
  return {
    firstOfferTopOnScreen: Math.round(frameBox.y + firstOffer.top),
    firstOfferBottomOnScreen: Math.round(frameBox.y + firstOffer.bottom),
    topInFrame: Math.round(topInFrame),
    topOnScreen: Math.round(frameBox.y + topInFrame),
    bottomOnScreen: Math.round(frameBox.y + topInFrame + tileBox.height),
    viewportHeight,
  };
}

/** The method id of every method button on the homepage, shortcuts and list alike. */
async function offeredMethodIds(frame: Frame): Promise<readonly string[]> {
  return frame.evaluate(() =>
    Array.from(document.querySelectorAll('main [data-method-id]'), (element) =>
      element.getAttribute('data-method-id'),
    ).filter((id) => id !== null),
  );
}

function repeated(ids: readonly string[]): readonly string[] {
  return ids.filter((id, index) => ids.indexOf(id) !== index);
}

/** The largest number of times one method is offered. */
function mostOffers(ids: readonly string[]): number {
  return Math.max(0, ...ids.map((id) => ids.filter((other) => other === id).length));
}

describe('the phone homepage (SPEC §2 homepage, §9)', () => {
  for (const lang of ['en', 'ar'] as const) {
    it(`${lang}: at 390 x 844 the first method offered is above the fold and every method is offered once`, async () => {
      const hosted = await openHostedCashier(env.browser, env.stack, { lang, context: PHONE });
      const { page, frame } = hosted;
      await waitForHome(frame, lang);
      const row = await firstRow(page, frame, lang);
      const ids = await offeredMethodIds(frame);
      console.info(
        `phone homepage ${lang}: first method row top ${row.topInFrame} px in the cashier frame, ` +
          `${row.topOnScreen}–${row.bottomOnScreen} px on a ${row.viewportHeight} px screen ` +
          `(first method of any row at ${row.firstOfferTopOnScreen} px); ` +
          `${ids.length} method buttons, repeated: [${repeated(ids).join(', ')}]`,
      );
      await visitScreen(page, frame, `phone-home-${lang}`);
      // What the phone shows before any scrolling.
      await screenshot(page, `phone-home-${lang}-fold`, { fullPage: false });
      // SPEC §2: the carousel and the quick suggestions come before the list, the first method a
      // player can choose is on the first screen.
      expect(row.firstOfferBottomOnScreen).toBeLessThanOrEqual(row.viewportHeight);
      expect(repeated(ids)).toEqual([]);
      await closeHosted(hosted);
    });
  }

  it('at 1280 px no method is offered three times (the list stays complete)', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack, { context: DESKTOP });
    const { page, frame } = hosted;
    await waitForHome(frame);
    const row = await firstRow(page, frame, 'en');
    const ids = await offeredMethodIds(frame);
    console.info(
      `desktop homepage: first method row top ${row.topInFrame} px in the cashier frame, ` +
        `${row.topOnScreen} px on a ${row.viewportHeight} px screen; ${ids.length} method buttons, ` +
        `repeated: [${repeated(ids).join(', ')}]`,
    );
    await visitScreen(page, frame, 'desktop-home-en');
    expect(mostOffers(ids)).toBeLessThanOrEqual(2);
    await closeHosted(hosted);
  });

  for (const lang of ['en', 'ar'] as const) {
    it(`${lang}: the type filters are one row that scrolls ${lang === 'ar' ? 'from the right' : 'from the left'}, with the arrow keys and with Tab, the chosen chip in view`, async () => {
      const hosted = await openHostedCashier(env.browser, env.stack, { lang, context: PHONE });
      const { page, frame } = hosted;
      await waitForHome(frame, lang);
      const row = frame.getByRole('group', { name: text(lang, 'DEPOSIT_HOME.FILTER.LABEL') });
      const chips = row.getByRole('button');
      const count = await chips.count();
      expect(count).toBeGreaterThan(4);
      // One row: every chip on the same line, and the row scrolls instead of wrapping.
      const tops = await chips.evaluateAll((elements) =>
        elements.map((element) => Math.round(element.getBoundingClientRect().top)),
      );
      expect(new Set(tops).size).toBe(1);
      const metrics = () =>
        row.evaluate((element) => ({
          overflow: element.scrollWidth - element.clientWidth,
          scrollLeft: element.scrollLeft,
        }));
      expect((await metrics()).overflow).toBeGreaterThan(0);
      expect((await metrics()).scrollLeft).toBe(0);
      // The page itself does not scroll sideways.
      expect(
        await frame.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBeLessThanOrEqual(0);

      /** Whether a chip lies wholly inside the row's visible box. */
      const inView = (index: number) =>
        chips.nth(index).evaluate((chip) => {
          const box = chip.getBoundingClientRect();
          const rowBox = chip.parentElement?.getBoundingClientRect();
          return (
            rowBox !== undefined && box.left >= rowBox.left - 1 && box.right <= rowBox.right + 1
          );
        });
      const focused = () =>
        chips.evaluateAll((elements) =>
          elements.findIndex((chip) => chip === document.activeElement),
        );

      // The arrow key that moves along the reading direction: right in English, left in Arabic.
      await chips.first().focus();
      await page.keyboard.press(lang === 'ar' ? 'ArrowLeft' : 'ArrowRight');
      expect(await focused()).toBe(1);
      await page.keyboard.press('End');
      expect(await focused()).toBe(count - 1);
      await expect.poll(() => inView(count - 1)).toBe(true);
      // Right to left, the row scrolls towards the left: scrollLeft goes negative.
      const scrolled = (await metrics()).scrollLeft;
      if (lang === 'ar') expect(scrolled).toBeLessThan(0);
      else expect(scrolled).toBeGreaterThan(0);
      // Choosing the last chip keeps it pressed and in view; Tab still walks the chips.
      await page.keyboard.press('Enter');
      expect(await chips.nth(count - 1).getAttribute('aria-pressed')).toBe('true');
      expect(await inView(count - 1)).toBe(true);
      await page.keyboard.press('Home');
      expect(await focused()).toBe(0);
      await page.keyboard.press('Tab');
      expect(await focused()).toBe(1);
      await visitScreen(page, frame, `phone-home-filtered-${lang}`);
      await closeHosted(hosted);
    });
  }
});
