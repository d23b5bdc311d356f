/**
 * A session that ends while the player fills the form (SPEC §4 session expiry, §8 code 17), in the
 * demo host page, on a clock the test moves (Playwright's clock in the browser: no real wait).
 *
 * Every answer of the server says how long the session has left; the cashier shows the
 * session-expired screen the moment that time has passed, by itself, asks the host for a new
 * session (reInitCashier), and takes the host's new session of the same player in place: the
 * form comes back with the card number, the expiry, the CVV and the cardholder's name as they
 * were (kept in the page's memory only, never in storage), and the payment goes through under the
 * new session. A call the server answers with code 17 leads to the same screen and the same
 * return. A session of another player is never given this player's form: the page reloads, empty.
 * Outside a host page the expired screen says once what happened and that the form is filled in
 * again.
 *
 * The host page's backend is the test's: it mints the next session for the player the test chose
 * (the demo backend always answers for its demo player).
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { TIMEOUT_LONG_MS } from '@cashdesk/domain';
import { eq } from 'drizzle-orm';
import { sessions } from '../packages/server/src/db/schema';
import { expireSession } from '../packages/server/src/http/sessions';
import { useStackAndBrowser } from './support';
import {
  closeHosted,
  hostEvents,
  literal,
  openHostedCashier,
  openTopLevelCashier,
  text,
  transactionsOf,
  uniquePlayer,
  visitScreen,
} from './support/cashier';
import type { HostedCashier } from './support/cashier';
import { newSession } from './support/stack';
import {
  TEST_CARDS,
  cardFields,
  futureExpiry,
  submitButton,
  waitForAutoChoice,
  waitForPath,
} from './support/journeys';

const env = useStackAndBrowser();

/** The browser's clock is the test's from the first script of every frame on. */
async function installClock(context: BrowserContext): Promise<void> {
  await context.clock.install({ time: new Date() });
}

/**
 * The host page's backend answers a new session with one minted for `player` (a brand's backend
 * mints for the player it has logged in); returns the ids it handed out.
 */
async function hostMintsFor(page: Page, player: string): Promise<string[]> {
  const minted: string[] = [];
  await page.route('**/demo-api/sessions', async (route) => {
    const session = await newSession(env.stack, { player });
    minted.push(session.sessionId);
    await route.fulfill({
      status: 201,
      contentType: 'application/json',
      body: JSON.stringify({ session_id: session.sessionId, widget_url: session.widgetUrl }),
    });
  });
  return minted;
}

/** When the server ends a session unless its player acts (its stored expiry). */
async function sessionEnd(sessionId: string): Promise<number> {
  const [row] = await env.stack.db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  if (row === undefined) throw new Error('no such session');
  return row.expiresAt.getTime();
}

function expiredHeading(frame: Frame) {
  return frame.getByRole('heading', { level: 1, name: text('en', 'RESULT.SESSION_EXPIRED.TITLE') });
}

const CARD = {
  number: TEST_CARDS.approved,
  expiry: futureExpiry(),
  cvv: '123',
  holder: 'Ada Lovelace',
} as const;

/** Opens the cashier for a fresh player on the automatically chosen card form and types a card. */
async function typedCard(prefix: string): Promise<HostedCashier> {
  const hosted = await openHostedCashier(env.browser, env.stack, {
    player: uniquePlayer(prefix),
    beforeOpen: installClock,
  });
  const { frame } = hosted;
  await waitForAutoChoice(frame);
  const fields = cardFields(frame);
  await fields.number.fill(CARD.number);
  await fields.expiry.fill(CARD.expiry);
  await fields.cvv.fill(CARD.cvv);
  await fields.holder.fill(CARD.holder);
  return hosted;
}

/** What the card form holds, as the player sees it. */
async function cardAsShown(frame: Frame) {
  const fields = cardFields(frame);
  return {
    number: await fields.number.inputValue(),
    expiry: await fields.expiry.inputValue(),
    cvv: await fields.cvv.inputValue(),
    holder: await fields.holder.inputValue(),
  };
}

