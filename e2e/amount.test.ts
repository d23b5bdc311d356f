/**
 * The amount of a deposit (SPEC §5 Amount, §2 method page): the blocks set it, the bounds of the
 * method (brand0 card, EUR: 5 to 5000) are checked with their formatted value, and the field
 * shows the allowed minimum and maximum.
 */
import { describe, expect, it } from 'vitest';
import type { Frame } from 'playwright-core';
import { DESKTOP_CONTEXT, PHONE_CONTEXT, screenshot, useStackAndBrowser } from './support';
import type { WidgetLanguage } from './support/cashier';
import {
  closeHosted,
  openHostedCashier,
  pattern,
  text,
  transactionsOf,
  visitScreen,
} from './support/cashier';
import {
  amountBlock,
  amountBlocks,
  amountInput,
  cardFields,
  methodTile,
  METHODS,
  openCardMethod,
  submitExpectingErrors,
  waitForHome,
} from './support/journeys';

const env = useStackAndBrowser();

/** The formatted bounds of the card method in EUR (grouping by a space, SPEC §9). */
const MIN = /5\.00/;
const MAX = /5[\s\u00a0\u202f]?000\.00/;

describe('amount blocks and limits (SPEC §5 Amount)', () => {
  it('SPEC §5: blocks set the amount; under the minimum and above the maximum show the formatted bound; the hint names both', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack);
    const { page, frame, session } = hosted;
    await openCardMethod(frame);
    const amount = amountInput(frame);

    expect(await amountBlocks(frame).count()).toBe(4);
    for (const block of ['10', '25', '50', '100']) {
      const button = amountBlock(frame, block);
      await button.click();
      expect(await amount.inputValue()).toMatch(new RegExp(`^${block}(\\.00)?$`));
      // The chosen block says so to assistive technology; the others do not.
      expect(await button.getAttribute('aria-checked')).toBe('true');
      expect(await amountBlocks(frame).and(frame.locator('[aria-checked="true"]')).count()).toBe(1);
    }

    // The hint of the allowed range (SPEC §2: min and max).
    const minHint = frame.getByText(pattern('en', 'PH.MIN_LIMIT_INFO_TEXT'));
    await minHint.waitFor();
    expect(await minHint.textContent()).toMatch(MIN);
    const maxHint = frame.getByText(pattern('en', 'FIELDS.AMOUNT.MAX_HINT'));
    expect(await maxHint.textContent()).toMatch(MAX);
    // The hint is the input's description.
    const description = await amount.evaluate((input) =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect(description).toMatch(MIN);

    // Under the minimum.
    await amount.fill('4');
    await amount.blur();
    const under = frame.getByText(pattern('en', 'PH.DEPOSIT.ERROR.MIN_AMOUNT'));
    await under.waitFor();
    expect(await under.textContent()).toMatch(MIN);
    expect(await under.textContent()).toContain('EUR');
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    await visitScreen(page, frame, 'amount-under-minimum');

    // Above the maximum: the message, and submitting focuses the amount.
    await amount.fill('5001');
    await amount.blur();
    const over = frame.getByText(pattern('en', 'PH.DEPOSIT.ERROR.MAX_AMOUNT'));
    await over.waitFor();
    expect(await over.textContent()).toMatch(MAX);
    expect(await under.count()).toBe(0);
    await submitExpectingErrors(frame, 5); // the amount and the four empty card fields
    await expect
      .poll(() => amount.evaluate((element) => element === document.activeElement))
      .toBe(true);
    await visitScreen(page, frame, 'amount-above-maximum');

    // Back inside the bounds with a block: the message goes away.
    await amountBlock(frame, '100').click();
    await expect.poll(() => over.count()).toBe(0);
    expect(await amount.getAttribute('aria-invalid')).not.toBe('true');
    expect(text('en', 'PH.DEPOSIT.ERROR.MIN_AMOUNT')).not.toBe('');
    expect(await transactionsOf(env.stack, session.sessionId)).toEqual([]);
    await closeHosted(hosted);
  });
});

/** How many amount blocks stand in each row, top to bottom, from where the browser put them. */
async function blocksPerRow(frame: Frame, lang: WidgetLanguage): Promise<number[]> {
  const tops = await amountBlocks(frame, lang).evaluateAll((blocks) =>
    blocks.map((block) => Math.round(block.getBoundingClientRect().top)),
  );
  const rows = new Map<number, number>();
  for (const top of tops) rows.set(top, (rows.get(top) ?? 0) + 1);
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([, count]) => count);
}

describe('amount blocks in rows of equal length (SPEC §2 predefined amounts)', () => {
  it.each<[WidgetLanguage, string, number[]]>([
    ['en', 'phone', [2, 2]],
    ['ar', 'phone', [2, 2]],
    ['en', 'desktop', [4]],
  ])(
    'SPEC §2 (%s, %s): the four blocks stand %j, never one alone under the others',
    async (lang, device, rows) => {
      const context = device === 'phone' ? PHONE_CONTEXT : DESKTOP_CONTEXT;
      const hosted = await openHostedCashier(env.browser, env.stack, { lang, context });
      const { page, frame } = hosted;
      try {
        await waitForHome(frame, lang);
        await methodTile(frame, METHODS.card, lang).click();
        await cardFields(frame, lang).number.waitFor();
        await expect.poll(() => blocksPerRow(frame, lang)).toEqual(rows);
        await amountBlocks(frame, lang).first().scrollIntoViewIfNeeded();
        await screenshot(page, `amount-blocks-${lang}-${device}`, { fullPage: false });
      } finally {
        await closeHosted(hosted);
      }
    },
  );
});
