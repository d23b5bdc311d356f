/**
 * SPEC §1 §4 §6: the cashier in a native app's web view. The app opens it as the top
 * page with `xChannel=MOBILE_NATIVE_IOS` or `MOBILE_NATIVE_ANDROID` and installs its bridge (on
 * iOS the script message handler `window.webkit.messageHandlers.cashdesk`, on Android the
 * JavaScript interface `window.CashdeskAndroid`); the test installs each as an app would and
 * checks what it receives during a card deposit, and that every call names the channel.
 */
import { describe, expect, it } from 'vitest';
import { useStackAndBrowser } from './support';
import { newSession } from './support/stack';
import { openCardMethod, payWithCard, TEST_CARDS } from './support/journeys';

const env = useStackAndBrowser();

const BRIDGES = {
  ios: {
    channel: 'MOBILE_NATIVE_IOS',
    install: `window.webkit = { messageHandlers: { cashdesk: { postMessage: (message) => window.__appReceives(message) } } };`,
  },
  android: {
    channel: 'MOBILE_NATIVE_ANDROID',
    install: `window.CashdeskAndroid = { postMessage: (message) => window.__appReceives(message) };`,
  },
} as const;

describe('native app bridges (SPEC §1 §4 §6)', () => {
  it.each(['ios', 'android'] as const)(
    'SPEC §1 §4: on %s the app’s bridge hears ready and the payment result, and every call names the native channel',
    async (kind) => {
      const bridge = BRIDGES[kind];
      const session = await newSession(env.stack, {
        player: `native-${kind}-${String(Date.now())}`,
      });
      const context = await env.browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      context.setDefaultTimeout(15_000);
      const received: unknown[] = [];
      // What the app's native side gets: kept in the test, so a navigation of the page loses none.
      await context.exposeFunction('__appReceives', (message: unknown) => {
        received.push(typeof message === 'string' ? JSON.parse(message) : message);
      });
      await context.addInitScript({ content: bridge.install });
      const page = await context.newPage();
      const channels = new Set<string>();
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/')) {
          channels.add(request.headers()['x-channel'] ?? 'none');
        }
      });
      await page.goto(`${session.widgetUrl}&xChannel=${bridge.channel}`);
      const frame = page.mainFrame();
      await openCardMethod(frame);
      await payWithCard(frame, TEST_CARDS.approved);
      await expect
        .poll(() => received.map((message) => JSON.stringify(message)).join('\n'))
        .toContain('"type":"paymentResult"');
      // The first screen's ready (and the content height, which an app may size its view by).
      expect(received).toContainEqual({ target: 'cashier', type: 'ready' });
      expect(received).toContainEqual(
        expect.objectContaining({ target: 'cashier', type: 'resize' }),
      );
      expect(received).toContainEqual(
        expect.objectContaining({
          target: 'cashier',
          type: 'paymentResult',
          flow: 'deposit',
          status: 'success',
          currency: 'EUR',
        }),
      );
      expect([...channels]).toEqual([bridge.channel]);
      await context.close();
    },
  );
});
