/**
 * Security headers in the browser: the widget page's Content-Security-Policy lets the real widget render
 * and pay (a card with a 3-D Secure challenge framed inside the cashier, posted to and answered)
 * in Chromium without a single violation, when a site its brand allows frames it; a site the
 * brand does not allow cannot frame it, until the brand's allowed host origins name that site.
 *
 * The stack runs without the operator-wide FRAME_ANCESTORS: only brand0's own configuration
 * (allowed_host_origins) lets the demo host page frame the cashier.
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, ConsoleMessage, Frame, Page } from 'playwright-core';
import { setBrandHostOrigins } from '@cashdesk/server';
import { newSession, useStackAndBrowser } from './support';
import { balanceOf, cashierFrameOf, literal, sameAmount, text } from './support/cashier';
import {
  TEST_CARDS,
  answerChallenge,
  openCardMethod,
  payWithCard,
  waitForHome,
  waitForPath,
} from './support/journeys';

const env = useStackAndBrowser({ env: { FRAME_ANCESTORS: '' } });

/** Records every CSP violation of every document of the page's context, frames included. */
const WATCH_VIOLATIONS = `
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__cspViolations.push(event.violatedDirective + ' ' + event.blockedURI);
  });
`;

/** A site the brand does not allow (yet): another origin with a page framing the cashier. */
let otherSite: Server;
let otherOrigin = '';

beforeAll(async () => {
  await setBrandHostOrigins(env.stack.app.cashdesk.db, 'brand0', [env.stack.hostPageUrl]);
  otherSite = createServer((request, response) => {
    const cashier = new URL(request.url ?? '/', 'http://localhost').searchParams.get('cashier');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      '<!doctype html><html lang="en"><title>Another site</title>' +
        `<iframe title="Cashier" src="${(cashier ?? '').replace(/"/g, '&quot;')}" width="600" height="700"></iframe></html>`,
    );
  });
  await new Promise<void>((resolve) => {
    otherSite.listen(0, '127.0.0.1', () => {
      resolve();
    });
  });
  const address = otherSite.address();
  otherOrigin = `http://localhost:${String(typeof address === 'object' && address !== null ? address.port : 0)}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => {
    otherSite.close(() => {
      resolve();
    });
  });
});

/** A new context that records CSP violations and the console's CSP complaints. */
async function watchedContext(): Promise<{
  context: BrowserContext;
  page: Page;
  complaints: string[];
}> {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(15_000);
  await context.addInitScript(WATCH_VIOLATIONS);
  const page = await context.newPage();
  const complaints: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) complaints.push(message.text());
  });
  return { context, page, complaints };
}

async function violationsIn(frame: Frame): Promise<unknown> {
  const violations: unknown = await frame.evaluate((): unknown =>
    Reflect.get(window, '__cspViolations'),
  );
  return violations;
}

describe('the widget page under its Content-Security-Policy', () => {
  it('renders and pays with a 3-D Secure challenge, framed by an allowed site, with no violation', async () => {
    const session = await newSession(env.stack, { player: `csp-${String(Date.now())}` });
    const { context, page, complaints } = await watchedContext();
    try {
      const answer = await page.goto(session.hostPageUrl);
      expect(answer?.ok()).toBe(true);
      const frame = await cashierFrameOf(page);
      await frame.waitForURL((url) => url.origin === env.stack.serverUrl);
      await openCardMethod(frame);
      await payWithCard(frame, TEST_CARDS.challenge);
      const challengeHandle = await frame
        .getByTitle(text('en', 'DEPOSIT_METHOD.THREE_DS.FRAME_TITLE'), { exact: true })
        .elementHandle();
      const challenge = await challengeHandle.contentFrame();
      if (challenge === null) throw new Error('the challenge frame has no document');
      await answerChallenge(challenge, 'Pass');
      await waitForPath(frame, '/deposit/deposit-success');
      await frame
        .getByRole('heading', {
          level: 1,
          name: literal(text('en', 'RESULT.DEPOSIT.SUCCESS.TITLE')),
        })
        .waitFor();
      await expect
        .poll(() => balanceOf(env.stack, session.sessionId))
        .toSatisfy((balance: string) => sameAmount(balance, '505'));

      expect(await violationsIn(frame)).toEqual([]);
      expect(await violationsIn(page.mainFrame())).toEqual([]);
      expect(complaints).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("cannot be framed by a site its brand does not allow, until the brand's configuration names it", async () => {
    const { context, page, complaints } = await watchedContext();
    try {
      const refused = await newSession(env.stack);
      await page.goto(`${otherOrigin}/?cashier=${encodeURIComponent(refused.widgetUrl)}`);
      await expect.poll(() => complaints.join('\n')).toMatch(/frame-ancestors/);
      const blocked = await cashierFrameOf(page);
      // Chromium shows its error page instead of the cashier: no document of the cashier's origin.
      expect(new URL(blocked.url()).origin).not.toBe(env.stack.serverUrl);

      await setBrandHostOrigins(env.stack.app.cashdesk.db, 'brand0', [
        env.stack.hostPageUrl,
        otherOrigin,
      ]);
      complaints.length = 0;
      const allowed = await newSession(env.stack);
      await page.goto(`${otherOrigin}/?cashier=${encodeURIComponent(allowed.widgetUrl)}`);
      const frame = await cashierFrameOf(page);
      await frame.waitForURL((url) => url.origin === env.stack.serverUrl);
      await waitForHome(frame);
      expect(await violationsIn(frame)).toEqual([]);
      expect(complaints).toEqual([]);
    } finally {
      await setBrandHostOrigins(env.stack.app.cashdesk.db, 'brand0', [env.stack.hostPageUrl]);
      await context.close();
    }
  });
});
