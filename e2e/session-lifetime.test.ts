/**
 * A session that ends while the player fills the form (SPEC §4 Session, §8 code 17): the server
 * runs with an 8 s sliding session lifetime. The realtime connection's token lives as long as the
 * session, so when the session ends the client's token refresh is answered with code
 * 17 and the cashier shows the session-expired screen by itself, before the player presses
 * Deposit in vain; it asks the host for a new session (reInitCashier) and no payment was made.
 * (A submit answered with code 17 leads to the same screen: deposit-method-page.test.tsx.)
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
  it('a session that expires on the form: the cashier shows the session-expired screen without a click, sends reInitCashier and pays nothing', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack);
    const { page, frame, session } = hosted;
    // Hold the demo backend's new session until the expired screen has been looked at.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/demo-api/sessions', async (route) => {
      await held;
      await route.continue();
    });
    // The first load opens the automatically chosen card method (SPEC §4), and the player
    // types. On a loaded machine the session may end before the form is even there, or while
    // the player types: the expired screen then replaces the form (the behaviour under test),
    // so typing stops there.
    const expired = frame.getByRole('heading', {
      level: 1,
      name: text('en', 'RESULT.SESSION_EXPIRED.TITLE'),
    });
    const fields = cardFields(frame);
    await fields.number
      .or(expired)
      .first()
      .waitFor({ timeout: LIFETIME_MS * 4 });
    const typing: readonly (readonly [typeof fields.number, string])[] = [
      [fields.number, TEST_CARDS.approved],
      [fields.expiry, futureExpiry()],
      [fields.cvv, '123'],
      [fields.holder, 'Ada Lovelace'],
    ];
    for (const [input, value] of typing) {
      if (await expired.isVisible()) break;
      await input.fill(value, { timeout: LIFETIME_MS }).catch(async (error: unknown) => {
        // Only the session's end may cut the typing short.
        if (!(await expired.isVisible())) throw error;
      });
    }

    // No click: the session's end is noticed by the cashier itself (its token is refused).
    await expired.waitFor({ timeout: LIFETIME_MS * 4 });
    expect(await submitButton(frame).count()).toBe(0);
    await expect.poll(() => hostEvents(page)).toContain('reInitCashier');
    await visitScreen(page, frame, 'session-lifetime-expired');
    expect(await transactionsOf(env.stack, session.sessionId)).toEqual([]);
    release();
    await expect.poll(() => hostEvents(page)).toContain('setSession');
    await closeHosted(hosted);
  });
});
