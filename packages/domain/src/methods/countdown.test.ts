import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNTDOWN_ZERO, formatCountdown } from './countdown';

const NOW = Date.UTC(2024, 0, 1, 12, 0, 0);

describe('verification block countdown (SPEC §4 Withdrawal verification)', () => {
  it.each([
    [1000, '00:00:01'],
    [1, '00:00:01'],
    [59_000, '00:00:59'],
    [60_000, '00:01:00'],
    [3_599_000, '00:59:59'],
    [3_600_000, '01:00:00'],
    [(10 * 3600 + 5 * 60 + 7) * 1000, '10:05:07'],
    [24 * 3_600_000, '24:00:00'],
    [30 * 3_600_000 + 1500, '30:00:02'],
    [100 * 3_600_000, '100:00:00'],
  ])('%d ms left reads %s', (left, expected) => {
    expect(formatCountdown(NOW, NOW + left)).toBe(expected);
  });

  it.each([
    ['zero left', NOW],
    ['past', NOW - 5000],
    ['unreadable until', 'soon'],
    ['no until', null],
  ])('reads 00:00:00 when %s', (_label, until) => {
    expect(formatCountdown(NOW, until)).toBe(COUNTDOWN_ZERO);
    expect(COUNTDOWN_ZERO).toBe('00:00:00');
  });

  it('reads 00:00:00 when now cannot be read', () => {
    expect(formatCountdown(Number.NaN, NOW)).toBe('00:00:00');
  });

  it('accepts ISO texts and Dates', () => {
    expect(formatCountdown(new Date(NOW), '2024-01-01T13:02:03Z')).toBe('01:02:03');
  });

  it('always reads back the seconds left, rounded up (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000_000 }), (left) => {
        const text = formatCountdown(NOW, NOW + left);
        const match = /^(\d{2,}):([0-5]\d):([0-5]\d)$/.exec(text);
        expect(match).not.toBeNull();
        const [, h = '0', m = '0', s = '0'] = match ?? [];
        expect(Number(h) * 3600 + Number(m) * 60 + Number(s)).toBe(Math.ceil(left / 1000));
      }),
      { numRuns: 100 },
    );
  });
});
