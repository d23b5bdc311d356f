import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseQuery } from './address';
import {
  brandShown,
  parseLangParam,
  parseStartupParams,
  readFlag,
  readText,
} from './startup-params';
import type { PageParameters } from './startup-params';

const WINDOW = { windowWidth: 1280, windowHeight: 720 } as const;

const DEFAULTS: PageParameters = {
  sessionId: null,
  lang: 'en',
  brand: 'COM',
  preselectedPayGroupId: null,
  userId: null,
  clickstreamId: null,
  metrics: null,
  parentWidth: 1280,
  parentHeight: 720,
  merchantRedirectUrl: null,
  inPopUp: false,
  isAlwaysClose: false,
  mode: null,
  merchantDomain: null,
  theme: null,
  xChannel: null,
  isForcedMobile: false,
};

describe('start-up query parameters (SPEC §2)', () => {
  it('reads every parameter into the page parameters object', () => {
    const address =
      'https://pay.example.com/deposit?session_id=s1&cashier_session_id=c1&clstrmid=cs9' +
      '&pay_group=42&lang=de-XX&user=u7&metrics=1&width=400&height=300.5' +
      '&merchant_redirect_url=https%3A%2F%2Fm.example.com%2Fback&merchant_domain=m.example.com' +
      '&in_pop_up=true&close_icon=1&mode=status_page&theme=brand3&xChannel=MOBILE_WEB' +
      '&isForcedMobile=true';
    expect(parseStartupParams(address, { ...WINDOW, storedSessionId: 'stored' })).toEqual({
      sessionId: 's1',
      lang: 'de',
      brand: 'XX',
      preselectedPayGroupId: '42',
      userId: 'u7',
      clickstreamId: 'cs9',
      metrics: 1,
      parentWidth: 400,
      parentHeight: 300.5,
      merchantRedirectUrl: 'https://m.example.com/back',
      inPopUp: true,
      isAlwaysClose: true,
      mode: 'status_page',
      merchantDomain: 'm.example.com',
      theme: 'brand3',
      xChannel: 'MOBILE_WEB',
      isForcedMobile: true,
    });
  });

  it('gives the defaults for an address without a query', () => {
    expect(parseStartupParams('/deposit', WINDOW)).toEqual(DEFAULTS);
  });

  it.each([
    ['?session_id=s1&cashier_session_id=c1', 'stored', 's1'],
    ['?cashier_session_id=c1', 'stored', 'c1'],
    ['?session_id=%20&cashier_session_id=c1', 'stored', 'c1'],
    ['?', 'stored', 'stored'],
    ['?', ' ', null],
    ['?', null, null],
    ['?', undefined, null],
  ])('session id from %j with stored %j is %j', (query, storedSessionId, expected) => {
    expect(parseStartupParams(`/d${query}`, { ...WINDOW, storedSessionId }).sessionId).toBe(
      expected,
    );
  });

  it('SPEC §7: a /3ds_result/{sessionId} address names its session before the query and the store', () => {
    expect(
      parseStartupParams('/3ds_result/s_path?session_id=s_query&transaction_id=tx', {
        ...WINDOW,
        storedSessionId: 'stored',
      }).sessionId,
    ).toBe('s_path');
    expect(
      parseStartupParams('/payments/3ds_result/sandbox?session_id=s_query', {
        ...WINDOW,
        storedSessionId: 'stored',
      }).sessionId,
    ).toBe('s_query');
  });

  it.each([
    ['?width=abc&height=-5', 1280, 720],
    ['?width=0&height=1e3', 1280, 720],
    ['?width=Infinity&height=', 1280, 720],
    ['?width=320&height=480', 320, 480],
  ])('bad sizes fall back to the window size: %j', (query, width, height) => {
    const params = parseStartupParams(`/d${query}`, WINDOW);
    expect([params.parentWidth, params.parentHeight]).toEqual([width, height]);
  });

  it('a bad window size gives 0 rather than NaN', () => {
    const params = parseStartupParams('/d', { windowWidth: Number.NaN, windowHeight: -1 });
    expect([params.parentWidth, params.parentHeight]).toEqual([0, 0]);
  });

  it.each([
    ['?metrics=0', 0],
    ['?metrics=2.5', 2.5],
    ['?metrics=abc', null],
    ['?metrics=', null],
  ])('metrics %j is %j', (query, expected) => {
    expect(parseStartupParams(`/d${query}`, WINDOW).metrics).toBe(expected);
  });

  it('never throws on any query (SPEC §2 bad values fall back)', () => {
    fc.assert(
      fc.property(fc.string(), (query) => {
        const params = parseStartupParams(`/deposit?${query}`, WINDOW);
        expect(params.parentWidth).toBeGreaterThan(0);
        expect(params.lang).toMatch(/^[a-z]{2,3}$/);
      }),
      { numRuns: 100 },
    );
  });
});

