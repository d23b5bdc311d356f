/**
 * Registers a route from a row of the contract's endpoint table (`ENDPOINTS` of
 * @cashdesk/contract), so a route's method, path, schemas, session requirement, idempotency and
 * sandbox-only flag are written once, in the contract:
 *
 * ```ts
 * registerEndpoint(app, ENDPOINTS.depositSelect, async ({ params, body, session, deps }) => {
 *   const detail = await loadMethodDetail(deps.db, session, params.payGroupId, body.currency);
 *   return { status: 200, body: detail };
 * });
 * ```
 *
 * What it wires:
 * - `method` and `fastifyPath(endpoint)` (`{payGroupId}` becomes `:payGroupId`);
 * - request validation of params, query, headers and the JSON body by the zod validator compiler
 *   (a failure is 400 invalidField naming the field), and the response schemas of
 *   `endpointResponseSchemas` (success answers and ErrorBody for the error statuses);
 * - `session: true`: the x-session-id hook (session-auth.ts) at onRequest; the handler gets the
 *   {@link SessionContext};
 * - `idempotencyKey: true`: the Idempotency-Key header is required (400, code 1012, when it is
 *   missing) and a JSON endpoint runs through http/idempotency.ts (scope = the endpoint id,
 *   request hash = params, query and body): the handler gets the request's `claim` to tie the
 *   transaction it creates to the key, and the endpoint's `resume` option answers a retry whose
 *   key already created a transaction. A multipart endpoint calls `ctx.idempotent(requestParts,
 *   work)` itself once it has hashed the file;
 * - an operator endpoint (`operator` set) refuses a query parameter its query schema does not
 *   name (400 invalidField naming `query.<name>`), as its PATCH bodies refuse unknown fields: a
 *   misspelled or unsupported filter would otherwise be dropped and the answer look filtered;
 * - a back-office call (`staff` set): the staff session hook (staff-session.ts) at onRequest,
 *   with its stage, permission and CSRF checks; the handler reads `request.staffSession`;
 * - `sandboxOnly: true`: outside sandbox mode the route answers 404 with code 1901;
 * - a `document` answer (an uploaded document's bytes) is streamed with its type, its length,
 *   `Content-Disposition: attachment` with its safe name (the `content-disposition` package's
 *   encoding, an ASCII name and the UTF-8 one) and `X-Content-Type-Options: nosniff`;
 * - rate limits: failed session checks count per client address, the money endpoints of
 *   http/rate-limits.ts are limited per session (429, code 1013), and the client reports are
 *   limited per client address.
 *
 * The handler's context and result are typed from the row's schemas.
 *
 * @packageDocumentation
 */
import { Readable } from 'node:stream';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { safeParse } from 'zod/v4/core';
import type { $ZodType, output } from 'zod/v4/core';
import { IdempotencyHeaders, endpointResponseSchemas, fastifyPath } from '@cashdesk/contract';
import type { Endpoint, OperatorScopeName } from '@cashdesk/contract';
import type { App, AppDeps } from './app-types';
import { ApiError } from './api-error';
import { sessionAuthHook } from './session-auth';
import { hashRequest, runIdempotent } from './idempotency';
import type { ClaimHandle, StoredResponse } from './idempotency';
import type { SessionContext } from './sessions';
import type { Executor } from '../db/open';
import type { OperatorPrincipal } from './operator-keys';
import { recordAudit } from './operator-audit';
import { operatorAuthHook } from './operator-auth';
import { staffAuthHook } from './staff-session';
import { MONEY_ENDPOINT_IDS } from './rate-limits';
import { isRecord } from '../platform/is-record';

/** The output type of a schema, or `undefined` when there is none. */
export type Out<S> = S extends $ZodType ? output<S> : undefined;

/** The schema of an endpoint's JSON body (`undefined` for multipart bodies, read by the handler). */
export type JsonBodySchema<E extends Endpoint> = E['bodyContentType'] extends 'multipart/form-data'
  ? undefined
  : E['body'];

/** The validated path parameters of an endpoint (`undefined` when it has none). */
export type EndpointParams<E extends Endpoint> = Out<E['params']>;

/** The validated query of an endpoint. */
export type EndpointQuery<E extends Endpoint> = Out<E['query']>;

/** The validated extra headers of an endpoint. */
export type EndpointHeaders<E extends Endpoint> = Out<E['headers']>;

/** The validated JSON body of an endpoint; `undefined` for multipart bodies. */
export type EndpointBody<E extends Endpoint> = Out<JsonBodySchema<E>>;

