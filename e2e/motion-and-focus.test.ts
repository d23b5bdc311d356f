/**
 * Reduced motion and focus in Debian Chromium: a player who asked for less motion
 * (`prefers-reduced-motion: reduce`, emulated with page.emulateMedia) gets a still status spinner
 * and instant scrolls, from the cashier and from the embed SDK; and a delete confirmation opens
 * on its safe answer, closes with Escape and gives the focus back (jsdom has neither the modal
 * dialog's inert page nor its Escape, so these are checked here too).
 */
import { describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import { screenshot, useStackAndBrowser } from './support';
import {
  closeHosted,
  hostEvents,
  openHostedCashier,
  openTopLevelCashier,
  text,
} from './support/cashier';
import {
  openCardMethod,
  payWithCard,
  submitButton,
  TEST_CARDS,
  waitForAutoChoice,
  waitForPath,
} from './support/journeys';

/** Sandbox card: processing, then approved after the settle delay (sandbox README). */
const PROCESSING_THEN_APPROVED = '4000 0000 0000 0606';

const env = useStackAndBrowser();

/** The same cashier address with another path (the session and the rest of the query kept). */
function samePage(frame: Frame, pathname: string, query: Record<string, string> = {}): string {
  const address = new URL(frame.url());
  address.pathname = pathname;
  for (const [name, value] of Object.entries(query)) address.searchParams.set(name, value);
  return address.href;
}

/** The animation the status spinner runs, as the browser computes it ('none' when still). */
async function spinnerAnimation(frame: Frame): Promise<string> {
  return frame
    .locator('.cd-alt__spinner')
    .evaluate((element) => getComputedStyle(element).animationName);
}

/** Names what the page's element with the focus is: its role-ish tag and its accessible text. */
async function focused(frame: Frame): Promise<string> {
  return frame.evaluate(() => {
    const element = document.activeElement;
    if (element === null) return '(none)';
    const label = element.getAttribute('aria-label') ?? element.textContent;
    return `${element.tagName.toLowerCase()} ${label.trim()}`;
  });
}

/**
 * Records every window.scrollTo of the page: the behaviour asked for, and where the page stood
 * just before and just after the call (an instant scroll is at its goal when the call returns).
 */
async function recordScrolls(page: Page): Promise<void> {
  await page.evaluate(() => {
    const calls: { behavior: string; before: number; after: number }[] = [];
    Reflect.set(window, '__scrolls', calls);
    const original: unknown = Reflect.get(window, 'scrollTo');
    if (typeof original !== 'function') throw new Error('no window.scrollTo');
    Reflect.set(window, 'scrollTo', (options: ScrollToOptions) => {
      const before = window.scrollY;
      Reflect.apply(original, window, [options]);
      calls.push({ behavior: options.behavior ?? 'auto', before, after: window.scrollY });
    });
  });
}

async function recordedScrolls(
  page: Page,
): Promise<readonly { behavior: string; before: number; after: number }[]> {
  return page.evaluate(() => {
    const calls: unknown = Reflect.get(window, '__scrolls');
    if (!Array.isArray(calls)) return [];
    return calls.map((call: unknown) => {
      const read = (key: string): unknown => Reflect.get(Object(call), key);
      const behavior = read('behavior');
      return {
        behavior: typeof behavior === 'string' ? behavior : '',
        before: Number(read('before')),
        after: Number(read('after')),
      };
    });
  });
}

describe('reduced motion (SPEC §2 status page and reset-scroll)', () => {
  it('the status spinner turns by default and stands still when the player asked for less motion', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack);
    const { page, frame } = hosted;
    await waitForAutoChoice(frame);
    // SPEC §2 /payments/status: a payment the server does not know yet keeps the page polling.
    await frame.goto(
      samePage(frame, '/payments/status/sandbox', { transaction_id: 'tx-not-yet-known' }),
    );
    await frame.getByRole('heading', { level: 1, name: text('en', 'ALT.STATUS.TITLE') }).waitFor();
    // Positive control: the check sees the animation when motion is allowed.
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await spinnerAnimation(frame)).toBe('cd-alt-spin');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(() => spinnerAnimation(frame)).toBe('none');
    await closeHosted(hosted);
  });

  it('SPEC §9: a pressed button ripples for 600 ms by default, and not at all when the player asked for less motion', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack);
    const { page, frame } = hosted;
    // A fresh player's first load goes on to the method it chooses (SPEC §4 automatic choice).
    await waitForPath(frame, /^\/deposit\/[^/]+$/);
    await frame.goto(samePage(frame, '/deposit/deposit-error'));
    const retry = frame.getByRole('button', { name: text('en', 'RESULT.BUTTON.RETRY') });
    await retry.waitFor();
    /** Presses (without releasing, so nothing is chosen) and tells what ripples in the button. */
    const press = async (): Promise<string[]> => {
      const box = await retry.boundingBox();
      if (box === null) throw new Error('the button is not visible');
      await page.mouse.move(box.x + 20, box.y + box.height / 2);
      await page.mouse.down();
      // The ripples shown (a hidden one has no box).
      const waves = await retry
        .locator('.cd-ripple__wave')
        .evaluateAll((found) =>
          found
            .filter((wave) => wave.getClientRects().length > 0)
            .map((wave) => getComputedStyle(wave).animationDuration),
        );
      // Released away from the button: no click.
      await page.mouse.move(box.x + 20, box.y - 100);
      await page.mouse.up();
      return waves;
    };
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await press()).toEqual(['0.6s']);
    // The accessible name is the label alone.
    expect(await retry.getAttribute('aria-label')).toBeNull();
    expect((await retry.textContent())?.trim()).toBe(text('en', 'RESULT.BUTTON.RETRY'));
    await page.emulateMedia({ reducedMotion: 'reduce' });
    // A new press starts none, and the first press's ripple is gone.
    expect(await press()).toEqual([]);
    expect(await retry.locator('.cd-ripple').count()).toBe(0);
    await closeHosted(hosted);
  });

  it("SPEC §2 reset-scroll: the cashier's scroll to its top is instant when the player asked for less motion", async () => {
    const hosted = await openTopLevelCashier(env.browser, env.stack, 'motion');
    const { page, frame } = hosted;
    // A phone held sideways: the pages are taller than the window, so there is scrolling to do.
    await page.setViewportSize({ width: 390, height: 320 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openCardMethod(frame);
    await recordScrolls(page);
    await payWithCard(frame, TEST_CARDS.approved);
    await waitForPath(frame, '/deposit/deposit-success');
    await expect.poll(async () => (await recordedScrolls(page)).length).toBeGreaterThan(0);
    const scrolls = await recordedScrolls(page);
    // The submit button was far down the form: the call had a distance to cover, and covered it
    // before it returned (a smooth scroll would still be on its way).
    expect(scrolls[0]?.before).toBeGreaterThan(0);
    expect(scrolls[0]).toMatchObject({ behavior: 'instant', after: 0 });
    await closeHosted(hosted);
  });

  it("the embed SDK brings the frame's top into view at once on reset-scroll, with reduced motion too", async () => {
    const hosted = await openHostedCashier(env.browser, env.stack, {
      context: { viewport: { width: 390, height: 420 } },
    });
    const { page, frame } = hosted;
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openCardMethod(frame);
    // The page scrolled past the frame's top.
    await page.evaluate(() => {
      window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
    });
    const frameTop = () =>
      page.getByTitle('Cashier').evaluate((element) => element.getBoundingClientRect().top);
    expect(await frameTop()).toBeLessThan(0);
    // Every position the page passes from now on is recorded (after two frames, so the scroll
    // event of the jump above is not among them).
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          requestAnimationFrame(() => {
            requestAnimationFrame(() => {
              const positions: number[] = [];
              Reflect.set(window, '__positions', positions);
              window.addEventListener('scroll', () => positions.push(window.scrollY));
              resolve();
            });
          });
        }),
    );
    const positions = () =>
      page.evaluate(() => {
        const recorded: unknown = Reflect.get(window, '__positions');
        return Array.isArray(recorded) ? recorded.map(Number) : [];
      });
    // What the cashier posts when it shows a new screen's top (SPEC §1 reset-scroll).
    await frame.evaluate(() => {
      window.parent.postMessage(JSON.stringify({ target: 'cashier', type: 'reset-scroll' }), '*');
    });
    await expect.poll(async () => (await positions()).length).toBeGreaterThan(0);
    // One jump, no glide: the first position the page reported is where it stays.
    const [first] = await positions();
    expect(first).toBe(await page.evaluate(() => window.scrollY));
    expect(new Set(await positions()).size).toBe(1);
    expect(await frameTop()).toBeGreaterThanOrEqual(0);
    expect(await hostEvents(page)).toContain('reset-scroll');
    await closeHosted(hosted);
  });
});