describe('partner codes (SPEC §9)', () => {
  it.each([
    ['SPX', 'brand6'],
    ['spx', 'brand6'],
    ['LVB', 'brand1'],
    ['CSN', 'brand8'],
    ['CSM', 'brand8'],
    ['brand0', 'brand0'],
    ['XX', 'XX'],
    ['constructor', 'constructor'],
    [null, 'COM'],
  ])('SPEC §9: the brand part %j is the brand %s', (part, expected) => {
    expect(brandShown(part)).toBe(expected);
  });

  it('SPEC §9: one code maps to brand6, one to brand1 and two to brand8', () => {
    const codes = ['SPX', 'LVB', 'CSN', 'CSM'].map((code) => brandShown(code));
    expect(codes.filter((brand) => brand === 'brand6')).toHaveLength(1);
    expect(codes.filter((brand) => brand === 'brand1')).toHaveLength(1);
    expect(codes.filter((brand) => brand === 'brand8')).toHaveLength(2);
  });

  it.each([
    ['?lang=en', 'COM'],
    ['', 'COM'],
    ['?lang=ar-spx', 'brand6'],
    ['?lang=de-CSM', 'brand8'],
    ['?lang=en-brand1', 'brand1'],
  ])('SPEC §2, §9: %j gives the page brand %s', (query, brand) => {
    expect(parseStartupParams(`/deposit${query}`, WINDOW).brand).toBe(brand);
  });
});

describe('lang parameter (SPEC §2: lang-brand, default en)', () => {
  it.each([
    ['en-XX', { lang: 'en', brand: 'XX' }],
    ['DE', { lang: 'de', brand: null }],
    ['ar-brand_1', { lang: 'ar', brand: 'brand_1' }],
    ['12-XX', { lang: 'en', brand: 'XX' }],
    ['en-', { lang: 'en', brand: null }],
    ['en-X Y', { lang: 'en', brand: null }],
    ['english', { lang: 'en', brand: null }],
    ['', { lang: 'en', brand: null }],
    [null, { lang: 'en', brand: null }],
    [undefined, { lang: 'en', brand: null }],
  ])('%j reads as %j', (value, expected) => {
    expect(parseLangParam(value)).toEqual(expected);
  });
});

describe('flags and texts (SPEC §2)', () => {
  const params = parseQuery('a&b=1&c=TRUE&d=yes&e=on&f=0&g=false&h=maybe&t=%20x%20&u=%20');
  it.each([
    ['a', true],
    ['b', true],
    ['c', true],
    ['d', true],
    ['e', true],
    ['f', false],
    ['g', false],
    ['h', false],
    ['missing', false],
  ])('flag %s is %j', (name, expected) => {
    expect(readFlag(params, name)).toBe(expected);
  });

  it.each([
    ['t', 'x'],
    ['u', null],
    ['missing', null],
  ])('text %s is %j', (name, expected) => {
    expect(readText(params, name)).toBe(expected);
  });
});
