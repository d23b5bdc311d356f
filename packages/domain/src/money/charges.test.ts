import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ChargeInput } from './charges';
import { paymentCharges } from './charges';
import { FEE_MODEL_CASES } from './fee-cases';
import { computeTax } from './tax';
import type { TaxTier } from './tax';

const EUR = { flow: 'deposit', precision: 2 } as const;
const TIERS: readonly TaxTier[] = [
  { from: '0', to: '100', percent_value: '0', absolute_value: '0' },
  { from: '100', to: '1000', percent_value: '10', absolute_value: '0' },
  { from: '1000', to: null, percent_value: '20', absolute_value: '0' },
];
const FLAT = (percent: string): readonly TaxTier[] => [{ from: '0', percent_value: percent }];

describe('fees (SPEC §3 currencies[0].fee and merchant_user_fee, SPEC §5 fee; docs/fees.md)', () => {
  it.each(FEE_MODEL_CASES.map((feeCase) => [feeCase.name, feeCase] as const))(
    'SPEC §5: %s',
    (_name, feeCase) => {
      expect(
        paymentCharges({
          flow: feeCase.flow,
          amount: feeCase.amount,
          precision: feeCase.precision,
          fee: feeCase.methodFee,
          merchantUserFee: feeCase.merchantUserFee,
        }),
      ).toMatchObject({ amount: feeCase.amount, ...feeCase.expected });
    },
  );

  it('SPEC §5: the player pays the merchant user fee only; the method fee is reported, never added (2% + 1.5% + 0.30 on 100: pays 101.80)', () => {
    expect(
      paymentCharges({
        ...EUR,
        amount: '100',
        fee: '2%',
        merchantUserFee: { percentage: '1.5', fix: '0.30' },
      }),
    ).toEqual({
      amount: '100.00',
      methodFee: '2.00',
      merchantFee: '1.80',
      fee: '1.80',
      tax: '0.00',
      taxShown: false,
      nonTaxableAmount: null,
      bonus: '0.00',
      total: '101.80',
      net: '100.00',
    });
  });

  it('SPEC §5: each fee is rounded half up to the currency precision (2% of 12.34 is 0.2468 → 0.25)', () => {
    expect(
      paymentCharges({ ...EUR, amount: '12.34', merchantUserFee: { percentage: '2%' } }),
    ).toMatchObject({ merchantFee: '0.25', fee: '0.25', total: '12.59' });
    expect(
      paymentCharges({
        flow: 'deposit',
        precision: 0,
        amount: '1234',
        fee: '2%',
        merchantUserFee: { percentage: '2' },
      }),
    ).toMatchObject({ methodFee: '25', merchantFee: '25', fee: '25', total: '1259', net: '1234' });
  });

  it('SPEC §5: a withdrawal takes the merchant user fee from the amount, not the method fee: 150 − 3.00 fee − 5.00 tax = 142.00 received', () => {
    expect(
      paymentCharges({
        flow: 'withdrawal',
        precision: 2,
        amount: '150',
        fee: '4%',
        merchantUserFee: { percentage: '2' },
        taxTiers: TIERS,
      }),
    ).toEqual({
      amount: '150.00',
      methodFee: '6.00',
      merchantFee: '3.00',
      fee: '3.00',
      tax: '5.00',
      taxShown: true,
      nonTaxableAmount: '100.00',
      bonus: '0.00',
      total: '150.00',
      net: '142.00',
    });
  });
});

