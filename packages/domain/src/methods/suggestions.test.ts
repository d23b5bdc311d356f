import { describe, expect, it } from 'vitest';
import { carouselMethods, isCarouselVisible, quickSuggestions } from './suggestions';
import { method } from './test/method-fixture';

const RESTRICTED = '2030-01-01T00:00:00Z';

describe('quick suggestions (SPEC §4, §9 limit 2)', () => {
  it('removes the last used method and keeps at most 2 enabled, unrestricted methods', () => {
    const methods = [
      method({ id: 1, lastUsed: true }),
      method({ id: 2, enabled: false }),
      method({ id: 3, restrictedUntil: RESTRICTED }),
      method({ id: 4 }),
      method({ id: 5 }),
      method({ id: 6 }),
    ];
    expect(quickSuggestions(methods).map((m) => m.id)).toEqual([4, 5]);
  });

  it.each([
    [{ lastUsedMethodId: 4 }, [5, 6]],
    [{ lastUsedMethodId: null }, [4, 5]],
    [{ limit: 1 }, [4]],
    [{ limit: 3 }, [4, 5, 6]],
    [{ limit: 0 }, []],
    [{ limit: -2 }, []],
    [{ limit: 1.5 }, []],
  ])('with options %j suggests %j', (options, ids) => {
    const methods = [method({ id: 4 }), method({ id: 5 }), method({ id: 6 })];
    expect(quickSuggestions(methods, options).map((m) => m.id)).toEqual(ids);
  });

  it('gives an empty list when nothing qualifies', () => {
    expect(quickSuggestions([method({ lastUsed: true }), method({ enabled: false })])).toEqual([]);
  });
});

describe('carousel methods (SPEC §4, §9 limit 5)', () => {
  const flagged = (id: number, extra = {}) => method({ id, showInCarousel: true, ...extra });

  it('keeps at most 5 enabled, unrestricted methods flagged show_in_carousel, in order', () => {
    const methods = [
      flagged(1),
      method({ id: 2 }),
      flagged(3, { enabled: false }),
      flagged(4, { restrictedUntil: RESTRICTED }),
      flagged(5),
      flagged(6),
      flagged(7),
      flagged(8),
      flagged(9),
    ];
    expect(carouselMethods(methods).map((m) => m.id)).toEqual([1, 5, 6, 7, 8]);
  });

  it.each([
    [9, [9, 1, 5, 6, 7]],
    [1, [1, 5, 6, 7, 8]],
    [6, [6, 1, 5, 7, 8]],
    [2, [1, 5, 6, 7, 8]],
    [3, [1, 5, 6, 7, 8]],
    [404, [1, 5, 6, 7, 8]],
    [null, [1, 5, 6, 7, 8]],
  ])('puts redirect method %j first only when it is eligible', (redirectMethodId, ids) => {
    const methods = [
      flagged(1),
      method({ id: 2 }),
      flagged(3, { enabled: false }),
      flagged(5),
      flagged(6),
      flagged(7),
      flagged(8),
      flagged(9),
    ];
    expect(carouselMethods(methods, { redirectMethodId }).map((m) => m.id)).toEqual(ids);
  });

  it('takes a custom limit', () => {
    expect(carouselMethods([flagged(1), flagged(2)], { limit: 1 }).map((m) => m.id)).toEqual([1]);
  });
});

describe('carousel visibility (SPEC §2)', () => {
  it.each([
    [true, false, 2, true],
    [true, false, 5, true],
    [true, false, 1, false],
    [true, false, 0, false],
    [false, false, 3, false],
    [true, true, 3, false],
    [false, true, 3, false],
  ])(
    'initial load done %s, switched off %s, %i methods: shown %s',
    (initialLoadDone, carouselSwitchedOff, methodCount, expected) => {
      expect(
        isCarouselVisible({ initialLoadDone, carouselSwitchedOff, methodCount, brand: 'COM' }),
      ).toBe(expected);
    },
  );

  it.each([
    ['brand32', false],
    ['BRAND32', false],
    ['brand3', true],
    ['brand320', true],
    ['COM', true],
  ])('SPEC §9: brand %s shown the carousel: %s', (brand, expected) => {
    const visible = { initialLoadDone: true, carouselSwitchedOff: false, methodCount: 3 };
    expect(isCarouselVisible({ ...visible, brand })).toBe(expected);
  });
});
