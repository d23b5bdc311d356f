import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_REPORTED_HEIGHT,
  myAccountRedirectMessage,
  parseHostMessage,
  paymentResultMessage,
  readyMessage,
  reInitCashierMessage,
  resizeMessage,
  redirectToMessage,
  resetScrollMessage,
  serializeHostMessage,
  setSessionIdMessage,
  visibleAreaMessage,
} from './host-messages';

describe('host message builders (SPEC §1)', () => {
  it.each([
    [reInitCashierMessage(), '{"target":"cashier","type":"reInitCashier"}'],
    [
      setSessionIdMessage('s1'),
      '{"target":"cashier","type":"setSessionIdToChildFrame","sessionId":"s1"}',
    ],
    [
      redirectToMessage('https://a.b/d'),
      '{"target":"cashier","type":"redirectTo","url":"https://a.b/d"}',
    ],
    [myAccountRedirectMessage(), '{"target":"cashier","type":"redirect","path":"/my-account"}'],
    [resetScrollMessage(), '{"target":"cashier","type":"reset-scroll"}'],
    [
      reInitCashierMessage({ outcome: 'success', url: 'https://brand.example/ok' }),
      '{"target":"cashier","type":"reInitCashier","finish":{"outcome":"success","url":"https://brand.example/ok"}}',
    ],
  ])('%j serialises as %s', (message, json) => {
    expect(serializeHostMessage(message)).toBe(json);
  });

  it.each([
    [reInitCashierMessage()],
    [setSessionIdMessage('s1')],
    [redirectToMessage('/x')],
    [myAccountRedirectMessage()],
    [resetScrollMessage()],
    [reInitCashierMessage({ outcome: 'fail', url: 'https://brand.example/fail' })],
    [reInitCashierMessage({ outcome: 'processing', url: null })],
  ])('%j round-trips through JSON', (message) => {
    expect(parseHostMessage(serializeHostMessage(message))).toEqual(message);
    expect(parseHostMessage(message)).toEqual(message);
  });
});

describe('incoming host messages (SPEC §1, §4)', () => {
  it.each([
    [{ type: 'reInitCashier' }, reInitCashierMessage()],
    [
      { type: 'reInitCashier', finish: { outcome: 'success', url: 'brand.example/ok' } },
      reInitCashierMessage({ outcome: 'success', url: 'https://brand.example/ok' }),
    ],
    [
      { type: 'reInitCashier', finish: { outcome: 'fail', url: 'javascript:alert(1)' } },
      reInitCashierMessage({ outcome: 'fail', url: null }),
    ],
    [
      { type: 'reInitCashier', finish: { outcome: 'fail', url: 7 } },
      reInitCashierMessage({ outcome: 'fail', url: null }),
    ],
    [{ type: 'reInitCashier', finish: { outcome: 'won', url: null } }, reInitCashierMessage()],
    [{ type: 'reInitCashier', finish: 'finished' }, reInitCashierMessage()],
    [{ sessionId: ' s2 ' }, setSessionIdMessage('s2')],
    [{ target: 'cashier', sessionId: 's3' }, setSessionIdMessage('s3')],
    [{ type: 'setSessionIdToChildFrame', sessionId: 's4' }, setSessionIdMessage('s4')],
    [
      { type: 'redirect', path: '/other' },
      { target: 'cashier', type: 'redirect', path: '/other' },
    ],
    [{ type: 'setSessionIdToChildFrame' }, null],
    [{ type: 'setSessionIdToChildFrame', sessionId: '' }, null],
    [{ type: 'redirectTo', url: 5 }, null],
    [{ type: 'redirect' }, null],
    [{ type: 'unknown' }, null],
    [{ target: 'other', type: 'reInitCashier' }, null],
    [{}, null],
    [[], null],
    ['not json', null],
    ['"string"', null],
    [null, null],
    [42, null],
  ])('%j reads as %j', (data, expected) => {
    expect(parseHostMessage(data)).toEqual(expected);
  });

  it('is total on any input', () => {
    fc.assert(
      fc.property(fc.anything(), (data) => {
        expect(() => parseHostMessage(data)).not.toThrow();
      }),
      { numRuns: 100 },
    );
    fc.assert(
      fc.property(fc.json(), (text) => {
        expect(() => parseHostMessage(text)).not.toThrow();
      }),
      { numRuns: 100 },
    );
  });
});

