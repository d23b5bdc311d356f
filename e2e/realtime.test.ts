/**
 * SPEC §4 realtime: the real widget in real Chromium connects to the server's hub
 * (`/connection/websocket`) with init's token, and moves on by itself:
 * - when a crypto display-form payment is paid at the sandbox's provider page (its Approve), the
 *   status move is pushed and the QR page goes to the result without the player's click;
 * - the await page does the same with the page's clock stopped (no poll can run: only the push);
 * - a notification the operator creates appears on the open form, and goes when removed;
 * - the clickstream (SPEC §4, §7) of a card deposit reaches the server over the same connection
 *   and is stored under the session's brand and player, without the session id.
 */
import { asc, eq, like } from 'drizzle-orm';
import { clickstreamEvents, clientReports, players } from '../packages/server/src/db/schema';
import { describe, expect, it } from 'vitest';
import { useStackAndBrowser } from './support';
import {
  approveAtProvider,
  closeHosted,
  openHostedCashier,
  transactionsOf,
} from './support/cashier';
import type { HostedCashier } from './support/cashier';
import type { Page, Request } from 'playwright-core';
import { operatorJson } from './support/stack';
import {
  METHODS,
  TEST_CARDS,
  amountInput,
  chooseOption,
  openCardMethod,
  openMethod,
  payWithCard,
  submitButton,
  waitForPath,
} from './support/journeys';

const ADMIN_KEY = 'e2e-realtime-admin-key-0123456789abcdef';
const env = useStackAndBrowser({ env: { OPERATOR_ADMIN_KEY: ADMIN_KEY } });

/**
 * Counts the replies to the realtime client's subscribe commands on the page's sockets since the
 * page opened: the widget subscribes its session's three channels once connected.
 */
function subscriptionsOf(hosted: HostedCashier): () => number {
  return () =>
    hosted.realtime.received
      .flatMap((text) => text.split('\n'))
      .filter((line) => line.includes('"subscribe":')).length;
}

/**
 * Counts the page's status reads (any frame) sent and not yet answered. RTK Query tells the page
 * that a read ended on the next animation frame; with the page's clock paused no frame comes, so a
 * push heard while a read is in flight would wait for a read that, to the page, never ends.
 */
