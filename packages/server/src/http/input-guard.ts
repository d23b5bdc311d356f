/**
 * The input guard (docs/architecture.md "What bad input gets"): text that no payment form
 * needs is refused with 400 invalidField (1002) naming the field, before any route reads it, so
 * that it can never reach PostgreSQL (which refuses NUL in text and jsonb, and a lone surrogate in
 * jsonb, and answered those with a 500) nor a provider or a log line.
 *
 * What is refused, in every string the server reads from a request:
 * - U+0000 NUL and the other C0 control characters U+0001–U+0008, U+000B, U+000C,
 *   U+000E–U+001F, and U+007F DEL: no form value needs them, and they make logs and provider
 *   requests ambiguous. TAB, LF and CR stay allowed: free text (an address, a note) may hold them.
 * - a lone UTF-16 surrogate (U+D800–U+DFFF not part of a pair), which JSON can carry as an escape
 *   such as `"\ud800"`: it is not a character and has no UTF-8 form.
 * Everything else passes (C1 controls, non-characters, any script); the routes' own schemas
 * decide what a field may hold beyond this.
 *
 * Where it looks, and how error_field names the place:
 * - the headers the server reads (x-session-id, Idempotency-Key and the headers of the contract's
 *   endpoint rows), at `onRequest`, before the session hook reads the session header:
 *   `headers.x-session-id`;
 * - path parameters, query and parsed body (JSON at any depth, keys included; urlencoded forms of
 *   the sandbox pages), at `preValidation`, after the session check and before any handler
 *   validates: `params.transactionId`, `query.return_url`, `body.parameters.iban`,
 *   `body.metrics.0.name`; a refused object KEY names the object holding it (`body.parameters`),
 *   so the answer never echoes the refused text;
 * - multipart uploads are read by their handler, so modules/payments/uploads.ts applies
 *   {@link isAcceptedText} to each part's name and value and to the file name.
 *
 * Cost: one pass over the parsed body without copying or re-serialising it, one regular
 * expression test per string; the path of a refusal is built only when there is one.
 *
 * @packageDocumentation
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ENDPOINT_LIST } from '@cashdesk/contract';
import { ApiError } from './api-error';
import { SESSION_HEADER_NAME } from './session-auth';

/** One refused character (see the module comment), without the `u` flag: UTF-16 code units. */
const REFUSED_TEXT =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether a string holds none of the refused characters. */
export function isAcceptedText(text: string): boolean {
  return !REFUSED_TEXT.test(text);
}

/** A parsed container: an object (JSON, query, urlencoded form) or an array. */
type Container = Readonly<Record<string, unknown>> | readonly unknown[];

/** A container on the way down, with how it was reached (for the refusal's path). */
interface Visit {
  readonly value: Container;
  readonly segment: string | undefined;
  readonly parent: Visit | undefined;
}

function segmentsTo(visit: Visit, last?: string): string[] {
  const segments: string[] = last === undefined ? [] : [last];
  for (let at: Visit | undefined = visit; at?.segment !== undefined; at = at.parent) {
    segments.push(at.segment);
  }
  return segments.reverse();
}

/**
 * Objects and arrays are walked (JSON bodies, urlencoded forms, Fastify's query object, whose
 * prototype is an empty null-prototype object); bytes are not.
 */
function isContainer(value: unknown): value is Container {
  if (typeof value !== 'object' || value === null) return false;
  return !ArrayBuffer.isView(value) && !(value instanceof ArrayBuffer);
}

/**
 * Looks at one child of a container: the path of the refusal when it is a refused string,
 * else `undefined` (a container child is queued for its own visit).
 */
function visitChild(
  visit: Visit,
  segment: string,
  child: unknown,
  pending: Visit[],
): string[] | undefined {
  if (typeof child === 'string') {
    return isAcceptedText(child) ? undefined : segmentsTo(visit, segment);
  }
  if (isContainer(child)) pending.push({ value: child, segment, parent: visit });
  return undefined;
}

/**
 * Where the first refused string of a parsed value is, as keys and indexes from the value down
 * (`[]` for the value itself); a refused key gives the path of the object holding it. `undefined`
 * when every string is accepted. Walks with its own stack, so a deeply nested body cannot
 * overflow the call stack, and allocates only for containers.
 */
export function findRefusedText(value: unknown): readonly string[] | undefined {
  if (typeof value === 'string') return isAcceptedText(value) ? undefined : [];
  if (!isContainer(value)) return undefined;
  const pending: Visit[] = [{ value, segment: undefined, parent: undefined }];
  for (let visit = pending.pop(); visit !== undefined; visit = pending.pop()) {
    const container = visit.value;
    let refused: string[] | undefined;
    if (isArray(container)) {
      for (let index = 0; index < container.length && refused === undefined; index += 1) {
        refused = visitChild(visit, String(index), container[index], pending);
      }
    } else {
      for (const key of Object.keys(container)) {
        if (!isAcceptedText(key)) return segmentsTo(visit);
        refused = visitChild(visit, key, container[key], pending);
        if (refused !== undefined) break;
      }
    }
    if (refused !== undefined) return refused;
  }
  return undefined;
}

function isArray(container: Container): container is readonly unknown[] {
  return Array.isArray(container);
}

/**
 * The refusal of a request part holding refused text: invalidField naming the place
 * (`body.parameters.iban`), or `undefined` when the part is accepted.
 */
export function badTextError(part: string, value: unknown): ApiError | undefined {
  const path = findRefusedText(value);
  if (path === undefined) return undefined;
  return new ApiError('invalidField', {
    field: [part, ...path].join('.'),
    detail: `${part} holds a control character or a lone surrogate`,
  });
}

/** The request headers the server reads, lower-cased as Fastify sees them. */
export const READ_HEADERS: readonly string[] = [
  ...new Set([
    SESSION_HEADER_NAME,
    'idempotency-key',
    ...ENDPOINT_LIST.flatMap((endpoint) =>
      endpoint.headers === undefined ? [] : Object.keys(endpoint.headers.shape),
    ),
  ]),
];

function badHeaderError(request: FastifyRequest): ApiError | undefined {
  for (const name of READ_HEADERS) {
    const error = badTextError(`headers.${name}`, request.headers[name]);
    if (error !== undefined) return error;
  }
  return undefined;
}

/** Installs the guard on an app (before its routes, so that every route gets it). */
export function installInputGuard(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    done(badHeaderError(request));
  });
  app.addHook('preValidation', (request, _reply, done) => {
    done(
      badTextError('params', request.params) ??
        badTextError('query', request.query) ??
        badTextError('body', request.body),
    );
  });
}
