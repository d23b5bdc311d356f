import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  expiryFullYear,
  formatExpiryInput,
  splitExpiry,
  validateExpiry,
  validateExpiryParts,
} from './expiry';

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

const NOW = Date.UTC(2025, 5, 15, 12, 0); // 15 June 2025
const OK = { valid: true };
const INCORRECT = { valid: false, error: { key: 'PH.ERROR.INCORRECT_EXP_DATE' } };
const REQUIRED = { valid: false, error: { key: 'PH.ERROR.FIELD_REQUIRED' } };

describe('expiry input formatting (SPEC §5, §9)', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['4', '4'],
    ['12', '12/'],
    ['12/', '12/'],
    ['123', '12/3'],
    ['1234', '12/34'],
    ['12345', '12/34'],
    ['12/34', '12/34'],
    ['12/345', '12/34'],
    ['3/', '03/'],
    ['3 ', '03/'],
    ['3 2', '03/2'],
    ['12 34', '12/34'],
    ['/12', '12/'],
    ['1/2/3', '01/23'],
    ['123/4', '12/34'],
    ['a1b2', '12/'],
    ['1-2', '12/'],
  ])('SPEC §5: typing %j shows %j', (raw, shown) => {
    expect(formatExpiryInput(raw)).toBe(shown);
  });

  it.each([
    ['12', '1', '12/'],
    ['12', '12/', '12'],
    ['1', '12', '1'],
    ['12/', '12/3', '12/'],
    ['12/3', '12/34', '12/3'],
    ['1/34', '12/34', '1/34'],
    ['', '1', ''],
  ])(
    'SPEC §5: %j after %j shows %j (deleting over the slash does not stick)',
    (raw, previous, shown) => {
      expect(formatExpiryInput(raw, previous)).toBe(shown);
    },
  );

  it('SPEC §5: formatting is idempotent, at most 5 characters, MM/YY shaped (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 12 }),
          fc.string({ unit: fc.constantFrom(...DIGITS, '/', ' '), maxLength: 12 }),
        ),
        (raw) => {
          const shown = formatExpiryInput(raw);
          expect(formatExpiryInput(shown)).toBe(shown);
          expect(shown.length).toBeLessThanOrEqual(5);
          expect(shown).toMatch(/^(\d{0,2}|\d{2}\/\d{0,2})$/);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('expiry split for the submit payload (SPEC §3, §5)', () => {
  it.each([
    ['06/26', { month: '06', year: '26' }],
    ['06 26', { month: '06', year: '26' }],
    [' 06 / 2026 ', { month: '06', year: '2026' }],
    ['6/26', { month: '6', year: '26' }],
    ['06/', null],
    ['/26', null],
    ['0626', null],
    ['06/26/1', null],
    ['', null],
  ])('SPEC §3: %j splits into %j', (value, parts) => {
    expect(splitExpiry(value)).toEqual(parts);
  });
});

describe('expiry full year (SPEC §5)', () => {
  it.each([
    ['26', 'pivot', 2026],
    ['00', 'pivot', 2000],
    ['68', 'pivot', 2068],
    ['69', 'pivot', 1969],
    ['99', 'pivot', 1999],
    ['69', 'add-2000', 2069],
    ['99', 'add-2000', 2099],
    ['2026', 'pivot', 2026],
    ['2026', 'add-2000', 2026],
    ['226', 'pivot', null],
    ['ab', 'pivot', null],
    ['', 'pivot', null],
  ] as const)('SPEC §5: year %j read by %s is %s', (year, rule, full) => {
    expect(expiryFullYear(year, rule)).toBe(full);
  });

  it('SPEC §5: the 68 pivot is the default reading', () => {
    expect(expiryFullYear('70')).toBe(1970);
  });
});

describe('expiry validation of the MM/YY field (SPEC §5)', () => {
  it.each([
    ['06/25', OK],
    ['05/25', INCORRECT],
    ['12/25', OK],
    ['01/26', OK],
    ['12/24', INCORRECT],
    ['12/44', OK],
    ['01/45', INCORRECT],
    ['70/26', INCORRECT],
    ['13/26', INCORRECT],
    ['00/26', INCORRECT],
    ['6/26', INCORRECT],
    ['06/2026', INCORRECT],
    ['06/6', INCORRECT],
    ['0626', INCORRECT],
    ['06 26', OK],
    ['06/99', INCORRECT],
    ['06/70', INCORRECT],
    ['ab/cd', INCORRECT],
    ['06/26/1', INCORRECT],
    ['', REQUIRED],
    ['  ', REQUIRED],
  ])('SPEC §5: %j on 15 June 2025 gives %j', (value, expected) => {
    expect(validateExpiry(value, NOW)).toEqual(expected);
  });

  it('SPEC §5: an empty value passes when the field is optional', () => {
    expect(validateExpiry('', NOW, { required: false })).toEqual(OK);
  });

  it('SPEC §5: `now` may be a Date or epoch milliseconds; an invalid date refuses', () => {
    expect(validateExpiry('06/25', new Date(NOW))).toEqual(OK);
    expect(validateExpiry('05/25', new Date(NOW))).toEqual(INCORRECT);
    expect(validateExpiry('06/25', new Date(Number.NaN))).toEqual(INCORRECT);
    expect(validateExpiry('06/25', Number.POSITIVE_INFINITY)).toEqual(INCORRECT);
  });

  it('SPEC §5: the current month follows the given time zone offset', () => {
    const lateJune30Utc = Date.UTC(2025, 5, 30, 22, 0);
    expect(validateExpiry('06/25', lateJune30Utc)).toEqual(OK);
    expect(validateExpiry('06/25', lateJune30Utc, { timeZoneOffsetMinutes: 180 })).toEqual(
      INCORRECT,
    );
    expect(validateExpiry('06/25', lateJune30Utc, { timeZoneOffsetMinutes: Number.NaN })).toEqual(
      OK,
    );
  });

  it('SPEC §5, §9: the years-ahead limit is 19 and a parameter', () => {
    expect(validateExpiry('12/44', NOW)).toEqual(OK);
    expect(validateExpiry('01/31', NOW, { maxYearsAhead: 5 })).toEqual(INCORRECT);
    expect(validateExpiry('12/30', NOW, { maxYearsAhead: 5 })).toEqual(OK);
  });
});

describe('expiry validation of separate month and year (SPEC §5)', () => {
  it.each([
    [{ month: '6', year: '2026' }, OK],
    [{ month: '06', year: '2026' }, OK],
    [{ month: '6', year: '26' }, OK],
    [{ month: '9', year: '25' }, OK],
    [{ month: '5', year: '2025' }, INCORRECT],
    [{ month: '6', year: '2025' }, OK],
    [{ month: '13', year: '2026' }, INCORRECT],
    [{ month: '0', year: '2026' }, INCORRECT],
    [{ month: '006', year: '2026' }, INCORRECT],
    [{ month: '6', year: '226' }, INCORRECT],
    [{ month: '6', year: '2024' }, INCORRECT],
    [{ month: '6', year: '2044' }, OK],
    [{ month: '6', year: '2045' }, INCORRECT],
  ])('SPEC §5: %j on 15 June 2025 gives %j', (parts, expected) => {
    expect(validateExpiryParts(parts, NOW)).toEqual(expected);
  });

  it.each([
    // month, year, customRegExp, expected
    ['06', '26', { year: '^\\d{2}$' }, OK],
    ['06', '69', { year: '^\\d{2}$' }, INCORRECT],
    ['06', '2026', { year: '^\\d{2}$' }, INCORRECT],
    ['06', '205', { year: '^\\d{3}$' }, INCORRECT],
    ['6', '26', { month: '^(0[1-9]|1[0-2])$' }, INCORRECT],
    ['06', '26', { month: '^(0[1-9]|1[0-2])$' }, OK],
    ['13', '26', { month: '^\\d{2}$' }, INCORRECT],
    ['ab', '26', { month: '^[a-z]+$' }, INCORRECT],
    ['6', '26', { month: '(', year: '[' }, OK],
    ['6', '26', { month: null, year: '' }, OK],
    ['06', '26', { month: /^\d{2}$/g, year: /^\d{2}$/gy }, OK],
  ])('SPEC §5: %s/%s with custom patterns %j gives %j', (month, year, customRegExp, expected) => {
    expect(validateExpiryParts({ month, year }, NOW, { customRegExp })).toEqual(expected);
  });

  it('SPEC §5: a two-digit year is 2000 plus the value, or pivots at 68 with a year pattern', () => {
    const farAhead = { maxYearsAhead: 60 };
    expect(validateExpiry('06/70', NOW, farAhead)).toEqual(OK);
    expect(
      validateExpiry('06/70', NOW, { ...farAhead, customRegExp: { year: '^\\d{2}$' } }),
    ).toEqual(INCORRECT);
    expect(
      validateExpiry('06/68', NOW, { ...farAhead, customRegExp: { year: '^\\d{2}$' } }),
    ).toEqual(OK);
  });

  it('SPEC §5: a global custom pattern gives the same answer every time', () => {
    const customRegExp = { month: /^\d{2}$/g };
    expect(validateExpiry('06/26', NOW, { customRegExp })).toEqual(OK);
    expect(validateExpiry('06/26', NOW, { customRegExp })).toEqual(OK);
  });

  it.each([
    ['13/26', 'MONTH.KEY'],
    ['05/25', 'MONTH.KEY'],
    ['06/24', 'YEAR.KEY'],
    ['06/99', 'YEAR.KEY'],
  ])('SPEC §3: %j fails with the field definition key %s', (value, key) => {
    expect(
      validateExpiry(value, NOW, { validationKeys: { month: 'MONTH.KEY', year: 'YEAR.KEY' } }),
    ).toEqual({ valid: false, error: { key } });
  });
});
