import { describe, expect, it } from 'vitest';
import { toEpochMs } from './instant';
import { restrictionMessage } from './restriction';

const NOW = Date.UTC(2024, 2, 10, 8, 0, 0); // 10 March 2024, 08:00:00 UTC
const minutes = (n: number): number => NOW + n * 60_000;
const hours = (n: number): number => minutes(n * 60);

describe('restriction message (SPEC §4, §8, §9 thresholds 12 h and 1 h)', () => {
  it.each([
    ['13 hours', hours(13), 'CASHIER.RESTRICT_UNTIL_TEXT_BIG', '10.03 21:00'],
    ['12 hours and 1 second', hours(12) + 1000, 'CASHIER.RESTRICT_UNTIL_TEXT_BIG', '10.03 20:00'],
    ['3 days 5 minutes', hours(72) + 5 * 60_000, 'CASHIER.RESTRICT_UNTIL_TEXT_BIG', '13.03 08:05'],
    ['exactly 12 hours', hours(12), 'CASHIER.RESTRICT_UNTIL_TEXT_MID', '20:00'],
    ['5 hours 7 minutes', hours(5) + 7 * 60_000, 'CASHIER.RESTRICT_UNTIL_TEXT_MID', '13:07'],
    ['exactly 1 hour', hours(1), 'CASHIER.RESTRICT_UNTIL_TEXT_MID', '09:00'],
    ['59 minutes 59 seconds', hours(1) - 1000, 'CASHIER.RESTRICT_UNTIL_TEXT_SMALL', '60'],
    ['45 minutes', minutes(45), 'CASHIER.RESTRICT_UNTIL_TEXT_SMALL', '45'],
    ['44 minutes 1 second', minutes(44) + 1000, 'CASHIER.RESTRICT_UNTIL_TEXT_SMALL', '45'],
    ['1 second', NOW + 1000, 'CASHIER.RESTRICT_UNTIL_TEXT_SMALL', '1'],
  ])('%s left gives %s with time %j (UTC)', (_label, until, key, time) => {
    expect(restrictionMessage(until, NOW)).toEqual({ key, params: { time } });
  });

  it.each([
    ['no time left', NOW],
    ['time in the past', minutes(-5)],
    ['null', null],
    ['undefined', undefined],
    ['unreadable text', 'tomorrow'],
    ['invalid date', new Date(Number.NaN)],
  ])('gives null for %s', (_label, until) => {
    expect(restrictionMessage(until, NOW)).toBeNull();
  });

  it('gives null when now cannot be read', () => {
    expect(restrictionMessage(hours(2), Number.NaN)).toBeNull();
  });

  it.each([
    [180, 'CASHIER.RESTRICT_UNTIL_TEXT_BIG', '11.03 00:30'],
    [-600, 'CASHIER.RESTRICT_UNTIL_TEXT_BIG', '10.03 11:30'],
    [Number.NaN, 'CASHIER.RESTRICT_UNTIL_TEXT_BIG', '10.03 21:30'],
  ])('formats in the time zone UTC%+d minutes', (offset, key, time) => {
    expect(restrictionMessage(hours(13.5), NOW, { utcOffsetMinutes: offset })).toEqual({
      key,
      params: { time },
    });
  });

  it('shifts the time of day by the offset too', () => {
    expect(restrictionMessage(hours(2), NOW, { utcOffsetMinutes: 330 })).toEqual({
      key: 'CASHIER.RESTRICT_UNTIL_TEXT_MID',
      params: { time: '15:30' },
    });
  });

  it('does not shift minutes left by the offset', () => {
    expect(restrictionMessage(minutes(20), NOW, { utcOffsetMinutes: 120 })).toEqual({
      key: 'CASHIER.RESTRICT_UNTIL_TEXT_SMALL',
      params: { time: '20' },
    });
  });

  it('reads ISO texts and Dates as well as epoch ms', () => {
    expect(restrictionMessage('2024-03-10T09:30:00+01:00', new Date(NOW))).toEqual({
      key: 'CASHIER.RESTRICT_UNTIL_TEXT_SMALL',
      params: { time: '30' },
    });
  });
});

describe('instant reading (SPEC §4 time-dependent rules)', () => {
  it.each([
    ['2024-03-10T08:00:00Z', NOW],
    ['2024-03-10T08:00:00', NOW],
    ['2024-03-10 08:00:00', NOW],
    ['2024-03-10T08:00', NOW],
    ['2024-03-10T08:00:00.000Z', NOW],
    ['2024-03-10T08:00:00.123456Z', NOW + 123],
    ['2024-03-10T10:00:00+02:00', NOW],
    ['2024-03-10T10:00:00+0200', NOW],
    ['2024-03-10T03:00:00-05:00', NOW],
    ['2024-03-10T08:00:00z', NOW],
    ['2024-03-10', Date.UTC(2024, 2, 10)],
    ['  2024-03-10T08:00:00Z  ', NOW],
    [NOW, NOW],
    [new Date(NOW), NOW],
  ])('reads %j as %d', (value, expected) => {
    expect(toEpochMs(value)).toBe(expected);
  });

  it.each([
    ['Sun Mar 10 2024'],
    ['10.03.2024'],
    ['2024-13-40T00:00:00Z'],
    [''],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [new Date(Number.NaN)],
    [null],
    [undefined],
  ])('gives null for %j', (value) => {
    expect(toEpochMs(value)).toBeNull();
  });
});

describe('restriction date in the player language', () => {
  it.each([
    ['en', '10/03 21:00'],
    ['de', '10.03. 21:00'],
    ['uk', '10.03 21:00'],
  ])('%j writes it as %j', (language, expected) => {
    expect(restrictionMessage(hours(13), NOW, { language })?.params.time).toBe(expected);
  });
});
