/**
 * The amount a player types (SPEC §5 amount input rules, §9 amount digits and grouping by space):
 * one rule that reads it in the player's language, for every amount field.
 *
 * @packageDocumentation
 */
import { AMOUNT_DECIMAL_DIGITS, AMOUNT_INTEGER_DIGITS } from '../constants';
import { latinDigits } from '../digits';
import type { RuleError } from '../messages';
import { formatAmount, groupThousands } from '../money/format';
import { typedAmountMarks } from '../money/language-format';

/**
 * SPEC §5, §9: options of {@link formatAmountInput}; each falls back to its default when missing
 * or invalid (integerDigits must be at least 1).
 */
export interface AmountInputOptions {
  /** Most integer digits; SPEC §9 default 12. */
  readonly integerDigits?: number | undefined;
  /**
   * Most decimal digits; SPEC §9 default 10. Pass the field definition's `decimal` (SPEC §3),
   * i.e. the currency precision, to override it per field. 0 allows no decimal point at all.
   */
  readonly decimalDigits?: number | undefined;
  /**
   * The decimal separator the display writes (the language's, domain numberSeparators); '.' by
   * default. The raw value always keeps the point ("1000.5"), which is what the form sends.
   */
  readonly decimalSeparator?: '.' | ',' | undefined;
}

/** SPEC §5: an amount as the field shows it and as the store keeps it. */
export interface AmountInput {
  /** With thousands grouped by spaces, e.g. "1 234.5" (or "1 234,5" with a decimal comma). */
  readonly display: string;
  /** Without spaces, e.g. "1234.5"; a trailing point the user just typed is kept ("12."). */
  readonly raw: string;
}

function digitLimit(value: number | undefined, fallback: number, least: number): number {
  return value !== undefined && Number.isInteger(value) && value >= least ? value : fallback;
}

/**
 * SPEC §5: the amount field's mask over an amount already read ({@link readAmountInput} gives the
 * text it takes: digits and at most one point, '.' always the decimal point).
 *
 * - Keeps digits and the first decimal point; every other character is dropped. A leading point
 *   reads as "0.".
 * - A leading zero followed by digits becomes "0." and those digits ("05" gives "0.5", "007"
 *   gives "0.07"); once a point exists, surplus leading zeros are dropped ("05.3" gives "5.3").
 * - Digits beyond the integer limit (12) or the decimal limit (10) are ignored, so a full integer
 *   part takes no more digits.
 * - The display groups thousands by spaces and writes the language's decimal separator; the raw
 *   value has no spaces and the point.
 *
 * Idempotent on its raw value. Non-text input gives empty values.
 */
export function formatAmountInput(text: unknown, options: AmountInputOptions = {}): AmountInput {
  const empty = { display: '', raw: '' };
  if (typeof text !== 'string' && typeof text !== 'number') return empty;
  // String(1e21) is "1e+21": its digits are no amount.
  if (typeof text === 'number' && !/^-?\d*\.?\d*$/.test(String(text))) return empty;
  const integerDigits = digitLimit(options.integerDigits, AMOUNT_INTEGER_DIGITS, 1);
  const decimalDigits = digitLimit(options.decimalDigits, AMOUNT_DECIMAL_DIGITS, 0);
  const separator = options.decimalSeparator === ',' ? ',' : '.';
  const kept = String(text).replace(/[^\d.]/g, '');
  const point = kept.indexOf('.');
  let integer = point === -1 ? kept : kept.slice(0, point);
  let fraction = point === -1 ? '' : kept.slice(point + 1).replaceAll('.', '');
  let hasPoint = point !== -1;

  if (decimalDigits === 0) {
    hasPoint = false;
    fraction = '';
  } else if (!hasPoint && integer.length > 1 && integer.startsWith('0')) {
    hasPoint = true;
    fraction = integer.slice(1);
    integer = '0';
  }
  integer = integer.replace(/^0+(?=\d)/, '');
  if (hasPoint && integer === '') integer = '0';

  integer = integer.slice(0, integerDigits);
  fraction = fraction.slice(0, decimalDigits);
  const tail = hasPoint ? `.${fraction}` : '';
  const shownTail = hasPoint ? `${separator}${fraction}` : '';
  return { display: `${groupThousands(integer)}${shownTail}`, raw: `${integer}${tail}` };
}

/** SPEC §5: options of {@link readAmountInput}: the mask's limits and the player's language. */
export interface AmountReadOptions {
  /** The player's language (a code or lang parameter: "en", "ar", "uk-XX"). */
  readonly language: string;
  /** As in {@link AmountInputOptions}. */
  readonly integerDigits?: number | undefined;
  /** As in {@link AmountInputOptions}. */
  readonly decimalDigits?: number | undefined;
}

