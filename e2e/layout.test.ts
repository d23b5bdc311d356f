/**
 * Layouts (SPEC §1 right-to-left, §2 body dir, §9 mobile threshold): Arabic mirrors the cashier
 * by dir alone (the first tile on the right, arrows mirrored, Arabic texts) and a 360 px phone
 * gets one column without sideways scrolling and a usable form.
 */
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { useStackAndBrowser } from './support';
import { closeHosted, literal, openHostedCashier, text, visitScreen } from './support/cashier';
import {
  METHODS,
  cardFields,
  futureExpiry,
  carouselTiles,
  methodGroups,
  methodTile,
  openCardMethod,
  submitButton,
  waitForHome,
  waitForPath,
} from './support/journeys';

const env = useStackAndBrowser();

async function box(
  locator: Locator,
): Promise<{ x: number; y: number; width: number; height: number }> {
  const found = await locator.boundingBox();
  if (found === null) throw new Error('element not visible');
  return found;
}

/** The horizontal transform of an element's first svg icon (-1 mirrored, 1 not). */
async function iconScaleX(locator: Locator): Promise<number> {
  return locator
    .locator('svg')
    .last()
    .evaluate(
      (svg) =>
        new DOMMatrixReadOnly(
          getComputedStyle(svg).transform === 'none' ? undefined : getComputedStyle(svg).transform,
        ).a,
    );
}

describe('right-to-left (SPEC §1, §2 body dir)', () => {
  it('SPEC §2: lang=ar-brand0 sets dir=rtl, puts the first tile on the right, mirrors arrows and speaks Arabic', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack, { lang: 'ar' });
    const { page, frame } = hosted;
    expect(new URL(frame.url()).searchParams.get('lang')).toBe('ar-brand0');
    await waitForHome(frame, 'ar');

    expect(await frame.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await frame.evaluate(() => document.documentElement.lang)).toBe('ar');
    expect(await frame.evaluate(() => document.body.dataset.dir)).toBe('rtl');
    expect(await frame.evaluate(() => getComputedStyle(document.body).direction)).toBe('rtl');

    // The heading is in Arabic.
    const heading = frame.getByRole('heading', { level: 1 });
    expect(await heading.textContent()).toBe(text('ar', 'DEPOSIT_HOME.TITLE'));
    expect(await heading.textContent()).toMatch(/[\u0600-\u06FF]/);

    // The carousel row starts at the right: its first method is right of the second.
    const shortcuts = carouselTiles(frame, 'ar');
    const firstShortcut = await box(shortcuts.nth(0));
    const secondShortcut = await box(shortcuts.nth(1));
    expect(Math.abs(firstShortcut.y - secondShortcut.y)).toBeLessThan(firstShortcut.height / 2);
    expect(firstShortcut.x).toBeGreaterThan(secondShortcut.x);
    // Inside the list's first tile: the logo at the right, then the name, the chevron at the left.
    const first = methodTile(frame, METHODS.card, 'ar');
    const logoBox = await box(first.locator('.cd-dh-logo'));
    const nameBox = await box(first.getByText(METHODS.card, { exact: true }));
    const chevronBox = await box(first.locator('svg').last());
    expect(logoBox.x).toBeGreaterThan(nameBox.x);
    expect(nameBox.x).toBeGreaterThan(chevronBox.x);

    // A chevron of a tile points the other way (mirrored by rtlAssets).
    expect(await iconScaleX(first)).toBe(-1);
    await visitScreen(page, frame, 'rtl-ar-home');

    // The method page in Arabic.
    await methodTile(frame, METHODS.card, 'ar').click();
    await cardFields(frame, 'ar').number.waitFor();
    await submitButton(frame, 'ar').waitFor();
    // Every text field is labelled in Arabic (the amount included).
    const arabic = /[\u0600-\u06FF]/;
    expect(await frame.getByRole('textbox', { name: arabic }).count()).toBe(
      await frame.getByRole('textbox').count(),
    );
    await visitScreen(page, frame, 'rtl-ar-card-form');
    // Amounts keep their left-to-right order inside Arabic text: the "5" of "5 000.00" (the
    // card method's maximum) is drawn left of its "000.00", not after it.
    const order = await frame.evaluate(() => {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        const data = node.textContent ?? '';
        const at = data.search(/5[\s\u00a0\u202f]000\.00/);
        if (at < 0) continue;
        const leftOf = (index: number) => {
          const range = document.createRange();
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          return range.getBoundingClientRect().left;
        };
        return { text: data, thousands: leftOf(at), hundreds: leftOf(at + 2) };
      }
      return null;
    });
    expect(order, 'the maximum 5 000.00 is shown on the Arabic card form').not.toBeNull();
    expect(order?.thousands ?? 0, `visual order of "${order?.text ?? ''}"`).toBeLessThan(
      order?.hundreds ?? 0,
    );
    await closeHosted(hosted);
  });

  it('SPEC §1: the same tile in English is not mirrored (control)', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack);
    const { frame } = hosted;
    await waitForHome(frame);
    expect(await frame.evaluate(() => document.documentElement.dir)).toBe('ltr');
    expect(await iconScaleX(methodTile(frame, METHODS.card))).toBe(1);
    await closeHosted(hosted);
  });
});

