import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGE_KEYS } from '../messages';
import {
  INVALID_DATE_ERROR,
  ensureDatePlugins,
  formatDisplayDate,
  normalizeInitialDate,
  parseDisplayDate,
  toIsoDate,
} from './date-field';

describe('typed dates (SPEC §5 Date)', () => {
  it.each([
    ['29.02.2024', '2024-02-29T00:00:00.000Z'],
    ['01.01.2000', '2000-01-01T00:00:00.000Z'],
    ['31.12.1999', '1999-12-31T00:00:00.000Z'],
    [' 15.06.2023 ', '2023-06-15T00:00:00.000Z'],
  ])('%j is stored as the UTC ISO string %s (SPEC §5)', (input, iso) => {
    expect(parseDisplayDate(input)).toStrictEqual({ valid: true, value: iso });
  });

  it.each([
    ['31.02.2024'],
    ['29.02.2023'],
    ['31.04.2024'],
    ['00.01.2024'],
    ['01.13.2024'],
    ['1.2.2024'],
    ['01.02.24'],
    ['2024-02-01'],
    ['01/02/2024'],
    ['01.02.2024x'],
    ['hello'],
  ])('%j is refused with the message Invalid date and an empty value (SPEC §5)', (input) => {
    expect(parseDisplayDate(input)).toStrictEqual({
      valid: false,
      value: '',
      error: { key: MESSAGE_KEYS.fieldHasError, message: 'Invalid date' },
    });
  });

  it('an empty input is valid and empty (SPEC §5)', () => {
    expect(parseDisplayDate('   ')).toStrictEqual({ valid: true, value: '' });
  });

  it('the invalid-date error carries the literal message (SPEC §5)', () => {
    expect(INVALID_DATE_ERROR).toStrictEqual({
      key: 'PH.ERROR.FIELD_HAS_ERROR',
      message: 'Invalid date',
    });
  });

  it('round-trips every real calendar day through display and storage (SPEC §5, property)', () => {
    const day = fc.date({
      min: new Date('1900-01-01T00:00:00Z'),
      max: new Date('2199-12-31T00:00:00Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(day, (date) => {
        const iso = `${date.toISOString().slice(0, 10)}T00:00:00.000Z`;
        const shown = formatDisplayDate(iso);
        expect(parseDisplayDate(shown)).toStrictEqual({ valid: true, value: iso });
      }),
      { numRuns: 100 },
    );
  });
});

describe('initial date values (SPEC §5: only YYYY-MM-DD or full ISO)', () => {
  it.each([
    ['2024-02-29', '2024-02-29T00:00:00.000Z'],
    ['2024-02-29T10:20:30.000Z', '2024-02-29T10:20:30.000Z'],
    ['2024-02-29T10:20:30Z', '2024-02-29T10:20:30.000Z'],
    ['2024-02-29T10:20Z', '2024-02-29T10:20:00.000Z'],
    ['2024-02-29t10:20:30z', '2024-02-29T10:20:30.000Z'],
    ['2024-03-01T01:00:00+02:00', '2024-02-29T23:00:00.000Z'],
    ['2024-03-01T01:00:00+0200', '2024-02-29T23:00:00.000Z'],
    ['2024-02-29T10:20:30.123456-05:30', '2024-02-29T15:50:30.123Z'],
    [' 2024-02-29 ', '2024-02-29T00:00:00.000Z'],
  ])('%j is accepted as %s (SPEC §5)', (input, iso) => {
    expect(normalizeInitialDate(input)).toBe(iso);
  });

  it.each([
    ['29.02.2024'],
    ['2024-02-31'],
    ['2023-02-29'],
    ['2024-02-31T00:00:00Z'],
    ['2024-02-29T24:00:00Z'],
    ['2024-02-29T10:60:00Z'],
    ['2024-02-29T10:20:30'],
    ['2024-2-9'],
    ['20240229'],
    ['Thu Feb 29 2024'],
    [''],
    [1709164800000],
    [null],
    [undefined],
  ])('%j is refused with an empty value (SPEC §5)', (input) => {
    expect(normalizeInitialDate(input)).toBe('');
  });
});

describe('date values in any stored form (SPEC §3 dates as ISO strings)', () => {
  it.each([
    ['2024-02-29T00:00:00.000Z', '2024-02-29T00:00:00.000Z', '29.02.2024'],
    ['2024-02-29', '2024-02-29T00:00:00.000Z', '29.02.2024'],
    ['29.02.2024', '2024-02-29T00:00:00.000Z', '29.02.2024'],
    ['2024-02-29T23:30:00-02:00', '2024-03-01T01:30:00.000Z', '01.03.2024'],
  ])('%s is the ISO %s and shows as %s (SPEC §5)', (value, iso, shown) => {
    expect(toIsoDate(value)).toBe(iso);
    expect(formatDisplayDate(value)).toBe(shown);
  });

  it.each([[''], ['31.02.2024'], ['soon']])(
    '%j is no date: null and shown empty (SPEC §5)',
    (value) => {
      expect(toIsoDate(value)).toBeNull();
      expect(formatDisplayDate(value)).toBe('');
    },
  );

  it('sets the dayjs plugins up any number of times (SPEC §5)', () => {
    ensureDatePlugins();
    ensureDatePlugins();
    expect(parseDisplayDate('01.02.2024')).toStrictEqual({
      valid: true,
      value: '2024-02-01T00:00:00.000Z',
    });
  });
});
