import { describe, expect, it } from 'vitest';
import { decideFinalResult } from './final-result';
import type { FinalResultInput } from './final-result';

const URLS = {
  merchantUrl: 'https://m.com/home',
  successUrl: 'https://m.com/ok',
  failUrl: 'https://m.com/fail',
  processingUrl: 'https://m.com/wait',
} as const;

const REINIT = { action: 'reinitialise', message: { target: 'cashier', type: 'reInitCashier' } };

/** A reinitialise that tells the host the player finished (outcome, merchant URL or null). */
function finished(outcome: string, url: string | null) {
  return {
    action: 'reinitialise',
    message: { target: 'cashier', type: 'reInitCashier', finish: { outcome, url } },
  };
}

describe('final result (SPEC §4, §2 redirect after finishing)', () => {
  it.each<[string, FinalResultInput, unknown]>([
    [
      'reinitialise asked',
      { outcome: 'success', reinitialise: true, device: 'native_ios', ...URLS },
      REINIT,
    ],
    [
      'SPEC §2 redirect helper: after a failure a native device navigates to the merchant URL with the language and deposit',
      { outcome: 'fail', device: 'native_android', lang: 'de', ...URLS },
      { action: 'navigate', url: 'https://m.com/home/de/deposit' },
    ],
    [
      'SPEC §2 redirect helper: the merchant URL keeps its first four path pieces',
      {
        outcome: 'success',
        device: 'native_ios',
        merchantUrl: 'm.com/home/lobby?tab=2',
      },
      { action: 'navigate', url: 'https://m.com/home' },
    ],
    [
      'wallet pay navigates to the merchant URL',
      { outcome: 'success', device: 'desktop', isWalletPay: true, ...URLS },
      { action: 'navigate', url: 'https://m.com/home' },
    ],
    [
      'native without merchant URL falls back to the outcome URL',
      { outcome: 'success', device: 'native_ios', successUrl: URLS.successUrl },
      { action: 'navigate', url: 'https://m.com/ok' },
    ],
    [
      'success redirects to the success URL',
      { outcome: 'success', device: 'desktop', ...URLS },
      { action: 'redirect', url: 'https://m.com/ok', target: '_self' },
    ],
    [
      'fail redirects to the fail URL in a new tab when blank',
      { outcome: 'fail', device: 'mobile', merchantRedirectType: 'blank', ...URLS },
      { action: 'redirect', url: 'https://m.com/fail', target: '_blank' },
    ],
    [
      'processing redirects to the processing URL at the top',
      { outcome: 'processing', device: 'desktop', merchantRedirectType: 'top', ...URLS },
      { action: 'redirect', url: 'https://m.com/wait', target: '_top' },
    ],
    [
      'missing outcome URL falls back to the merchant URL',
      { outcome: 'processing', device: 'desktop', merchantUrl: URLS.merchantUrl },
      { action: 'redirect', url: 'https://m.com/home', target: '_self' },
    ],
    [
      'no usable URL reinitialises, telling the host the player finished',
      { outcome: 'success', device: 'desktop', successUrl: 'javascript:alert(1)' },
      finished('success', null),
    ],
    [
      'native with no URL reinitialises',
      { outcome: 'fail', device: 'native_ios' },
      finished('fail', null),
    ],
    [
      'in a host frame, a same-window redirect becomes a finish message with the outcome URL',
      { outcome: 'success', device: 'desktop', inHostFrame: true, ...URLS },
      finished('success', 'https://m.com/ok'),
    ],
    [
      'in a host frame, an unknown redirect type is a same-window one',
      {
        outcome: 'processing',
        device: 'mobile',
        inHostFrame: true,
        merchantRedirectType: 'sideways',
        merchantUrl: URLS.merchantUrl,
      },
      finished('processing', 'https://m.com/home'),
    ],
    [
      'in a host frame, blank still opens a new tab',
      {
        outcome: 'fail',
        device: 'desktop',
        inHostFrame: true,
        merchantRedirectType: 'blank',
        ...URLS,
      },
      { action: 'redirect', url: 'https://m.com/fail', target: '_blank' },
    ],
    [
      'in a host frame, top still moves the whole page',
      {
        outcome: 'success',
        device: 'desktop',
        inHostFrame: true,
        merchantRedirectType: 'top',
        ...URLS,
      },
      { action: 'redirect', url: 'https://m.com/ok', target: '_top' },
    ],
    [
      'a native app in a frame still navigates',
      { outcome: 'success', device: 'native_android', inHostFrame: true, ...URLS },
      { action: 'navigate', url: 'https://m.com/home' },
    ],
  ])('%s', (_name, input, expected) => {
    expect(decideFinalResult(input)).toEqual(expected);
  });
});
