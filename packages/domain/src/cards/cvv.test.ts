import { describe, expect, it } from 'vitest';
import { checkCvv, cvvLengths, formatCvvInput, validateCvv } from './cvv';

const INCORRECT = { valid: false, error: { key: 'PH.ERROR.INCORRECT_CVV' } };
const REQUIRED = { valid: false, error: { key: 'PH.ERROR.FIELD_REQUIRED' } };

describe('CVV lengths (SPEC §5, §9)', () => {
  it.each([
    [undefined, [3]],
    [null, [3]],
    ['visa', [3]],
    ['american-express', [4]],
    ['local-6', [3]],
    ['no-such-card', [3]],
  ])('SPEC §5: a %s card takes a code of %j digits', (cardType, lengths) => {
    expect(cvvLengths(cardType)).toEqual(lengths);
  });
});

describe('CVV check (SPEC §5)', () => {
  it.each([
    // value, options, isValid, isPotentiallyValid
    ['123', {}, true, true],
    ['12', {}, false, true],
    ['', {}, false, true],
    ['1234', {}, false, false],
    ['12a', {}, false, false],
    [' 123', {}, false, false],
    ['1234', { cardType: 'american-express' }, true, true],
    ['123', { cardType: 'american-express' }, false, true],
    ['12345', { cardType: 'american-express' }, false, false],
    ['1234', { lengths: [3, 4] }, true, true],
    ['123', { lengths: [3, 4] }, true, true],
    ['1234', { cardType: 'american-express', lengths: [3] }, false, false],
    ['123', { lengths: [] }, true, true],
    ['123', { lengths: [0, -1, 2.5] }, true, true],
  ])('SPEC §5: %j with %j: valid %s, potentially %s', (value, options, valid, potential) => {
    expect(checkCvv(value, options)).toEqual({ isValid: valid, isPotentiallyValid: potential });
  });
});

describe('CVV field rule (SPEC §5, §8)', () => {
  it.each([
    ['123', {}, { valid: true }],
    ['12', {}, INCORRECT],
    ['1234', {}, INCORRECT],
    ['1a3', {}, INCORRECT],
    ['', {}, REQUIRED],
    ['', { required: false }, { valid: true }],
    ['1234', { cardType: 'american-express' }, { valid: true }],
    ['123', { cardType: 'american-express' }, INCORRECT],
  ])('SPEC §5: %j with %j gives %j', (value, options, expected) => {
    expect(validateCvv(value, options)).toEqual(expected);
  });
});

describe('CVV input (SPEC §5)', () => {
  it.each([
    ['', {}, ''],
    ['12', {}, '12'],
    ['1a2b3', {}, '123'],
    ['12345', {}, '123'],
    ['12345', { cardType: 'american-express' }, '1234'],
    ['12345', { lengths: [3, 4] }, '1234'],
  ])('SPEC §5: %j with %j is kept as %j', (raw, options, kept) => {
    expect(formatCvvInput(raw, options)).toBe(kept);
  });
});
