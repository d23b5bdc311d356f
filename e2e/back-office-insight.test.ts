/**
 * The back office's Insight screen in Chromium (decision 0109), against the real server on its
 * seeded database: after two approved card deposits, one declined and a withdrawal waiting for
 * approval, an owner (the demo account, with its second factor) opens Insight from the
 * navigation. Each chart is there as a named image, and the table after it shows the numbers:
 * the attempts and payments per connector with their rates, the hour's volume as exact amounts,
 * the decline reason, the latency and the backlog. The filters live in the address (grouped by
 * method after a change, and after a reload). axe-core finds no serious or critical violation,
 * at 1280 and 390 px wide, and the screenshots are saved in e2e/artifacts.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STAFF_BASE } from '@cashdesk/contract';
import { DEMO_STAFF_PASSWORD } from '../packages/server/src/sandbox';
import { DECLINED_VISA } from '../packages/server/src/test/deposit-submit-calls';
import { DESKTOP_CONTEXT, checkA11y, screenshot, useStackAndBrowser } from './support';
import {
  BACK_OFFICE_ENV,
  backOfficeUrl,
  brandKey,
  cardDeposit,
  waitingPayout,
} from './support/back-office';

const env = useStackAndBrowser({ env: BACK_OFFICE_ENV });

const OWNER = 'owner@demo.cashdesk.test';

/** The current code of a demo account's second factor (the sandbox's demo-code call). */
async function demoCode(email: string): Promise<string> {
  const response = await fetch(
    `${env.stack.serverUrl}${STAFF_BASE}/sandbox/demo-code?${new URLSearchParams({ email }).toString()}`,
  );
  const code: unknown = Reflect.get(Object(await response.json()), 'code');
  if (typeof code !== 'string') throw new Error(`no demo code for ${email}`);
  return code;
}

/** The axe check and the screenshots of the screen, at 1280 and 390 px wide. */
async function checkScreen(page: Page, name: string): Promise<void> {
  await checkA11y(page, `back office: ${name}`, { exclude: ['[data-live-announcer]'] });
  await screenshot(page, `back-office-${name}-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  await checkA11y(page, `back office: ${name} at 390 px`, { exclude: ['[data-live-announcer]'] });
  await screenshot(page, `back-office-${name}-390`);
  await page.setViewportSize(DESKTOP_CONTEXT.viewport);
}

/** The cells of a table's row whose header is `name`. */
async function rowCells(page: Page, table: string, name: string): Promise<string[]> {
  const row = page
    .getByRole('table', { name: table, exact: true })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  await row.waitFor();
  return (await row.locator('th, td').allTextContents()).map((text) => text.trim());
}

describe('back office: Insight (decision 0109)', () => {
  it('an owner opens Insight: each chart and its table show the numbers of the payments', async () => {
    const key = await brandKey(env.stack);
    await cardDeposit(env.stack, 'insight-a', '10');
    await cardDeposit(env.stack, 'insight-b', '25.50');
    await cardDeposit(env.stack, 'insight-c', '5', DECLINED_VISA);
    await waitingPayout(env.stack, key, 'insight-d', '40');

    const context = await env.browser.newContext(DESKTOP_CONTEXT);
    const page = await context.newPage();
    try {
      await page.goto(backOfficeUrl(env.stack, '/sign-in'));
      await page.getByLabel('E-mail address').fill(OWNER);
      await page.getByLabel('Password').fill(DEMO_STAFF_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByLabel('Six-digit code').fill(await demoCode(OWNER));
      await page.getByRole('button', { name: 'Verify' }).click();
      const nav = page.getByRole('navigation', { name: 'Back office' });
      await nav.getByRole('link', { name: 'Insight' }).click();
      await page.getByRole('heading', { name: 'Insight', level: 1 }).waitFor();

      // Acceptance per connector: three attempts, two approved; the withdrawal waits unsent.
      expect(await rowCells(page, 'Acceptance', 'sandbox')).toEqual([
        'sandbox',
        '3',
        '2',
        '1',
        '0',
        '0',
        '66.67%',
        '4',
        '2',
        '1',
        '1',
        '66.67%',
      ]);
      const acceptanceChart = page.getByRole('img', { name: /^Bar chart: acceptance rate/ });
      expect(await acceptanceChart.locator('canvas').count()).toBe(1);

      // The hour's volume: exact amounts, in the hour (UTC) of the payments.
      const hour = `${new Date().toISOString().slice(0, 13)}:00:00Z`;
      const volume = await rowCells(page, 'Volume per hour', hour);
      expect(volume.slice(0, 3)).toEqual([hour, '4', '2']);
      expect(volume[3]).toBe('€35.50');
      await page.getByRole('img', { name: /^Bar chart: payments and succeeded/ }).waitFor();

      expect(await rowCells(page, 'Declines per reason', 'declined')).toEqual(['declined', '1']);
      const latency = await rowCells(page, 'Latency', 'sandbox');
      expect(latency.slice(0, 2)).toEqual(['sandbox', '3']);
      expect(latency[2]).toMatch(/^\d+$/);

      const backlog = page.getByRole('region', { name: 'Backlog now' });
      await expect
        .poll(() => backlog.getByRole('definition').allTextContents())
        .toEqual(['1', '1', '€40.00', expect.stringMatching(/^\d+$/), '0']);
      await page.getByRole('img', { name: /^Bar chart: players who chose/ }).waitFor();

      await checkScreen(page, 'insight');

      // The filters are the address: grouped by method, kept on a reload.
      await page.getByLabel('Group by').selectOption('method');
      await page.getByRole('button', { name: 'Apply' }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('group_by')).toBe('method');
      await page.reload();
      expect(await rowCells(page, 'Acceptance', 'card')).toEqual(
        expect.arrayContaining(['card', '3', '66.67%']),
      );
    } finally {
      await context.close();
    }
  });
});
