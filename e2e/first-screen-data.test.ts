/**
 * The first screen's answers come with the cashier's document (SPEC §7 init and appearance,
 * inlined by the server): opened at 390 px in English and Arabic, the deposit homepage settles on
 * its automatically chosen method page and the withdrawal homepage on its list without asking the
 * API for init or the appearance, in the right direction and language; a stored language other
 * than the address's still gets its own appearance from the API.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE_CONTEXT, newSession, screenshot, useStackAndBrowser } from './support';
import { text } from './support/cashier';
import type { WidgetLanguage } from './support/cashier';
import { waitForAutoChoice, waitForPath } from './support/journeys';

const env = useStackAndBrowser();

const INIT_OR_APPEARANCE =
  /\/api\/cashier-service\/v1\.0\/(payments|payouts)\/groups\/init|\/appearance\?/;

/** A phone page that records the API calls it makes and the errors it logs. */
async function phonePage(): Promise<{ page: Page; calls: string[]; errors: string[] }> {
  const context = await env.browser.newContext(PHONE_CONTEXT);
  const page = await context.newPage();
  const calls: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    if (INIT_OR_APPEARANCE.test(request.url())) calls.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, calls, errors };
}

describe('the first screen rendered by the server, hydrated (SPEC §2 homepage, §4 automatic choice)', () => {
  it.each<WidgetLanguage>(['en', 'ar'])(
    'in %s the HTML sent holds the chosen method page before any script runs',
    async (lang) => {
      const session = await newSession(env.stack, { lang });
      const context = await env.browser.newContext({ ...PHONE_CONTEXT, javaScriptEnabled: false });
      const page = await context.newPage();
      try {
        await page.goto(session.widgetUrl);
        const title = page.getByRole('heading', { level: 1 });
        await title.waitFor();
        expect(await title.textContent()).not.toBe('');
        const back = page.getByRole('link', {
          name: text(lang, 'DEPOSIT_METHOD.BACK'),
          exact: true,
        });
        expect(await back.count()).toBe(1);
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(
          lang === 'ar' ? 'rtl' : 'ltr',
        );
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
        await screenshot(page, `first-screen-no-js-390-${lang}`, { fullPage: false });
      } finally {
        await context.close();
      }
    },
  );

  it.each<WidgetLanguage>(['en', 'ar'])(
    'in %s the page hydrates the server HTML without a mismatch and the form can be used',
    async (lang) => {
      const session = await newSession(env.stack, { lang });
      const { page, errors } = await phonePage();
      try {
        await page.goto(session.widgetUrl);
        const frame = page.mainFrame();
        await waitForAutoChoice(frame, lang);
        const amount = frame
          .getByRole('textbox', { name: text(lang, 'DEPOSIT_METHOD.AMOUNT_LABEL') })
          .first();
        await amount.waitFor();
        await amount.fill('25');
        expect(await amount.inputValue()).toMatch(/25/);
        // React logs a hydration difference (a recoverable error) as an error on the console.
        expect(errors).toEqual([]);
        await screenshot(page, `first-screen-hydrated-390-${lang}`, { fullPage: false });
      } finally {
        await page.context().close();
      }
    },
  );
});

describe('the first screen from the document (SPEC §7 init and appearance inlined)', () => {
  it.each<WidgetLanguage>(['en', 'ar'])(
    'the deposit homepage in %s opens its chosen method without an init or appearance call',
    async (lang) => {
      const session = await newSession(env.stack, { lang });
      const { page, calls, errors } = await phonePage();
      try {
        const response = await page.goto(session.widgetUrl);
        expect(response?.headers()['cache-control']).toBe('private, no-store');
        expect(await response?.text()).toContain(
          '<script type="application/json" id="cd-page-data">',
        );
        const frame = page.mainFrame();
        await waitForAutoChoice(frame, lang);
        await frame.getByRole('heading', { level: 1 }).waitFor();
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(
          lang === 'ar' ? 'rtl' : 'ltr',
        );
        expect(calls).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await page.context().close();
      }
    },
  );

  it('the withdrawal homepage settles without an init or appearance call', async () => {
    const session = await newSession(env.stack, { flow: 'withdrawal' });
    const { page, calls, errors } = await phonePage();
    try {
      const response = await page.goto(session.widgetUrl);
      expect(new URL(page.url()).pathname).toBe('/withdrawal');
      expect(await response?.text()).toContain(
        '<script type="application/json" id="cd-first-screen">',
      );
      await waitForPath(page.mainFrame(), /^\/withdrawal\/[^/]+$/);
      await page.getByRole('link', { name: text('en', 'WITHDRAWAL.BACK'), exact: true }).waitFor();
      expect(calls).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('a stored language other than the address names gets its appearance from the API', async () => {
    const session = await newSession(env.stack);
    const { page, calls } = await phonePage();
    try {
      await page.goto(`${env.stack.serverUrl}/healthz`);
      await page.evaluate(() => {
        localStorage.setItem('airPmCashierLang', 'ar');
      });
      // The address names no language: the stored Arabic is asked for, not the inlined English.
      const address = new URL(session.widgetUrl);
      address.searchParams.delete('lang');
      await page.goto(address.href);
      await waitForAutoChoice(page.mainFrame(), 'ar');
      expect(calls.filter((url) => url.includes('/appearance?'))).toHaveLength(1);
      expect(calls.filter((url) => url.includes('/groups/init'))).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
