import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MASK_DIGIT,
  applyPhoneMask,
  formatPhoneNumber,
  maskDigitCount,
  selectPhoneMask,
} from './mask';
import { phoneDigits } from './sanitize';

const MASKS = ['XX XXX', 'XXX XXX XXX', 'XXXXXXXXX'];

describe('phone mask chosen by digit count (SPEC §5)', () => {
  it.each([
    [5, 'XX XXX'],
    [9, 'XXX XXX XXX'],
    [0, 'XX XXX'],
    [3, 'XX XXX'],
    [6, 'XXX XXX XXX'],
    [12, 'XXX XXX XXX'],
  ])('%i digits take %j', (count, mask) => {
    expect(selectPhoneMask(MASKS, count)).toBe(mask);
  });

  it('picks the shortest of several longer masks, whatever their order', () => {
    expect(selectPhoneMask(['XXXXXXX', 'XXXXX', 'XXXXXX'], 4)).toBe('XXXXX');
    expect(selectPhoneMask(['XXX', 'XXXXXXX', 'XXXXX'], 9)).toBe('XXXXXXX');
  });

  it('gives null without masks', () => {
    expect(selectPhoneMask([], 5)).toBeNull();
  });

  it.each([
    ['XX XXX XXXX', 9],
    ['(XXX) XXX-XXXX', 10],
    ['', 0],
    ['x X', 1],
  ])('%j holds %i digits (X stands for a digit, SPEC §3)', (mask, count) => {
    expect(maskDigitCount(mask)).toBe(count);
    expect(MASK_DIGIT).toBe('X');
  });
});

describe('phone mask applied to digits (SPEC §5)', () => {
  it.each([
    ['501234567', 'XX XXX XXXX', '50 123 4567'],
    ['50', 'XX XXX XXXX', '50'],
    ['501', 'XX XXX XXXX', '50 1'],
    ['', 'XX XXX XXXX', ''],
    ['5012345678901', 'XX XXX XXXX', '50 123 45678901'],
    ['21', '(XXX) XXX-XXXX', '(21'],
    ['2133', '(XXX) XXX-XXXX', '(213) 3'],
    ['2133734253', '(XXX) XXX-XXXX', '(213) 373-4253'],
    ['50-12', 'XX XXX XXXX', '50 12'],
    ['12345', null, '12345'],
    ['12a', null, '12'],
  ])('%j in %j shows %j', (digits, mask, shown) => {
    expect(applyPhoneMask(digits, mask)).toBe(shown);
  });

  it('loses and adds no digit (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('0', '7', '9'), maxLength: 20 }),
        fc.string({ unit: fc.constantFrom('X', ' ', '-', '(', ')'), maxLength: 15 }),
        (digits, mask) => {
          expect(applyPhoneMask(digits, mask).replace(/\D/g, '')).toBe(digits);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('phone number as shown (SPEC §5)', () => {
  it.each([
    ['+380501234567', '+380 50 123 4567'],
    ['380501234567', '+380 50 123 4567'],
    ['+38050', '+380 50'],
    ['+380', '+380'],
    ['+38', '+38'],
    ['+79123456789', '+7 912 345-67-89'],
    ['+12133734253', '+1 213-373-4253'],
    ['+14165551234', '+1 416-555-1234'],
    ['+18762101234', '+1876 210-1234'],
    ['+18292345678', '+1829 234-5678'],
    ['+4915123456789', '+49 1512 3456789'],
    ['+999123', '+999123'],
    ['', ''],
    ['+', ''],
  ])('%j shows as %j', (value, shown) => {
    expect(formatPhoneNumber(value)).toBe(shown);
  });

  it('keeps every digit of the value (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('+', '1', '3', '4', '7', '8', '0'), maxLength: 20 }),
        (value) => {
          expect(phoneDigits(formatPhoneNumber(value))).toBe(phoneDigits(value));
        },
      ),
      { numRuns: 100 },
    );
  });
});
