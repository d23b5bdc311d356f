import { describe, expect, it } from 'vitest';
import { logoImage } from './logo-image';

describe('method logos by theme and density (SPEC §7 /assets/images/{theme}/{density}/)', () => {
  it('SPEC §7: a logo under the images folder is taken from the page theme, at every density', () => {
    expect(logoImage('/assets/images/brand0/2x/visa_mastercard.png', 'brand1', 3)).toEqual({
      src: '/assets/images/brand1/3x/visa_mastercard.png',
      srcSet:
        '/assets/images/brand1/1x/visa_mastercard.png 1x, /assets/images/brand1/2x/visa_mastercard.png 2x, /assets/images/brand1/3x/visa_mastercard.png 3x',
    });
  });

  it.each([
    [1, '1x'],
    [1.25, '1x'],
    [1.5, '2x'],
    [2, '2x'],
    [2.5, '3x'],
    [4, '3x'],
  ])(
    'SPEC §7: a screen of pixel ratio %s gets the %s image as its plain source',
    (ratio, density) => {
      expect(logoImage('https://cdn.example/assets/images/x/1x/a.png', 'brand0', ratio).src).toBe(
        `https://cdn.example/assets/images/brand0/${density}/a.png`,
      );
    },
  );

  it('keeps a query the operator put on the address', () => {
    expect(logoImage('/assets/images/brand0/1x/a.png?v=3', 'brand0', 1).src).toBe(
      '/assets/images/brand0/1x/a.png?v=3',
    );
  });

  it.each([
    '/assets/logos/ewallet.svg',
    'https://cdn.example/logo.png',
    '/assets/images/brand0/a.png',
    '/assets/images/brand0/4x/a.png',
  ])('shows any other address as configured: %s', (uri) => {
    expect(logoImage(uri, 'brand1', 2)).toEqual({ src: uri, srcSet: null });
  });

  it('does not put a theme name that is not a path segment into the address', () => {
    expect(logoImage('/assets/images/brand0/2x/a.png', '../x', 2)).toEqual({
      src: '/assets/images/brand0/2x/a.png',
      srcSet: null,
    });
  });
});