/** The session of an endpoint's requests: always there with `session: true`, else `null`. */
export type EndpointSession<E extends Endpoint> = E['session'] extends true ? SessionContext : null;

type ResponseStatus<E extends Endpoint> = keyof E['responses'] & number;

/** The administrator calling an operator route. */
export type AdminPrincipal = Extract<OperatorPrincipal, { readonly kind: 'admin' }>;

/** A brand's API key calling an operator route. */
export type BrandPrincipal = Extract<OperatorPrincipal, { readonly kind: 'brand' }>;

/**
 * The caller of an endpoint: the administrator on an `operator: 'admin'` row, a brand key on a
 * scoped operator row, else `null`.
 */
export type EndpointOperator<E extends Endpoint> = E extends { readonly operator: 'admin' }
  ? AdminPrincipal
  : E extends { readonly operator: OperatorScopeName }
    ? BrandPrincipal
    : null;

/** One change an operator call made, for the audit trail (action and caller are filled in). */
export interface OperatorChange {
  /** The brand changed; default the calling key's brand. */
  readonly brandId?: string;
  /** What changed, e.g. `player:p-17`. */
  readonly target: string;
  readonly before: unknown;
  readonly after: unknown;
}

/** A JSON success answer of an endpoint: one of its statuses with that status's body. */
export type EndpointJsonResult<E extends Endpoint> = {
  [K in ResponseStatus<E>]: E['responses'][K] extends { readonly schema: infer S extends $ZodType }
    ? { readonly status: K; readonly body: output<S> }
    : never;
}[ResponseStatus<E>];

/** An HTML answer, for the statuses an endpoint declares as text/html. */
export type EndpointHtmlResult<E extends Endpoint> = {
  [K in ResponseStatus<E>]: E['responses'][K] extends { readonly contentType: 'text/html' }
    ? { readonly status: K; readonly html: string }
    : never;
}[ResponseStatus<E>];

/** An SVG image, for the statuses an endpoint declares as image/svg+xml. */
export type EndpointSvgResult<E extends Endpoint> = {
  [K in ResponseStatus<E>]: E['responses'][K] extends { readonly contentType: 'image/svg+xml' }
    ? { readonly status: K; readonly svg: string }
    : never;
}[ResponseStatus<E>];

/** A CSV answer streamed as it is read, for the statuses an endpoint declares as text/csv. */
export type EndpointCsvResult<E extends Endpoint> = {
  [K in ResponseStatus<E>]: E['responses'][K] extends { readonly contentType: 'text/csv' }
    ? { readonly status: K; readonly csv: Readable }
    : never;
}[ResponseStatus<E>];

/** A document's bytes, streamed as an attachment (an endpoint's `document` answer). */
export interface DocumentAnswer {
  readonly stream: Readable;
  /** The type detected from its bytes at upload (one of the upload MIME types). */
  readonly mimeType: string;
  /** Its length in bytes (Content-Length). */
  readonly size: number;
  /** The name to save it under, already safe for a file system (Content-Disposition). */
  readonly fileName: string;
}

/** A document answer, for the statuses an endpoint declares as `document`. */
export type EndpointDocumentResult<E extends Endpoint> = {
  [K in ResponseStatus<E>]: E['responses'][K] extends { readonly contentType: 'document' }
    ? { readonly status: K; readonly document: DocumentAnswer }
    : never;
}[ResponseStatus<E>];

/** An answer without a body (204), for the statuses an endpoint declares with neither schema nor type. */
export type EndpointEmptyResult<E extends Endpoint> = {
  [K in ResponseStatus<E>]: E['responses'][K] extends { readonly schema: $ZodType }
    ? never
    : E['responses'][K] extends { readonly contentType: string }
      ? never
      : { readonly status: K; readonly empty: true };
}[ResponseStatus<E>];

/** The stored answer of an earlier request with the same Idempotency-Key, sent again as it was. */
export interface ReplayedResult {
  readonly replayed: StoredResponse;
}

/** What a handler returns. */
export type EndpointResult<E extends Endpoint> =
  | EndpointJsonResult<E>
  | EndpointHtmlResult<E>
  | EndpointSvgResult<E>
  | EndpointCsvResult<E>
  | EndpointDocumentResult<E>
  | EndpointEmptyResult<E>
  | ReplayedResult;