describe('delete confirmation in the browser (SPEC §2 /cards)', () => {
  it('opens on Keep card, Escape keeps the card and gives the focus back to its delete button', async () => {
    // demo2 of brand0 has saved cards (the seed); nothing is deleted here.
    const hosted = await openHostedCashier(env.browser, env.stack, { player: 'demo2' });
    const { frame } = hosted;
    await waitForAutoChoice(frame);
    await frame.goto(samePage(frame, '/cards'));
    await frame.getByRole('heading', { level: 1, name: text('en', 'CARDS.TITLE') }).waitFor();
    const remove = frame.getByRole('button', { name: /^Delete .*0200/ });
    const removeName = await remove.getAttribute('aria-label');
    await remove.click();
    const dialog = frame.getByRole('alertdialog', { name: text('en', 'CARDS.CONFIRM.TITLE') });
    await dialog.waitFor();
    expect(await focused(frame)).toBe(`button ${text('en', 'CARDS.CONFIRM.KEEP')}`);
    // SPEC §9: the modal is 474 px wide on desktop; a question is as tall as what it holds
    // (decision 0117: the 404 px minimum is a frame's), its answers at the bottom.
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(474);
    expect(box?.height).toBeLessThan(404);
    const keep = await dialog
      .getByRole('button', { name: text('en', 'CARDS.CONFIRM.KEEP') })
      .boundingBox();
    // Only the dialog's padding (24 px) and border below the answers.
    const below = (box?.y ?? 0) + (box?.height ?? 0) - ((keep?.y ?? 0) + (keep?.height ?? 0));
    expect(below).toBeGreaterThanOrEqual(24);
    expect(below).toBeLessThan(32);
    await screenshot(frame.page(), 'modal-height-en-1280');
    await frame.page().keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await focused(frame)).toBe(`button ${removeName ?? ''}`);
    expect(await remove.count()).toBe(1);
    // Asked again, Enter on the focused answer keeps the card as well.
    await remove.press('Enter');
    await dialog.waitFor();
    await frame.page().keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    expect(await remove.count()).toBe(1);
    await closeHosted(hosted);
  });
});

