import { describe, expect, it } from 'vitest';
import { formatCounter, isFieldErrorShown, isFieldHintShown } from './text-field-display';

describe('text field display (SPEC §5 Text field)', () => {
  it.each([
    [true, false, true],
    [true, true, false],
    [false, false, false],
    [false, true, false],
  ])('error present %s, disabled %s: error shown %s (SPEC §5)', (hasError, disabled, shown) => {
    expect(isFieldErrorShown(hasError, disabled)).toBe(shown);
  });

  it.each([
    [true, false, true],
    [true, true, false],
    [false, false, false],
    [false, true, false],
  ])('hint present %s, error shown %s: hint shown %s (SPEC §5)', (hasHint, errorShown, shown) => {
    expect(isFieldHintShown(hasHint, errorShown)).toBe(shown);
  });
});

describe('counter (SPEC §5: 99+ at 100 or more)', () => {
  it.each([
    [0, false, '0'],
    [7, false, '7'],
    [99, false, '99'],
    [100, false, '99+'],
    [12345, false, '99+'],
    [99, true, '99'],
    [100, true, '+99'],
    [250, true, '+99'],
    [99.9, false, '99'],
    [-3, false, '0'],
    [Number.NaN, false, '0'],
    [Infinity, false, '0'],
  ])('count %s with plus prefix %s shows %s (SPEC §5)', (count, plusPrefix, text) => {
    expect(formatCounter(count, { plusPrefix })).toBe(text);
  });

  it('has no plus prefix by default (SPEC §5)', () => {
    expect(formatCounter(100)).toBe('99+');
  });
});
