/**
 * The repeat-submit check (SPEC §4): is a new submission the same as the previous one?
 *
 * @packageDocumentation
 */
import { compareDecimal } from '../money/decimal';

/** SPEC §4: what a submission is compared on. */
export interface SubmissionSnapshot {
  /** The amount as entered or sent (decimal string, or a number from the payload). */
  readonly amount: string | number | null | undefined;
  /** The form fields without the amount (SPEC §3 payment request `parameters`). */
  readonly parameters: Readonly<Record<string, unknown>> | null | undefined;
}

function isBlank(value: string | number | null | undefined): boolean {
  return value == null || (typeof value === 'string' && value.trim() === '');
}

function sameAmount(
  a: string | number | null | undefined,
  b: string | number | null | undefined,
): boolean {
  if (isBlank(a) || isBlank(b)) return isBlank(a) && isBlank(b);
  const order = compareDecimal(a, b);
  if (order !== null) return order === 0;
  // Not both decimals: only the very same text is the same amount.
  return String(a).trim() === String(b).trim();
}

function isPlainObject(value: unknown): value is Readonly<Record<string, unknown>> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function definedEntries(value: Readonly<Record<string, unknown>>): Map<string, unknown> {
  return new Map(Object.entries(value).filter(([, item]) => item !== undefined));
}

type Pair = readonly [unknown, unknown];

/** `===`, except that NaN equals NaN (0 and -0 stay equal, unlike `Object.is`). */
function sameValue(a: unknown, b: unknown): boolean {
  return a === b || (Number.isNaN(a) && Number.isNaN(b));
}

function deepEqual(a: unknown, b: unknown, inProgress: Pair[]): boolean {
  if (sameValue(a, b)) return true;
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && sameValue(a.getTime(), b.getTime());
  }
  const bothArrays = Array.isArray(a) && Array.isArray(b);
  const bothObjects = isPlainObject(a) && isPlainObject(b);
  if (!bothArrays && !bothObjects) return false;
  // A structure that refers to itself is equal where its walk repeats; this keeps the check total.
  if (inProgress.some(([x, y]) => x === a && y === b)) return true;
  inProgress.push([a, b]);
  const result =
    Array.isArray(a) && Array.isArray(b)
      ? sameMultiset(a, b, inProgress)
      : isPlainObject(a) && isPlainObject(b) && sameRecord(a, b, inProgress);
  inProgress.pop();
  return result;
}

function sameMultiset(a: readonly unknown[], b: readonly unknown[], inProgress: Pair[]): boolean {
  if (a.length !== b.length) return false;
  const used = new Array<boolean>(b.length).fill(false);
  return a.every((item) => {
    const index = b.findIndex((other, i) => used[i] !== true && deepEqual(item, other, inProgress));
    if (index === -1) return false;
    used[index] = true;
    return true;
  });
}

function sameRecord(
  a: Readonly<Record<string, unknown>>,
  b: Readonly<Record<string, unknown>>,
  inProgress: Pair[],
): boolean {
  const left = definedEntries(a);
  const right = definedEntries(b);
  if (left.size !== right.size) return false;
  for (const [key, value] of left) {
    if (!right.has(key) || !deepEqual(value, right.get(key), inProgress)) return false;
  }
  return true;
}

function withoutField(
  parameters: Readonly<Record<string, unknown>> | null | undefined,
  fieldName: string | null | undefined,
): Readonly<Record<string, unknown>> {
  const entries = Object.entries(parameters ?? {}).filter(([key]) => key !== fieldName);
  return Object.fromEntries(entries);
}

/**
 * SPEC §4: the previous amount and parameters compared with the new form data, ignoring the
 * one-time-code field (named by `otpFieldName`, SPEC §3 one-time code `fieldName`); the same data
 * means no change, so the submit is a repeat.
 *
 * Amounts compare as decimals ("10" equals "10.00"); parameters compare deeply, with object keys
 * in any order, arrays as unordered collections (a multi-select's values picked in another order
 * are the same choice), dates by instant, and a key holding `undefined` counted as absent. With
 * no previous submission nothing is a repeat.
 */
export function isRepeatSubmission(
  previous: SubmissionSnapshot | null | undefined,
  next: SubmissionSnapshot,
  otpFieldName?: string | null,
): boolean {
  if (previous == null) return false;
  if (!sameAmount(previous.amount, next.amount)) return false;
  return deepEqual(
    withoutField(previous.parameters, otpFieldName),
    withoutField(next.parameters, otpFieldName),
    [],
  );
}