/** What a handler gets. */
export interface EndpointContext<E extends Endpoint> {
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
  readonly params: EndpointParams<E>;
  readonly query: EndpointQuery<E>;
  readonly headers: EndpointHeaders<E>;
  readonly body: EndpointBody<E>;
  /** The authenticated session (`null` on a public endpoint). */
  readonly session: EndpointSession<E>;
  /** The Idempotency-Key header of an idempotent endpoint (always there: it is required). */
  readonly idempotencyKey: string | undefined;
  /**
   * The request's claim of its Idempotency-Key, on an idempotent JSON endpoint: the handler ties
   * the transaction it creates to the key with `claim.link(tx, id)` inside the creating database
   * transaction. `undefined` elsewhere.
   */
  readonly claim: ClaimHandle | undefined;
  readonly deps: AppDeps;
  /** The operator calling an operator route; `null` on the player's routes. */
  readonly operator: EndpointOperator<E>;
  /**
   * Records an operator call's change in the audit trail, inside the database
   * transaction `tx` that makes it (so the entry exists exactly when the change committed).
   */
  readonly audit: (tx: Executor, change: OperatorChange) => Promise<void>;
  /**
   * Runs `work` under the request's Idempotency-Key (just runs it on an endpoint without one).
   * JSON endpoints get this automatically; multipart handlers call it with what identifies the
   * request (e.g. the file's sha256 and the form fields).
   */
  idempotent(
    requestParts: unknown,
    work: () => Promise<EndpointJsonResult<E>>,
  ): Promise<EndpointJsonResult<E> | ReplayedResult>;
}

/** Options of an endpoint registration. */
export interface EndpointOptions<E extends Endpoint> {
  /**
   * An idempotent endpoint that creates a transaction: the answer to a retry whose key already
   * created one (http/idempotency.ts), e.g. the pay session of that transaction after its
   * unresolved provider call was repeated.
   */
  readonly resume?: (
    context: EndpointContext<E>,
    transactionId: string,
  ) => Promise<EndpointJsonResult<E>>;
  /**
   * The handler claims the Idempotency-Key with the transaction it creates
   * (`claim.link` inserts the claim in the creating database transaction) instead of before it
   * runs; see http/idempotency.ts `claimWithTransaction`. The handler must write nothing
   * before `link` that a repeat could not write again, or call `claim.claimNow()` first.
   */
  readonly claimWithTransaction?: boolean;
}

/** A route handler of an endpoint. */
export type EndpointHandler<E extends Endpoint> = (
  context: EndpointContext<E>,
) => Promise<EndpointResult<E>>;

/**
 * The player's calls a preview session may not make (docs/decisions/0107-previewing-configuration.md):
 * every call that moves money or sends a code, and every one that reaches a provider or changes
 * what the player has saved. They answer 1860 before their handler runs, so nothing is charged,
 * reserved or sent, and no wallet, provider or webhook is called.
 */
const PREVIEW_REFUSED_ENDPOINT_IDS: ReadonlySet<string> = new Set([
  ...MONEY_ENDPOINT_IDS,
  'depositRoute',
  'payoutRoute',
  'altInteraction',
  'altStatus',
  'userCardsDelete',
  'userCardsTokenize',
  'requisiteDelete',
]);

/** Where a request value comes from, as error_field spells it. */
type RequestPart = 'params' | 'query' | 'headers' | 'body';

interface LooseJson {
  readonly status: number;
  readonly body: unknown;
}
type LooseResult =
  | LooseJson
  | { readonly status: number; readonly html: string }
  | { readonly status: number; readonly svg: string }
  | { readonly status: number; readonly csv: Readable }
  | { readonly status: number; readonly document: DocumentAnswer }
  | { readonly status: number; readonly empty: true }
  | ReplayedResult;

/** A JSON answer as the idempotency store keeps it. */
function storedOf(endpoint: Endpoint, result: unknown): StoredResponse {
  const answer = toLooseResult(result);
  if (!('body' in answer)) throw new Error(`${endpoint.id}: an idempotent answer must be JSON`);
  return { status: answer.status, body: answer.body };
}

/** The Idempotency-Key of a request to an idempotent endpoint. */
function requiredKey(headers: unknown): string {
  const key = parsePart('headers', IdempotencyHeaders, headers)['idempotency-key'];
  if (key === undefined) {
    throw new ApiError('idempotencyKeyRequired', {
      field: 'headers.idempotency-key',
      detail: 'no Idempotency-Key header',
    });
  }
  return key;
}