/**
 * Why a typed amount is unclear: two decimal marks ("1.000.000" in English); marks that group
 * nothing ("1,00,000"); or one mark that can be the decimal mark as well as a thousands mark and
 * that the language reads as neither ("1.000" in Ukrainian: one, or a thousand).
 */
export type AmountUnclearReason = 'decimal-marks' | 'grouping' | 'either';

/** SPEC §5: the message key of an unclear amount (params `text` and `example`). */
export const AMOUNT_UNCLEAR_KEY = 'PH.ERROR.AMOUNT_UNCLEAR';

/** SPEC §5: what {@link readAmountInput} read. */
export type AmountReading =
  | {
      readonly status: 'clear';
      /** The amount for the store: digits and at most one point ("1000.5", "12." while typing). */
      readonly raw: string;
      /** The amount as the field shows it in the language ("1 000.5", "1 000,5"). */
      readonly display: string;
      /**
       * The text as typed (Latin digits) while it holds a mark the reading interpreted (a
       * grouping comma in English): the field shows it until the player leaves the field, so a
       * mark never turns into another under the fingers ("1,0" on the way to "1,000" never
       * becomes "1.0"). `null` when the display can be shown at once.
       */
      readonly asTyped: string | null;
    }
  | {
      readonly status: 'unclear';
      readonly reason: AmountUnclearReason;
      /** The text as typed, Latin digits: what the field keeps showing. */
      readonly asTyped: string;
      /** The translated message: the text and an amount written the language's way. */
      readonly error: RuleError;
    };

