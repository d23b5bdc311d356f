/**
 * SPEC §7 in real Chromium against the real server with the built widget: the icon addresses
 * `/assets/icons/{theme}/ic_24_{name}.svg` answer beside the widget's own hashed assets and draw
 * as images, the right-to-left variant mirrored; and with the realtime connection refused, the
 * clickstream reaches the tracker's HTTP collector `/psp/cashier-service/analytics` once the
 * tracker gave up its connection (SPEC §8, §9: 5000 ms, moved on the page's own clock).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clickstreamEvents, players } from '../packages/server/src/db/schema';
import { newSession, useStackAndBrowser } from './support';
import { screenshot } from './support/browser';
import { uniquePlayer } from './support/cashier';
import { cardFields } from './support/journeys';

const env = useStackAndBrowser();

describe('icons and the clickstream collector (SPEC §7)', () => {
  it('SPEC §7: the icons answer at their address and draw as 24 px images, the right-to-left one mirrored', async () => {
    const context = await env.browser.newContext({ viewport: { width: 390, height: 300 } });
    try {
      const page = await context.newPage();
      const base = `${env.stack.serverUrl}/assets/icons/brand0`;
      await page.setContent(
        `<main><h1>Icons</h1><img alt="forward" src="${base}/ic_24_chevron_right.svg">` +
          `<img alt="back in Arabic" src="${base}/ic_24_chevron_right_rtl.svg">` +
          `<img alt="close" src="${base}/ic_24_close.svg"></main>`,
      );
      const sizes = await page.evaluate(() =>
        Promise.all(
          Array.from(document.images, async (image) => {
            await image.decode();
            return [image.naturalWidth, image.naturalHeight];
          }),
        ),
      );
      expect(sizes).toEqual([
        [24, 24],
        [24, 24],
        [24, 24],
      ]);
      const missing = await page.request.get(`${base}/ic_24_rocket.svg`);
      expect(missing.status()).toBe(404);
      await screenshot(page, 'icons-served');
    } finally {
      await context.close();
    }
  });

  it('SPEC §7, §8: with the realtime connection refused, the clickstream goes to /psp/cashier-service/analytics and is kept', async () => {
    const player = uniquePlayer('collector');
    const session = await newSession(env.stack, { player });
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      // The hub is out of reach: the websocket is closed at once, and the HTTP streaming and SSE
      // transports the client falls back to (and their commands) are refused.
      await context.routeWebSocket(/\/connection\/websocket/, (socket) => {
        void socket.close();
      });
      await context.route(/\/(connection\/(http_stream|sse)|emulation)(\?|$)/, (route) =>
        route.fulfill({ status: 503, body: '' }),
      );
      await context.clock.install();
      const page = await context.newPage();
      const collected = page.waitForRequest(
        (request) =>
          request.method() === 'POST' && request.url().endsWith('/psp/cashier-service/analytics'),
      );
      await page.goto(session.widgetUrl);
      // The brand's card opens by itself (SPEC §4): its amount field reports its first amount.
      await cardFields(page.mainFrame()).number.waitFor();
      // Past the tracker's 5000 ms to connect: it gives up the connection and posts instead.
      await page.clock.fastForward(6000);
      const request = await collected;
      expect(request.headers()['x-session-id']).toBe(session.sessionId);
      const response = await request.response();
      expect(response?.status()).toBe(200);
      const [row] = await env.stack.app.cashdesk.db
        .select({ id: players.id })
        .from(players)
        .where(eq(players.externalId, player));
      const kept = await env.stack.app.cashdesk.db
        .select()
        .from(clickstreamEvents)
        .where(eq(clickstreamEvents.playerId, row?.id ?? ''));
      expect(kept.map((event) => event.type)).toContain('amount');
    } finally {
      await context.close();
    }
  });
});
