/**
 * The error answers of the server (SPEC §8; docs/architecture.md "What bad input gets"): every failure
 * is `{error_code, error_message, error_field?}` with a code of the contract's error table.
 *
 * - a request that fails its zod schema: 400 invalidField (1002), error_field `body.amount`,
 *   `params.payGroupId`, `query.x` or `headers.idempotency-key`;
 * - a body that is not JSON (or an empty JSON body, or a media type no route takes): 400
 *   malformedRequest (1001);
 * - a body over the limit: 413 bodyTooLarge (1004); an upload over 20 MB: 413 uploadTooLarge;
 * - an unknown route: 404 notFound (1008);
 * - an address Fastify cannot decode (a broken %-escape, a lone surrogate such as %ED%A0%80) or a
 *   path parameter over Fastify's 100 characters: 400 invalidField, error_field `params`
 *   ({@link answerFrameworkError}, set as Fastify's `frameworkErrors` option by app.ts);
 * - text with a control character or a lone surrogate anywhere in the request: 400 invalidField
 *   naming the field (the input guard, input-guard.ts, installed with the handlers);
 * - an {@link ApiError}: its row;
 * - anything else: 500 internal (1999) with nothing of the error in the answer;
 * - but a request whose own connection went away while it was read (the client closed it, or the
 *   server did at the request time-out and answered 408 itself, server-options.ts) is no fault of
 *   the server: it is logged as abandoned, not as a failure.
 *
 * Every error answer is `Cache-Control: no-store`, with the headers the ApiError names (the
 * Retry-After of a 429).
 *
 * error_field is at most {@link ERROR_FIELD_MAX_LENGTH} characters (the contract's ErrorBody): a
 * longer one (a path through an over-long record key) loses its last segments until it fits, so
 * the answer still names the object at fault instead of failing its own schema with a 500.
 *
 * @packageDocumentation
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorName } from '@cashdesk/contract';
import { errorBody, isApiError } from './api-error';
import type { ErrorBody } from './api-error';
import { installInputGuard } from './input-guard';
import { NO_STORE } from './security-headers';

/** Where Fastify validated: its names, and how error_field spells them. */
const CONTEXT_PREFIX: Readonly<Record<string, string>> = {
  body: 'body',
  params: 'params',
  querystring: 'query',
  headers: 'headers',
};

/** Fastify's own error codes that mean the request could not be read. */
const MALFORMED_CODES = new Set([
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
  'FST_ERR_CTP_INVALID_MEDIA_TYPE',
  'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
  'FST_ERR_CTP_INVALID_TYPE',
  'FST_ERR_CTP_EMPTY_TYPE',
  'FST_ERR_VALIDATION',
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
]);

/** @fastify/multipart's codes for a file or part over its limit. */
const UPLOAD_LIMIT_CODES = new Set([
  'FST_REQ_FILE_TOO_LARGE',
  'FST_FILES_LIMIT',
  'FST_PARTS_LIMIT',
  'FST_FIELDS_LIMIT',
]);

/** Fastify's codes for an address it cannot route: answered as unreadable path parameters. */
const BAD_ADDRESS_CODES = new Set(['FST_ERR_BAD_URL', 'FST_ERR_MAX_PARAM_LENGTH']);

/** The longest error_field the contract's ErrorBody allows. */
export const ERROR_FIELD_MAX_LENGTH = 200;

/** What an error is answered with. */
export interface ErrorAnswer {
  readonly status: number;
  readonly body: ErrorBody;
  /** 5xx: log the error itself; 4xx: a line is enough. */
  readonly unexpected: boolean;
}

function hasCode(error: unknown): error is { code: string } {
  return (
    typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
  );
}

function answer(name: ErrorName, status: number, field?: string): ErrorAnswer {
  return { status, body: errorBody(name, { field }), unexpected: status >= 500 };
}

/**
 * error_field shortened to {@link ERROR_FIELD_MAX_LENGTH} characters by dropping its last
 * segments (`body.parameters.<5000 characters>` becomes `body.parameters`).
 */
