import { describe, expect, it } from 'vitest';
import { isSupportedTheme, parseThemeName, resolveTheme } from './theme';

describe('theme names (SPEC §1 brand followed by digits; an operator may choose any [a-z0-9_-]{1,32})', () => {
  it.each([
    ['brand0', 'brand0'],
    [' Brand12 ', 'brand12'],
    ['summer_26-dark', 'summer_26-dark'],
    ['a'.repeat(32), 'a'.repeat(32)],
    ['a'.repeat(33), null],
    ['', null],
    ['my theme', null],
    ['x;y', null],
    ['<b>', null],
    [1, null],
    [null, null],
  ])('%j reads as %j', (value, expected) => {
    expect(parseThemeName(value)).toBe(expected);
  });
});

describe('theme source (SPEC §2: query, then local_theme, then brand0)', () => {
  it.each([
    [
      { queryTheme: 'brand3', storedTheme: 'brand2' },
      { theme: 'brand3', source: 'query' },
    ],
    [
      { queryTheme: 'not a theme', storedTheme: 'brand2' },
      { theme: 'brand2', source: 'stored' },
    ],
    [
      { queryTheme: null, storedTheme: 'no pe' },
      { theme: 'brand0', source: 'default' },
    ],
    [{}, { theme: 'brand0', source: 'default' }],
    [{ defaultTheme: 'brand7' }, { theme: 'brand7', source: 'default' }],
    [{ defaultTheme: 'oo ps' }, { theme: 'brand0', source: 'default' }],
  ])('%j resolves to %j', (candidates, expected) => {
    expect(resolveTheme(candidates)).toEqual(expected);
  });
});

describe('theme gating (SPEC §2: main screen only for a supported theme)', () => {
  it.each([
    ['brand0', ['brand0', 'brand3'], true],
    ['BRAND3', ['brand0', 'brand3'], true],
    ['brand4', ['brand0', 'brand3'], false],
    ['brand0', [], false],
    ['x y', ['x y'], false],
    [undefined, ['brand0'], false],
  ])('%j with %j renders: %j', (theme, supported, expected) => {
    expect(isSupportedTheme(theme, supported)).toBe(expected);
  });
});
