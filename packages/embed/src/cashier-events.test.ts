import {
  myAccountRedirectMessage,
  paymentResultMessage,
  readyMessage,
  reInitCashierMessage,
  resizeMessage,
  redirectToMessage,
  resetScrollMessage,
  serializeHostMessage,
  setSessionIdMessage,
} from '@cashdesk/domain';
import { describe, expect, it } from 'vitest';
import { hostPathUrl, readCashierEvent } from './cashier-events';

const WIDGET = 'https://cashier.example.com/deposit?session_id=s1';

describe('readCashierEvent (SPEC §1 messages from the widget)', () => {
  it.each([
    [reInitCashierMessage(), { type: 'reInitCashier' }],
    [resetScrollMessage(), { type: 'reset-scroll' }],
    [myAccountRedirectMessage(), { type: 'redirect', path: '/my-account' }],
    [
      redirectToMessage('https://brand.example/x'),
      { type: 'redirectTo', url: 'https://brand.example/x' },
    ],
    [
      reInitCashierMessage({ outcome: 'success', url: 'https://brand.example/ok' }),
      { type: 'finish', outcome: 'success', url: 'https://brand.example/ok' },
    ],
    [
      reInitCashierMessage({ outcome: 'processing', url: null }),
      { type: 'finish', outcome: 'processing', url: null },
    ],
  ])('reads %j, as an object and as JSON text', (message, event) => {
    expect(readCashierEvent(message, WIDGET)).toEqual(event);
    expect(readCashierEvent(serializeHostMessage(message), WIDGET)).toEqual(event);
  });

  it('resolves a relative redirectTo address against the widget address (SPEC §2 cashier_in_new_tab)', () => {
    expect(readCashierEvent(redirectToMessage('/deposit?lang=en'), WIDGET)).toEqual({
      type: 'redirectTo',
      url: 'https://cashier.example.com/deposit?lang=en',
    });
  });

  it('reads a finish whose address is no http(s) one as a finish without an address', () => {
    const message = {
      target: 'cashier',
      type: 'reInitCashier',
      finish: { outcome: 'fail', url: 'javascript:alert(1)' },
    };
    expect(readCashierEvent(message, WIDGET)).toEqual({
      type: 'finish',
      outcome: 'fail',
      url: null,
    });
  });

  it.each([
    ['javascript:alert(document.cookie)'],
    ['  javascript:alert(1)'],
    ['java\nscript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['vbscript:msgbox(1)'],
  ])('refuses redirectTo %j', (url) => {
    expect(readCashierEvent(redirectToMessage(url), WIDGET)).toBeNull();
  });

  it.each([
    ['a command to the widget', setSessionIdMessage('s2')],
    ['an unknown type', { target: 'cashier', type: 'grow', height: 10 }],
    ['a resize without a whole height', { target: 'cashier', type: 'resize', height: 10.5 }],
    ['a result that is not final', { type: 'paymentResult', flow: 'deposit', status: 'await' }],
    ['another target', { target: 'other-widget', type: 'reInitCashier' }],
    ['text that is not JSON', 'reInitCashier'],
    ['a redirectTo without an address', { target: 'cashier', type: 'redirectTo' }],
    ['nothing', undefined],
  ])('ignores %s', (_name, data) => {
    expect(readCashierEvent(data, WIDGET)).toBeNull();
  });
});

describe('readCashierEvent: ready, resize and result (the domain owns their format)', () => {
  it('reads ready and resize', () => {
    expect(readCashierEvent(serializeHostMessage(readyMessage()), WIDGET)).toEqual({
      type: 'ready',
    });
    const resize = resizeMessage(734);
    expect(resize).not.toBeNull();
    if (resize === null) return;
    expect(readCashierEvent(serializeHostMessage(resize), WIDGET)).toEqual({
      type: 'resize',
      height: 734,
    });
  });

  it('reads the paymentResult message as the result event with every field', () => {
    const message = paymentResultMessage({
      flow: 'deposit',
      status: 'success',
      amount: '25.00',
      currency: 'EUR',
      transactionId: 'txn-9',
    });
    expect(message).not.toBeNull();
    if (message === null) return;
    expect(readCashierEvent(serializeHostMessage(message), WIDGET)).toEqual({
      type: 'result',
      flow: 'deposit',
      status: 'success',
      amount: '25.00',
      currency: 'EUR',
      transactionId: 'txn-9',
    });
  });

  it('never hands the host an amount that is not an exact decimal string', () => {
    expect(
      readCashierEvent(
        { type: 'paymentResult', flow: 'withdrawal', status: 'reversed', amount: 40.1 },
        WIDGET,
      ),
    ).toEqual({
      type: 'result',
      flow: 'withdrawal',
      status: 'reversed',
      amount: null,
      currency: null,
      transactionId: null,
    });
  });
});

describe('hostPathUrl (SPEC §1 the /my-account redirect)', () => {
  const HOST = 'https://brand.example/casino/cashier?x=1';

  it.each([
    ['/my-account', 'https://brand.example/my-account'],
    ['my-account', 'https://brand.example/casino/my-account'],
    ['https://brand.example/my-account', 'https://brand.example/my-account'],
    ['//evil.example/my-account', null],
    ['https://evil.example/my-account', null],
    ['javascript:alert(1)', null],
  ])('%s gives %s', (path, expected) => {
    expect(hostPathUrl(path, HOST)?.href ?? null).toBe(expected);
  });

  it('gives null when the host page is not http(s)', () => {
    expect(hostPathUrl('/my-account', 'about:blank')).toBeNull();
  });
});