describe('messages for the embed SDK: ready, resize, paymentResult', () => {
  const deposit = {
    flow: 'deposit',
    status: 'success',
    amount: '25.00',
    currency: 'EUR',
    transactionId: 'txn-1',
  } as const;

  it.each([
    [readyMessage(), '{"target":"cashier","type":"ready"}'],
    [resizeMessage(640), '{"target":"cashier","type":"resize","height":640}'],
    [
      paymentResultMessage(deposit),
      '{"target":"cashier","type":"paymentResult","flow":"deposit","status":"success","amount":"25.00","currency":"EUR","transactionId":"txn-1"}',
    ],
  ])('%j serialises as %s and reads back', (message, json) => {
    expect(message).not.toBeNull();
    if (message === null) return;
    expect(serializeHostMessage(message)).toBe(json);
    expect(parseHostMessage(json)).toEqual(message);
    expect(parseHostMessage(message)).toEqual(message);
  });

  it.each([
    [612.2, 613],
    [1, 1],
    [0.2, 1],
    [MAX_REPORTED_HEIGHT + 500, MAX_REPORTED_HEIGHT],
  ])('a measured height of %d reports %d (rounded up, capped)', (measured, height) => {
    expect(resizeMessage(measured)?.height).toBe(height);
  });

  it.each([0, -3, Number.NaN, Number.POSITIVE_INFINITY])('a height of %d reports nothing', (h) => {
    expect(resizeMessage(h)).toBeNull();
  });

  it.each([
    [{ type: 'resize', height: 0 }],
    [{ type: 'resize', height: 12.5 }],
    [{ type: 'resize', height: '600' }],
    [{ type: 'resize', height: MAX_REPORTED_HEIGHT + 1 }],
    [{ type: 'resize' }],
    [{ type: 'paymentResult', flow: 'deposit', status: 'processing' }],
    [{ type: 'paymentResult', flow: 'bet', status: 'success' }],
    [{ type: 'paymentResult', flow: 'deposit', status: 'reversed' }],
    [{ type: 'paymentResult', status: 'success' }],
    [{ target: 'other', type: 'ready' }],
  ])('%j is not a message', (data) => {
    expect(parseHostMessage(data)).toBeNull();
  });

  it('a payment result keeps only well-formed figures (exact decimal strings, never numbers)', () => {
    expect(
      parseHostMessage({
        type: 'paymentResult',
        flow: 'withdrawal',
        status: 'error',
        amount: 25,
        currency: 'eur',
        transactionId: '  ',
      }),
    ).toEqual({
      target: 'cashier',
      type: 'paymentResult',
      flow: 'withdrawal',
      status: 'error',
      amount: null,
      currency: null,
      transactionId: null,
    });
    for (const amount of ['1e3', '-5', '1,5', '0x10', ' ', '1.', '.5']) {
      expect(paymentResultMessage({ ...deposit, amount })?.amount).toBeNull();
    }
    expect(paymentResultMessage({ ...deposit, amount: '0.10' })?.amount).toBe('0.10');
    expect(
      paymentResultMessage({ ...deposit, transactionId: 'x'.repeat(129) })?.transactionId,
    ).toBe(null);
  });

  it('a withdrawal can be reversed, a deposit cannot', () => {
    const reversed = {
      ...deposit,
      flow: 'withdrawal',
      status: 'reversed',
      transactionId: null,
    } as const;
    expect(paymentResultMessage(reversed)?.status).toBe('reversed');
    expect(paymentResultMessage({ ...reversed, flow: 'deposit' })).toBeNull();
  });

  it('reads any resize height back as itself', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_REPORTED_HEIGHT }), (height) => {
        const message = resizeMessage(height);
        expect(message?.height).toBe(height);
        expect(parseHostMessage(JSON.stringify(message))).toEqual(message);
      }),
      { numRuns: 200 },
    );
  });
});

describe('the visible part of the frame (host to widget, designed)', () => {
  const phone = { top: 0, height: 844 };

  it.each([
    // A tall auto-height frame scrolled 900 px up: the screen shows 900 to 1744 of it.
    [{ top: -900, height: 2400 }, phone, { top: 900, height: 844 }],
    // Its top on screen at 200 px: the first 644 px of it show.
    [{ top: 200, height: 2400 }, phone, { top: 0, height: 644 }],
    // Its bottom 300 px into the screen: the last 300 px of it show.
    [{ top: -2100, height: 2400 }, phone, { top: 2100, height: 300 }],
    // A short frame wholly on screen.
    [{ top: 120.4, height: 500.6 }, phone, { top: 0, height: 501 }],
    // Pinch zoom or an on-screen keyboard: the visual viewport is a part of the layout viewport.
    [
      { top: -100, height: 2000 },
      { top: 300, height: 400 },
      { top: 400, height: 400 },
    ],
    // Out of view above and below: nothing shows.
    [{ top: -3000, height: 2400 }, phone, { top: 2400, height: 0 }],
    [{ top: 900, height: 2400 }, phone, { top: 0, height: 0 }],
  ])('frame %j on screen %j shows %j', (frame, screen, shown) => {
    expect(visibleAreaMessage(frame, screen)).toEqual({
      target: 'cashier',
      type: 'visibleArea',
      ...shown,
    });
  });

  it('is nothing for figures that are not numbers', () => {
    expect(visibleAreaMessage({ top: Number.NaN, height: 10 }, phone)).toBeNull();
    expect(visibleAreaMessage({ top: 0, height: 10 }, { top: 0, height: Infinity })).toBeNull();
  });

  it.each([
    [{ type: 'visibleArea', top: -1, height: 10 }],
    [{ type: 'visibleArea', top: 1.5, height: 10 }],
    [{ type: 'visibleArea', top: 0, height: '844' }],
    [{ type: 'visibleArea', top: 0 }],
    [{ type: 'visibleArea', top: 0, height: MAX_REPORTED_HEIGHT + 1 }],
  ])('%j is not a message', (data) => {
    expect(parseHostMessage(data)).toBeNull();
  });

  it('always lies inside the frame and reads back as itself', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -20_000, max: 20_000 }),
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: -500, max: 500 }),
        fc.integer({ min: 0, max: 3_000 }),
        (frameTop, frameHeight, screenTop, screenHeight) => {
          const message = visibleAreaMessage(
            { top: frameTop, height: frameHeight },
            { top: screenTop, height: screenHeight },
          );
          expect(message).not.toBeNull();
          if (message === null) return;
          expect(message.top).toBeGreaterThanOrEqual(0);
          expect(message.top + message.height).toBeLessThanOrEqual(frameHeight);
          expect(message.height).toBeLessThanOrEqual(screenHeight);
          expect(parseHostMessage(serializeHostMessage(message))).toEqual(message);
        },
      ),
      { numRuns: 300 },
    );
  });
});
