import { describe, expect, it } from 'vitest';
import { buildRequestHeaders, parseSessionExpiresIn } from './headers';

describe('request headers (SPEC §6, §7)', () => {
  it.each([
    [{ sessionId: 's1' }, { ok: true, headers: { 'x-session-id': 's1' } }],
    [
      { sessionId: ' s1 ', fingerprint: '' },
      { ok: true, headers: { 'x-session-id': 's1' } },
    ],
    [
      { sessionId: 's1', fingerprint: 'fp' },
      { ok: true, headers: { 'x-session-id': 's1', 'X-Fingerprint': 'fp' } },
    ],
    [
      { sessionId: 's1', fingerprint: null },
      { ok: true, headers: { 'x-session-id': 's1' } },
    ],
  ])('%j gives %j', (input, expected) => {
    expect(buildRequestHeaders(input)).toEqual(expected);
  });

  it.each([
    [{ sessionId: null }],
    [{ sessionId: undefined }],
    [{ sessionId: '  ', fingerprint: 'fp' }],
  ])('%j is the no sessionId error (SPEC §8)', (input) => {
    expect(buildRequestHeaders(input)).toEqual({
      ok: false,
      error: { code: 'no-session-id', message: 'no sessionId' },
    });
  });
});

describe('the session end header (SPEC §4)', () => {
  it.each<[string | null, number | null]>([
    ['899000', 899_000],
    [' 42 ', 42],
    ['0', 0],
    ['86400000', 86_400_000],
    ['86400001', null],
    ['-5', null],
    ['1.5', null],
    ['1e6', null],
    ['', null],
    [null, null],
  ])('reads %j as %j', (value, expected) => {
    expect(parseSessionExpiresIn(value)).toBe(expected);
  });
});
