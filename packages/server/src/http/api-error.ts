/**
 * The one error type the server throws on purpose. Its name picks a row of the contract's error
 * table (SPEC §8), which fixes the HTTP status, the wire code and the message key; the error
 * handler (error-handler.ts) turns it into `{error_code, error_message, error_field?}`.
 *
 * Services throw it too (an unknown session, a balance too low): inside `db.transaction` a throw
 * rolls the whole transaction back, which is exactly what a refused request must do.
 *
 * @packageDocumentation
 */
import { ERROR_CODES } from '@cashdesk/contract';
import type { ErrorDefinition, ErrorName } from '@cashdesk/contract';

/** The error body of every failed call (SPEC §8). */
export interface ErrorBody {
  readonly error_code: string;
  readonly error_message: string;
  /** The request field the error is about (invalid input), when there is one. */
  readonly error_field?: string;
}

/** Options of an {@link ApiError}. */
export interface ApiErrorOptions {
  /** The request field at fault (`error_field`). */
  readonly field?: string | undefined;
  /** Replaces the table's message key (e.g. a more specific amount message key of the domain). */
  readonly messageKey?: string | undefined;
  /** What went wrong, for the log only; never sent to the client. */
  readonly detail?: string | undefined;
  /** Headers the answer carries (e.g. `retry-after` of a 429). */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  readonly cause?: unknown;
}

/** An error answered with a row of the contract's error table. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly errorName: ErrorName;
  readonly definition: ErrorDefinition;
  readonly field: string | undefined;
  readonly messageKey: string;
  /** Headers of the answer besides the body's (see {@link ApiErrorOptions.headers}). */
  readonly headers: Readonly<Record<string, string>>;

  constructor(errorName: ErrorName, options: ApiErrorOptions = {}) {
    const definition: ErrorDefinition = ERROR_CODES[errorName];
    super(options.detail ?? `${errorName} (${definition.code})`, { cause: options.cause });
    this.errorName = errorName;
    this.definition = definition;
    this.field = options.field;
    this.messageKey = options.messageKey ?? definition.messageKey;
    this.headers = options.headers ?? {};
  }

  /** The HTTP status of the error's table row. */
  get statusCode(): number {
    return this.definition.status;
  }

  /** The wire body. */
  toBody(): ErrorBody {
    return errorBody(this.errorName, { field: this.field, messageKey: this.messageKey });
  }
}

/** Builds the wire body of a table row. */
export function errorBody(
  errorName: ErrorName,
  options: { readonly field?: string | undefined; readonly messageKey?: string | undefined } = {},
): ErrorBody {
  const definition: ErrorDefinition = ERROR_CODES[errorName];
  const body: ErrorBody = {
    error_code: definition.code,
    error_message: options.messageKey ?? definition.messageKey,
  };
  return options.field === undefined ? body : { ...body, error_field: options.field };
}

/** Type guard for {@link ApiError}. */
export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
