/**
 * The server's pino logger (logs never contain a card number, CVV, OTP or auth token;
 * nor SQL parameters or a session id).
 *
 * Four layers:
 * 1. request bodies are never logged: the request serializer keeps method, route, the address
 *    with secret query values masked, and the remote address, and no headers;
 * 2. redact paths censor the secret keys (card_pan, card_cvv, cvv, otp, code, auth_token,
 *    password, session and idempotency headers) wherever code logs an object with them, up to
 *    three levels deep;
 * 3. errors, under `err` (or `error`) wherever they are logged, go through scrub-error.ts: type,
 *    SQLSTATE, identifier names, and message and stack without values; never drizzle's params,
 *    PostgreSQL's detail or a quoted value; and a line whose message repeats an error's message
 *    (pino's default for `log.error(err)`, Fastify's default error log) gets the scrubbed one;
 * 4. tests capture the log stream and search it for test card numbers (security tests).
 *
 * @packageDocumentation
 */
import pino from 'pino';
import type { DestinationStream, LogFn, Logger } from 'pino';
import type { LogLevel } from '../config';
import { isRecord } from '../platform/is-record';
import { scrubError, scrubLoggedMessage } from './scrub-error';

/** Keys whose values are secrets wherever they appear in a logged object. */
export const SECRET_KEYS = [
  'card_pan',
  'card_cvv',
  'cvv',
  'otp',
  'code',
  'auth_token',
  'authToken',
  'password',
  'token',
  'session_id',
  'sessionId',
  'csrf_token',
] as const;

/** The pino redact paths: each secret key at the top level and one or two levels down, plus headers. */
export const REDACT_PATHS: readonly string[] = [
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
  'req.headers["x-session-id"]',
  'req.headers.authorization',
  'req.headers["idempotency-key"]',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
];

/** What replaces a redacted value. */
export const REDACTED = '[REDACTED]';

/** Query parameters whose values are masked in logged addresses. */
const SECRET_QUERY_PARAMS = new Set<string>([...SECRET_KEYS, 'cashier_session_id', 'x-session-id']);

/** Masks the values of secret query parameters in a request address. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  let changed = false;
  for (const name of [...params.keys()]) {
    if (SECRET_QUERY_PARAMS.has(name.toLowerCase())) {
      params.set(name, REDACTED);
      changed = true;
    }
  }
  return changed ? `${url.slice(0, queryStart)}?${params.toString()}` : url;
}

/** Options of {@link createLogger}. */
export interface LoggerOptions {
  readonly level: LogLevel;
  /** Where lines go (default stdout); tests pass a stream to capture them. */
  readonly destination?: DestinationStream | undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * The request as logged: method, address (secret query values masked), route and remote address;
 * never headers or a body. Anything else logged under `req` is reduced the same way.
 */
function serializeRequest(request: unknown) {
  if (!isRecord(request)) return undefined;
  const url = text(request.url);
  const routeOptions = request.routeOptions;
  return {
    method: text(request.method),
    url: url === undefined ? undefined : redactUrl(url),
    route: isRecord(routeOptions) ? text(routeOptions.url) : undefined,
    remoteAddress: text(request.ip),
  };
}

function serializeReply(reply: unknown) {
  return isRecord(reply) && typeof reply.statusCode === 'number'
    ? { statusCode: reply.statusCode }
    : undefined;
}

/**
 * pino's `logMethod` hook: the message of a line that carries an error is scrubbed where it
 * repeats the error's message, and a line without a message gets the scrubbed one (pino would
 * otherwise use the raw `err.message`).
 */
function logWithScrubbedMessage(this: Logger, args: Parameters<LogFn>, method: LogFn): void {
  const [first, second, ...rest] = args;
  const error: unknown = first instanceof Error ? first : isRecord(first) ? first.err : undefined;
  if (error === undefined || typeof first === 'string') {
    method.apply(this, args);
    return;
  }
  const message =
    typeof second === 'string'
      ? second
      : isRecord(error) && typeof error.message === 'string'
        ? error.message
        : undefined;
  if (message === undefined) method.apply(this, args);
  else method.apply(this, [first, scrubLoggedMessage(message, error), ...rest]);
}

/** Creates the logger with the redaction, serializers and hook above. */
export function createLogger(options: LoggerOptions): Logger {
  return pino(
    {
      level: options.level,
      redact: { paths: [...REDACT_PATHS], censor: REDACTED },
      serializers: {
        req: serializeRequest,
        res: serializeReply,
        err: scrubError,
        error: scrubError,
      },
      hooks: { logMethod: logWithScrubbedMessage },
    },
    options.destination ?? pino.destination({ sync: false }),
  );
}