describe('tax (SPEC §5: per tier, 2 decimals; net rounded down, tax the remainder)', () => {
  it('SPEC §5: no tax at or below the non-taxable amount (80, 100), 10% above it (150 → 5.00)', () => {
    for (const amount of ['80', '100']) {
      expect(paymentCharges({ ...EUR, amount, taxTiers: TIERS })).toMatchObject({
        tax: '0.00',
        taxShown: false,
        nonTaxableAmount: '100.00',
        net: `${amount}.00`,
      });
    }
    expect(paymentCharges({ ...EUR, amount: '150', taxTiers: TIERS })).toMatchObject({
      tax: '5.00',
      taxShown: true,
      net: '145.00',
      total: '150.00',
    });
    expect(paymentCharges({ ...EUR, amount: '1500', taxTiers: TIERS })).toMatchObject({
      tax: '190.00',
      net: '1310.00',
    });
  });

  it('SPEC §5: a currency with 0 decimals credits whole units: 1.1% of 1123 JPY is 12.35, withheld 13, credited 1110', () => {
    expect(computeTax('1123', FLAT('1.1'))?.taxValue).toBe('12.35');
    expect(
      paymentCharges({ flow: 'deposit', precision: 0, amount: '1123', taxTiers: FLAT('1.1') }),
    ).toMatchObject({ amount: '1123', tax: '13', net: '1110', total: '1123', taxShown: true });
  });

  it('SPEC §5: a currency with 3 decimals: 10% of 10.555 KWD is 1.06, credited 9.495, tax 1.060', () => {
    expect(
      paymentCharges({ flow: 'deposit', precision: 3, amount: '10.555', taxTiers: FLAT('10') }),
    ).toMatchObject({ amount: '10.555', tax: '1.060', net: '9.495', nonTaxableAmount: '0.000' });
  });

  it('SPEC §5: a 0-decimal withdrawal pays whole units: 1000 JPY − 20 fee − 11.50 tax → 968 received, tax 12', () => {
    expect(
      paymentCharges({
        flow: 'withdrawal',
        precision: 0,
        amount: '1000',
        fee: '5%',
        merchantUserFee: { percentage: '2%' },
        taxTiers: FLAT('1.15'),
      }),
    ).toMatchObject({ methodFee: '50', fee: '20', tax: '12', net: '968', total: '1000' });
  });

  it('SPEC §5: a withdrawal’s tax never takes more than its fees leave; fees above the amount leave nothing', () => {
    const tiers = [{ from: '0', absolute_value: '5' }];
    expect(
      paymentCharges({
        flow: 'withdrawal',
        precision: 2,
        amount: '10',
        merchantUserFee: { fix: '9' },
        taxTiers: tiers,
      }),
    ).toMatchObject({ fee: '9.00', tax: '1.00', net: '0.00' });
    expect(
      paymentCharges({
        flow: 'withdrawal',
        precision: 2,
        amount: '1',
        merchantUserFee: { fix: '2' },
        taxTiers: tiers,
      }),
    ).toMatchObject({ fee: '2.00', tax: '0.00', taxShown: false, net: '-1.00' });
  });
});

describe('bonus (SPEC §5: at or above minDepositAmount, absolute first, percentage capped)', () => {
  const bonus = { percentBonusValue: '10', maxBonusValue: '20', minDepositAmount: '30' };

  it('SPEC §5: no bonus below minDepositAmount (29.99), 10% at it (30 → 3.00), capped at 20.00', () => {
    expect(paymentCharges({ ...EUR, amount: '29.99', bonus })?.bonus).toBe('0.00');
    expect(paymentCharges({ ...EUR, amount: '30', bonus })?.bonus).toBe('3.00');
    expect(paymentCharges({ ...EUR, amount: '500', bonus })?.bonus).toBe('20.00');
    expect(
      paymentCharges({ ...EUR, amount: '100', bonus: { ...bonus, absoluteBonusValue: '7.5' } })
        ?.bonus,
    ).toBe('7.50');
  });

  it('SPEC §5: the bonus is not part of net or total', () => {
    expect(paymentCharges({ ...EUR, amount: '100', bonus })).toMatchObject({
      bonus: '10.00',
      net: '100.00',
      total: '100.00',
    });
  });

  it('SPEC §5: no bonus on withdrawals', () => {
    expect(paymentCharges({ flow: 'withdrawal', precision: 2, amount: '100', bonus })?.bonus).toBe(
      '0.00',
    );
  });
});

describe('amount (SPEC §3 precision, §5)', () => {
  it.each(['0', '-5', 'abc', '', null, undefined, '0.001'])(
    'SPEC §5: no charges for %j (not a positive amount at precision 2)',
    (amount) => {
      expect(paymentCharges({ ...EUR, amount })).toBeNull();
    },
  );

  it('SPEC §3: the amount is taken at the currency precision, rounded down', () => {
    expect(paymentCharges({ ...EUR, amount: '10.019' })?.amount).toBe('10.01');
    expect(paymentCharges({ flow: 'deposit', precision: 0, amount: '10.9' })?.amount).toBe('10');
  });
});

