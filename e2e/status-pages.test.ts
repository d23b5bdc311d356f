/**
 * Status pages in real Chromium (SPEC §2 status-page detection inside the embedding parent frame,
 * view statuses fail and redirect, view kinds, status-page mode): a cashier status page loaded in
 * the method page's own frame shows nothing and hands its result to the cashier around it; a
 * status page in status-page mode stands alone with no way back into the cashier, as tall as the
 * parent said (en and ar, 390 and 1280 px, axe at 0 serious or critical); the redirect status
 * sends the player to the merchant at once.
 */
import { describe, expect, it } from 'vitest';
import { newSession, useStackAndBrowser } from './support';
import { checkA11y } from './support/a11y';
import { screenshot } from './support/browser';
import {
  closeHosted,
  literal,
  openHostedCashier,
  text,
  transactionsOf,
  uniquePlayer,
} from './support/cashier';
import type { WidgetLanguage } from './support/cashier';
import {
  TEST_CARDS,
  challengeFrame,
  openCardMethod,
  payWithCard,
  waitForPath,
} from './support/journeys';

const env = useStackAndBrowser();

describe('status pages (SPEC §2)', () => {
  it('SPEC §2: a status page inside the cashier’s own frame is detected: blank there, and the cashier around it shows the result', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack);
    const { page, frame, session } = hosted;
    await openCardMethod(frame);
    await payWithCard(frame, TEST_CARDS.challenge);
    const challenge = await challengeFrame(frame);
    const [transaction] = await transactionsOf(env.stack, session.sessionId);
    if (transaction === undefined) throw new Error('no transaction');
    // The provider's page returns to a status page of the cashier inside the method page's frame.
    const inner = new URL('/deposit/deposit-fail', frame.url());
    inner.searchParams.set('session_id', session.sessionId);
    inner.searchParams.set('transaction_id', transaction.id);
    inner.searchParams.set('lang', 'en-brand0');
    await challenge.goto(inner.href);
    // The cashier around it leaves the method page for the result page of that payment.
    await waitForPath(frame, /^\/deposit\/deposit-(error|processing)$/);
    expect(new URL(frame.url()).searchParams.get('transaction_id')).toBe(transaction.id);
    await frame.getByRole('heading', { level: 1 }).first().waitFor();
    await screenshot(page, 'status-page-inside-cashier-frame');
    await closeHosted(hosted);
  });

  for (const lang of ['en', 'ar'] as const satisfies readonly WidgetLanguage[]) {
    for (const width of [390, 1280]) {
      it(`SPEC §2 status-page mode: a fail page alone, as tall as the parent, with no way back into the cashier (${lang}, ${String(width)} px)`, async () => {
        const session = await newSession(env.stack, { player: uniquePlayer('status') });
        const address = new URL('/deposit/deposit-fail', session.widgetUrl);
        address.searchParams.set('session_id', session.sessionId);
        address.searchParams.set('lang', `${lang}-brand0`);
        address.searchParams.set('mode', 'status_page');
        address.searchParams.set('height', '700');
        const context = await env.browser.newContext({ viewport: { width, height: 800 } });
        try {
          const page = await context.newPage();
          await page.goto(address.href);
          const title = page.getByRole('heading', {
            level: 1,
            name: literal(text(lang, 'RESULT.DEPOSIT.ERROR.TITLE')),
          });
          await title.waitFor();
          await page
            .getByRole('button', { name: literal(text(lang, 'RESULT.BUTTON.INTO_GAME')) })
            .waitFor();
          for (const key of ['RESULT.BUTTON.ALL_METHODS', 'RESULT.BUTTON.CHANGE_METHOD']) {
            expect(await page.getByRole('button', { name: literal(text(lang, key)) }).count()).toBe(
              0,
            );
          }
          const height = await title.evaluate(
            (element) => element.closest('section')?.getBoundingClientRect().height ?? 0,
          );
          expect(height).toBeGreaterThanOrEqual(700);
          expect(await page.evaluate(() => document.documentElement.dir)).toBe(
            lang === 'ar' ? 'rtl' : 'ltr',
          );
          await checkA11y(page, `status-page-mode-${lang}-${String(width)}`);
          await screenshot(page, `status-page-mode-${lang}-${String(width)}`);
        } finally {
          await context.close();
        }
      });
    }
  }

  it('SPEC §2 view status redirect: the page sends the player on to the merchant at once', async () => {
    const session = await newSession(env.stack, { player: uniquePlayer('redirect') });
    const address = new URL('/deposit/deposit-redirect', session.widgetUrl);
    address.searchParams.set('session_id', session.sessionId);
    address.searchParams.set('lang', 'en-brand0');
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      // The demo brand's merchant site is not on this machine: the browser gets a page for it.
      await context.route('https://demo.cashdesk.test/**', (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: '<title>Merchant</title><h1>Merchant</h1>',
        }),
      );
      const page = await context.newPage();
      await page.goto(address.href);
      await page.waitForURL('https://demo.cashdesk.test/payments/processing');
      expect(await page.title()).toBe('Merchant');
    } finally {
      await context.close();
    }
  });
});
