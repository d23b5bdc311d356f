/**
 * SPEC §7 storage keys in a cross-site frame: the demo host page (`localhost`) mounts the cashier
 * (`127.0.0.1`, another site) with third-party cookies blocked. The player's language, theme,
 * chosen method and previous sessions survive the host page's reloads, and the fingerprint the
 * cashier keeps goes as X-Fingerprint on GET /user-cards (checked in the server's log, which holds
 * its hash). Twice: in the run's Chromium, which partitions a frame's storage by the top-level site
 * (the cashier's own localStorage keeps the values, per brand site), and in a Chromium that denies
 * a third-party frame its storage altogether (storage partitioning off, as Safari and older
 * browsers behave), where the embed on the host page keeps them for the cashier.
 */
import { createHash } from 'node:crypto';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useStackAndBrowser } from './support';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, screenshot } from './support/browser';
import { cashierFrameOf, text, uniquePlayer } from './support/cashier';
import {
  METHODS,
  methodTile,
  waitForAutoChoice,
  waitForList,
  waitForPath,
} from './support/journeys';
import { newSession } from './support/stack';

const env = useStackAndBrowser();

/** A Chromium that blocks third-party cookies and gives a cross-site frame no storage at all. */
async function launchStorageDenyingBrowser(): Promise<Browser> {
  const disabled = CHROMIUM_FLAGS.filter((flag) => !flag.startsWith('--disable-features='));
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...disabled,
      '--test-third-party-cookie-phaseout',
      '--disable-features=IsolateOrigins,site-per-process,ThirdPartyStoragePartitioning',
    ],
  });
}

/** Blocks third-party cookies in the page's browser (Chromium's cookie controls). */
async function blockThirdPartyCookies(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCookieControls', { enableThirdPartyCookieRestriction: true });
}

/** Whether the cashier frame may use its own localStorage: 'allowed', or the error's name. */
function ownStorage(frame: Frame): Promise<string> {
  return frame.evaluate(() => {
    try {
      window.localStorage.getItem('probe');
      return 'allowed';
    } catch (error) {
      return error instanceof Error ? error.name : 'error';
    }
  });
}

/**
 * A value the cashier keeps, wherever it is kept: the frame's own storage, else the entry the
 * embed keeps on the host page for the cashier's origin.
 */
async function kept(
  page: Page,
  frame: Frame,
  area: 'local' | 'session',
  key: string,
): Promise<string | null> {
  const own = await frame.evaluate(
    ([where, name]) => {
      try {
        return (where === 'local' ? localStorage : sessionStorage).getItem(name);
      } catch {
        return null;
      }
    },
    [area, key] as const,
  );
  if (own !== null) return own;
  return page.evaluate(
    ([where, name, origin]) => {
      const entry = (where === 'local' ? localStorage : sessionStorage).getItem(
        `cashdesk:${origin}`,
      );
      if (entry === null) return null;
      const values: unknown = JSON.parse(entry);
      if (typeof values !== 'object' || values === null) return null;
      const value: unknown = Reflect.get(values, name);
      return typeof value === 'string' ? value : null;
    },
    [area, key, env.stack.serverUrl] as const,
  );
}

/** The cashier's address as the server minted it, with `lang` and `theme` set or left out. */
function cashierAddress(
  widgetUrl: string,
  choice: { readonly lang: string; readonly theme: string } | null,
): string {
  const address = new URL(widgetUrl);
  address.searchParams.delete('lang');
  address.searchParams.delete('theme');
  if (choice !== null) {
    address.searchParams.set('lang', choice.lang);
    address.searchParams.set('theme', choice.theme);
  }
  return env.stack.hostPage.pageAddress(address.href);
}

/**
 * How many GET /user-cards calls the server logged with this fingerprint: the server logs the
 * first 16 hex digits of its SHA-256, never the fingerprint.
 */
function fingerprintCalls(fingerprint: string): number {
  const hash = `"fingerprintHash":"${createHash('sha256').update(fingerprint).digest('hex').slice(0, 16)}"`;
  return env.stack
    .logs()
    .split('\n')
    .filter((line) => line.includes('user-cards fingerprint') && line.includes(hash)).length;
}

