import { describe, expect, it } from 'vitest';
import { chooseCloseRedirect, chooseFinishRedirect, finishPageOf } from './merchant-redirect';
import type { MerchantRedirectSources } from './merchant-redirect';

const ALL: MerchantRedirectSources = {
  successUrl: 'https://m.com/success',
  failUrl: 'https://m.com/fail',
  processingUrl: 'https://m.com/processing',
  queryRedirectUrl: 'https://m.com/query',
  merchantDomain: 'm.com',
  merchantUrl: 'https://m.com/state',
  ownOrigin: 'https://pay.example.com',
};

describe('finish page kind (SPEC §2 redirect after finishing)', () => {
  it.each([
    ['/deposit/deposit-success', 'success'],
    ['/deposit/deposit-charity-success', 'success'],
    ['/withdrawal/withdrawal-success', 'success'],
    ['/account-management/status/success', 'success'],
    ['/account-management/support', 'success'],
    ['/deposit/deposit-error', 'fail'],
    ['/account-management/status/error', 'fail'],
    ['/withdrawal/withdrawal-processing', 'processing'],
    ['/deposit/deposit-await', 'processing'],
    ['/account-management/status', 'other'],
    ['/deposit', 'other'],
    ['/nowhere', 'other'],
  ])('%j is %s', (address, expected) => {
    expect(finishPageOf(address)).toBe(expected);
  });
});

describe('page-based redirect order (SPEC §2)', () => {
  it.each([
    ['success', ALL, { url: 'https://m.com/success', source: 'successUrl' }],
    ['fail', ALL, { url: 'https://m.com/fail', source: 'failUrl' }],
    ['processing', ALL, { url: 'https://m.com/processing', source: 'processingUrl' }],
    ['other', ALL, { url: 'https://m.com/query', source: 'queryRedirectUrl' }],
    [
      'success',
      { ...ALL, successUrl: null },
      { url: 'https://m.com/query', source: 'queryRedirectUrl' },
    ],
    [
      'fail',
      { ...ALL, failUrl: 'javascript:alert(1)', queryRedirectUrl: '' },
      { url: 'https://m.com/state/en/deposit', source: 'merchantUrl' },
    ],
    ['other', { successUrl: 'https://m.com/s', merchantDomain: 'm.com' }, null],
    ['processing', {}, null],
  ] as const)('%s page with %j chooses %j', (page, sources, expected) => {
    expect(chooseFinishRedirect(page, sources)).toEqual(expected);
  });
});

describe('the redirect helper in the redirect orders (SPEC §2)', () => {
  const GENERAL = {
    queryRedirectUrl: 'brand.example/casino/lobby?from=cashier',
    merchantDomain: 'brand.example',
    merchantUrl: 'https://brand.example/sport/home',
  };

  it("SPEC §2: the merchant's own outcome URLs are used as given", () => {
    expect(
      chooseFinishRedirect('success', { successUrl: 'https://m.com/a/b/c?x=1', ...GENERAL }, 'de'),
    ).toEqual({ url: 'https://m.com/a/b/c?x=1', source: 'successUrl' });
  });

  it('SPEC §2: the general URLs keep their first four path pieces, https added', () => {
    expect(chooseFinishRedirect('success', GENERAL, 'de')).toEqual({
      url: 'https://brand.example/casino',
      source: 'queryRedirectUrl',
    });
    expect(chooseFinishRedirect('other', { merchantUrl: GENERAL.merchantUrl })).toEqual({
      url: 'https://brand.example/sport',
      source: 'merchantUrl',
    });
  });

  it('SPEC §2: on an error page the language and deposit follow them', () => {
    expect(chooseFinishRedirect('fail', GENERAL, 'de')).toEqual({
      url: 'https://brand.example/casino/de/deposit',
      source: 'queryRedirectUrl',
    });
    expect(chooseFinishRedirect('fail', { merchantUrl: GENERAL.merchantUrl })).toEqual({
      url: 'https://brand.example/sport/en/deposit',
      source: 'merchantUrl',
    });
    expect(
      chooseCloseRedirect({ merchantDomain: 'brand.example' }, false, {
        lang: 'ar',
        isError: true,
      }),
    ).toEqual({ url: 'https://brand.example/ar/deposit', source: 'merchantDomain' });
  });
});

describe('withdrawal-close redirect order (SPEC §2 alternative order)', () => {
  it.each([
    [ALL, false, { url: 'https://m.com/processing', source: 'processingUrl' }],
    [ALL, true, { url: 'https://m.com/success', source: 'successUrl' }],
    [
      { ...ALL, processingUrl: undefined },
      false,
      { url: 'https://m.com/success', source: 'successUrl' },
    ],
    [
      { ...ALL, successUrl: undefined },
      true,
      { url: 'https://m.com/processing', source: 'processingUrl' },
    ],
    [
      { queryRedirectUrl: 'https://m.com/q', merchantDomain: 'm.com', ownOrigin: 'https://p.com' },
      false,
      { url: 'https://m.com/q', source: 'queryRedirectUrl' },
    ],
    [
      { merchantDomain: 'm.com', merchantUrl: 'https://m.com/s', ownOrigin: 'https://p.com' },
      false,
      { url: 'https://m.com/', source: 'merchantDomain' },
    ],
    [
      { merchantUrl: 'https://m.com/s', ownOrigin: 'https://p.com' },
      false,
      { url: 'https://m.com/s', source: 'merchantUrl' },
    ],
    [{ ownOrigin: 'https://p.com' }, true, { url: 'https://p.com/', source: 'ownOrigin' }],
    [{ failUrl: 'https://m.com/fail' }, false, null],
  ] as const)('%j (success first %j) chooses %j', (sources, successFirst, expected) => {
    expect(chooseCloseRedirect(sources, successFirst)).toEqual(expected);
  });

  it('defaults to processing first', () => {
    expect(chooseCloseRedirect(ALL)?.source).toBe('processingUrl');
  });
});
