/**
 * Pending payments and history, end to end in the demo host page: an open QR code
 * payment and an open 3-D Secure challenge are found again after a reload and resumed (SPEC §2
 * display form and 3-D Secure inside the cashier, §3 pay session).
 */
import { describe, expect, it } from 'vitest';
import type { Frame } from 'playwright-core';
import { useStackAndBrowser } from './support';
import {
  balanceOf,
  cashierFrameOf,
  closeHosted,
  literal,
  openHostedCashier,
  pattern,
  sameAmount,
  text,
  visitScreen,
} from './support/cashier';
import {
  METHODS,
  TEST_CARDS,
  answerChallenge,
  chooseOption,
  openCardMethod,
  openMethod,
  payWithCard,
  amountInput,
  submitButton,
  waitForAutoChoice,
  waitForHome,
  waitForList,
  waitForPath,
} from './support/journeys';

const env = useStackAndBrowser();

/** The issuer's challenge page inside the cashier frame, once it shows its buttons. */
async function challengeFrame(cashier: Frame): Promise<Frame> {
  const handle = await cashier
    .getByTitle(text('en', 'DEPOSIT_METHOD.THREE_DS.FRAME_TITLE'), { exact: true })
    .elementHandle();
  const challenge = await handle.contentFrame();
  if (challenge === null) throw new Error('the challenge frame has no document');
  await challenge.getByRole('button', { name: 'Pass', exact: true }).waitFor();
  return challenge;
}

/** The pending payments screen, once its list is there. */
async function historyScreen(frame: Frame): Promise<void> {
  await waitForPath(frame, '/deposit-history');
  await frame
    .getByRole('heading', { level: 1, name: literal(text('en', 'HISTORY.TITLE')) })
    .waitFor();
  await frame.getByRole('region', { name: text('en', 'HISTORY.OPEN'), exact: true }).waitFor();
}

