import { describe, expect, it } from 'vitest';
import { addressWithSessionId } from './session-address';

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
