/**
 * SPEC §1 page kind error: the cashier opened at `/error` (where a host or a provider's return
 * sends a player whose payment stopped) shows the error page, not "page not found", at desktop
 * and phone widths, in English and mirrored in Arabic, and leads back to the deposit methods.
 */
import { describe, expect, it } from 'vitest';
import {
  DESKTOP_CONTEXT,
  PHONE_CONTEXT,
  newSession,
  screenshot,
  useStackAndBrowser,
} from './support';
import { text, uniquePlayer } from './support/cashier';
import { waitForHome } from './support/journeys';

const env = useStackAndBrowser();

const SIZES = { 1280: DESKTOP_CONTEXT, 390: PHONE_CONTEXT } as const;

describe('error page (SPEC §1 page kinds)', () => {
  it.each([
    ['en', 1280],
    ['ar', 1280],
    ['en', 390],
    ['ar', 390],
  ] as const)(
    'SPEC §1 page kind error (%s, %i px): /error says the payment stopped and leads to the deposit methods',
    async (lang, width) => {
      const session = await newSession(env.stack, { player: uniquePlayer('error-page'), lang });
      const address = new URL(session.widgetUrl);
      address.pathname = '/error';
      const context = await env.browser.newContext(SIZES[width]);
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      await page.goto(address.href);
      const heading = page.getByRole('heading', { level: 1 });
      await heading.waitFor();
      expect(await heading.textContent()).toBe(text(lang, 'APP.ERROR_PAGE.TITLE'));
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(
        lang === 'ar' ? 'rtl' : 'ltr',
      );
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
        ),
      ).toBe(true);
      await screenshot(page, `error-page-${String(width)}-${lang}`);
      await page.getByRole('link', { name: text(lang, 'APP.BACK_TO_DEPOSIT') }).click();
      // A fresh player's deposit chooses a method by itself (SPEC §4); its back link is the list.
      await waitForHome(page.mainFrame(), lang);
      await context.close();
    },
  );
});
