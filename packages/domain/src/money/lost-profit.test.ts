import { describe, expect, it } from 'vitest';
import { lostProfitRibbon } from './lost-profit';

describe('lost-profit ribbon (SPEC §3, §5)', () => {
  it.each([
    [[{ percent_value: 5 }], { percent: '5', absolute: null, isMaximum: false }],
    [[{ absolute_value: '10.50' }], { percent: null, absolute: '10.5', isMaximum: false }],
    [[{ percent_value: 5, absolute_value: 3 }], { percent: '5', absolute: '3', isMaximum: false }],
    [
      [
        { percent_value: 5, absolute_value: 20 },
        { percent_value: '12.5', absolute_value: 10 },
        { percent_value: 7 },
      ],
      { percent: '12.5', absolute: '20', isMaximum: true },
    ],
    [
      [{ percent_value: 3 }, { percent_value: 'x', absolute_value: -4 }],
      { percent: '3', absolute: null, isMaximum: true },
    ],
  ])('tiers %j read as %j (SPEC §3, §5)', (tiers, expected) => {
    expect(lostProfitRibbon(tiers)).toEqual(expected);
  });

  it.each([[[]], [null], [undefined], [[{ percent_value: 0, absolute_value: 0 }]], [[{}]]])(
    'shows no ribbon for %j (SPEC §3, §5)',
    (tiers) => {
      expect(lostProfitRibbon(tiers)).toBeNull();
    },
  );
});