describe('pending payments and history', () => {
  it('SPEC §2 display form: an open crypto QR payment is found after a reload of the page and its QR code shown again', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack);
    const { page } = hosted;
    let frame = hosted.frame;
    await openMethod(frame, METHODS.crypto);
    await chooseOption(frame, 'PH.FIELD.NETWORK', 'Bitcoin');
    await submitButton(frame).click();
    await waitForPath(frame, '/deposit/deposit-display-form');
    await frame.getByRole('img', { name: pattern('en', 'DISPLAY_FORM.QR_ALT') }).waitFor();
    // The reference shows whole in its copy box, named by its label.
    const shownReference = () =>
      frame
        .getByRole('group', { name: text('en', 'DISPLAY_FORM.REFERENCE'), exact: true })
        .locator('.cd-long-value')
        .textContent();
    const reference = (await shownReference()) ?? '';
    expect(reference).not.toBe('');

    // The player reloads the brand's page: the cashier starts again on its homepage, which
    // gives way to the pending payments (a payment is waiting for the player).
    await page.reload();
    frame = await cashierFrameOf(page);
    await historyScreen(frame);
    await frame.getByText(text('en', 'HISTORY.RESUMED'), { exact: true }).waitFor();
    const open = frame.getByRole('region', { name: text('en', 'HISTORY.OPEN'), exact: true });
    await open.getByText(METHODS.crypto, { exact: true }).waitFor();
    await open.getByText(reference, { exact: true }).waitFor();
    await open.getByText(text('en', 'HISTORY.STATUS.QR'), { exact: true }).waitFor();
    await visitScreen(page, frame, 'payment-history');

    await open.getByRole('button', { name: /^Continue/ }).click();
    await waitForPath(frame, '/deposit/deposit-display-form');
    await frame.getByRole('img', { name: pattern('en', 'DISPLAY_FORM.QR_ALT') }).waitFor();
    expect(await shownReference()).toBe(reference);
    await visitScreen(page, frame, 'payment-history-qr-resumed');
    await closeHosted(hosted);
  });

  it('SPEC §2 3-D Secure: a reload of the cashier during the challenge lands on the pending payments, whose Continue opens the challenge again', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack);
    const { page, frame, session } = hosted;
    await openCardMethod(frame);
    await payWithCard(frame, TEST_CARDS.challenge);
    await challengeFrame(frame);
    const methodPage = frame.url();

    // The cashier's own page is loaded again at the method page's address: no form to fill.
    await frame.goto(methodPage);
    await historyScreen(frame);
    await frame.getByText(text('en', 'HISTORY.RESUMED'), { exact: true }).waitFor();
    const open = frame.getByRole('region', { name: text('en', 'HISTORY.OPEN'), exact: true });
    await open.getByText(text('en', 'HISTORY.STATUS.THREE_DS'), { exact: true }).waitFor();
    await visitScreen(page, frame, 'payment-history-after-reload');

    await open.getByRole('button', { name: /^Continue/ }).click();
    const challenge = await challengeFrame(frame);
    await answerChallenge(challenge, 'Pass');
    await waitForPath(frame, '/deposit/deposit-success');
    await frame
      .getByRole('heading', { level: 1, name: literal(text('en', 'RESULT.DEPOSIT.SUCCESS.TITLE')) })
      .waitFor();
    await expect
      .poll(() => balanceOf(env.stack, session.sessionId))
      .toSatisfy((balance: string) => !sameAmount(balance, '500'));

    // Now final: the cashier opened again starts as usual, and the homepage's link lists it among
    // the recent payments, with nothing to continue.
    await frame.goto(new URL(`/deposit${new URL(methodPage).search}`, methodPage).toString());
    await waitForHome(frame);
    await frame.getByRole('link', { name: text('en', 'HISTORY.LINK'), exact: true }).click();
    await waitForPath(frame, '/deposit-history');
    const recent = frame.getByRole('region', { name: text('en', 'HISTORY.RECENT'), exact: true });
    await recent.getByText(text('en', 'HISTORY.STATUS.SUCCESS'), { exact: true }).waitFor();
    expect(
      await frame.getByRole('region', { name: text('en', 'HISTORY.OPEN'), exact: true }).count(),
    ).toBe(0);
    await closeHosted(hosted);
  });

  it('a payment left open in an earlier session never takes a new session over: the form opens, the payment waits under Your payments', async () => {
    const first = await openHostedCashier(env.browser, env.stack);
    const { player } = first;
    await openMethod(first.frame, METHODS.crypto);
    await chooseOption(first.frame, 'PH.FIELD.NETWORK', 'Bitcoin');
    await submitButton(first.frame).click();
    await waitForPath(first.frame, '/deposit/deposit-display-form');
    await closeHosted(first);

    // The player comes back later through the brand's page: a new session, on a phone.
    let answered: Promise<void> = Promise.resolve();
    const again = await openHostedCashier(env.browser, env.stack, {
      player,
      context: { viewport: { width: 390, height: 844 } },
      beforeOpen: (opened) => {
        // The history the first screen asks for: once answered, the cashier has decided.
        answered = new Promise((resolve) => {
          opened.on('response', (response) => {
            if (new URL(response.url()).pathname.endsWith('/payments/history')) resolve();
          });
        });
        return Promise.resolve();
      },
    });
    const { page, frame } = again;
    await waitForAutoChoice(frame);
    await answered;
    // The form the player came for, with something typed, still there after the answer.
    await amountInput(frame).fill('25');
    expect(new URL(frame.url()).pathname).toMatch(/^\/deposit\/\d+$/);
    expect(await frame.getByText(text('en', 'HISTORY.RESUMED'), { exact: true }).count()).toBe(0);
    await visitScreen(page, frame, 'payment-history-new-session-form-390');

    // The open payment is one tap away from the homepage.
    await frame.getByRole('link', { name: text('en', 'DEPOSIT_METHOD.BACK'), exact: true }).click();
    await waitForList(frame);
    await frame.getByRole('link', { name: text('en', 'HISTORY.LINK'), exact: true }).click();
    await historyScreen(frame);
    const open = frame.getByRole('region', { name: text('en', 'HISTORY.OPEN'), exact: true });
    await open.getByText(text('en', 'HISTORY.STATUS.QR'), { exact: true }).waitFor();
    await visitScreen(page, frame, 'payment-history-new-session-list-390');
    await closeHosted(again);
  });
});
