/**
 * A session that ends while the player fills the form (SPEC §4 Session, §8 code 17): the server
 * runs with an 8 s sliding session lifetime; the submit after it is answered with code 17, the
 * cashier shows the session-expired screen, asks the host for a new session (reInitCashier) and
 * no payment was made.
 */
import { describe, expect, it } from 'vitest';
import { useStackAndBrowser } from './support';
import {
  closeHosted,
  hostEvents,
  openHostedCashier,
  text,
  transactionsOf,
  visitScreen,
} from './support/cashier';
import { TEST_CARDS, cardFields, futureExpiry, submitButton } from './support/journeys';

/**
 * Long enough that loading the form (init, select, saved cards) on a busy machine never lets the
 * session lapse between two calls, short enough to wait for.
 */
const LIFETIME_MS = 8_000;

const env = useStackAndBrowser({ env: { SESSION_LIFETIME_MS: String(LIFETIME_MS) } });

describe('session lifetime (SPEC §4 Session, §8 code 17)', () => {
  it('a session that expires on the form: the submit shows the session-expired screen, sends reInitCashier and pays nothing', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack);
    const { page, frame, session } = hosted;
    // Every call of the cashier to its server slides the expiry: remember the last one.
    let lastCall = Date.now();
    page.on('requestfinished', (request) => {
      if (request.url().startsWith(`${env.stack.serverUrl}/api/`)) lastCall = Date.now();
    });
    // Hold the demo backend's new session until the expired screen has been looked at.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/demo-api/sessions', async (route) => {
      await held;
      await route.continue();
    });
    // The first load opens the automatically chosen card method (SPEC §4).
    const fields = cardFields(frame);
    await fields.number.fill(TEST_CARDS.approved);
    await fields.expiry.fill(futureExpiry());
    await fields.cvv.fill('123');
    await fields.holder.fill('Ada Lovelace');

    // Wait for the server's lifetime to pass since the cashier's last call.
    await expect
      .poll(() => Date.now() - lastCall > LIFETIME_MS + 250, { timeout: 20_000, interval: 250 })
      .toBe(true);
    await submitButton(frame).click();

    await frame
      .getByRole('heading', { level: 1, name: text('en', 'RESULT.SESSION_EXPIRED.TITLE') })
      .waitFor();
    await expect.poll(() => hostEvents(page)).toContain('reInitCashier');
    await visitScreen(page, frame, 'session-lifetime-expired');
    expect(await transactionsOf(env.stack, session.sessionId)).toEqual([]);
    release();
    await expect.poll(() => hostEvents(page)).toContain('setSession');
    await closeHosted(hosted);
  });
});
