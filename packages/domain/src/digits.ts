/**
 * Digits as players type them (SPEC §5 "input keeps digits"): a phone or a keyboard set to
 * Arabic types Arabic-Indic digits (٠١٢…), one set to Persian or Urdu the Eastern Arabic-Indic
 * ones (۰۱۲…), a Japanese or Chinese input method full-width ones (０１２…), and Devanagari,
 * Bengali, Thai and other scripts have theirs. Every field that keeps digits reads them all as the
 * Latin digits they stand for, never drops them.
 *
 * How: Unicode guarantees that the characters of general category Nd (decimal digit) come in
 * contiguous runs of ten, zero to nine, and never change (its stability policy for Numeric_Type
 * Decimal). A digit's value is therefore its distance from the start of its run, modulo ten
 * (several runs can follow one another, as the mathematical digits do). No table to keep up to
 * date, and a script added to Unicode later is read too.
 *
 * @packageDocumentation
 */

const DECIMAL_DIGIT = /^\p{Nd}$/u;
const ANY_DECIMAL_DIGIT = /\p{Nd}/gu;

/** Whether one character (one code point) is a decimal digit of any script. */
export function isDigitChar(char: string): boolean {
  return DECIMAL_DIGIT.test(char);
}

/** The Latin digit ('0'…'9') a decimal digit of any script stands for. */
function latinDigit(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  let start = code;
  while (start > 0 && DECIMAL_DIGIT.test(String.fromCodePoint(start - 1))) start -= 1;
  return String((code - start) % 10);
}

/**
 * SPEC §5: the text with every decimal digit of any script written as its Latin digit ("١٢٫٥"
 * gives "12٫5", "０４２" gives "042"); every other character is left as it is.
 */
export function latinDigits(text: string): string {
  return text.replace(ANY_DECIMAL_DIGIT, (digit) =>
    digit >= '0' && digit <= '9' ? digit : latinDigit(digit),
  );
}
