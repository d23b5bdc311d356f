import { parseStartupParams } from '@cashdesk/domain';
import { describe, expect, it } from 'vitest';
import { buildCashierAddress, httpUrl } from './cashier-address';

const BASE = { url: 'https://cashier.example.com', sessionId: 'sess-1' } as const;

function queryOf(address: URL): Record<string, string> {
  return Object.fromEntries(address.searchParams);
}

describe('buildCashierAddress (SPEC §2 start-up query parameters)', () => {
  it('opens /deposit by default with session_id in the query', () => {
    const address = buildCashierAddress(BASE);
    expect(address.href).toBe('https://cashier.example.com/deposit?session_id=sess-1');
  });

  it('opens /withdrawal for the withdrawal flow, under the base path (SPEC §2 routes)', () => {
    const address = buildCashierAddress({
      ...BASE,
      url: 'https://cdn.example.com/cashier/',
      flow: 'withdrawal',
    });
    expect(address.origin + address.pathname).toBe('https://cdn.example.com/cashier/withdrawal');
  });

  it.each([
    [{ lang: 'en', brand: 'brand0' }, 'en-brand0'],
    [{ lang: 'de' }, 'de'],
    [{ brand: 'XX' }, 'en-XX'],
    [{ lang: ' ', brand: ' ' }, null],
  ])('sends lang in the lang-brand form: %j gives %s', (options, lang) => {
    expect(buildCashierAddress({ ...BASE, ...options }).searchParams.get('lang')).toBe(lang);
  });

  it('sends the parent width and height, rounded, only when positive', () => {
    expect(
      queryOf(buildCashierAddress({ ...BASE, parentWidth: 480.4, parentHeight: 720 })),
    ).toEqual({ session_id: 'sess-1', width: '480', height: '720' });
    expect(
      queryOf(buildCashierAddress({ ...BASE, parentWidth: 0, parentHeight: Number.NaN })),
    ).toEqual({
      session_id: 'sess-1',
    });
  });

  it('passes the other start-up parameters under their SPEC §2 names, flags as 1', () => {
    const address = buildCashierAddress({
      ...BASE,
      theme: 'brand3',
      payGroup: 42,
      user: 'player-7',
      clickstreamId: 'cs-1',
      metrics: 1,
      merchantRedirectUrl: 'https://brand.example/lobby?x=1&y=2',
      merchantDomain: 'brand.example',
      inPopUp: true,
      closeIcon: true,
      mode: 'custom',
      xChannel: 'MOBILE_WEB',
      isForcedMobile: false,
    });
    expect(queryOf(address)).toEqual({
      session_id: 'sess-1',
      theme: 'brand3',
      pay_group: '42',
      user: 'player-7',
      clstrmid: 'cs-1',
      metrics: '1',
      merchant_redirect_url: 'https://brand.example/lobby?x=1&y=2',
      merchant_domain: 'brand.example',
      in_pop_up: '1',
      close_icon: '1',
      mode: 'custom',
      xChannel: 'MOBILE_WEB',
    });
  });

  it('reads back through the widget start-up parser to the same page parameters (SPEC §2)', () => {
    const address = buildCashierAddress({
      ...BASE,
      lang: 'pt',
      brand: 'brand8',
      theme: 'brand8',
      payGroup: 'cards',
      parentWidth: 375,
      parentHeight: 640,
      inPopUp: true,
      closeIcon: true,
      isForcedMobile: true,
      metrics: 1,
      merchantRedirectUrl: 'https://brand.example/back',
    });
    expect(parseStartupParams(address.href, { windowWidth: 1, windowHeight: 1 })).toMatchObject({
      sessionId: 'sess-1',
      lang: 'pt',
      brand: 'brand8',
      theme: 'brand8',
      preselectedPayGroupId: 'cards',
      parentWidth: 375,
      parentHeight: 640,
      inPopUp: true,
      isAlwaysClose: true,
      isForcedMobile: true,
      metrics: 1,
      merchantRedirectUrl: 'https://brand.example/back',
    });
  });

  it('keeps the base query, replaces what it sets, drops cashier_session_id and the fragment', () => {
    const address = buildCashierAddress({
      ...BASE,
      url: 'https://cashier.example.com/?session_id=old&cashier_session_id=older&ab=1#frag',
      theme: 'brand1',
    });
    expect(address.hash).toBe('');
    expect(queryOf(address)).toEqual({ session_id: 'sess-1', ab: '1', theme: 'brand1' });
  });

  it('puts the session id in the session_id parameter and nowhere else (SPEC §1, §2)', () => {
    const address = buildCashierAddress({ ...BASE, sessionId: ' secret-id ', lang: 'en' });
    const carrying = [...address.searchParams].filter(([, value]) => value.includes('secret-id'));
    expect(carrying).toEqual([['session_id', 'secret-id']]);
    address.search = '';
    expect(address.href).not.toContain('secret-id');
  });

  it.each([['javascript:alert(1)'], ['data:text/html,x'], ['/relative'], ['not a url']])(
    'refuses the widget address %s',
    (url) => {
      expect(() => buildCashierAddress({ ...BASE, url })).toThrow(TypeError);
    },
  );

  it('refuses a blank session id (SPEC §6: every call needs one)', () => {
    expect(() => buildCashierAddress({ ...BASE, sessionId: '  ' })).toThrow(TypeError);
  });
});

describe('httpUrl', () => {
  it.each([
    ['https://a.example/x', undefined, 'https://a.example/x'],
    ['http://localhost:5173/', undefined, 'http://localhost:5173/'],
    ['/deposit?x=1', 'https://a.example/app/', 'https://a.example/deposit?x=1'],
    ['javascript:alert(1)', undefined, null],
    [' java\tscript:alert(1)', 'https://a.example/', null],
    ['JAVASCRIPT:alert(1)', undefined, null],
    ['data:text/html,hi', undefined, null],
    ['blob:https://a.example/1', undefined, null],
    ['file:///etc/passwd', undefined, null],
    ['http://[', undefined, null],
  ])('%s (base %s) gives %s', (address, base, expected) => {
    expect(httpUrl(address, base)?.href ?? null).toBe(expected);
  });
});