/** Reads a handler's result (checked at run time: handlers are typed, this is the seam). */
function toLooseResult(result: unknown): LooseResult {
  if (isRecord(result)) {
    const replayed = result.replayed;
    if (isRecord(replayed) && typeof replayed.status === 'number') {
      return { replayed: { status: replayed.status, body: replayed.body } };
    }
    if (typeof result.status === 'number' && typeof result.html === 'string') {
      return { status: result.status, html: result.html };
    }
    if (typeof result.status === 'number' && typeof result.svg === 'string') {
      return { status: result.status, svg: result.svg };
    }
    if (typeof result.status === 'number' && result.csv instanceof Readable) {
      return { status: result.status, csv: result.csv };
    }
    const document = result.document;
    if (
      typeof result.status === 'number' &&
      isRecord(document) &&
      document.stream instanceof Readable &&
      typeof document.mimeType === 'string' &&
      typeof document.size === 'number' &&
      typeof document.fileName === 'string'
    ) {
      const { stream, mimeType, size, fileName } = document;
      return { status: result.status, document: { stream, mimeType, size, fileName } };
    }
    if (typeof result.status === 'number' && 'body' in result)
      return { status: result.status, body: result.body };
    if (typeof result.status === 'number' && result.empty === true) {
      return { status: result.status, empty: true };
    }
  }
  throw new Error('route handler returned no result');
}

/**
 * Validates one part of the request against its schema and returns the parsed value (zod's
 * output: unknown keys stripped, defaults filled); without a schema the part is `undefined`.
 *
 * @throws {ApiError} invalidField naming the first offending field (`body.amount`, `params.payGroupId`).
 */
function parsePart<S extends $ZodType | undefined>(
  part: RequestPart,
  schema: S,
  value: unknown,
): Out<S>;
function parsePart(part: RequestPart, schema: $ZodType | undefined, value: unknown): unknown {
  if (schema === undefined) return undefined;
  const result = safeParse(schema, value);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  // An unknown field is named itself, not the object that holds it.
  const unknown = issue?.code === 'unrecognized_keys' ? issue.keys.slice(0, 1) : [];
  const path = [...(issue?.path ?? []), ...unknown].map(String).join('.');
  throw new ApiError('invalidField', {
    field: path === '' ? part : `${part}.${path}`,
    detail: `${part} failed validation: ${issue?.code ?? 'unknown'}`,
  });
}

/** The parameter names an endpoint's query schema declares (none without a schema). */
function queryNames(schema: $ZodType | undefined): ReadonlySet<string> {
  if (schema === undefined) return new Set();
  const def: unknown = schema._zod.def;
  const shape: unknown = isRecord(def) ? def.shape : undefined;
  if (!isRecord(shape)) throw new Error('a query schema must be an object schema');
  return new Set(Object.keys(shape));
}

/**
 * Refuses the first query parameter not in `known` (400 invalidField naming `query.<name>`).
 *
 * @throws {ApiError} invalidField
 */
function refuseUnknownQuery(known: ReadonlySet<string>, query: unknown): void {
  if (!isRecord(query)) return;
  const unknown = Object.keys(query).find((name) => !known.has(name));
  if (unknown === undefined) return;
  throw new ApiError('invalidField', {
    field: `query.${unknown}`,
    detail: 'unknown query parameter',
  });
}

/** One of an endpoint's object schemas, typed as the row declares it. */
function schemaOf<E extends Endpoint, K extends 'params' | 'query' | 'headers'>(
  endpoint: E,
  key: K,
): E[K];
function schemaOf(endpoint: Endpoint, key: 'params' | 'query' | 'headers'): $ZodType | undefined {
  return endpoint[key];
}

/** The JSON body schema of an endpoint (none for multipart). */
function jsonBodySchema<E extends Endpoint>(endpoint: E): JsonBodySchema<E>;
function jsonBodySchema(endpoint: Endpoint): $ZodType | undefined {
  return endpoint.bodyContentType === 'multipart/form-data' ? undefined : endpoint.body;
}

/** The session of a request to an endpoint; fails closed when an authenticated route has none. */
function sessionOf<E extends Endpoint>(
  endpoint: E,
  session: SessionContext | null,
): EndpointSession<E>;
function sessionOf(endpoint: Endpoint, session: SessionContext | null): SessionContext | null {
  if (!endpoint.session) return null;
  if (session === null) throw new ApiError('sessionExpired', { detail: 'route has no session' });
  return session;
}

