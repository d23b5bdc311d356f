/**
 * SPEC §7 page metrics: the real widget in real Chromium, opened with `metrics=1`,
 * reports TTI at once, TTFB when the page loaded, FID after the first input, and LCP and CLS when
 * the page goes (sent with keepalive); the server keeps them as Prometheus histograms
 * (`GET /metrics`, served to anyone in sandbox mode). Without the parameter nothing is sent.
 */
import { describe, expect, it } from 'vitest';
import { newSession, useStackAndBrowser } from './support';
import { uniquePlayer } from './support/cashier';

const env = useStackAndBrowser();

/** How many reports of each metric the server has counted for deposit pages of brand0. */
async function reported(): Promise<Record<string, number>> {
  const response = await fetch(`${env.stack.serverUrl}/metrics`);
  const text = await response.text();
  const counts: Record<string, number> = {};
  const timing =
    /^cashdesk_client_timing_seconds_count\{metric="(\w+)",page="payments",brand="brand0"\} (\d+)$/gm;
  for (const [, name, count] of text.matchAll(timing)) {
    if (name !== undefined) counts[name] = Number(count);
  }
  const shifts = /^cashdesk_client_layout_shift_count\{page="payments",brand="brand0"\} (\d+)$/m;
  counts.CLS = Number(shifts.exec(text)?.[1] ?? '0');
  return counts;
}

/** Opens the cashier's deposit page for a new player, `metrics` as given, until its list shows. */
async function openDeposit(metrics: string | null) {
  const session = await newSession(env.stack, { player: uniquePlayer('metrics') });
  const address = new URL(session.widgetUrl);
  if (metrics !== null) address.searchParams.set('metrics', metrics);
  const context = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await page.goto(address.href);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  return page;
}

describe('page metrics (SPEC §7)', () => {
  it('SPEC §7: without the metrics parameter a page reports nothing', async () => {
    const before = await reported();
    const page = await openDeposit(null);
    await page.getByRole('heading', { level: 1 }).first().click();
    await page.goto('about:blank');
    await page.context().close();
    // The page with metrics on (next test) proves reports arrive; here none may have.
    expect(await reported()).toEqual(before);
  });

  it('SPEC §7: with metrics=1 TTI, TTFB, FID, LCP and CLS reach the server once each', async () => {
    const before = await reported();
    const page = await openDeposit('1');
    // A first input (on a heading: it does nothing) gives FID and makes LCP final.
    await page.getByRole('heading', { level: 1 }).first().click();
    // Leaving the page makes CLS final; the reports go out with keepalive.
    await page.goto('about:blank');
    const added = (counts: Record<string, number>) =>
      Object.fromEntries(
        ['TTI', 'TTFB', 'FID', 'LCP', 'CLS'].map((name) => [
          name,
          (counts[name] ?? 0) - (before[name] ?? 0),
        ]),
      );
    await expect
      .poll(async () => added(await reported()), { timeout: 15_000 })
      .toEqual({ TTI: 1, TTFB: 1, FID: 1, LCP: 1, CLS: 1 });
    await page.context().close();
  });
});
