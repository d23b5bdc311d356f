import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  myAccountRedirectMessage,
  parseHostMessage,
  reInitCashierMessage,
  redirectToMessage,
  resetScrollMessage,
  serializeHostMessage,
  setSessionIdMessage,
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
  ])('%j serialises as %s', (message, json) => {
    expect(serializeHostMessage(message)).toBe(json);
  });

  it.each([
    [reInitCashierMessage()],
    [setSessionIdMessage('s1')],
    [redirectToMessage('/x')],
    [myAccountRedirectMessage()],
    [resetScrollMessage()],
  ])('%j round-trips through JSON', (message) => {
    expect(parseHostMessage(serializeHostMessage(message))).toEqual(message);
    expect(parseHostMessage(message)).toEqual(message);
  });
});

describe('incoming host messages (SPEC §1, §4)', () => {
  it.each([
    [{ type: 'reInitCashier' }, reInitCashierMessage()],
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
