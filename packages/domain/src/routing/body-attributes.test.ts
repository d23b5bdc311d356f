import { describe, expect, it } from 'vitest';
import { bodyDataAttributes, textDirection } from './body-attributes';

describe('text direction (SPEC §2: dir rtl or ltr)', () => {
  it.each([
    ['ar', 'rtl'],
    ['he', 'rtl'],
    ['fa_IR', 'rtl'],
    ['UR-XX', 'rtl'],
    ['ckb', 'rtl'],
    ['en', 'ltr'],
    ['ku', 'ltr'],
    ['', 'ltr'],
    [null, 'ltr'],
    [undefined, 'ltr'],
  ])('%j is %s', (lang, expected) => {
    expect(textDirection(lang)).toBe(expected);
  });

  it('accepts its own list of right-to-left languages', () => {
    expect(textDirection('en', ['en'])).toBe('rtl');
    expect(textDirection('ar', ['he'])).toBe('ltr');
  });
});

describe('body data attributes (SPEC §2)', () => {
  it('carries currency, payGroupId, definedTheme, themeName and dir', () => {
    expect(
      bodyDataAttributes({
        currency: 'EUR',
        payGroupId: 42,
        definedTheme: 'brand3',
        themeName: 'brand3',
        lang: 'he-XX',
      }),
    ).toEqual({
      currency: 'EUR',
      payGroupId: '42',
      definedTheme: 'brand3',
      themeName: 'brand3',
      dir: 'rtl',
    });
  });

  it('leaves unknown or empty values out', () => {
    expect(
      bodyDataAttributes({
        currency: ' ',
        payGroupId: null,
        themeName: 'brand0',
        lang: undefined,
      }),
    ).toEqual({ themeName: 'brand0', dir: 'ltr' });
  });
});