/** The Arabic decimal separator (U+066B): a decimal mark in every language. */
const ARABIC_DECIMAL = '\u066b';
/** Grouping marks in every language: spaces, the Arabic thousands separator, apostrophes. */
const ALWAYS_GROUP = /[\s\u00a0\u2007\u2009\u202f\u066c'\u2019]/u;
/** Invisible direction and joining marks a copied amount carries: no content. */
const INVISIBLE = /[\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/gu;
/** Marks typed in other forms: full-width point and comma, the Arabic comma. */
const MARK_FORMS: Readonly<Record<string, string>> = {
  '\uff0e': '.',
  '\uff0c': ',',
  '\u060c': ',',
};

/** One part of a typed amount: a run of digits or one mark. */
type Part =
  | { readonly kind: 'digits'; readonly text: string }
  | { readonly kind: 'decimal' | 'group' | 'either' | 'space' };

/**
 * The typed text as Latin digits and marks, each mark classified in the language: `decimal`
 * (the language's decimal mark, the Arabic decimal separator), `group` (the language's thousands
 * mark when it is '.' or ','), `either` (the other of the two in a language that groups with a
 * space only), `space` (grouping marks of every language). Other characters are dropped, as the
 * field's mask always did (SPEC §5 "input keeps digits and one decimal point").
 */
function partsOf(text: string, language: string): { parts: Part[]; asTyped: string } {
  const marks = typedAmountMarks(language);
  const parts: Part[] = [];
  let asTyped = '';
  for (const original of latinDigits(text).replace(INVISIBLE, '')) {
    const char = MARK_FORMS[original] ?? original;
    const last = parts.at(-1);
    if (char >= '0' && char <= '9') {
      if (last?.kind === 'digits')
        parts[parts.length - 1] = { kind: 'digits', text: last.text + char };
      else parts.push({ kind: 'digits', text: char });
    } else if (char === marks.decimal || char === ARABIC_DECIMAL) {
      parts.push({ kind: 'decimal' });
    } else if (char === '.' || char === ',') {
      parts.push({ kind: char === marks.group ? 'group' : 'either' });
    } else if (ALWAYS_GROUP.test(char)) {
      parts.push({ kind: 'space' });
    } else {
      continue;
    }
    asTyped += char;
  }
  return { parts, asTyped };
}

/** Whether the mark at `index` stands where a thousands mark stands: a digit before, three after. */
function groupsThree(parts: readonly Part[], index: number): boolean {
  const before = parts[index - 1];
  const after = parts[index + 1];
  return before?.kind === 'digits' && after?.kind === 'digits' && after.text.length === 3;
}

/** How the marks of a typed amount are read: where its decimal mark is, or why it is unclear. */
type MarkReading =
  { readonly decimalAt: number | null } | { readonly unclear: AmountUnclearReason };

function readMarks(parts: readonly Part[]): MarkReading {
  const decimals = indexesOf(parts, (part) => part.kind === 'decimal');
  const marks = indexesOf(parts, (part) => part.kind === 'group' || part.kind === 'either');
  if (decimals.length > 1) return { unclear: 'decimal-marks' };
  const decimalAt = decimals[0];
  if (decimalAt !== undefined) {
    // With a decimal mark, the other marks can only group the integer part.
    const grouping = marks.every((index) => index < decimalAt && groupsThree(parts, index));
    return grouping ? { decimalAt } : { unclear: 'grouping' };
  }
  const [only, ...more] = marks;
  if (only === undefined) return { decimalAt: null };
  if (more.length > 0) {
    // Several marks can only be thousands marks ("1,000,000", "1.000.000").
    return marks.every((index) => groupsThree(parts, index))
      ? { decimalAt: null }
      : { unclear: 'grouping' };
  }
  if (!groupsThree(parts, only)) return { decimalAt: only }; // it groups nothing: the decimal mark
  // Three digits after one mark: the language's thousands mark groups them; a mark the language
  // does not use ("1.000" in Ukrainian) could be either, and is not guessed.
  return parts[only]?.kind === 'group' ? { decimalAt: null } : { unclear: 'either' };
}

function indexesOf(parts: readonly Part[], test: (part: Part) => boolean): number[] {
  return parts.flatMap((part, index) => (test(part) ? [index] : []));
}

function digitsOf(parts: readonly Part[]): string {
  return parts.map((part) => (part.kind === 'digits' ? part.text : '')).join('');
}

/**
 * SPEC §5, §9: the one rule that reads what a player typed into an amount field, in the player's
 * language:
 *
 * - Digits of every script count as the Latin digits they stand for (Arabic-Indic "١٢٫٥" is 12.5,
 *   Persian, full-width and other scripts alike); invisible direction marks are ignored; letters
 *   and signs are dropped by the field's mask as before.
 * - The language's decimal mark ('.' in English and Arabic, ',' in Ukrainian) and the Arabic
 *   decimal separator '٫' are decimal marks; spaces, the Arabic thousands separator '٬' and
 *   apostrophes only group.
 * - The other of '.' and ',' is read by where it stands: the language's thousands mark (the comma
 *   in English) groups when three digits follow it ("1,000" is a thousand, "2,000.00" two
 *   thousand), and is the decimal mark where it can group nothing ("10,5" is 10.5). A mark the
 *   language does not use ("." in Ukrainian) is the decimal mark where it can group nothing
 *   ("12.50"), and unclear before exactly three digits ("1.000": one, or a thousand?).
 * - Unclear, never guessed: two decimal marks ("1.000.000" in English), marks that do not stand
 *   where thousands marks stand ("1,00,000"), a mark that could be either. The answer carries
 *   the translated message ({@link AMOUNT_UNCLEAR_KEY}) with an amount written the language's way.
 *
 * A clear reading goes through {@link formatAmountInput}, the field's mask.
 */
export function readAmountInput(text: unknown, options: AmountReadOptions): AmountReading {
  const marks = typedAmountMarks(options.language);
  const limits = {
    integerDigits: options.integerDigits,
    decimalDigits: options.decimalDigits,
    decimalSeparator: marks.decimal,
  };
  if (typeof text !== 'string')
    return { status: 'clear', ...formatAmountInput(text, limits), asTyped: null };
  const { parts, asTyped } = partsOf(text, options.language);
  const reading = readMarks(parts);
  if ('unclear' in reading) {
    return {
      status: 'unclear',
      reason: reading.unclear,
      asTyped,
      error: unclearError(asTyped, options),
    };
  }
  const { decimalAt } = reading;
  const read =
    decimalAt === null
      ? digitsOf(parts)
      : `${digitsOf(parts.slice(0, decimalAt))}.${digitsOf(parts.slice(decimalAt + 1))}`;
  const masked = formatAmountInput(read, limits);
  const interpreted = parts.some((part) => part.kind === 'group' || part.kind === 'either');
  // The mask cut or changed something: the display shows what the field keeps.
  return {
    status: 'clear',
    ...masked,
    asTyped: interpreted && masked.raw === read ? asTyped : null,
  };
}

function unclearError(asTyped: string, options: AmountReadOptions): RuleError {
  const { decimal } = typedAmountMarks(options.language);
  const whole = digitLimit(options.decimalDigits, AMOUNT_DECIMAL_DIGITS, 0) === 0;
  const example = formatAmount(whole ? '1234' : '1234.5', {
    precision: whole ? 0 : 2,
    decimalSeparator: decimal,
  });
  return { key: AMOUNT_UNCLEAR_KEY, params: { text: asTyped, example } };
}