export function fitErrorField(field: string): string {
  let fitted = field;
  while (fitted.length > ERROR_FIELD_MAX_LENGTH && fitted.includes('.')) {
    fitted = fitted.slice(0, fitted.lastIndexOf('.'));
  }
  return fitted.slice(0, ERROR_FIELD_MAX_LENGTH);
}

function withFittedField(result: ErrorAnswer): ErrorAnswer {
  const field = result.body.error_field;
  if (field === undefined || field.length <= ERROR_FIELD_MAX_LENGTH) return result;
  return { ...result, body: { ...result.body, error_field: fitErrorField(field) } };
}

/** The field a validation issue points at, e.g. `body.amount` or `params.payGroupId`. */
function validationField(context: string | undefined, instancePath: string): string | undefined {
  const prefix = context === undefined ? undefined : CONTEXT_PREFIX[context];
  const path = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  if (prefix === undefined) return path === '' ? undefined : path;
  return path === '' ? prefix : `${prefix}.${path}`;
}

/**
 * Whether a failure is the request's own connection going away while its body was read (Node's
 * `aborted` error of the request stream, or a premature close of it) rather than a fault of the
 * server.
 */
function clientWentAway(error: unknown, request: FastifyRequest): boolean {
  if (!request.raw.destroyed) return false;
  return (
    hasCode(error) &&
    ['ECONNRESET', 'ERR_STREAM_PREMATURE_CLOSE', 'ECONNABORTED'].includes(error.code)
  );
}

/** Decides the answer to an error (exported for unit tests). */
export function classifyError(error: unknown): ErrorAnswer {
  return withFittedField(classify(error));
}

function classify(error: unknown): ErrorAnswer {
  if (isApiError(error)) {
    return {
      status: error.statusCode,
      body: error.toBody(),
      unexpected: error.statusCode >= 500,
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const [first] = error.validation;
    const field = validationField(error.validationContext, first?.instancePath ?? '');
    return answer('invalidField', 400, field);
  }
  if (hasCode(error)) {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return answer('bodyTooLarge', 413);
    if (UPLOAD_LIMIT_CODES.has(error.code)) return answer('uploadTooLarge', 413, 'file');
    if (MALFORMED_CODES.has(error.code)) return answer('malformedRequest', 400);
    if (BAD_ADDRESS_CODES.has(error.code)) return answer('invalidField', 400, 'params');
  }
  return answer('internal', 500);
}

/**
 * Answers an error: logs it (a 5xx with the error, a 4xx as one line) and sends its body, never
 * to be stored by a cache (whatever the route had set: a missing asset is not cached for a year),
 * with the headers an {@link ApiError} names (Retry-After of a 429).
 */
function sendErrorAnswer(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const result = classifyError(error);
  reply.header('cache-control', NO_STORE);
  if (isApiError(error)) {
    for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  }
  if (clientWentAway(error, request)) {
    // The client closed the connection, or the server closed it at its request
    // time-out (server-options.ts); the request failed on its side. The answer below reaches
    // nobody, but ends the request.
    request.log.info({ reason: 'client connection closed' }, 'request abandoned');
  } else if (result.unexpected) {
    request.log.error({ err: error }, 'request failed');
  } else {
    request.log.info(
      { error_code: result.body.error_code, error_field: result.body.error_field },
      'request refused',
    );
  }
  return reply.code(result.status).type('application/json; charset=utf-8').send(result.body);
}

/**
 * Fastify's `frameworkErrors` option: the errors Fastify meets before any route (an address it
 * cannot decode, a path parameter over its length limit) answered like every other error, with
 * a code of the contract's table, instead of Fastify's own body.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  void sendErrorAnswer(error, request, reply);
}

/**
 * Installs the server's answers to failures and bad input on an app, before its routes: the error
 * and not-found handlers, and the input guard (input-guard.ts) that refuses control characters
 * and lone surrogates in any request text before a route reads it.
 */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
    sendErrorAnswer(error, request, reply),
  );
  app.setNotFoundHandler((_request: FastifyRequest, reply: FastifyReply) => {
    return reply
      .code(404)
      .header('cache-control', NO_STORE)
      .type('application/json; charset=utf-8')
      .send(errorBody('notFound'));
  });
  installInputGuard(app);
}
