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

describe('final result (SPEC §4)', () => {
  it.each<[string, FinalResultInput, unknown]>([
    [
      'reinitialise asked',
      { outcome: 'success', reinitialise: true, device: 'native_ios', ...URLS },
      REINIT,
    ],
    [
      'native device navigates to the merchant URL',
      { outcome: 'fail', device: 'native_android', ...URLS },
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
      'no usable URL reinitialises',
      { outcome: 'success', device: 'desktop', successUrl: 'javascript:alert(1)' },
      REINIT,
    ],
    ['native with no URL reinitialises', { outcome: 'fail', device: 'native_ios' }, REINIT],
  ])('%s', (_name, input, expected) => {
    expect(decideFinalResult(input)).toEqual(expected);
  });
});