/** A decimal text of at most `scale` decimals built from integer units, never from a float. */
function decimal(maxUnits: bigint, scale: number): fc.Arbitrary<string> {
  return fc.bigInt({ min: 0n, max: maxUnits }).map((units) => {
    const digits = units.toString().padStart(scale + 1, '0');
    return scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  });
}

const tier = fc.record({
  from: decimal(10n ** 6n, 2),
  to: fc.option(decimal(10n ** 8n, 2), { nil: null }),
  percent_value: fc.oneof(decimal(3_000n, 2), fc.constant('0')),
  absolute_value: fc.oneof(decimal(5_000n, 2), fc.constant('0')),
});

const chargeInput: fc.Arbitrary<ChargeInput> = fc
  .tuple(
    fc.constantFrom<'deposit' | 'withdrawal'>('deposit', 'withdrawal'),
    fc.constantFrom(0, 2, 3),
    fc.option(decimal(1_000n, 2), { nil: null }),
    fc.option(fc.record({ percentage: decimal(500n, 2), fix: decimal(10_000n, 3) }), {
      nil: null,
    }),
    fc.option(fc.array(tier, { maxLength: 4 }), { nil: null }),
  )
  .chain(([flow, precision, fee, merchantUserFee, taxTiers]) =>
    decimal(10n ** 12n, precision).map((amount): ChargeInput => ({
      flow,
      precision,
      amount,
      fee: fee === null ? null : `${fee}%`,
      merchantUserFee,
      taxTiers,
      bonus: { percentBonusValue: '5', minDepositAmount: '10' },
    })),
  );

/** Decimals written after the point of a decimal text. */
function places(text: string): number {
  return text.split('.')[1]?.length ?? 0;
}

describe('charges properties (SPEC §5, precision 0, 2 and 3)', () => {
  it('SPEC §5: amount = net + tax (deposit) and amount = net + fee + tax (withdrawal), exactly, every figure at precision', () => {
    fc.assert(
      fc.property(chargeInput, (input) => {
        const charges = paymentCharges(input);
        if (new Big(String(input.amount)).lte(0)) {
          expect(charges).toBeNull();
          return;
        }
        if (charges === null) throw new Error('charges expected for a positive amount');
        const amount = new Big(charges.amount);
        const net = new Big(charges.net);
        const fee = new Big(charges.fee);
        const tax = new Big(charges.tax);
        if (input.flow === 'deposit') {
          expect(net.plus(tax).eq(amount)).toBe(true);
          expect(new Big(charges.total).eq(amount.plus(fee))).toBe(true);
        } else {
          expect(net.plus(fee).plus(tax).eq(amount)).toBe(true);
          expect(charges.total).toBe(charges.amount);
          expect(charges.bonus).toBe(new Big(0).toFixed(input.precision));
        }
        // SPEC §5 fee (docs/fees.md): the player pays the merchant user fee; the method fee is the
        // operator's, in no figure the player pays or receives.
        expect(charges.fee).toBe(charges.merchantFee);
        const withoutMethodFee = paymentCharges({ ...input, fee: null });
        expect({ ...withoutMethodFee, methodFee: charges.methodFee }).toEqual(charges);
        expect(tax.gte(0)).toBe(true);
        expect(charges.taxShown).toBe(tax.gt(0));
        const figures = [
          charges.amount,
          charges.methodFee,
          charges.merchantFee,
          charges.fee,
          charges.tax,
          charges.bonus,
          charges.total,
          charges.net,
        ];
        for (const figure of figures) expect(places(figure)).toBe(input.precision);
      }),
      { numRuns: 400 },
    );
  });

  it('SPEC §5: the tax withheld is the tier tax, plus less than one unit of the currency when it is shown', () => {
    fc.assert(
      fc.property(chargeInput, (input) => {
        const charges = paymentCharges({ ...input, flow: 'deposit' });
        const computed = computeTax(input.amount, input.taxTiers);
        if (charges === null || computed === null) return;
        const tax = new Big(charges.tax);
        if (!computed.shown) {
          expect(tax.eq(0)).toBe(true);
          return;
        }
        const unit = new Big(1).div(new Big(10).pow(input.precision));
        const extra = tax.minus(computed.taxValue);
        expect(extra.gte(0) && extra.lt(unit)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });
});
