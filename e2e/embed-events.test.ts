/**
 * The embed SDK's events in the demo host page, with the real widget in real Chromium: ready after
 * load, the result of a sandbox card deposit (once, with its amount) that makes the page read its
 * header balance again, the iframe's height following the cashier's content at phone and desktop
 * widths (no scrollbar inside the frame), no second result when the frame reloads its result page,
 * "Back to the game" closing the cashier into the page's game view (no loop back to
 * the result page), and cashierInNewTab.
 */
import { describe, expect, it } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import { useStackAndBrowser } from './support';
import { screenshot } from './support/browser';
import {
  balanceOf,
  cashierFrameOf,
  closeHosted,
  hostEventEntries,
  hostEvents,
  openHostedCashier,
  text,
} from './support/cashier';
import { openCardMethod, payWithCard, TEST_CARDS, waitForPath } from './support/journeys';

const env = useStackAndBrowser();

/** The SDK's default minimum height (packages/embed/src/frame-height.ts). */
const MIN_HEIGHT = 440;

/** The header balance of the demo page, as it shows it ("1025.10 EUR"). */
function headerBalance(page: Page): Promise<string | null> {
  return page.locator('#header-balance-value').textContent();
}

/** How the frame and its content measure: the iframe's height and the content inside it. */
async function heights(page: Page, frame: Frame) {
  const iframe = await page
    .getByTitle('Cashier')
    .evaluate((element) => element.getBoundingClientRect().height);
  const inner = await frame.evaluate(() => {
    const root = document.getElementById('root');
    return {
      content: Math.ceil(root?.getBoundingClientRect().height ?? 0),
      scrollHeight: document.documentElement.scrollHeight,
      clientHeight: document.documentElement.clientHeight,
    };
  });
  return { iframe, ...inner };
}

/** Waits until the iframe is as tall as its content (or the minimum) and nothing scrolls inside. */
async function expectFrameFitsContent(page: Page, frame: Frame): Promise<void> {
  await expect
    .poll(async () => {
      const measured = await heights(page, frame);
      return measured.iframe === Math.max(MIN_HEIGHT, measured.content);
    })
    .toBe(true);
  const measured = await heights(page, frame);
  // No scrollbar inside the frame: its document is no taller than its viewport.
  expect(measured.scrollHeight).toBeLessThanOrEqual(measured.clientHeight);
}

/**
 * A screenshot of the whole page taken with a viewport as tall as the page. Chromium rasters a
 * cross-site frame only inside the viewport, so a full-page capture of a tall page shows the
 * frame's parts below (or above) the viewport blank; a tall viewport shows what a player sees
 * when scrolling. The frame's height follows its content, not the viewport, so nothing else
 * changes.
 */
async function wholePageScreenshot(page: Page, name: string): Promise<void> {
  const viewport = page.viewportSize();
  if (viewport === null) throw new Error('the page has no viewport');
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: pageHeight });
  // Two animation frames of the frame: its content is laid out and painted at the new size.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await screenshot(page, name, { fullPage: false });
  await page.setViewportSize(viewport);
}

function count(types: readonly string[], type: string): number {
  return types.filter((entry) => entry === type).length;
}

describe.each([
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
])('embed events at $width px ($name)', ({ name, width, height }) => {
  it('ready, then a sandbox deposit reports result once and the header shows the new balance; the frame follows its content', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack, {
      context: { viewport: { width, height } },
    });
    const { page, frame, session } = hosted;
    // ready comes after the frame's load: the first screen itself rendered.
    await expect.poll(() => hostEvents(page)).toContain('ready');
    const firstEvents = [...(await hostEvents(page))].reverse();
    expect(firstEvents.indexOf('load')).toBeLessThan(firstEvents.indexOf('ready'));
    const before = await balanceOf(env.stack, session.sessionId);
    await expect.poll(() => headerBalance(page)).toBe(`${before} EUR`);

    await openCardMethod(frame);
    // The card form is taller than the minimum: the frame grows to it.
    await expectFrameFitsContent(page, frame);
    const form = await heights(page, frame);
    expect(form.iframe).toBeGreaterThan(MIN_HEIGHT);
    await wholePageScreenshot(page, `embed-autoheight-form-${name}`);

    await payWithCard(frame, TEST_CARDS.approved);
    await waitForPath(frame, '/deposit/deposit-success');
    await frame
      .getByRole('heading', { level: 1, name: text('en', 'RESULT.DEPOSIT.SUCCESS.TITLE') })
      .waitFor();
    await expect.poll(() => hostEvents(page)).toContain('result');

    const after = await balanceOf(env.stack, session.sessionId);
    expect(after).not.toBe(before);
    // The page read its balance again on result, from its backend.
    await expect.poll(() => headerBalance(page)).toBe(`${after} EUR`);
    const entry = (await hostEventEntries(page)).find((line) => line.includes('result')) ?? '';
    expect(entry).toMatch(/result\s+deposit success \d+\.\d{2} EUR/);

    await expectFrameFitsContent(page, frame);
    await wholePageScreenshot(page, `embed-result-${name}`);
    const events = await hostEvents(page);
    expect(count(events, 'result')).toBe(1);
    // Heights are posted when they change, once per frame at most: no loop of resizes.
    expect(count(events, 'resize')).toBeLessThan(30);
    await closeHosted(hosted);
  });
});

