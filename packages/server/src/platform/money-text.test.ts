import { describe, expect, it } from 'vitest';
import {
  figureAtPrecision,
  moneyAtPrecision,
  optionalFigureAtPrecision,
  plainDecimal,
} from './money-text';

describe('stored numerics as decimal text', () => {
  it('shows money at the currency precision and never more than there is', () => {
    expect(moneyAtPrecision('10.5090000000', 2)).toBe('10.50');
    expect(moneyAtPrecision('10.5000000000', 2)).toBe('10.50');
    expect(moneyAtPrecision('7.9990000000', 0)).toBe('7');
    expect(moneyAtPrecision('1.2345000000', 3)).toBe('1.234');
  });

  it('writes a configured figure at the currency precision, rounded half-up', () => {
    expect(figureAtPrecision('5', 2)).toBe('5.00');
    expect(figureAtPrecision('10.0050000000', 2)).toBe('10.01');
    expect(figureAtPrecision('10.0049000000', 2)).toBe('10.00');
    expect(optionalFigureAtPrecision(null, 2)).toBeNull();
    expect(optionalFigureAtPrecision('2.5', 0)).toBe('3');
  });

  it('keeps every digit of a rate or a webhook amount', () => {
    expect(plainDecimal('1.5000000000')).toBe('1.5');
    expect(plainDecimal('0.0012500000')).toBe('0.00125');
    expect(plainDecimal('10.0000000000')).toBe('10');
  });
});