describe('phone width (SPEC §9: 360 px, small screen under 600 px)', () => {
  it('SPEC §2 homepage on a 360 x 740 touch phone: one column, no sideways scroll, the card form is usable', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack, {
      context: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
    });
    const { page, frame } = hosted;
    await waitForHome(frame);

    // The list's tiles (on a phone the list leaves out what the shortcut row offers).
    const tiles = await methodGroups(frame).getByRole('button').all();
    expect(tiles.length).toBeGreaterThan(2);
    const boxes = await Promise.all(tiles.map((tile) => box(tile)));
    const lefts = new Set(boxes.map((found) => Math.round(found.x)));
    expect(lefts.size).toBe(1);
    // One tile per row.
    expect(new Set(boxes.map((found) => Math.round(found.y))).size).toBe(boxes.length);
    const overflow = () =>
      frame.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
    expect(await overflow()).toBeLessThanOrEqual(0);
    // Touch targets of at least 44 px.
    for (const found of boxes) expect(found.height).toBeGreaterThanOrEqual(44);
    await visitScreen(page, frame, 'mobile-home');

    await openCardMethod(frame, { onList: true });
    const fields = cardFields(frame);
    // Playwright's tap does not reach a cross-origin iframe in headless Chromium (it does in
    // the widget opened as the top page), so the frame gets mouse clicks in a touch context.
    await fields.number.click();
    expect(await fields.number.evaluate((element) => element === document.activeElement)).toBe(
      true,
    );
    await fields.number.fill('4000000000000101');
    await fields.expiry.fill(futureExpiry());
    await fields.cvv.fill('123');
    await fields.holder.fill('Ada Lovelace');
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await fields.cvv.getAttribute('inputmode')).toBe('numeric');
    const submit = submitButton(frame);
    await submit.scrollIntoViewIfNeeded();
    expect((await box(submit)).height).toBeGreaterThanOrEqual(44);
    await visitScreen(page, frame, 'mobile-card-form');
    // With the keyboard's Enter on the button: a mouse click into the cross-site frame right
    // after the host page scrolled was, on a loaded machine, now and then delivered to no
    // document (Chromium routes input between frame processes from hit-test data that lags a
    // scroll); the button's own size and place are asserted above.
    await submit.press('Enter');
    await waitForPath(frame, '/deposit/deposit-success');
    await frame
      .getByRole('heading', { level: 1, name: literal(text('en', 'RESULT.DEPOSIT.SUCCESS.TITLE')) })
      .waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await visitScreen(page, frame, 'mobile-success');
    await closeHosted(hosted);
  });
});
