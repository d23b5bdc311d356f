import { describe, expect, it } from 'vitest';
import { safeReturn } from './return-address';

describe('the address to return to after signing in', () => {
  it('is a path of the back office as given, query and all', () => {
    expect(safeReturn('/transactions?status=error&flow=deposit')).toBe(
      '/transactions?status=error&flow=deposit',
    );
    expect(safeReturn('/players/p-17')).toBe('/players/p-17');
  });

  it.each([
    ['none', null],
    ['another site', '//evil.example/steal'],
    ['another site, backslash', '/\\evil.example'],
    ['an absolute address', 'https://evil.example/'],
    ['a script address', 'javascript:alert(1)'],
    ['the sign-in page itself', '/sign-in?return=/x'],
    ['the set-password page', '/set-password'],
  ])('is the home page for %s', (_case, value) => {
    expect(safeReturn(value)).toBe('/');
  });
});
