import { describe, expect, it } from 'vitest';
import { rowIdOf } from './row-id';

describe('rowIdOf', () => {
  it('reads positive whole numbers up to PostgreSQL integer maximum', () => {
    expect(rowIdOf('1')).toBe(1);
    expect(rowIdOf('42')).toBe(42);
    expect(rowIdOf('2147483647')).toBe(2_147_483_647);
  });

  it('names no row for anything else: above the maximum, zero, signs, spaces, decimals, letters', () => {
    for (const text of [
      '2147483648',
      '9999999999',
      '12345678901',
      '0',
      '007',
      '-1',
      '+1',
      ' 1',
      '1 ',
      '1.0',
      '1e3',
      'abc',
      '',
    ]) {
      expect(rowIdOf(text), text).toBeUndefined();
    }
  });
});
