/**
 * Reading a message and a code out of whatever a failed call produced (SPEC §8 error
 * extraction), and recognising the session-expired error (code 17).
 *
 * @packageDocumentation
 */
import { MESSAGE_KEYS } from '../messages';

/** SPEC §8: the message and code found in an error, each `null` when absent. */
export interface ExtractedError {
  readonly message: string | null;
  readonly code: string | null;
}

type Bag = Readonly<Record<string, unknown>>;

function bag(value: unknown): Bag | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const entries: Record<string, unknown> = {};
  for (const key of [
    'message',
    'error_message',
    'errorMessage',
    'error_code',
    'errorCode',
    'error',
    'data',
  ]) {
    if (key in value) entries[key] = Reflect.get(value, key);
  }
  return entries;
}

function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function codeText(value: unknown): string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  return text(value);
}

const MESSAGE_FIELDS = ['message', 'error_message', 'errorMessage'] as const;
const CODE_FIELDS = ['error_code', 'errorCode'] as const;

function firstField(
  bags: readonly (Bag | null)[],
  fields: readonly string[],
  read: (value: unknown) => string | null,
): string | null {
  for (const candidate of bags) {
    if (candidate === null) continue;
    for (const field of fields) {
      const found = read(candidate[field]);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * SPEC §8: extracts the message and the code, in the spec's order:
 * 1. from the data object, then the error object: `message`, `error_message`, `errorMessage`;
 * 2. the top-level `errorMessage`;
 * 3. a plain string: the input itself, its `error` or its `data` when those are strings.
 *
 * The error object is the input's `error` when that is an object (an RTK Query result or a
 * rejected action), else the input itself (a thrown Error, an RTK Query error); the data object is
 * the error object's `data` (the response body). Data comes first because a rejected action's
 * error only says "Rejected" while the body has the server's words. The code is read from
 * `error_code` then `errorCode` in the same objects, then at the top level; numeric codes become
 * strings. Total: any input gives a result, unknown input gives two nulls.
 */
export function extractError(input: unknown): ExtractedError {
  const top = bag(input);
  const nested = bag(top?.error);
  const errorObject = nested ?? top;
  const data = bag(errorObject?.data);
  const message =
    firstField([data, errorObject], MESSAGE_FIELDS, text) ??
    text(top?.errorMessage) ??
    text(input) ??
    text(top?.error) ??
    text(top?.data) ??
    text(errorObject?.data);
  const code = firstField([data, errorObject, top], CODE_FIELDS, codeText);
  return { message, code };
}

/** SPEC §8: the numeric session-expired code. */
export const SESSION_EXPIRED_CODE = '17';

/**
 * SPEC §8: whether an error is error code 17: the code is `17`, or the code or message is the
 * key CASHIER.PH2.ERROR_MESSAGE.17 (the server sends message keys as error_message).
 */
export function isSessionExpiredError(input: unknown): boolean {
  const { message, code } = extractError(input);
  return (
    code === SESSION_EXPIRED_CODE ||
    code === MESSAGE_KEYS.sessionExpired ||
    message === MESSAGE_KEYS.sessionExpired
  );
}
