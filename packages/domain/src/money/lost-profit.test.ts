import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paymentCharges } from './charges';
import { depositBonus, lostProfitBonusInfo, lostProfitRibbon } from './lost-profit';

/** The demo brand's Crypto tiers (packages/server/src/db/seed-data/brand0.ts). */
const DEMO_TIERS = [
  { from: '20', to: '100', percent_value: '5', absolute_value: null },
  { from: '100', to: null, percent_value: '7', absolute_value: '15' },
];

describe('lost-profit ribbon (SPEC §3, §5)', () => {
  it.each([
    [[{ percent_value: 5 }], { percent: '5', absolute: null, isMaximum: false }],
    [[{ absolute_value: '10.50' }], { percent: null, absolute: '10.5', isMaximum: false }],
    // The absolute value wins in its tier (SPEC §5 bonus rule): its percentage is never paid.
    [[{ percent_value: 5, absolute_value: 3 }], { percent: null, absolute: '3', isMaximum: false }],
    [
      [
        { percent_value: 5, absolute_value: 20 },
        { percent_value: '12.5', absolute_value: 10 },
        { percent_value: 7 },
      ],
      { percent: '7', absolute: '20', isMaximum: true },
    ],
    [
      [{ percent_value: 3 }, { percent_value: 'x', absolute_value: -4 }],
      { percent: '3', absolute: null, isMaximum: true },
    ],
    [DEMO_TIERS, { percent: '5', absolute: '15', isMaximum: true }],
  ])('SPEC §5: tiers %j read as %j', (tiers, expected) => {
    expect(lostProfitRibbon(tiers)).toEqual(expected);
  });

  it.each([[[]], [null], [undefined], [[{ percent_value: 0, absolute_value: 0 }]], [[{}]]])(
    'SPEC §5: shows no ribbon for %j',
    (tiers) => {
      expect(lostProfitRibbon(tiers)).toBeNull();
    },
  );
});

describe('the lost-profit bonus a deposit earns (SPEC §5 bonus rule)', () => {
  it.each([
    ['19.99', null],
    ['20', '1.00'],
    ['60', '3.00'],
    ['99.99', '4.99'],
    ['100', '15.00'],
    ['5000', '15.00'],
  ])('SPEC §5: a deposit of %s EUR in the demo tiers earns %s', (amount, bonus) => {
    expect(depositBonus(amount, { lostProfitTiers: DEMO_TIERS }, { precision: 2 })).toBe(bonus);
  });

  it('SPEC §5: the player bonus and the lost-profit bonus are both paid, each rounded down', () => {
    const offers = {
      bonus: { percentBonusValue: '10', maxBonusValue: '50', minDepositAmount: '20' },
      lostProfitTiers: DEMO_TIERS,
    };
    // 6.055 and 3.0275, each rounded down: 6.05 + 3.02.
    expect(depositBonus('60.55', offers, { precision: 2 })).toBe('9.07');
    expect(paymentCharges({ flow: 'deposit', amount: '60', precision: 2, ...offers })?.bonus).toBe(
      '9.00',
    );
    // A withdrawal earns none.
    expect(
      paymentCharges({ flow: 'withdrawal', amount: '60', precision: 2, ...offers })?.bonus,
    ).toBe('0.00');
  });

  it('SPEC §5: a tier is chosen by the amount, the boundary belonging to the higher tier (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (cents) => {
        const amount = (cents / 100).toFixed(2);
        const info = lostProfitBonusInfo(DEMO_TIERS, amount);
        const value = Number(amount);
        if (value < 20) expect(info).toBeNull();
        else if (value < 100) expect(info).toMatchObject({ percentBonusValue: '5' });
        else expect(info).toMatchObject({ absoluteBonusValue: '15' });
        // Never more than the ribbon promises: 5 % of the amount, or 15.00.
        const bonus = Number(depositBonus(amount, { lostProfitTiers: DEMO_TIERS }) ?? 0);
        expect(bonus <= 15 && (value >= 100 || bonus <= value * 0.05 + 1e-9)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
