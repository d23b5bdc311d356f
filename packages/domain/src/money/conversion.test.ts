import { describe, expect, it } from 'vitest';
import { convertToProcessingCurrency } from './conversion';

describe('processing currency conversion (SPEC §3)', () => {
  it.each([
    ['100', { alpha3: 'usd', rate: '1.0845', precision: 2 }, { amount: '108.45', currency: 'USD' }],
    ['33.33', { alpha3: 'EUR', rate: 0.9, precision: 2 }, { amount: '30.00', currency: 'EUR' }],
    [
      '1000',
      { alpha3: 'JPY', rate: '161.2345', precision: 0 },
      { amount: '161235', currency: 'JPY' },
    ],
    [
      '0.1',
      { alpha3: 'BTC', rate: '0.0000153', precision: 8 },
      { amount: '0.00000153', currency: 'BTC' },
    ],
    ['10', { alpha3: 'EUR', rate: '0.333' }, { amount: '3.33', currency: 'EUR' }],
    ['0', { alpha3: 'EUR', rate: '2' }, { amount: '0.00', currency: 'EUR' }],
    // Without a precision: the currency's ISO 4217 minor unit.
    ['100', { alpha3: 'JPY', rate: '161.2345' }, { amount: '16123', currency: 'JPY' }],
    ['100', { alpha3: 'KWD', rate: '0.30715' }, { amount: '30.715', currency: 'KWD' }],
    ['100', { alpha3: 'XQQ', rate: '1.2345' }, { amount: '123.45', currency: 'XQQ' }],
  ])('converts %s with %j to %j (SPEC §3)', (amount, target, expected) => {
    expect(convertToProcessingCurrency(amount, target)).toEqual(expected);
  });

  it.each([
    ['100', { alpha3: 'USD', rate: 0 }],
    ['100', { alpha3: 'USD', rate: '-1' }],
    ['100', { alpha3: 'USD', rate: 'x' }],
    ['100', { alpha3: 'USD', rate: null }],
    ['100', { alpha3: ' ', rate: '1' }],
    ['-1', { alpha3: 'USD', rate: '1' }],
    ['abc', { alpha3: 'USD', rate: '1' }],
    ['100', null],
    ['100', undefined],
  ])('gives no conversion for %s with %j (SPEC §3)', (amount, target) => {
    expect(convertToProcessingCurrency(amount, target)).toBeNull();
  });
});