describe('embed events: reloads and new sessions', () => {
  it('a reloaded result page is not a second result; "Back to the game" closes the cashier into the page\'s game view (SPEC §2, §4), and the cashier opened again starts at its method list', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack);
    const { page, frame, session } = hosted;
    await openCardMethod(frame);
    await payWithCard(frame, TEST_CARDS.approved);
    await waitForPath(frame, '/deposit/deposit-success');
    await expect.poll(() => hostEvents(page)).toContain('result');

    // The frame reloads on its result page (history keeps the pay session): no second result.
    await frame.evaluate(() => {
      window.location.reload();
    });
    await expect.poll(async () => count(await hostEvents(page), 'ready')).toBe(2);
    await frame
      .getByRole('heading', { level: 1, name: text('en', 'RESULT.DEPOSIT.SUCCESS.TITLE') })
      .waitFor();
    expect(count(await hostEvents(page), 'result')).toBe(1);

    // Into the game: brand0 redirects in the same window, which inside a frame would load the
    // brand's site in the cashier's frame; the cashier tells the page the player finished, with
    // the brand's success address, and the page closes the cashier and shows its game.
    await frame.getByRole('button', { name: text('en', 'RESULT.BUTTON.INTO_GAME') }).click();
    const gameHeading = page.getByRole('heading', { level: 2, name: 'Back in the game' });
    await gameHeading.waitFor();
    expect(await page.getByTitle('Cashier').count()).toBe(0);
    expect(await gameHeading.evaluate((element) => element === document.activeElement)).toBe(true);
    const finish = (await hostEventEntries(page)).find((line) => line.includes('finish')) ?? '';
    expect(finish).toMatch(/finish\s+success https:\/\/demo\.cashdesk\.test\/payments\/success/);
    let events = await hostEvents(page);
    expect(count(events, 'finish')).toBe(1);
    expect(count(events, 'reInitCashier')).toBe(0);
    expect(count(events, 'setSession')).toBe(0);
    // The page stayed: the SDK did not open the brand's address in the whole window.
    expect(new URL(page.url()).origin).toBe(new URL(session.hostPageUrl).origin);
    await wholePageScreenshot(page, 'embed-game-view');

    // Opened again, the cashier has a new session and starts at its method list, not the result.
    await page.getByRole('button', { name: 'Open the cashier', exact: true }).click();
    const again = await cashierFrameOf(page);
    await again.waitForURL((url) => url.protocol === 'http:' || url.protocol === 'https:');
    const address = new URL(again.url());
    expect(address.searchParams.get('session_id')).not.toBe(session.sessionId);
    expect(address.searchParams.has('transaction_id')).toBe(false);
    await again.waitForURL(
      (url) => url.pathname === '/deposit' || url.pathname.startsWith('/deposit/'),
    );
    expect(new URL(again.url()).pathname).not.toMatch(/deposit-success/);
    await again.getByRole('heading', { level: 1 }).first().waitFor();
    events = await hostEvents(page);
    expect(count(events, 'finish')).toBe(1);
    expect(count(events, 'result')).toBe(1);
    await closeHosted(hosted);
  });

  it('cashierInNewTab opens the cashier as a page of its own, with the session and without an iframe', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack);
    const { page, session } = hosted;
    await expect.poll(() => hostEvents(page)).toContain('ready');
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: 'Open the cashier in a new tab' }).click(),
    ]);
    await tab.waitForURL(
      (url) => url.pathname === '/deposit' || url.pathname.startsWith('/deposit/'),
    );
    const address = new URL(tab.url());
    expect(address.origin).toBe(env.stack.serverUrl);
    expect(address.searchParams.get('session_id')).toBe(session.sessionId);
    expect(address.searchParams.has('cashier_in_new_tab')).toBe(false);
    // The cashier renders in the tab (no frame around it, nothing asks a host to redirect).
    await tab.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await tab.evaluate(() => window.opener === null)).toBe(true);
    expect(await hostEvents(page)).toContain('open');
    await tab.close();
    await closeHosted(hosted);
  });
});
