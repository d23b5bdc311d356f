/**
 * SPEC §2 `isForcedMobile`: a host (a native app's web view on a tablet, a side panel) asks for
 * the mobile layout whatever the width. The cashier opened as its own page at 1280 px lays the
 * method list out in one column then, where it shows two without the flag (SPEC §9 mobile
 * threshold 1023 px); at 390 px and in Arabic the flag changes nothing the phone layout does.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Frame, Page } from 'playwright-core';
import {
  DESKTOP_CONTEXT,
  PHONE_CONTEXT,
  newSession,
  screenshot,
  useStackAndBrowser,
} from './support';
import type { Stack } from './support';
import { uniquePlayer } from './support/cashier';
import type { WidgetLanguage } from './support/cashier';
import { methodGroups, waitForHome } from './support/journeys';

const env = useStackAndBrowser();

const DESKTOP = DESKTOP_CONTEXT;
const PHONE = PHONE_CONTEXT;

interface Opened {
  readonly page: Page;
  readonly frame: Frame;
}

/** The cashier as its own page (as a native app's web view shows it), with or without the flag. */
async function openOwnPage(
  browser: Browser,
  stack: Stack,
  options: {
    readonly lang: WidgetLanguage;
    readonly forced: boolean;
    readonly context: typeof DESKTOP | typeof PHONE;
  },
): Promise<Opened> {
  const session = await newSession(stack, {
    player: uniquePlayer('forced-mobile'),
    lang: options.lang,
  });
  const address = new URL(session.widgetUrl);
  if (options.forced) address.searchParams.set('isForcedMobile', 'true');
  const context = await browser.newContext(options.context);
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await page.goto(address.href);
  const frame = page.mainFrame();
  await waitForHome(frame, options.lang);
  return { page, frame };
}

/** How many columns (lists) each method group of the homepage lays its tiles in. */
async function columnsPerGroup(frame: Frame, lang: WidgetLanguage): Promise<number[]> {
  const groups = methodGroups(frame, lang);
  const count = await groups.count();
  const columns: number[] = [];
  for (let index = 0; index < count; index += 1) {
    columns.push(await groups.nth(index).getByRole('list').count());
  }
  return columns;
}

describe('isForcedMobile (SPEC §2 start-up parameters, §9 mobile threshold)', () => {
  it('SPEC §2 isForcedMobile: at 1280 px the list has one column with the flag and two without', async () => {
    const plain = await openOwnPage(env.browser, env.stack, {
      lang: 'en',
      forced: false,
      context: DESKTOP,
    });
    expect(Math.max(...(await columnsPerGroup(plain.frame, 'en')))).toBe(2);
    await plain.page.context().close();

    for (const lang of ['en', 'ar'] as const) {
      const forced = await openOwnPage(env.browser, env.stack, {
        lang,
        forced: true,
        context: DESKTOP,
      });
      expect(await columnsPerGroup(forced.frame, lang)).not.toContain(2);
      // The list still fills the page's width: no sideways scrolling, one column of full tiles.
      expect(
        await forced.frame.evaluate(
          () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
        ),
      ).toBe(true);
      await screenshot(forced.page, `forced-mobile-1280-${lang}`);
      await forced.page.context().close();
    }
  });

  it('SPEC §2 isForcedMobile, §9 small screen: at 390 px the flag keeps the phone layout (en, ar)', async () => {
    for (const lang of ['en', 'ar'] as const) {
      const forced = await openOwnPage(env.browser, env.stack, {
        lang,
        forced: true,
        context: PHONE,
      });
      expect(await columnsPerGroup(forced.frame, lang)).not.toContain(2);
      expect(
        await forced.frame.evaluate(
          () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
        ),
      ).toBe(true);
      await screenshot(forced.page, `forced-mobile-390-${lang}`);
      await forced.page.context().close();
    }
  });
});