/** Everything the cashier's frame keeps in its storage, as one text. */
async function storedText(frame: Frame): Promise<string> {
  return frame.evaluate(() => {
    const all = (storage: Storage) =>
      Array.from({ length: storage.length }, (_unused, index) => {
        const key = storage.key(index) ?? '';
        return `${key}=${storage.getItem(key) ?? ''}`;
      });
    return [...all(window.localStorage), ...all(window.sessionStorage)].join('\n');
  });
}

describe('session lifetime (SPEC §4 session expiry, §8 code 17)', () => {
  it('SPEC §4: the session ends at the time the server named: the expired screen shows at once, and the host’s new session brings the form back as typed', async () => {
    const hosted = await typedCard('expiry');
    const { page, frame, session, player } = hosted;
    const minted = await hostMintsFor(page, player);

    // The browser's clock started at the real time and runs with it until it is moved: moved to
    // the session's end as the server keeps it, the screen shows by itself, before the player
    // presses Deposit in vain. (One jump: the server's own clock does not move, so an answer
    // after a shorter jump would give the session its time again in the browser's eyes.)
    const left = (await sessionEnd(session.sessionId)) - Date.now();
    expect(left).toBeGreaterThan(TIMEOUT_LONG_MS - 60_000);
    const reInits = (await hostEvents(page)).filter((type) => type === 'reInitCashier').length;
    // Hold the host's answer until the expired screen has been looked at.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/demo-api/sessions', async (route) => {
      await held;
      await route.fallback();
    });
    // A moment past it: the browser counts the session's time from the answer's arrival.
    await page.clock.fastForward(left + 2_000);
    await expiredHeading(frame).waitFor();
    expect(await submitButton(frame).count()).toBe(0);
    await expect
      .poll(async () => (await hostEvents(page)).filter((type) => type === 'reInitCashier').length)
      .toBe(reInits + 1);
    await visitScreen(page, frame, 'session-lifetime-expired');

    release();
    await expect.poll(() => hostEvents(page)).toContain('setSession');
    // The same page, the same form: nothing reloaded, nothing retyped.
    await cardFields(frame).number.waitFor();
    expect(await cardAsShown(frame)).toEqual(CARD);
    const [renewed] = minted;
    expect(renewed).toBeDefined();
    expect(new URL(frame.url()).searchParams.get('session_id')).toBe(renewed);
    // The card number and the CVV were never written to storage to survive anything.
    const stored = await storedText(frame);
    expect(stored).not.toContain(CARD.number);
    expect(stored).not.toContain(CARD.number.replaceAll(' ', ''));
    expect(stored).not.toContain(CARD.holder);
    await visitScreen(page, frame, 'session-lifetime-renewed');

    await submitButton(frame).click();
    await waitForPath(frame, '/deposit/deposit-success');
    // The payment is the new session's; the ended one made none.
    expect(await transactionsOf(env.stack, session.sessionId)).toEqual([]);
    const [paid] = await transactionsOf(env.stack, renewed ?? '');
    expect(paid?.status).toBe('success');
    await closeHosted(hosted);
  });

  it('SPEC §8 code 17: a session the server ended answers the submit with 17; the new session keeps the form and the payment goes through once', async () => {
    const hosted = await typedCard('ended');
    const { page, frame, session, player } = hosted;
    const minted = await hostMintsFor(page, player);
    await expireSession(env.stack.db, session.sessionId, new Date(Date.now() - 1_000));

    await submitButton(frame).click();
    // The expired screen asks for a session; it may be gone again before a look finds it.
    await expect.poll(() => hostEvents(page)).toContain('reInitCashier');
    await expect.poll(() => hostEvents(page)).toContain('setSession');
    await cardFields(frame).number.waitFor();
    expect(await cardAsShown(frame)).toEqual(CARD);

    await submitButton(frame).click();
    await waitForPath(frame, '/deposit/deposit-success');
    expect(await transactionsOf(env.stack, session.sessionId)).toEqual([]);
    expect(await transactionsOf(env.stack, minted[0] ?? '')).toHaveLength(1);
    await closeHosted(hosted);
  });

  it('a new session of another player never finds this player’s form: the page starts again, empty', async () => {
    const hosted = await typedCard('other');
    const { page, frame, session } = hosted;
    const minted = await hostMintsFor(page, uniquePlayer('someone-else'));
    await expireSession(env.stack.db, session.sessionId, new Date(Date.now() - 1_000));
    await submitButton(frame).click();
    await expect.poll(() => minted.length).toBe(1);
    // The page reloads with the other session: a fresh form.
    await expect
      .poll(() => new URL(frame.url()).searchParams.get('session_id'))
      .toBe(minted[0] ?? '');
    await waitForAutoChoice(frame);
    await cardFields(frame).number.waitFor();
    expect((await cardAsShown(frame)).number).toBe('');
    await closeHosted(hosted);
  });

  it('without a host page, the expired screen says once what happened and that the form is filled in again', async () => {
    const hosted = await openTopLevelCashier(env.browser, env.stack, 'alone');
    const { page, frame, session } = hosted;
    await page.clock.install({ time: new Date() });
    // The clock is installed after the first load: the page loads again under it.
    await page.goto(session.widgetUrl);
    await waitForAutoChoice(frame);
    await page.clock.fastForward(TIMEOUT_LONG_MS);
    await expiredHeading(frame).waitFor();
    const card = frame.getByRole('region', {
      name: text('en', 'RESULT.SESSION_EXPIRED.TITLE'),
    });
    const sentences = await card.locator('p').allTextContents();
    expect(sentences).toEqual([text('en', 'RESULT.SESSION_EXPIRED.NO_HOST')]);
    expect(
      await frame
        .getByRole('button', { name: literal(text('en', 'RESULT.SESSION_EXPIRED.RESTART')) })
        .count(),
    ).toBe(0);
    await visitScreen(page, frame, 'session-lifetime-no-host');
    await closeHosted(hosted);
  });

  it.each([
    ['en', 390],
    ['ar', 390],
    ['ar', 1280],
  ] as const)(
    'the expired screen in %s at %i px, in a host page and without one',
    async (lang, width) => {
      const hosted = await openHostedCashier(env.browser, env.stack, {
        player: uniquePlayer('look'),
        lang,
        context: { viewport: { width, height: 900 } },
        beforeOpen: installClock,
      });
      const { page, frame, session } = hosted;
      // The host never answers: the screen stays.
      await page.route('**/demo-api/sessions', () => undefined);
      await frame.getByRole('link', { name: text(lang, 'DEPOSIT_METHOD.BACK') }).waitFor();
      await page.clock.fastForward((await sessionEnd(session.sessionId)) - Date.now() + 2_000);
      const heading = frame.getByRole('heading', {
        level: 1,
        name: text(lang, 'RESULT.SESSION_EXPIRED.TITLE'),
      });
      await heading.waitFor();
      await frame.getByText(text(lang, 'RESULT.SESSION_EXPIRED.TEXT'), { exact: true }).waitFor();
      await visitScreen(page, frame, `session-lifetime-expired-${lang}-${width}`);
      await closeHosted(hosted);

      const alone = await openTopLevelCashier(env.browser, env.stack, 'look-alone');
      await alone.page.setViewportSize({ width, height: 900 });
      await alone.page.clock.install({ time: new Date() });
      await alone.page.goto(alone.session.widgetUrl.replace('lang=en-', `lang=${lang}-`));
      await alone.frame.getByRole('link', { name: text(lang, 'DEPOSIT_METHOD.BACK') }).waitFor();
      await alone.page.clock.fastForward(TIMEOUT_LONG_MS);
      await alone.frame
        .getByText(text(lang, 'RESULT.SESSION_EXPIRED.NO_HOST'), { exact: true })
        .waitFor();
      await visitScreen(alone.page, alone.frame, `session-lifetime-no-host-${lang}-${width}`);
      await closeHosted(alone);
    },
  );
});
