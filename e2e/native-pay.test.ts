/**
 * Apple Pay and Google Pay (SPEC §6, docs/decisions/0122) in the demo host page's iframe, on the
 * real server with the sandbox. Headless Chromium has no Google Pay, so the page's Payment
 * Request API is replaced before any script runs (an init script in every frame): it can pay
 * with Google Pay only, and its sheet answers a token the sandbox approves. On an Android phone
 * the method list offers Google Pay (never Apple Pay) and the deposit walks from the list to the
 * success page; on a desktop neither wallet shows, though the browser would pay.
 */
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Frame } from 'playwright-core';
import { PHONE_CONTEXT, screenshot, useStackAndBrowser } from './support';
import {
  balanceOf,
  closeHosted,
  literal,
  openHostedCashier,
  pattern,
  sameAmount,
  text,
  transactionsOf,
  visitScreen,
} from './support/cashier';
import {
  amountBlock,
  methodGroups,
  methodTile,
  waitForHome,
  waitForPath,
} from './support/journeys';

const env = useStackAndBrowser();

const ANDROID_PHONE = {
  ...PHONE_CONTEXT,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
} as const;

/**
 * A Payment Request API that pays with Google Pay alone; what it was asked is kept in
 * `window.__nativePay` of each frame.
 */
const FAKE_PAYMENT_REQUEST = `
(() => {
  const log = { asked: [], totals: [], completed: [] };
  Object.defineProperty(window, '__nativePay', { value: log });
  class FakePaymentRequest {
    constructor(methods, details) {
      this.methods = methods.map((method) => method.supportedMethods);
      log.totals.push(details.total.amount);
    }
    canMakePayment() {
      log.asked.push(...this.methods);
      return Promise.resolve(this.methods.includes('https://google.com/pay'));
    }
    show() {
      const token = JSON.stringify({ protocolVersion: 'ECv2', signedMessage: 'e2e-approve' });
      return Promise.resolve({
        details: { paymentMethodData: { tokenizationData: { type: 'PAYMENT_GATEWAY', token } } },
        complete: (result) => {
          log.completed.push(result);
          return Promise.resolve();
        },
      });
    }
  }
  Object.defineProperty(window, 'PaymentRequest', {
    value: FakePaymentRequest,
    configurable: true,
    writable: true,
  });
})();
`;

/** Installs the fake before the host page and the cashier frame run a script. */
async function withFakePaymentRequest(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: FAKE_PAYMENT_REQUEST });
}

interface NativePayLog {
  readonly asked: readonly string[];
  /** Each Payment Request's total as "EUR 10.00". */
  readonly totals: readonly string[];
  readonly completed: readonly string[];
}

/** What the fake Payment Request API of the cashier frame was asked. */
async function nativePayLog(frame: Frame): Promise<NativePayLog> {
  const log: unknown = await frame.evaluate((): unknown => Reflect.get(window, '__nativePay'));
  const list = (name: string): readonly unknown[] => {
    const value: unknown = typeof log === 'object' && log !== null ? Reflect.get(log, name) : [];
    return Array.isArray(value) ? value : [];
  };
  const field = (value: unknown, name: string): string =>
    typeof value === 'object' && value !== null ? String(Reflect.get(value, name)) : '';
  return {
    asked: list('asked').map(String),
    totals: list('totals').map((total) => `${field(total, 'currency')} ${field(total, 'value')}`),
    completed: list('completed').map(String),
  };
}

describe('Apple Pay and Google Pay on the Payment Request API (SPEC §6)', () => {
  it('SPEC §6: on an Android phone the list offers Google Pay and a deposit walks to the success page', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack, {
      context: ANDROID_PHONE,
      beforeOpen: withFakePaymentRequest,
    });
    const { page, frame, session } = hosted;
    await waitForHome(frame);
    const google = methodTile(frame, 'Google Pay');
    await google.waitFor();
    expect(
      await methodGroups(frame)
        .getByRole('button', { name: /^Apple Pay/ })
        .count(),
    ).toBe(0);
    expect((await nativePayLog(frame)).asked).toEqual(['https://google.com/pay']);
    await google.scrollIntoViewIfNeeded();
    await visitScreen(page, frame, 'native-pay-list-en-390');

    await google.click();
    const pay = frame.getByRole('button', { name: /^Pay .* with Google Pay$/ });
    await pay.waitFor();
    await amountBlock(frame, '10').click();
    await frame.getByRole('button', { name: /^Pay .*10\.00.* with Google Pay$/ }).waitFor();
    await visitScreen(page, frame, 'native-pay-form-en-390');
    await pay.click();

    await waitForPath(frame, '/deposit/deposit-success');
    await frame
      .getByRole('heading', { level: 1, name: literal(text('en', 'RESULT.DEPOSIT.SUCCESS.TITLE')) })
      .waitFor();
    await visitScreen(page, frame, 'native-pay-success-en-390');
    const log = await nativePayLog(frame);
    expect(log.completed).toEqual(['success']);
    // The sheet's amount: the chosen amount block, exactly, at the currency's precision.
    expect(log.totals.at(-1)).toBe('EUR 10.00');
    const transactions = await transactionsOf(env.stack, session.sessionId);
    expect(transactions).toHaveLength(1);
    expect(transactions[0]?.status).toBe('success');
    expect(sameAmount(transactions[0]?.amount ?? '', '10')).toBe(true);
    expect(sameAmount(await balanceOf(env.stack, session.sessionId), '510')).toBe(true);
    await closeHosted(hosted);
  });

  it('SPEC §6: the Arabic list on an Android phone offers Google Pay, right to left', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack, {
      lang: 'ar',
      context: ANDROID_PHONE,
      beforeOpen: withFakePaymentRequest,
    });
    const { page, frame } = hosted;
    await waitForHome(frame, 'ar');
    const google = methodTile(frame, 'Google Pay', 'ar');
    await google.waitFor();
    await google.scrollIntoViewIfNeeded();
    await visitScreen(page, frame, 'native-pay-list-ar-390');
    await google.click();
    await frame
      .getByRole('button', { name: pattern('ar', 'DEPOSIT_METHOD.NATIVE_PAY.PAY') })
      .waitFor();
    await visitScreen(page, frame, 'native-pay-form-ar-390');
    await closeHosted(hosted);
  });

  it('SPEC §6: on a desktop neither wallet shows, though the browser could pay', async () => {
    const hosted = await openHostedCashier(env.browser, env.stack, {
      beforeOpen: withFakePaymentRequest,
    });
    const { page, frame } = hosted;
    await waitForHome(frame);
    await methodTile(frame, 'Visa / Mastercard').waitFor();
    const wallets = frame.getByRole('button', { name: /^(Google Pay|Apple Pay)/ });
    expect(await wallets.count()).toBe(0);
    expect((await nativePayLog(frame)).asked).toEqual([]);
    await screenshot(page, 'native-pay-list-desktop-1280');
    await closeHosted(hosted);
  });
});