describe('processing page and live regions (SPEC §2 processing redirect time-out, §9)', () => {
  it('"Stay on this page" works from the keyboard and stops the return; the success page carries no earlier error', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack);
    const { frame } = hosted;
    await openCardMethod(frame);
    // An empty submit: the form's errors are said in the assertive region.
    await submitButton(frame).press('Enter');
    const assertive = frame.locator('#cd-live-assertive');
    await expect.poll(() => assertive.textContent()).not.toBe('');
    await payWithCard(frame, PROCESSING_THEN_APPROVED);
    await waitForPath(frame, '/deposit/deposit-processing');
    // The processing page is a new screen: the form's errors are gone from the region.
    await expect.poll(() => assertive.textContent()).toBe('');
    const stay = frame.getByRole('button', { name: text('en', 'RESULT.COUNTDOWN_STAY') });
    await stay.press('Enter');
    await expect.poll(() => focused(frame)).toBe(`p ${text('en', 'RESULT.COUNTDOWN_STOPPED')}`);
    expect(await stay.count()).toBe(0);
    // The page still follows the payment: it settles, and the success page shows.
    await waitForPath(frame, '/deposit/deposit-success');
    await frame
      .getByRole('heading', { level: 1, name: text('en', 'RESULT.DEPOSIT.SUCCESS.TITLE') })
      .waitFor();
    expect(await assertive.textContent()).toBe('');
    await closeHosted(hosted);
  });
});
