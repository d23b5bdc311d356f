import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { luhnCheck, luhnCheckDigit } from './luhn';

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

describe('Luhn check (SPEC §5)', () => {
  it.each([
    ['4111111111111111', true],
    ['4111111111111112', false],
    ['5555555555554444', true],
    ['378282246310005', true],
    ['378282246310006', false],
    ['30569309025904', true],
    ['6011111111111117', true],
    ['79927398713', true],
    ['79927398710', false],
    ['0', true],
    ['18', true],
    ['19', false],
    ['', false],
    ['4111 1111 1111 1111', false],
    ['41111111111111a1', false],
  ])('SPEC §5: %j passes Luhn: %s', (digits, expected) => {
    expect(luhnCheck(digits)).toBe(expected);
  });

  it.each([
    ['411111111111111', '1'],
    ['7992739871', '3'],
    ['37828224631000', '5'],
    ['', '0'],
    ['1', '8'],
    ['12a', null],
  ])('SPEC §5: the check digit of %j is %s', (partial, digit) => {
    expect(luhnCheckDigit(partial)).toBe(digit);
  });

  const digitString = fc.string({ unit: fc.constantFrom(...DIGITS), maxLength: 30 });

  it('SPEC §5: any digit string with its check digit appended passes Luhn (property)', () => {
    fc.assert(
      fc.property(digitString, (partial) => {
        expect(luhnCheck(`${partial}${luhnCheckDigit(partial) ?? 'x'}`)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('SPEC §5: changing any one digit of a valid number fails Luhn (property)', () => {
    fc.assert(
      fc.property(
        digitString,
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (partial, position, shift) => {
          const valid = `${partial}${luhnCheckDigit(partial) ?? 'x'}`;
          const at = position % valid.length;
          const changed = String((Number(valid.charAt(at)) + shift) % 10);
          const broken = `${valid.slice(0, at)}${changed}${valid.slice(at + 1)}`;
          expect(luhnCheck(broken)).toBe(false);
        },
      ),
      { numRuns: 100 },
    );
  });
});
