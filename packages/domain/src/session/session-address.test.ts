import { describe, expect, it } from 'vitest';
import { addressForNewSession, addressWithSessionId } from './session-address';

describe('reload with a new session id (SPEC §4 session)', () => {
  it.each([
    ['/deposit?lang=en&session_id=old', 'new', '/deposit?lang=en&session_id=new'],
    ['https://a.b/deposit', 's1', 'https://a.b/deposit?session_id=s1'],
    ['/deposit?cashier_session_id=c&x=1#h', 's 2', '/deposit?x=1&session_id=s+2#h'],
    [{ href: '/withdrawal?x=1' }, ' ', '/withdrawal?x=1'],
    ['//a.b/deposit?session_id=a&session_id=b#h', 'c', '//a.b/deposit?session_id=c#h'],
    ['https://a.b/deposit?x=%20', 's', 'https://a.b/deposit?x=+&session_id=s'],
    ['deposit?lang=en', 's', '/deposit?lang=en&session_id=s'],
    ['https://a b/deposit', 's', 'https://a b/deposit'],
  ])('%j with %j is %j', (address, sessionId, expected) => {
    expect(addressWithSessionId(address, sessionId)).toBe(expected);
  });
});

describe('the address of a new session handed over by the host (SPEC §4 session)', () => {
  it.each([
    // A result page starts over at its flow's main page: no loop back to the finished payment.
    [
      'https://c.example/deposit/deposit-success?session_id=old&lang=en-brand0&transaction_id=t1',
      'new',
      'https://c.example/deposit?lang=en-brand0&session_id=new',
    ],
    [
      '/withdrawal/withdrawal-error?transaction_id=t2&theme=brand0',
      's',
      '/withdrawal?theme=brand0&session_id=s',
    ],
    ['/deposit/deposit-processing?session_id=a', 'b', '/deposit?session_id=b'],
    // Any other page reloads where it is (SPEC §4), as addressWithSessionId does.
    ['/deposit/visa?session_id=old&lang=en', 'new', '/deposit/visa?lang=en&session_id=new'],
    ['/deposit?session_id=old', 'new', '/deposit?session_id=new'],
    [
      '/deposit/deposit-success?transaction_id=t1',
      ' ',
      '/deposit/deposit-success?transaction_id=t1',
    ],
  ])('%s with %j is %s', (address, sessionId, expected) => {
    expect(addressForNewSession(address, sessionId)).toBe(expected);
  });
});
