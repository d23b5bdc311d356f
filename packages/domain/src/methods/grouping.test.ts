import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupMethods, sortByArrangement } from './grouping';
import { method } from './test/method-fixture';

describe('method grouping (SPEC §4 Method grouping)', () => {
  it.each([
    ['disabled', { enabled: false, isPopular: true, isLostProfit: true }],
    ['disabled', { restrictedUntil: '2030-01-01T00:00:00Z', isPopular: true }],
    ['popular', { isPopular: true, isLostProfit: true }],
    ['lostProfit', { isLostProfit: true }],
    ['regular', {}],
  ] as const)('puts a method into %s: %j', (group, overrides) => {
    const subject = method(overrides);
    const groups = groupMethods([subject]);
    expect(groups[group]).toEqual([subject]);
    const total =
      groups.popular.length +
      groups.lostProfit.length +
      groups.regular.length +
      groups.disabled.length;
    expect(total).toBe(1);
  });

  it('sorts each group by arrangement descending', () => {
    const groups = groupMethods([
      method({ id: 1, arrangement: 1 }),
      method({ id: 2, arrangement: 5, isPopular: true }),
      method({ id: 3, arrangement: 9 }),
      method({ id: 4, arrangement: 7, isPopular: true }),
      method({ id: 5, arrangement: 3, enabled: false }),
      method({ id: 6, arrangement: 8, enabled: false }),
    ]);
    expect(groups.popular.map((m) => m.id)).toEqual([4, 2]);
    expect(groups.regular.map((m) => m.id)).toEqual([3, 1]);
    expect(groups.disabled.map((m) => m.id)).toEqual([6, 5]);
    expect(groups.lostProfit).toEqual([]);
  });

  it('gives four empty groups for no methods', () => {
    expect(groupMethods([])).toEqual({ popular: [], lostProfit: [], regular: [], disabled: [] });
  });
});

describe('arrangement sort (SPEC §4)', () => {
  it('keeps the received order for equal arrangement (stable)', () => {
    const sorted = sortByArrangement([
      { id: 'a', arrangement: 1 },
      { id: 'b', arrangement: 2 },
      { id: 'c', arrangement: 1 },
      { id: 'd', arrangement: 2 },
    ]);
    expect(sorted.map((m) => m.id)).toEqual(['b', 'd', 'a', 'c']);
  });

  it('counts a non-finite arrangement as 0', () => {
    const sorted = sortByArrangement([
      { id: 'nan', arrangement: Number.NaN },
      { id: 'neg', arrangement: -1 },
      { id: 'pos', arrangement: 1 },
    ]);
    expect(sorted.map((m) => m.id)).toEqual(['pos', 'nan', 'neg']);
  });

  it('does not change its input', () => {
    const input = [{ arrangement: 1 }, { arrangement: 2 }];
    sortByArrangement(input);
    expect(input).toEqual([{ arrangement: 1 }, { arrangement: 2 }]);
  });

  it('is a descending, stable permutation (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -5, max: 5 })), (arrangements) => {
        const input = arrangements.map((arrangement, index) => ({ arrangement, index }));
        const sorted = sortByArrangement(input);
        expect(sorted).toHaveLength(input.length);
        for (let i = 1; i < sorted.length; i += 1) {
          const before = sorted[i - 1];
          const after = sorted[i];
          if (before === undefined || after === undefined) throw new Error('unreachable');
          expect(before.arrangement).toBeGreaterThanOrEqual(after.arrangement);
          if (before.arrangement === after.arrangement) {
            expect(before.index).toBeLessThan(after.index);
          }
        }
      }),
      { numRuns: 100 },
    );
  });
});