/** The operator of a request to an endpoint; fails closed when an operator route has none. */
function operatorOf<E extends Endpoint>(
  endpoint: E,
  principal: OperatorPrincipal | null,
): EndpointOperator<E>;
function operatorOf(
  endpoint: Endpoint,
  principal: OperatorPrincipal | null,
): OperatorPrincipal | null {
  if (endpoint.operator === undefined) return null;
  if (principal === null) {
    throw new ApiError('operatorKeyInvalid', { detail: 'route has no operator auth' });
  }
  return principal;
}

async function send(reply: FastifyReply, result: LooseResult): Promise<FastifyReply> {
  if ('replayed' in result) {
    return reply
      .code(result.replayed.status)
      .header('idempotent-replayed', 'true')
      .send(result.replayed.body);
  }
  if ('html' in result) {
    return reply.code(result.status).type('text/html; charset=utf-8').send(result.html);
  }
  if ('svg' in result) {
    return reply.code(result.status).type('image/svg+xml; charset=utf-8').send(result.svg);
  }
  if ('csv' in result) {
    return reply.code(result.status).type('text/csv; charset=utf-8').send(result.csv);
  }
  if ('document' in result) {
    // Always an attachment, never rendered in the page, its type never sniffed: the bytes are a
    // player's, and only their type detected at upload is claimed.
    const { document } = result;
    return reply
      .code(result.status)
      .type(document.mimeType)
      .header('content-length', String(document.size))
      .header('content-disposition', contentDisposition(document.fileName))
      .header('x-content-type-options', 'nosniff')
      .send(document.stream);
  }
  if ('empty' in result) return reply.code(result.status).send();
  return reply.code(result.status).send(result.body);
}

/**
 * Registers one endpoint of the contract on the app (see the module comment). `E` is taken from
 * the row alone (`NoInfer` on the handler): inferring it from an async handler too would widen
 * `status: 201` to `number` before the row's type is known.
 */
