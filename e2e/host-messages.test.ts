/**
 * The messages the cashier posts to the demo host page (SPEC §1, §2, §4): redirectTo for
 * cashier_in_new_tab, reset-scroll when a result page opens, and the session-expired screen that
 * asks the host for a new session (reInitCashier), which the demo page answers with
 * setSessionIdToChildFrame.
 */
import { describe, expect, it } from 'vitest';
import type { Route } from 'playwright-core';
import { useStackAndBrowser } from './support';
import {
  cashierFrameOf,
  closeHosted,
  hostEventEntries,
  hostEvents,
  literal,
  openHostedCashier,
  text,
  visitScreen,
} from './support/cashier';
import {
  payWithCard,
  openCardMethod,
  TEST_CARDS,
  waitForAutoChoice,
  waitForPath,
} from './support/journeys';

const env = useStackAndBrowser();

describe('messages to the host page (SPEC §1, §2)', () => {
  it('SPEC §2 cashier_in_new_tab: posts redirectTo with the address minus the flag and renders nothing', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack);
    const { page, frame, session } = hosted;
    await waitForAutoChoice(frame);

    const flagged = new URL(frame.url());
    flagged.searchParams.set('cashier_in_new_tab', '1');
    const expected = new URL(frame.url());
    await frame.goto(flagged.href);

    await expect.poll(() => hostEvents(page)).toContain('redirectTo');
    const entry = (await hostEventEntries(page)).find((line) => line.includes('redirectTo')) ?? '';
    const address = entry.slice(entry.indexOf('redirectTo') + 'redirectTo'.length).trim();
    expect(new URL(address).href).toBe(expected.href);
    expect(new URL(address).searchParams.has('cashier_in_new_tab')).toBe(false);
    expect(new URL(address).searchParams.get('session_id')).toBe(session.sessionId);
    // The demo page shows the request instead of following it.
    await page.getByText(`The cashier asked to open ${address}`).waitFor();
    // Nothing rendered in the frame: no heading at all.
    expect(await frame.getByRole('heading').count()).toBe(0);
    await closeHosted(hosted);
  });

  it('SPEC §2 redirect after finishing: a result page scrolls to the top and sends reset-scroll', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack);
    const { page, frame } = hosted;
    await openCardMethod(frame);
    expect(await hostEvents(page)).not.toContain('reset-scroll');
    await payWithCard(frame, TEST_CARDS.approved);
    await waitForPath(frame, '/deposit/deposit-success');
    await expect.poll(() => hostEvents(page)).toContain('reset-scroll');
    expect(await frame.evaluate(() => window.scrollY)).toBe(0);
    // One navigation, one message (the success page is final: nothing else navigates).
    await frame
      .getByRole('heading', { level: 1, name: text('en', 'RESULT.DEPOSIT.SUCCESS.TITLE') })
      .waitFor();
    expect((await hostEvents(page)).filter((type) => type === 'reset-scroll')).toHaveLength(1);
    await closeHosted(hosted);
  });
});

describe('session expired (SPEC §4 Session, §8 code 17)', () => {
  it('an unknown session shows the session-expired screen, sends reInitCashier and the host hands over a new session', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack, {
      context: { viewport: { width: 1280, height: 900 } },
    });
    const { page } = hosted;
    // Hold the demo backend's answer until the expired screen has been looked at.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/demo-api/sessions', async (route: Route) => {
      await held;
      await route.continue();
    });
    const unknown = new URL(hosted.session.widgetUrl);
    unknown.searchParams.set('session_id', 'unknown-session-0000');
    await page.goto(env.stack.hostPage.pageAddress(unknown.href));
    const frame = await cashierFrameOf(page);

    const title = text('en', 'RESULT.SESSION_EXPIRED.TITLE');
    await frame.getByRole('heading', { level: 1, name: literal(title) }).waitFor();
    await expect.poll(() => hostEvents(page)).toContain('reInitCashier');
    await visitScreen(page, frame, 'session-expired');

    release();
    await expect.poll(() => hostEvents(page)).toContain('setSession');
    await frame.waitForURL(
      (url) =>
        (url.searchParams.get('session_id') ?? 'unknown-session-0000') !== 'unknown-session-0000',
    );
    // The new session works: the method list is back.
    await frame.getByRole('heading', { level: 1 }).waitFor();
    expect(await frame.getByRole('heading', { name: literal(title) }).count()).toBe(0);
    await closeHosted(hosted);
  });
});
