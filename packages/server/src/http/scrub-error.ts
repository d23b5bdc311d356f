/**
 * Errors as they are logged (no log line ever holds SQL parameters, a session id, a card
 * number or a CVV). An error is rebuilt from an allow-list instead of copied:
 *
 * - `type` (the class), `message` and `stack` with values removed (below);
 * - `sqlState` (PostgreSQL's SQLSTATE, e.g. 22021) or `errorCode` (any other code such as
 *   FST_ERR_VALIDATION or ECONNREFUSED), `severity`, and the names `schema`, `table`, `column`,
 *   `dataType`, `constraint`, `routine` (identifiers, never values);
 * - `statusCode` and `errorName` (ApiError), `cause` and `errors` (AggregateError) scrubbed the
 *   same way, a few levels deep.
 * Never copied: drizzle's `params` and `query`, PostgreSQL's `detail` (`Key (id)=(...)`), `where`,
 * `hint`, `internalQuery`, PGlite's `params`, or any other property.
 *
 * How a message loses its values:
 * - drizzle's `Failed query: <sql>\nparams: <values>` keeps the SQL (placeholders, identifiers)
 *   and loses everything from `\nparams:` on; a single-quoted literal in the SQL is removed;
 * - any other message loses everything from its first to its last quote character, which covers
 *   PostgreSQL's quoted values (`invalid input syntax for type uuid: "..."`) even when the value
 *   itself holds a quote; the names it loses are in the fields above;
 * - runs of 12 to 19 digits (a card number, spaced or dashed) and runs of 32 or more token
 *   characters with an upper-case letter (a session id or another random token) are masked.
 * The stack keeps its frames; its first lines (which repeat the message) are the scrubbed message.
 *
 * Also {@link scrubLoggedMessage}: pino and Fastify log some errors with their raw message as the
 * line's `msg`; the logger's `logMethod` hook replaces it.
 *
 * @packageDocumentation
 */

/** An error as logged (an absent field is `undefined`, which the JSON line leaves out). */
export interface LoggedError {
  readonly type: string;
  readonly message: string;
  readonly stack?: string | undefined;
  readonly sqlState?: string | undefined;
  readonly errorCode?: string | undefined;
  readonly severity?: string | undefined;
  readonly schema?: string | undefined;
  readonly table?: string | undefined;
  readonly column?: string | undefined;
  readonly dataType?: string | undefined;
  readonly constraint?: string | undefined;
  readonly routine?: string | undefined;
  readonly statusCode?: number | undefined;
  readonly errorName?: string | undefined;
  readonly cause?: LoggedError | undefined;
  readonly errors?: readonly LoggedError[] | undefined;
}

/** What replaces a removed value. */
export const REMOVED = '[removed]';

/** How deep causes and aggregated errors are followed. */
const MAX_DEPTH = 5;
/** How many errors of an AggregateError are logged. */
const MAX_AGGREGATED = 10;

