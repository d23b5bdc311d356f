/**
 * The Luhn (mod 10) check of SPEC §5.
 *
 * @packageDocumentation
 */

/** Luhn sum of `digits`, doubling every second digit counted from `firstDoubled` (0 = last). */
function luhnSum(digits: string, firstDoubled: 0 | 1): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    const digit = Number(digits.charAt(digits.length - 1 - i));
    if (i % 2 === firstDoubled) {
      const doubled = digit * 2;
      sum += doubled > 9 ? doubled - 9 : doubled;
    } else {
      sum += digit;
    }
  }
  return sum;
}

/**
 * SPEC §5: whether a card number passes the Luhn check (the sum, with every second digit from the
 * right doubled, is 0 mod 10). Only non-empty digit strings can pass.
 */
export function luhnCheck(digits: string): boolean {
  return /^\d+$/.test(digits) && luhnSum(digits, 1) % 10 === 0;
}

/**
 * SPEC §5: the digit that, appended to `partial`, makes it pass {@link luhnCheck}; `null` when
 * `partial` is not a digit string. Serves test-card generation and tests.
 */
export function luhnCheckDigit(partial: string): string | null {
  if (!/^\d*$/.test(partial)) return null;
  // Once the check digit is appended, the last digit of `partial` is doubled.
  return String((10 - (luhnSum(partial, 0) % 10)) % 10);
}