/** What the cashier shows after the host page loaded it without a language or a theme. */
async function expectKeptChoice(page: Page, sessionId: string, cryptoPath: string): Promise<void> {
  const frame = await cashierFrameOf(page);
  await frame.waitForURL((url) => url.protocol === 'http:');
  expect(new URL(frame.url()).searchParams.has('lang')).toBe(false);
  expect(new URL(frame.url()).searchParams.has('theme')).toBe(false);
  // The automatic choice opens the carousel's first method: the chosen one (SPEC §4).
  await waitForAutoChoice(frame, 'ar');
  expect(new URL(frame.url()).pathname).toBe(cryptoPath);
  expect(await frame.evaluate(() => document.documentElement.lang)).toBe('ar');
  expect(await frame.evaluate(() => document.documentElement.dir)).toBe('rtl');
  expect(await frame.evaluate(() => document.body.dataset.themeName)).toBe('brand1');
  const previous: unknown = JSON.parse(
    (await kept(page, frame, 'local', 'phPrevSessionIdData')) ?? '[]',
  );
  expect(previous).toEqual([sessionId]);
  expect(await kept(page, frame, 'session', 'phSelectedMethodId')).toBe(
    cryptoPath.split('/').pop(),
  );
}

async function keepsThroughReloads(
  browser: Browser,
  ownStorageExpected: string,
  blockCookies: boolean,
  name: string,
): Promise<void> {
  const session = await newSession(env.stack, { player: uniquePlayer('frame-storage') });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(15_000);
  try {
    const page = await context.newPage();
    if (blockCookies) await blockThirdPartyCookies(context, page);
    await page.goto(cashierAddress(session.widgetUrl, { lang: 'ar-brand0', theme: 'brand1' }));
    const frame = await cashierFrameOf(page);
    await frame.waitForURL((url) => url.protocol === 'http:');
    expect(new URL(frame.url()).origin).not.toBe(new URL(page.url()).origin);
    expect(await ownStorage(frame)).toBe(ownStorageExpected);
    await waitForAutoChoice(frame, 'ar');

    // SPEC §7 PH_fingerprint: computed after the first screen and kept.
    await expect.poll(() => kept(page, frame, 'local', 'PH_fingerprint')).not.toBeNull();
    const fingerprint = (await kept(page, frame, 'local', 'PH_fingerprint')) ?? '';
    expect(fingerprint).toMatch(/^[0-9a-f]{32}$/);
    const before = fingerprintCalls(fingerprint);

    // Opened again, the cashier chooses the card method, which asks for the saved cards with the
    // kept fingerprint as X-Fingerprint.
    await page.goto(cashierAddress(session.widgetUrl, { lang: 'ar-brand0', theme: 'brand1' }));
    const again = await cashierFrameOf(page);
    await waitForAutoChoice(again, 'ar');
    await expect.poll(() => fingerprintCalls(fingerprint)).toBeGreaterThan(before);

    // The player chooses another method (SPEC §4 phSelectedMethodId).
    await again.getByRole('link', { name: text('ar', 'DEPOSIT_METHOD.BACK'), exact: true }).click();
    await waitForList(again, 'ar');
    await methodTile(again, METHODS.crypto, 'ar').click();
    await waitForPath(again, /^\/deposit\/\d+$/);
    const cryptoPath = new URL(again.url()).pathname;

    // The brand's page opens again, leaving language and theme to the cashier; then reloads.
    await page.goto(cashierAddress(session.widgetUrl, null));
    await expectKeptChoice(page, session.sessionId, cryptoPath);
    await page.reload();
    await expectKeptChoice(page, session.sessionId, cryptoPath);
    await screenshot(page, `frame-storage-${name}`);
    // The host page's summary names the kept choice; at phone width it must not scroll sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, `frame-storage-${name}-390`);
  } finally {
    await context.close();
  }
}

describe('SPEC §7 storage keys in a cross-site frame with third-party cookies blocked', () => {
  it('SPEC §7: with partitioned storage, language, theme, chosen method and previous sessions survive host reloads; X-Fingerprint reaches the server', async () => {
    await keepsThroughReloads(env.browser, 'allowed', true, 'partitioned');
  });

  describe('in a browser that denies the frame its storage', () => {
    let denying: Browser | null = null;

    beforeAll(async () => {
      denying = await launchStorageDenyingBrowser();
    });

    afterAll(async () => {
      await denying?.close();
    });

    it('SPEC §7: the embed keeps language, theme, chosen method and previous sessions through host reloads; X-Fingerprint reaches the server', async () => {
      if (denying === null) throw new Error('no browser');
      await keepsThroughReloads(denying, 'SecurityError', false, 'relayed');
    });
  });
});