const PARAMS_MARKER = '\nparams: ';
const SQLSTATE = /^[0-9A-Z]{5}$/;
const CODE = /^[A-Za-z0-9_.-]{1,64}$/;
const IDENTIFIER = /^[\w .$()-]{1,128}$/;
/** From the first to the last quote (either kind). */
const QUOTED = /["'][\s\S]*["']/;
/** From the first to the last single quote (SQL literals; double quotes are identifiers). */
const SQL_LITERAL = /'[\s\S]*'/;
/** 12 to 19 digits, possibly grouped by single spaces or dashes: a card number. */
const DIGIT_RUN = /(?<![0-9])[0-9](?:[ -]?[0-9]){11,18}(?![0-9])/g;
/** 32 or more token characters with an upper-case letter: a session id or another token. */
const TOKEN_RUN = /(?<![A-Za-z0-9_-])(?=[a-z0-9_-]*[A-Z])[A-Za-z0-9_-]{32,}(?![A-Za-z0-9_-])/g;
const FRAME = /^\s+at\s/;

function maskRuns(text: string): string {
  return text.replace(DIGIT_RUN, REMOVED).replace(TOKEN_RUN, REMOVED);
}

/** A message with its values removed (see the module comment). */
export function scrubMessage(message: string): string {
  const cut = message.indexOf(PARAMS_MARKER);
  if (cut !== -1) return maskRuns(message.slice(0, cut).replace(SQL_LITERAL, `'${REMOVED}'`));
  return maskRuns(message.replace(QUOTED, `"${REMOVED}"`));
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function matching(value: unknown, pattern: RegExp): string | undefined {
  return typeof value === 'string' && pattern.test(value) ? value : undefined;
}

/**
 * The class of an error; a bundled library's minified class name (PGlite's DatabaseError is `O`)
 * says nothing, so a name of one or two characters gives way to `DatabaseError` for an error with
 * a SQLSTATE, else to the error's `name`.
 */
function typeOf(error: ErrorLike, sqlState: string | undefined): string {
  const constructor: unknown = error.constructor;
  const name = typeof constructor === 'function' ? constructor.name : '';
  if (name.length > 2) return name;
  return sqlState === undefined ? (text(error.name) ?? 'Error') : 'DatabaseError';
}

/**
 * The stack with its message lines replaced by the scrubbed message. V8 writes `name: message`
 * and then the frames; when the stack does not start that way (a message changed after the
 * error was made), only lines that look like frames are kept, scrubbed too.
 */
function scrubStack(stack: string, message: string, scrubbed: string): string {
  const start = message === '' ? -1 : stack.indexOf(`: ${message}`);
  const name = start === -1 ? '' : stack.slice(0, start);
  if (start !== -1 && !name.includes('\n')) {
    return `${name}: ${scrubbed}${stack.slice(start + 2 + message.length)}`;
  }
  const frames = stack
    .split('\n')
    .filter((line) => FRAME.test(line))
    .map((line) => `\n${scrubMessage(line)}`)
    .join('');
  return `${scrubbed}${frames}`;
}

type ErrorLike = object & { readonly message: string } & Readonly<Record<string, unknown>>;

function isErrorLike(value: unknown): value is ErrorLike {
  return (
    typeof value === 'object' &&
    value !== null &&
    'message' in value &&
    typeof value.message === 'string'
  );
}

function scrub(error: ErrorLike, depth: number, seen: Set<object>): LoggedError {
  seen.add(error);
  const message = scrubMessage(error.message);
  const stack = text(error.stack);
  const sqlState = matching(error.code, SQLSTATE);
  const deeper = depth < MAX_DEPTH;
  const cause = error.cause;
  const errors = error.errors;
  return {
    type: typeOf(error, sqlState),
    message,
    stack: stack === undefined ? undefined : scrubStack(stack, error.message, message),
    sqlState,
    errorCode: sqlState === undefined ? matching(error.code, CODE) : undefined,
    severity: matching(error.severity, CODE),
    schema: matching(error.schema, IDENTIFIER),
    table: matching(error.table, IDENTIFIER),
    column: matching(error.column, IDENTIFIER),
    dataType: matching(error.dataType, IDENTIFIER),
    constraint: matching(error.constraint, IDENTIFIER),
    routine: matching(error.routine, IDENTIFIER),
    statusCode: typeof error.statusCode === 'number' ? error.statusCode : undefined,
    errorName: matching(error.errorName, CODE),
    cause:
      deeper && isErrorLike(cause) && !seen.has(cause) ? scrub(cause, depth + 1, seen) : undefined,
    errors:
      deeper && Array.isArray(errors)
        ? errors
            .slice(0, MAX_AGGREGATED)
            .filter((item): item is ErrorLike => isErrorLike(item) && !seen.has(item))
            .map((item) => scrub(item, depth + 1, seen))
        : undefined,
  };
}

/**
 * An error as logged (see the module comment); pino's `err` serializer. A thrown value that is
 * not an error is logged by its type only (plus its text, scrubbed, when it is a string).
 */
export function scrubError(error: unknown): LoggedError {
  if (isErrorLike(error)) return scrub(error, 0, new Set());
  if (typeof error === 'string') return { type: 'string', message: scrubMessage(error) };
  return { type: error === null ? 'null' : typeof error, message: '' };
}

/**
 * The message of a log line that carries an error: when it repeats the error's own message (pino
 * logs `log.error(err)` with `err.message`, Fastify's default error log passes `err.message`), the
 * scrubbed message; otherwise the message as it is.
 */
export function scrubLoggedMessage(message: string, error: unknown): string {
  return isErrorLike(error) && message.includes(error.message) && error.message !== ''
    ? message.replace(error.message, scrubMessage(error.message))
    : message;
}
