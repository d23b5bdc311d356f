/**
 * The demo host page (packages/embed/demo) on its own origin mounts the cashier from another
 * origin: the iframe is there with its accessible name, the event log is a live region, and the
 * page has no serious or critical axe-core violation at desktop and phone widths.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { checkA11y, newSession, screenshot, useStackAndBrowser } from './support';

const env = useStackAndBrowser();

describe.each([
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 360, height: 780 },
])('the demo host page ($name, $width px)', ({ name, width, height }) => {
  let context: BrowserContext;

  beforeAll(async () => {
    context = await env.browser.newContext({ viewport: { width, height } });
  });

  afterAll(async () => {
    await context.close();
  });

  it('mounts the cashier of another origin and passes axe-core', async () => {
    const session = await newSession(env.stack, { flow: 'deposit', currency: 'EUR' });
    const page = await context.newPage();
    await page.goto(session.hostPageUrl);

    const frame = page.getByTitle('Cashier');
    await expect.poll(() => frame.count()).toBe(1);
    const src = await frame.getAttribute('src');
    expect(src).not.toBeNull();
    const address = new URL(src ?? '');
    expect(address.origin).toBe(env.stack.serverUrl);
    expect(address.origin).not.toBe(new URL(page.url()).origin);
    expect(address.pathname).toBe('/deposit');
    expect(address.searchParams.get('session_id')).toBe(session.sessionId);
    expect(address.searchParams.get('lang')).toBe('en-brand0');

    const log = page.getByRole('log', { name: 'Cashier events' });
    await expect.poll(() => log.count()).toBe(1);
    expect(await log.getAttribute('aria-live')).toBe('polite');
    // The frame's own load event is the first entry of the log.
    await expect.poll(() => log.getByRole('listitem').count()).toBeGreaterThan(0);

    // The page must not scroll sideways at phone width.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    await screenshot(page, `host-page-${name}`);
    await checkA11y(page, `demo host page (${name})`);
    await page.close();
  });
});

describe('the demo host page controls', () => {
  it('reloads the cashier in another language and mints a new session through its backend', async () => {
    const session = await newSession(env.stack);
    const page = await env.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(session.hostPageUrl);
    const frame = page.getByTitle('Cashier');
    await expect.poll(() => frame.count()).toBe(1);

    await page.getByRole('button', { name: 'العربية' }).click();
    await expect
      .poll(async () => new URL((await frame.getAttribute('src')) ?? '').searchParams.get('lang'))
      .toBe('ar-brand0');
    expect(await page.getByRole('button', { name: 'العربية' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    // A reload keeps the language: the page's own address carries it.
    expect(new URL(page.url()).searchParams.get('cashier')).toContain('lang=ar-brand0');

    await page.getByLabel('Flow').selectOption('withdrawal');
    await page.getByRole('button', { name: 'New session' }).click();
    await expect
      .poll(async () => new URL((await frame.getAttribute('src')) ?? '').pathname)
      .toBe('/withdrawal');
    const src = new URL((await frame.getAttribute('src')) ?? '');
    expect(src.searchParams.get('session_id')).not.toBe(session.sessionId);
    expect(src.searchParams.get('lang')).toBe('ar-brand0');
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toMatch(/New withdrawal session/);
    await page.close();
  });
});
