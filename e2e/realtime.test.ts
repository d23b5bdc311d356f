/**
 * SPEC §4 realtime, issue 17: the real widget in real Chromium connects to the server's hub
 * (`/connection/websocket`) with init's token; when a crypto display-form payment is paid at the
 * sandbox's provider page (its Approve), the status move is pushed and the widget moves on from
 * the QR page to the result without the player's click.
 */
import { describe, expect, it } from 'vitest';
import type { Frame } from 'playwright-core';
import { useStackAndBrowser } from './support';
import { closeHosted, openHostedCashier, transactionsOf } from './support/cashier';
import { METHODS, field, openMethod, submitButton, waitForPath } from './support/journeys';

const env = useStackAndBrowser();

/** Picks an option of a select field, whether it is a native select or a listbox picker. */
async function chooseOption(frame: Frame, labelKey: string, option: string): Promise<void> {
  const control = field(frame, labelKey);
  const tag = await control.evaluate((element) => element.tagName.toLowerCase());
  if (tag === 'select') {
    await control.selectOption({ label: option });
    return;
  }
  await control.click();
  await frame.getByRole('option', { name: option, exact: true }).click();
}

describe('realtime (SPEC §4, issue 17)', () => {
  it('SPEC §4: a display-form payment paid elsewhere moves the QR page on to its result without a click', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack, {
      context: { viewport: { width: 1280, height: 900 } },
    });
    const { frame, session } = hosted;
    const sockets: string[] = [];
    hosted.page.on('websocket', (socket) => {
      sockets.push(socket.url());
    });
    await openMethod(frame, METHODS.crypto);
    await chooseOption(frame, 'PH.FIELD.NETWORK', 'Bitcoin');
    await submitButton(frame).click();
    await waitForPath(frame, '/deposit/deposit-display-form');
    await expect
      .poll(() => sockets.some((url) => url.endsWith('/connection/websocket')))
      .toBe(true);
    const [transaction] = await transactionsOf(env.stack, session.sessionId);
    expect(transaction).toBeDefined();
    // The provider page's Approve (as the player paying from a wallet would).
    const response = await fetch(
      `${env.stack.serverUrl}/sandbox/interaction/${transaction?.id ?? ''}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'action=approve',
        redirect: 'manual',
      },
    );
    expect(response.status).toBe(303);
    await waitForPath(frame, '/deposit/deposit-success');
    await closeHosted(hosted);
  });
});