function statusReadsInFlight(page: Page): () => number {
  const open = new Set<Request>();
  const isStatusRead = (request: Request): boolean => request.url().includes('/payments/status/');
  page.on('request', (request) => {
    if (isStatusRead(request)) open.add(request);
  });
  const done = (request: Request): void => {
    open.delete(request);
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => open.size;
}

/** The first transaction of the hosted cashier's session. */
async function firstTransaction(hosted: HostedCashier): Promise<string> {
  const [transaction] = await transactionsOf(env.stack, hosted.session.sessionId);
  if (transaction === undefined) throw new Error('no transaction');
  return transaction.id;
}

describe('realtime (SPEC §4)', () => {
  it('SPEC §4: a display-form payment paid elsewhere moves the QR page on to its result without a click', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack, {
      context: { viewport: { width: 1280, height: 900 } },
    });
    const { frame } = hosted;
    await openMethod(frame, METHODS.crypto);
    await chooseOption(frame, 'PH.FIELD.NETWORK', 'Bitcoin');
    await submitButton(frame).click();
    await waitForPath(frame, '/deposit/deposit-display-form');
    await expect.poll(() => hosted.realtime.sockets.length).toBeGreaterThan(0);
    await approveAtProvider(env.stack, await firstTransaction(hosted));
    await waitForPath(frame, '/deposit/deposit-success');
    await closeHosted(hosted);
  });

  it('SPEC §4: the await page moves on at the push with the page’s clock stopped (no poll can run)', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack, {
      beforeOpen: (context) => context.clock.install(),
    });
    const { page, frame } = hosted;
    const subscriptions = subscriptionsOf(hosted);
    const readsInFlight = statusReadsInFlight(page);
    await openMethod(frame, METHODS.mobileMoney);
    await submitButton(frame).click();
    await waitForPath(frame, '/deposit/deposit-await');
    await expect.poll(subscriptions).toBeGreaterThanOrEqual(3);
    // From here no timer of the page fires: its status poll is frozen; a push is what is left.
    // Each frame keeps its own fake clock; pause them all just past the one furthest ahead. The
    // clocks run on while they are read, so on a loaded machine the moment read may already be
    // past when the pause arrives: then read again and ask for a later one.
    for (let margin = 200; ; margin *= 4) {
      const now = Math.max(
        await page.evaluate(() => Date.now()),
        await frame.evaluate(() => Date.now()),
      );
      const paused = await page.clock.pauseAt(now + margin).then(
        () => true,
        (error: unknown) => {
          if (margin >= 60_000 || !String(error).includes('fast-forward to the past')) throw error;
          return false;
        },
      );
      if (paused) break;
    }
    // A poll that left before the pause answers now; no other read can start until the push.
    await expect.poll(readsInFlight).toBe(0);
    const transactionId = await firstTransaction(hosted);
    // With every timer stopped, a status read that finds the payment final can only come from
    // the push (a read already on its way when the clock stopped answers the old status).
    const final = page.waitForResponse(async (response) => {
      if (!response.url().includes(`/payments/status/${transactionId}`)) return false;
      const body: unknown = await response.json().catch(() => null);
      return (
        typeof body === 'object' && body !== null && 'terminal' in body && body.terminal === true
      );
    });
    await approveAtProvider(env.stack, transactionId);
    expect(await (await final).json()).toMatchObject({ result_status: 'success', terminal: true });
    // The store tells the page on the next animation frame (RTK's batching): let frames run, a
    // few at a time, far short of the page's poll interval.
    await expect
      .poll(async () => {
        await page.clock.runFor(32);
        return new URL(frame.url()).pathname;
      })
      .toBe('/deposit/deposit-success');
    await closeHosted(hosted);
  });

  it('SPEC §2 §4: a notification the operator creates appears on the open form, and goes when it is removed', async () => {
    const minted = await operatorJson(env.stack, 'POST', '/brands/brand0/api-keys', ADMIN_KEY, {
      label: 'realtime-test',
      scopes: ['config:read', 'config:write'],
    });
    const key = typeof minted['key'] === 'string' ? minted['key'] : '';
    const hosted = await openHostedCashier(env.browser, env.stack);
    const { frame, player } = hosted;
    const subscriptions = subscriptionsOf(hosted);
    await openMethod(frame, METHODS.card);
    await expect.poll(subscriptions).toBeGreaterThanOrEqual(3);
    const message = 'Card payments are back to normal speed.';
    await operatorJson(env.stack, 'POST', '/notifications', key, {
      key: `live-${player}`,
      categories: ['deposit_form'],
      pay_group_id: null,
      player_external_id: player,
      message,
    });
    await frame.getByRole('status').getByText(message).waitFor();
    await operatorJson(env.stack, 'DELETE', `/notifications/live-${player}`, key);
    await frame.getByText(message).waitFor({ state: 'detached' });
    await closeHosted(hosted);
  });

  it('SPEC §4 §7: a card deposit’s amount change, submit click and result reach the clickstream table over the realtime connection', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack);
    const { frame, player } = hosted;
    const subscriptions = subscriptionsOf(hosted);
    await openCardMethod(frame);
    await expect.poll(subscriptions).toBeGreaterThanOrEqual(3);
    await amountInput(frame).fill('42');
    await payWithCard(frame, TEST_CARDS.approved);
    await waitForPath(frame, '/deposit/deposit-success');
    const db = env.stack.app.cashdesk.db;
    const [known] = await db.select().from(players).where(eq(players.externalId, player));
    const stored = () =>
      db
        .select()
        .from(clickstreamEvents)
        .where(eq(clickstreamEvents.playerId, known?.id ?? ''))
        .orderBy(asc(clickstreamEvents.id));
    await expect
      .poll(async () => (await stored()).map((row) => row.type))
      .toEqual(expect.arrayContaining(['amount', 'click', 'order_result_status']));
    const rows = await stored();
    expect(rows.every((row) => row.brandId === 'brand0')).toBe(true);
    const submit = rows.find((row) => row.type === 'click');
    expect(submit?.payload).toMatchObject({ data: { target: 'submit_button' } });
    const result = rows.find((row) => row.type === 'order_result_status');
    expect(result?.payload).toMatchObject({ data: { status: 'success' } });
    // The session id identifies nothing stored: the connection's token named the player.
    expect(JSON.stringify(rows)).not.toContain(hosted.session.sessionId);
    await closeHosted(hosted);
  });

  it('SPEC §4 §8 §9: an error thrown in the cashier is reported to the server, stored scrubbed with its breadcrumbs', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack);
    const { frame, player } = hosted;
    await openCardMethod(frame);
    const marker = `boom-${player}`;
    await frame.evaluate((text) => {
      window.setTimeout(() => {
        throw new Error(`${text} card 4000 0000 0000 0101`);
      }, 0);
    }, marker);
    const db = env.stack.app.cashdesk.db;
    const reported = () =>
      db
        .select()
        .from(clientReports)
        .where(like(clientReports.message, `%${marker}%`));
    await expect.poll(async () => (await reported()).length).toBe(1);
    const [report] = await reported();
    expect(report?.kind).toBe('error');
    expect(report?.brandId).toBe('brand0');
    expect(report?.message).not.toContain('4000 0000 0000 0101');
    expect(report?.page).toMatch(/^\/deposit\//);
    expect(JSON.stringify(report)).not.toContain(hosted.session.sessionId);
    await closeHosted(hosted);
  });
});