export function registerEndpoint<E extends Endpoint>(
  app: App,
  endpoint: E,
  handler: NoInfer<EndpointHandler<E>>,
  options: NoInfer<EndpointOptions<E>> = {},
): void {
  const deps = app.cashdesk;
  const url = fastifyPath(endpoint);
  if (endpoint.sandboxOnly && deps.config.mode !== 'sandbox') {
    // Registered anyway so that the answer is the documented 1901, not a generic 404.
    app.route({
      method: endpoint.method,
      url,
      handler: () => {
        throw new ApiError('sandboxOnly', { detail: `${endpoint.id} is sandbox-only` });
      },
    });
    return;
  }
  const sessionHook = endpoint.session
    ? sessionAuthHook(deps.db, deps.config.sessionLifetimeMs, app.cashdeskLimits.authFailures, {
        extendsSession: endpoint.extendsSession !== false,
      })
    : endpoint.operator === undefined
      ? undefined
      : operatorAuthHook({
          deps,
          endpointId: endpoint.id,
          access: endpoint.operator,
          failures: app.cashdeskLimits.authFailures,
        });
  const staffHook =
    endpoint.staff === undefined
      ? undefined
      : staffAuthHook(deps, endpoint.staff, app.cashdeskLimits.authFailures);
  const authHook = sessionHook ?? staffHook;
  // Money calls are limited per session, after the session check, before the handler.
  // Calls without a session (client reports) are limited per client address instead.
  const limitHook =
    app.cashdeskLimits.moneyCallHook(endpoint.id) ??
    app.cashdeskLimits.addressCallHook(endpoint.id);
  // Requests are validated here, once, with the row's schemas (so the handler's types are the
  // schemas' outputs); Fastify serialises the answers with the response schemas.
  const schema: FastifySchema = { response: endpointResponseSchemas(endpoint) };
  const bodySchema = jsonBodySchema(endpoint);
  // The operator API names every query parameter it takes (see the module comment).
  const knownQuery =
    endpoint.operator === undefined ? undefined : queryNames(schemaOf(endpoint, 'query'));

  app.route({
    method: endpoint.method,
    url,
    schema,
    ...(authHook === undefined ? {} : { onRequest: authHook }),
    ...(limitHook === undefined ? {} : { preHandler: limitHook }),
    handler: async (request, reply) => {
      const session = sessionOf(endpoint, request.cashierSession);
      if (session?.preview === true && PREVIEW_REFUSED_ENDPOINT_IDS.has(endpoint.id)) {
        throw new ApiError('previewCannotPay', { detail: `${endpoint.id} in a preview session` });
      }
      const params = parsePart('params', schemaOf(endpoint, 'params'), request.params);
      if (knownQuery !== undefined) refuseUnknownQuery(knownQuery, request.query);
      const query = parsePart('query', schemaOf(endpoint, 'query'), request.query);
      const headers = parsePart('headers', schemaOf(endpoint, 'headers'), request.headers);
      const key = endpoint.idempotencyKey ? requiredKey(request.headers) : undefined;
      const body = parsePart('body', bodySchema, request.body);
      const player = request.cashierSession;
      const operator = operatorOf(endpoint, request.operatorPrincipal);

      const runIdempotently = async (
        requestParts: unknown,
        run: (claim: ClaimHandle | undefined) => Promise<EndpointJsonResult<E>>,
        resume: ((transactionId: string) => Promise<EndpointJsonResult<E>>) | undefined,
        claimWithTransaction = false,
      ): Promise<EndpointJsonResult<E> | ReplayedResult> => {
        if (key === undefined || player === null) return run(undefined);
        let fresh: EndpointJsonResult<E> | undefined;
        const result = await runIdempotent(
          deps.db,
          {
            playerId: player.playerId,
            scope: endpoint.id,
            key,
            requestHash: hashRequest(requestParts),
            sessionId: player.sessionId,
          },
          {
            run: async (claim) => {
              fresh = await run(claim);
              return storedOf(endpoint, fresh);
            },
            resume:
              resume === undefined
                ? undefined
                : async (transactionId) => storedOf(endpoint, await resume(transactionId)),
            claimWithTransaction,
          },
          { now: deps.clock, leaseMs: deps.config.payments.leaseMs },
        );
        if (!result.replayed && fresh !== undefined) return fresh;
        return { replayed: { status: result.status, body: result.body } };
      };

      const context: EndpointContext<E> = {
        request,
        reply,
        params,
        query,
        headers,
        body,
        session,
        idempotencyKey: key,
        claim: undefined,
        deps,
        operator,
        audit: async (tx, change) => {
          const principal = request.operatorPrincipal;
          const brandId =
            change.brandId ?? (principal?.kind === 'brand' ? principal.brandId : undefined);
          if (principal === null || brandId === undefined) {
            throw new Error(`${endpoint.id}: audit outside an operator call or without a brand`);
          }
          await recordAudit(tx, principal, {
            brandId,
            action: endpoint.id,
            target: change.target,
            before: change.before,
            after: change.after,
            requestId: request.id,
            at: deps.clock(),
          });
        },
        idempotent: (requestParts, work) => runIdempotently(requestParts, work, undefined),
      };
      if (endpoint.idempotencyKey && endpoint.bodyContentType !== 'multipart/form-data') {
        const { resume } = options;
        const result = await runIdempotently(
          { params, query, body },
          async (claim) => {
            const answer = await handler({ ...context, claim });
            if ('replayed' in answer || !('body' in answer)) {
              throw new Error(`${endpoint.id}: an idempotent endpoint must answer JSON`);
            }
            return answer;
          },
          resume === undefined ? undefined : (transactionId) => resume(context, transactionId),
          options.claimWithTransaction === true,
        );
        return send(reply, toLooseResult(result));
      }
      const answer = toLooseResult(await handler(context));
      // Every operator call is audited. A change records itself with its before and
      // after (`audit` above, in its transaction); a read records who read what, and when.
      if (endpoint.operator !== undefined && endpoint.method === 'GET') {
        try {
          await auditRead(request, endpoint.id, params, deps);
        } catch (error) {
          // A read that cannot be audited is not answered: let go of what was opened for it.
          if ('csv' in answer) answer.csv.destroy();
          if ('document' in answer) answer.document.stream.destroy();
          throw error;
        }
      }
      return send(reply, answer);
    },
  });
}

/**
 * Records an operator's read in the audit trail (who, what, when): the endpoint id and
 * the address read, query included (filters say what was looked at). The administrator's reads
 * go to the trail of the brand they name, or of `*` when they name none.
 */
async function auditRead(
  request: FastifyRequest,
  action: string,
  params: unknown,
  deps: App['cashdesk'],
): Promise<void> {
  const principal = request.operatorPrincipal;
  if (principal === null) return;
  const named =
    typeof params === 'object' && params !== null && 'brandId' in params
      ? params.brandId
      : undefined;
  const brandId =
    principal.kind === 'brand' ? principal.brandId : typeof named === 'string' ? named : '*';
  await recordAudit(deps.db, principal, {
    brandId,
    action,
    kind: 'read',
    target: request.url,
    before: null,
    after: null,
    requestId: request.id,
    at: deps.clock(),
  });
}
