import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import { PAYMENT_METHOD_KINDS } from '../payment-provider';
import { METHOD_KIND_OUTCOMES, amountRuleFor, formatDuration } from './method-outcomes';

describe('sandbox outcome tables (SPEC §1 method kinds)', () => {
  it('documents every method kind once, in the order of PAYMENT_METHOD_KINDS', () => {
    expect(METHOD_KIND_OUTCOMES.map((row) => row.kind)).toEqual([...PAYMENT_METHOD_KINDS]);
  });

  it.each([
    ['10.13', 'decline'],
    ['0.13', 'decline'],
    ['7.130', 'decline'],
    ['10.14', 'decline_later'],
    ['10.15', 'process'],
    ['10.131', undefined],
    ['13', undefined],
    ['10.00', undefined],
  ])('reads the amount %s as %s', (amount, effect) => {
    expect(amountRuleFor(new Big(amount))?.effect).toBe(effect);
  });

  it.each([
    [86_400_000, '24 h'],
    [900_000, '15 min'],
    [5_000, '5 s'],
    [0, '0 s'],
    [1_500, '1500 ms'],
  ])('writes %i ms as %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});
