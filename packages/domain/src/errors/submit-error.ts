/**
 * Failed query and submit responses (SPEC §7 generic query client, §8 submit calls).
 *
 * @packageDocumentation
 */
import { extractError } from './extract';

/** SPEC §8: generic query error statuses that are not HTTP statuses. */
export const QUERY_ERROR_STATUSES = ['FETCH_ERROR', 'TIMEOUT_ERROR', 'PARSING_ERROR'] as const;

/** SPEC §8: one of {@link QUERY_ERROR_STATUSES}. */
export type QueryErrorStatus = (typeof QUERY_ERROR_STATUSES)[number];

/** SPEC §7, §8: the error object of the generic query client. */
export type QueryError =
  | { readonly status: 'FETCH_ERROR'; readonly error: string }
  | { readonly status: 'TIMEOUT_ERROR'; readonly error: string }
  | {
      readonly status: 'PARSING_ERROR';
      readonly originalStatus: number | null;
      readonly data: string;
      readonly error: string;
    }
  | { readonly status: number; readonly data: unknown };

function isHttpStatus(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 100 && value <= 599;
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

/**
 * SPEC §7, §8: reads the query client's error: FETCH_ERROR, TIMEOUT_ERROR, PARSING_ERROR, or an
 * HTTP status (100 to 599) with the response data. `null` for anything else. The shapes are those
 * of RTK Query's fetchBaseQuery, which is the query client (docs/architecture.md).
 */
export function parseQueryError(input: unknown): QueryError | null {
  const status = field(input, 'status');
  const error = field(input, 'error');
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') {
    return { status, error: stringOr(error, status) };
  }
  if (status === 'PARSING_ERROR') {
    const originalStatus = field(input, 'originalStatus');
    return {
      status,
      originalStatus: isHttpStatus(originalStatus) ? originalStatus : null,
      data: stringOr(field(input, 'data'), ''),
      error: stringOr(error, status),
    };
  }
  if (isHttpStatus(status)) return { status, data: field(input, 'data') };
  return null;
}

/** SPEC §8: a failed submit as the forms show it. */
export interface SubmitError {
  /** HTTP status, a query error status, or `null` when the input named none. */
  readonly status: number | QueryErrorStatus | null;
  readonly errorMessage: string | null;
  readonly errorCode: string | null;
}

/**
 * SPEC §8: submit calls (deposit, withdrawal, upload) turn a failed response into
 * {status, errorMessage, errorCode}: errorMessage from the body's error_message, errorCode from
 * its error_code; when the body lacks them the general extraction of {@link extractError} fills
 * in (so a network failure still carries its text). Accepts the query error itself or a result
 * wrapping it in `error`. Total.
 */
export function normaliseSubmitError(input: unknown): SubmitError {
  const inner = field(input, 'error');
  const queryError = parseQueryError(input) ?? parseQueryError(inner);
  const body = queryError !== null && 'data' in queryError ? queryError.data : undefined;
  const extracted = extractError(input);
  return {
    status: queryError?.status ?? null,
    errorMessage: trimmed(field(body, 'error_message')) ?? extracted.message,
    errorCode: codeOf(field(body, 'error_code')) ?? extracted.code,
  };
}

function trimmed(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text === '' ? null : text;
}

function codeOf(value: unknown): string | null {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : trimmed(value);
}
