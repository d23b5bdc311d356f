import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DISPLAY_QUERY_PARAMS,
  MAX_DISPLAY_PARAM_LENGTH,
  MAX_DISPLAY_QUERY_LENGTH,
  displayParamsOf,
  withDisplayParams,
} from './display-params';
import { parseStartupParams } from './startup-params';

/** A start address as the embed SDK writes it, with every display parameter. */
const START =
  'https://cashier.example/deposit?session_id=s1&lang=ar-brand0&width=390&height=844' +
  '&theme=brand1&pay_group=7&user=p1&clstrmid=c1&metrics=1' +
  '&merchant_redirect_url=https%3A%2F%2Fbrand.example%2Fgame&merchant_domain=brand.example' +
  '&in_pop_up=1&close_icon=1&mode=custom&xChannel=MOBILE_WEB&isForcedMobile=1' +
  '&host_origin=https%3A%2F%2Fbrand.example&cashier_in_new_tab=1';

const RETURN = 'https://cashier.example/deposit/deposit-success?session_id=s1&transaction_id=t1';

describe('display parameters of an address (SPEC §2 start-up)', () => {
  it('takes every display parameter and nothing that names a session, a method or a one-time step', () => {
    expect(displayParamsOf(START)).toEqual({
      lang: 'ar-brand0',
      theme: 'brand1',
      width: '390',
      height: '844',
      host_origin: 'https://brand.example',
      in_pop_up: '1',
      close_icon: '1',
      mode: 'custom',
      xChannel: 'MOBILE_WEB',
      isForcedMobile: '1',
      merchant_redirect_url: 'https://brand.example/game',
      merchant_domain: 'brand.example',
      metrics: '1',
      clstrmid: 'c1',
      user: 'p1',
    });
  });

  it.each<[string, unknown, Record<string, string>]>([
    ['a bare flag stays on', '/deposit?in_pop_up', { in_pop_up: '' }],
    ['the first occurrence wins, as at start-up', '/deposit?lang=ar&lang=en', { lang: 'ar' }],
    ['a query alone', '?theme=brand1&session_id=s', { theme: 'brand1' }],
    ['a URL object', new URL('https://c.example/deposit?lang=uk-brand0'), { lang: 'uk-brand0' }],
    [
      'an over-long value is left out',
      `/deposit?lang=en&mode=${'x'.repeat(MAX_DISPLAY_PARAM_LENGTH + 1)}`,
      { lang: 'en' },
    ],
    ['no address', 42, {}],
    ['no query', '/deposit', {}],
  ])('%s', (_name, address, expected) => {
    expect(displayParamsOf(address)).toEqual(expected);
  });

  it('never carries a session id, the preselected method or the new-tab instruction', () => {
    const carried = Object.keys(displayParamsOf(START));
    for (const name of ['session_id', 'cashier_session_id', 'pay_group', 'cashier_in_new_tab']) {
      expect(carried).not.toContain(name);
    }
    expect(DISPLAY_QUERY_PARAMS).toHaveLength(carried.length);
  });
});

describe('a return address with the display parameters (SPEC §2 start-up after a redirect)', () => {
  it('appends them after the session and transaction, which stay first', () => {
    expect(withDisplayParams(RETURN, { lang: 'ar-brand0', theme: 'brand0' })).toBe(
      `${RETURN}&lang=ar-brand0&theme=brand0`,
    );
  });

  it('replaces a parameter of the same name and encodes values', () => {
    expect(
      withDisplayParams(`${RETURN}&lang=en`, {
        lang: 'ar-brand0',
        merchant_redirect_url: 'https://brand.example/game?a=1&b=2',
      }),
    ).toBe(
      `${RETURN}&lang=ar-brand0&merchant_redirect_url=https%3A%2F%2Fbrand.example%2Fgame%3Fa%3D1%26b%3D2`,
    );
  });

  it('keeps a relative address relative, and no display parameters changes nothing', () => {
    expect(withDisplayParams('/3ds_result?transaction_id=t1', { theme: 'brand1' })).toBe(
      '/3ds_result?transaction_id=t1&theme=brand1',
    );
    expect(withDisplayParams(RETURN, {})).toBe(RETURN);
  });

  it('leaves out an over-long value', () => {
    const long = 'x'.repeat(MAX_DISPLAY_PARAM_LENGTH + 1);
    expect(withDisplayParams(RETURN, { mode: long, theme: 'brand1' })).toBe(
      `${RETURN}&theme=brand1`,
    );
  });

  it('keeps the return address short: what would not fit is left out, lang and theme first', () => {
    // 150 characters each, 900 once percent-encoded: two fit besides lang and theme, not three.
    const wide = 'é'.repeat(150);
    const back = withDisplayParams(RETURN, {
      lang: 'ar-brand0',
      theme: 'brand1',
      mode: wide,
      user: wide,
      merchant_domain: wide,
    });
    expect(back.length - RETURN.length).toBeLessThanOrEqual(MAX_DISPLAY_QUERY_LENGTH);
    expect(displayParamsOf(back)).toMatchObject({
      lang: 'ar-brand0',
      theme: 'brand1',
      mode: wide,
      merchant_domain: wide,
    });
    expect(displayParamsOf(back)).not.toHaveProperty('user');
  });

  it('the cashier started from the return address reads what the start address said', () => {
    const back = withDisplayParams(RETURN, displayParamsOf(START));
    const sizes = { windowWidth: 1280, windowHeight: 900 };
    const start = parseStartupParams(START, sizes);
    const returned = parseStartupParams(back, sizes);
    expect({ ...returned, preselectedPayGroupId: '7' }).toEqual(start);
    expect(returned.sessionId).toBe('s1');
    expect(returned.preselectedPayGroupId).toBeNull();
  });

  it('round-trips any values: the display parameters of the return address are the ones given', () => {
    const name = fc.constantFrom(...DISPLAY_QUERY_PARAMS);
    fc.assert(
      fc.property(
        fc.dictionary(name, fc.string({ maxLength: 30 }), { maxKeys: DISPLAY_QUERY_PARAMS.length }),
        (params) => {
          expect(displayParamsOf(withDisplayParams(RETURN, params))).toEqual(params);
        },
      ),
      { numRuns: 200 },
    );
  });
});
