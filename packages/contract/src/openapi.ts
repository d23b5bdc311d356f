/**
 * Builds the OpenAPI 3.1 document of the cashier-service from the endpoint table and the zod
 * schemas, so the document and the code that checks requests cannot disagree. Every schema
 * with a meta id becomes a component; request bodies and parameters are described as the client
 * sends them (zod's input side), answers as the server sends them (output side). Where the two
 * sides of one schema differ (a default, or the number accepted for an amount), the request side
 * is published as `<id>Input`.
 *
 * @packageDocumentation
 */
import * as z from 'zod/mini';
import type { AnySchema, Endpoint, ObjectSchema } from './endpoint-types';
import { ENDPOINT_LIST } from './endpoint-list';
import { endpointErrorsByStatus } from './endpoints';
import { ERROR_CODES } from './errors';
import { STAFF_SESSION_COOKIE } from './staff-endpoints';
import * as examples from './examples';
import {
  OtpSendRequest,
  OtpSendResponse,
  OtpVerifyRequest,
  OtpVerifyResponse,
  RequisiteCreateRequest,
  RequisiteCreateResponse,
  RequisiteDeleteResponse,
} from './schemas/account-management';
import { InteractionResponse, StatusResponse, ThreeDsResultRequest } from './schemas/alternative';
import { PaymentHistoryResponse } from './schemas/history';
import { DepositInitResponse, PayoutInitResponse } from './schemas/cashier';
import { ErrorBody, IdempotencyKey } from './schemas/common';
import { ContentPageResponse, RtlAssetsResponse } from './schemas/content';
import { DepositMethodDetail, PayoutMethodDetail, SelectRequest } from './schemas/method-detail';
import { MetricsRequest, MetricsResponse } from './schemas/metrics';
import { ClientReportRequest, ClientReportResponse } from './schemas/client-reports';
import { PaySession, SubmitRequest, UPLOAD_MIME_TYPES, UploadResponse } from './schemas/payment';
import {
  DepositRouteResponse,
  PaymentOtpRequest,
  PaymentOtpResponse,
  PayoutRouteResponse,
  ReversePendingWithdrawalResponse,
  RouteRequest,
} from './schemas/routing';
import { SandboxSessionRequest, SandboxSessionResponse } from './schemas/sandbox';
import {
  DeleteCardRequest,
  DeleteCardResponse,
  RecurringCheckRequest,
  RecurringCheckResponse,
  UserCardsResponse,
} from './schemas/user-cards';
import {
  AdjustmentEvent,
  PayoutAccountEvent,
  RefundEvent,
  TransactionEvent,
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_HEADER_DESCRIPTIONS,
  WEBHOOK_HEADERS,
} from './schemas/webhooks';
import type { ErrorDefinition } from './errors';

/** A JSON value of the document. */
export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
/** A JSON object of the document. */
export type JsonObject = { [key: string]: JsonValue };

/** Version of the contract published in `info.version`. */
export const CONTRACT_VERSION = '1.0.0';

const COMPONENT_PREFIX = '#/components/schemas/';
const DEFS_PREFIX = '#/$defs/';

type Io = 'input' | 'output';

function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a JSON Schema produced by zod as plain JSON (it is JSON by construction). */
function toJson(value: unknown): JsonValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return value;
  if (Array.isArray(value)) return value.map((item: unknown) => toJson(item));
  if (typeof value === 'object') {
    const result: JsonObject = {};
    for (const [key, item] of Object.entries(value)) {
      if (item !== undefined) result[key] = toJson(item);
    }
    return result;
  }
  throw new Error(`openapi: not JSON: ${typeof value}`);
}

/** Applies `visit` to every object in a JSON tree, depth first, returning a rewritten copy. */
function mapObjects(value: JsonValue, visit: (object: JsonObject) => JsonObject): JsonValue {
  if (Array.isArray(value)) return value.map((item) => mapObjects(item, visit));
  if (!isJsonObject(value)) return value;
  const copy: JsonObject = {};
  for (const [key, item] of Object.entries(value)) copy[key] = mapObjects(item, visit);
  return visit(copy);
}

/** A copy of an object without some of its keys. */
function withoutKeys(object: JsonObject, keys: readonly string[]): JsonObject {
  const copy: JsonObject = {};
  for (const [key, value] of Object.entries(object)) if (!keys.includes(key)) copy[key] = value;
  return copy;
}

/** Names of the `$defs` a JSON Schema refers to. */
function referencedDefs(value: JsonValue): Set<string> {
  const names = new Set<string>();
  mapObjects(value, (object) => {
    const ref = object.$ref;
    if (typeof ref === 'string' && ref.startsWith(DEFS_PREFIX))
      names.add(ref.slice(DEFS_PREFIX.length));
    return object;
  });
  return names;
}

interface Compiled {
  /** The schema itself, `$ref: '#/$defs/<id>'` when it has an id. */
  readonly root: JsonObject;
  /** Every schema with an id it uses, by id, refs still in `#/$defs/` form. */
  readonly defs: ReadonlyMap<string, JsonObject>;
}

/**
 * Objects answered by the server strip unknown keys, but clients must not rely on the absence
 * of new keys (the contract grows by adding fields), so `additionalProperties: false` is left
 * out of the answers.
 */
function openResponseObjects(object: JsonObject): JsonObject {
  if (object.additionalProperties === false && isJsonObject(object.properties)) {
    return withoutKeys(object, ['additionalProperties']);
  }
  return object;
}

/**
 * An `anyOf` with an empty schema among its options (zod's `nullable(unknown())`, the audit
 * trail's before and after) matches any value: it is written as the empty schema it amounts to,
 * keeping its other keywords (a description), rather than as a union that only looks narrower.
 */
function collapseAnyUnions(object: JsonObject): JsonObject {
  const options = object.anyOf;
  const matchesAll =
    Array.isArray(options) &&
    options.some((option) => isJsonObject(option) && Object.keys(option).length === 0);
  return matchesAll ? withoutKeys(object, ['anyOf']) : object;
}

function compile(schema: AnySchema, io: Io): Compiled {
  const raw = toJson(
    z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }),
  );
  if (!isJsonObject(raw)) throw new Error('openapi: a schema compiled to a non-object');
  const collapsed = mapObjects(raw, collapseAnyUnions);
  const tidy = io === 'output' ? mapObjects(collapsed, openResponseObjects) : collapsed;
  if (!isJsonObject(tidy)) throw new Error('openapi: a schema compiled to a non-object');
  const $defs = tidy.$defs;
  const root = withoutKeys(tidy, ['$schema', '$defs']);
  const defs = new Map<string, JsonObject>();
  if (isJsonObject($defs)) {
    for (const [id, def] of Object.entries($defs)) {
      if (!isJsonObject(def)) throw new Error(`openapi: $defs.${id} is not an object`);
      defs.set(id, def);
    }
  }
  return { root, defs };
}

/** Collects the components of both sides and names them, `<id>Input` where the sides differ. */
class ComponentCollector {
  private readonly sides: Record<Io, Map<string, JsonObject>> = {
    input: new Map(),
    output: new Map(),
  };

  add(compiled: Compiled, io: Io): void {
    const side = this.sides[io];
    for (const [id, def] of compiled.defs) {
      const known = side.get(id);
      if (known !== undefined && JSON.stringify(known) !== JSON.stringify(def)) {
        throw new Error(`openapi: two different schemas share the meta id ${id}`);
      }
      side.set(id, def);
    }
  }

  /** Ids whose input side differs from their output side, directly or through a reference. */
  private inputOnlyIds(): Set<string> {
    const differing = new Set<string>();
    for (const [id, def] of this.sides.input) {
      const output = this.sides.output.get(id);
      if (output !== undefined && JSON.stringify(output) !== JSON.stringify(def)) differing.add(id);
    }
    let grown = true;
    while (grown) {
      grown = false;
      for (const [id, def] of this.sides.input) {
        if (differing.has(id) || !this.sides.output.has(id)) continue;
        if ([...referencedDefs(def)].some((ref) => differing.has(ref))) {
          differing.add(id);
          grown = true;
        }
      }
    }
    return differing;
  }

  /** The component name of an id on one side. */
  nameOf(id: string, io: Io, inputOnly: ReadonlySet<string>): string {
    return io === 'input' && inputOnly.has(id) ? `${id}Input` : id;
  }

  /** Rewrites `#/$defs/<id>` references to component references of the given side. */
  rewrite(value: JsonValue, io: Io, inputOnly: ReadonlySet<string>): JsonValue {
    return mapObjects(value, (object) => {
      const ref = object.$ref;
      if (typeof ref !== 'string' || !ref.startsWith(DEFS_PREFIX)) return object;
      return {
        ...object,
        $ref: COMPONENT_PREFIX + this.nameOf(ref.slice(DEFS_PREFIX.length), io, inputOnly),
      };
    });
  }

  /** Every component by name. */
  components(inputOnly: ReadonlySet<string>): JsonObject {
    const all: JsonObject = {};
    for (const io of ['output', 'input'] as const) {
      for (const [id, def] of this.sides[io]) {
        const name = this.nameOf(id, io, inputOnly);
        if (!Object.hasOwn(all, name)) all[name] = this.rewrite(def, io, inputOnly);
      }
    }
    return all;
  }

  finish(): { components: JsonObject; inputOnly: ReadonlySet<string> } {
    const inputOnly = this.inputOnlyIds();
    return { components: this.components(inputOnly), inputOnly };
  }
}

/** The same object with its own keys in code-point order (nested objects untouched). */
function sortKeys(object: JsonObject): JsonObject {
  const sorted: JsonObject = {};
  for (const key of Object.keys(object).sort()) {
    const value = object[key];
    if (value !== undefined) sorted[key] = value;
  }
  return sorted;
}

/** A schema use that is turned into JSON once the component names are known. */
type Pending = (inputOnly: ReadonlySet<string>) => JsonValue;

function errorLine(definition: ErrorDefinition): string {
  return `${definition.code} (${definition.messageKey}): ${definition.description}`;
}

function errorTableMarkdown(): string {
  const rows = Object.entries(ERROR_CODES).map(
    ([name, definition]) =>
      `| ${definition.code} | ${String(definition.status)} | ${name} | ${definition.messageKey} | ${definition.description} |`,
  );
  return [
    '| code | HTTP status | name | message key | meaning |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** The error code table as a component: the codes as an enum plus the table in the description. */
function errorCodesComponent(): JsonObject {
  const definitions = Object.entries(ERROR_CODES);
  return {
    type: 'string',
    enum: definitions.map(([, definition]) => definition.code),
    description: `The stable error code table (SPEC §8). Every error answer is an ErrorBody whose error_code is one of these and whose error_message is the message key, translated by the widget. Codes never change meaning.\n\n${errorTableMarkdown()}`,
    'x-error-codes': definitions.map(([name, definition]) => ({
      code: definition.code,
      status: definition.status,
      name,
      message_key: definition.messageKey,
      description: definition.description,
    })),
  };
}

function objectProperties(
  compiled: JsonObject,
): { name: string; schema: JsonValue; required: boolean }[] {
  const properties = compiled.properties;
  if (!isJsonObject(properties)) return [];
  const required = Array.isArray(compiled.required) ? compiled.required : [];
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    schema,
    required: required.includes(name),
  }));
}

function schemaDescription(schema: JsonValue): string | undefined {
  return isJsonObject(schema) && typeof schema.description === 'string'
    ? schema.description
    : undefined;
}

function parameterList(endpoint: Endpoint, collector: ComponentCollector): Pending[] {
  const groups: {
    readonly location: 'path' | 'query' | 'header';
    readonly schema: ObjectSchema | undefined;
  }[] = [
    { location: 'path', schema: endpoint.params },
    { location: 'query', schema: endpoint.query },
    { location: 'header', schema: endpoint.headers },
  ];
  const pending: Pending[] = [];
  for (const group of groups) {
    if (group.schema === undefined) continue;
    const compiled = compile(group.schema, 'input');
    collector.add(compiled, 'input');
    for (const property of objectProperties(compiled.root)) {
      const description = schemaDescription(property.schema);
      pending.push((inputOnly) => ({
        name: property.name,
        in: group.location,
        required: group.location === 'path' ? true : property.required,
        ...(description === undefined ? {} : { description }),
        schema: collector.rewrite(property.schema, 'input', inputOnly),
      }));
    }
  }
  if (endpoint.idempotencyKey)
    pending.push(() => ({ $ref: '#/components/parameters/IdempotencyKey' }));
  return pending;
}

function useSchema(schema: AnySchema, io: Io, collector: ComponentCollector): Pending {
  const compiled = compile(schema, io);
  collector.add(compiled, io);
  return (inputOnly) => collector.rewrite(compiled.root, io, inputOnly);
}

function errorResponse(status: number, definitions: readonly ErrorDefinition[]): JsonObject {
  const codes = definitions.map((definition) => definition.code);
  return {
    description: `Error ${codes.join(', ')} (HTTP ${String(status)}):\n${definitions.map((definition) => `- ${errorLine(definition)}`).join('\n')}`,
    content: {
      'application/json': {
        schema: {
          allOf: [
            { $ref: `${COMPONENT_PREFIX}ErrorBody` },
            { type: 'object', properties: { error_code: { enum: codes } } },
          ],
        },
      },
    },
  };
}

/** The example of a request or answer schema, when examples.ts has one. */
const EXAMPLES = new Map<AnySchema, unknown>([
  [DepositInitResponse, examples.EXAMPLE_DEPOSIT_INIT],
  [PayoutInitResponse, examples.EXAMPLE_PAYOUT_INIT],
  [SelectRequest, examples.EXAMPLE_SELECT],
  [DepositMethodDetail, examples.EXAMPLE_DEPOSIT_DETAIL],
  [PayoutMethodDetail, examples.EXAMPLE_PAYOUT_DETAIL],
  [SubmitRequest, examples.EXAMPLE_DEPOSIT_SUBMIT],
  [PaySession, examples.EXAMPLE_PAY_SESSION_REDIRECT],
  [UploadResponse, examples.EXAMPLE_UPLOAD],
  [RouteRequest, examples.EXAMPLE_ROUTE_REQUEST],
  [DepositRouteResponse, examples.EXAMPLE_DEPOSIT_ROUTE],
  [PayoutRouteResponse, examples.EXAMPLE_PAYOUT_ROUTE],
  [PaymentOtpRequest, examples.EXAMPLE_PAYMENT_OTP_REQUEST],
  [PaymentOtpResponse, examples.EXAMPLE_PAYMENT_OTP],
  [ReversePendingWithdrawalResponse, examples.EXAMPLE_REVERSAL],
  [InteractionResponse, examples.EXAMPLE_INTERACTION],
  [StatusResponse, examples.EXAMPLE_STATUS],
  [PaymentHistoryResponse, examples.EXAMPLE_PAYMENT_HISTORY],
  [ThreeDsResultRequest, examples.EXAMPLE_THREE_DS_RESULT],
  [UserCardsResponse, examples.EXAMPLE_USER_CARDS],
  [DeleteCardRequest, examples.EXAMPLE_DELETE_CARD],
  [DeleteCardResponse, examples.EXAMPLE_DELETE_CARD_RESPONSE],
  [RecurringCheckRequest, examples.EXAMPLE_RECURRING_CHECK],
  [RecurringCheckResponse, examples.EXAMPLE_RECURRING_CHECK_RESPONSE],
  [ContentPageResponse, examples.EXAMPLE_CONTENT_PAGE],
  [RtlAssetsResponse, examples.EXAMPLE_RTL_ASSETS],
  [RequisiteCreateRequest, examples.EXAMPLE_REQUISITE_CREATE],
  [RequisiteCreateResponse, examples.EXAMPLE_REQUISITE_CREATED],
  [RequisiteDeleteResponse, examples.EXAMPLE_REQUISITE_DELETED],
  [OtpSendRequest, examples.EXAMPLE_OTP_SEND],
  [OtpSendResponse, examples.EXAMPLE_OTP_SENT],
  [OtpVerifyRequest, examples.EXAMPLE_OTP_VERIFY],
  [OtpVerifyResponse, examples.EXAMPLE_OTP_VERIFIED],
  [MetricsRequest, examples.EXAMPLE_METRICS],
  [MetricsResponse, examples.EXAMPLE_METRICS_RESPONSE],
  [ClientReportRequest, examples.EXAMPLE_CLIENT_REPORT],
  [ClientReportResponse, examples.EXAMPLE_CLIENT_REPORT_RESPONSE],
  [SandboxSessionRequest, examples.EXAMPLE_SANDBOX_SESSION_REQUEST],
  [SandboxSessionResponse, examples.EXAMPLE_SANDBOX_SESSION],
]);

/**
 * A media type object: the schema plus its example when there is one. An answer's example is
 * shown as the server sends it (parsed, so defaults are filled in); a request's as written.
 */
function mediaType(schema: AnySchema | undefined, json: JsonValue, io: Io): JsonObject {
  const example = schema === undefined ? undefined : EXAMPLES.get(schema);
  if (schema === undefined || example === undefined) return { schema: json };
  return { schema: json, example: toJson(io === 'output' ? z.parse(schema, example) : example) };
}

/** An uploaded document's bytes: one media type per type an upload may have (SPEC §5). */
function documentContent(): JsonObject {
  return Object.fromEntries(
    UPLOAD_MIME_TYPES.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
  );
}

/**
 * Who may call an endpoint: the session header, an operator key (with the scope the call needs),
 * or anyone.
 */
function endpointSecurity(endpoint: Endpoint): JsonObject[] {
  if (endpoint.operator !== undefined)
    return [{ operatorKey: endpoint.operator === 'admin' ? [] : [endpoint.operator] }];
  if (endpoint.staff !== undefined)
    return endpoint.staff === 'public' ? [] : [{ staffSession: [] }];
  return endpoint.session ? [{ sessionId: [] }] : [];
}

function operation(endpoint: Endpoint, collector: ComponentCollector): Pending {
  const parameters = parameterList(endpoint, collector);
  const body =
    endpoint.body === undefined ? undefined : useSchema(endpoint.body, 'input', collector);
  const successes = Object.entries(endpoint.responses).flatMap(([status, response]) => {
    if (response === undefined) return [];
    const schema =
      response.schema === undefined ? undefined : useSchema(response.schema, 'output', collector);
    return [{ status, response, schema }];
  });
  const errors = endpointErrorsByStatus(endpoint);
  return (inputOnly) => {
    const responses: JsonObject = {};
    for (const { status, response, schema } of successes) {
      const contentType = response.contentType ?? 'application/json';
      responses[status] = {
        description: response.description,
        content:
          contentType === 'document'
            ? documentContent()
            : {
                [contentType]: mediaType(
                  response.schema,
                  schema === undefined ? { type: 'string' } : schema(inputOnly),
                  'output',
                ),
              },
      };
    }
    for (const [status, definitions] of errors)
      responses[String(status)] = errorResponse(status, definitions);
    const contentType = endpoint.bodyContentType ?? 'application/json';
    const multipart: JsonObject =
      contentType === 'multipart/form-data'
        ? {
            encoding: {
              file: { contentType: 'application/pdf, image/heic, image/jpeg, image/png' },
            },
          }
        : {};
    return {
      operationId: endpoint.id,
      summary: endpoint.summary,
      description: endpoint.description,
      tags: [endpoint.tag],
      security: endpointSecurity(endpoint),
      ...(parameters.length === 0
        ? {}
        : { parameters: parameters.map((parameter) => parameter(inputOnly)) }),
      ...(body === undefined
        ? {}
        : {
            requestBody: {
              required: true,
              content: {
                [contentType]: {
                  ...mediaType(endpoint.body, body(inputOnly), 'input'),
                  ...multipart,
                },
              },
            },
          }),
      responses,
      ...(endpoint.sandboxOnly ? { 'x-sandbox-only': true } : {}),
      ...(endpoint.session && endpoint.extendsSession === false
        ? { 'x-extends-session': false }
        : {}),
      'x-idempotency-key': endpoint.idempotencyKey,
    };
  };
}

const TAG_DESCRIPTIONS: Readonly<Record<Endpoint['tag'], string>> = {
  deposit: 'Deposit flow (SPEC §7 payments/...)',
  payout: 'Withdrawal flow (SPEC §7 payouts/...)',
  'alternative-payments':
    'Alternative payments: interaction, status poll, 3-D Secure result (SPEC §2, §7)',
  history: "The player's pending payments and history, to resume an open payment",
  'user-cards': 'Saved cards (SPEC §3, §7)',
  'account-management':
    'Payout account creation and verification (SPEC §7 account-management service)',
  content: 'Content pages (SPEC §2 /content)',
  metrics: 'Performance metrics (SPEC §7)',
  assets: 'Static metadata (SPEC §7 rtlAssets.json)',
  realtime:
    "Realtime connection tokens (SPEC §3 auth_token, §4); the hub itself speaks Centrifugo's client protocol at /connection/websocket",
  sandbox: 'Sandbox-only routes: present only when the server runs in sandbox mode',
  meta: 'This document',
  'operator-admin': 'Operator API, administrator key: brands and their API keys (/api/operator/v1)',
  'operator-sessions': "Operator API: cashier sessions for the brand's players",
  'operator-players': "Operator API: the brand's players",
  'operator-transactions': "Operator API: the brand's transactions and payout approval",
  'operator-configuration':
    "Operator API: the brand's configuration (pay groups, currencies, themes, texts, ...) and its audit trail",
  'operator-monitoring':
    "Operator API: the brand's webhook deliveries (redelivery included) and the widget's client error reports",
  'back-office':
    "The back office's own calls (/api/back-office/v1): staff sign-in, the second factor, password links and staff management, under the staff session cookie",
};

const INFO_DESCRIPTION = [
  'The cashier-service of Cashdesk (SPEC §7), generated from @cashdesk/contract.',
  '',
  'Every call except the public ones (rtlAssets.json, this document, sandbox routes) needs the x-session-id header; a missing, unknown or expired session answers error 17 (HTTP 401). Such a call slides the end of the session forward (it lasts its lifetime after the last call of the player), except the calls marked x-extends-session false, which are made for the player but not by them (reads of the host page, metrics, realtime token renewal); every answer under a session carries x-session-expires-in, the whole milliseconds the session has left (SPEC §4 session expiry). Money is a decimal string, never a JSON number (one tolerated exception: the submit amount, see SubmitAmount). Errors are ErrorBody {error_code, error_message, error_field?}; the codes are listed in the ErrorCodes component.',
  '',
  "The operator API under /api/operator/v1 is for the operator's backend, never the browser: it authenticates with `Authorization: Bearer <key>` (operatorKey) and answers errors in the same ErrorBody.",
  '',
  "Base paths: /api/cashier-service/v1.0 is the default base of SPEC §7. Chosen where the spec is silent: the route call keeps the spec's /api/cashier-service/payments|payouts/groups/{paygroup_id}/route (no version); user-cards lives under the default base; the account-management service under /api/account-management/v1.0; content pages at /content/{slug}; metrics under the default base; rtlAssets.json at /metadata/default/rtlAssets.json; sandbox-only routes under /sandbox.",
].join('\n');

/**
 * Where the API is served. The paths are absolute, so a server is an origin: the one that served
 * the document (`/openapi.json` of a deployment, its PUBLIC_URL) or a local `npm start`.
 */
const SERVERS: JsonObject[] = [
  { url: '/', description: 'The origin that serves this document (a deployment: its PUBLIC_URL)' },
  {
    url: 'http://127.0.0.1:8080',
    description: 'A local server started with npm start (default HOST and PORT)',
  },
];

/**
 * The document's licence: the repository is private and grants no open licence (no licence file,
 * `private` packages), so the contract is proprietary until the project chooses otherwise. SPDX
 * has no id for that; `LicenseRef-` is its form for a licence of one's own.
 */
const LICENSE: JsonObject = {
  name: 'Proprietary (all rights reserved)',
  identifier: 'LicenseRef-Proprietary',
};

/**
 * ErrorBody's `error_code` as a member of the ErrorCodes table (what its description says), so the
 * table is part of every error answer's schema rather than a component nothing uses.
 */
function withErrorCodeTable(errorBody: JsonValue | undefined): JsonObject {
  const properties = isJsonObject(errorBody) ? errorBody.properties : undefined;
  if (!isJsonObject(errorBody) || !isJsonObject(properties) || !('error_code' in properties))
    throw new Error('openapi: ErrorBody has no error_code');
  return {
    ...errorBody,
    properties: { ...properties, error_code: { $ref: `${COMPONENT_PREFIX}ErrorCodes` } },
  };
}

/**
 * The top-level `webhooks` of the document (OpenAPI 3.1): one POST the server sends to the
 * operator per event type, its body the event's schema narrowed to the type, its headers the
 * signature, key id, event id and type (docs/webhooks.md).
 */
function webhookItems(collector: ComponentCollector): Pending {
  const transactionEvent = useSchema(TransactionEvent, 'output', collector);
  const accountEvent = useSchema(PayoutAccountEvent, 'output', collector);
  const refundEvent = useSchema(RefundEvent, 'output', collector);
  const adjustmentEvent = useSchema(AdjustmentEvent, 'output', collector);
  const headers = Object.entries(WEBHOOK_HEADER_DESCRIPTIONS).map(([name, description]) => ({
    name,
    in: 'header',
    required: true,
    description,
    schema: { type: 'string' },
  }));
  return (inputOnly) => {
    const items: JsonObject = {};
    for (const type of WEBHOOK_EVENT_TYPES) {
      const schema =
        type === 'payout_account.verified'
          ? accountEvent
          : type === 'balance.adjusted'
            ? adjustmentEvent
            : type.startsWith('refund.')
              ? refundEvent
              : transactionEvent;
      items[type] = {
        post: {
          operationId: `webhook:${type}`,
          summary: type,
          description: WEBHOOK_EVENT_DESCRIPTIONS[type],
          tags: ['webhooks'],
          security: [{ webhookSignature: [] }],
          parameters: headers,
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  allOf: [
                    schema(inputOnly),
                    { type: 'object', properties: { type: { const: type } } },
                  ],
                },
              },
            },
          },
          responses: {
            '2XX': { description: 'Received: the event is not sent again.' },
            default: {
              description:
                'Anything else, no answer within the time-out, or no connection: sent again later with exponential back-off, the same event id, until the attempts run out (then dead-lettered).',
            },
          },
        },
      };
    }
    return items;
  };
}

/** Builds the OpenAPI 3.1 document of every endpoint of {@link ENDPOINT_LIST}. */
export function buildOpenApiDocument(): JsonObject {
  const collector = new ComponentCollector();
  // Components every document has, whatever the endpoints use.
  collector.add(compile(IdempotencyKey, 'input'), 'input');
  collector.add(compile(ErrorBody, 'output'), 'output');
  const operations = ENDPOINT_LIST.map((endpoint) => ({
    endpoint,
    build: operation(endpoint, collector),
  }));
  const webhooks = webhookItems(collector);
  const { components, inputOnly } = collector.finish();
  const paths: JsonObject = {};
  for (const { endpoint, build } of operations) {
    const item = paths[endpoint.path];
    const entry: JsonObject = isJsonObject(item) ? item : {};
    entry[endpoint.method.toLowerCase()] = build(inputOnly);
    paths[endpoint.path] = entry;
  }
  const tags = [...new Set(ENDPOINT_LIST.map((endpoint) => endpoint.tag))].map((name) => ({
    name,
    description: TAG_DESCRIPTIONS[name],
  }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Cashdesk cashier-service',
      version: CONTRACT_VERSION,
      description: INFO_DESCRIPTION,
      license: LICENSE,
    },
    servers: SERVERS,
    tags: [
      ...tags,
      {
        name: 'webhooks',
        description:
          "Events the server POSTs to the operator's endpoint (WEBHOOK_URL), signed, at least once, de-duplicated by event id (docs/webhooks.md)",
      },
    ],
    paths,
    webhooks: webhooks(inputOnly),
    components: {
      schemas: sortKeys({
        ...components,
        ErrorBody: withErrorCodeTable(components.ErrorBody),
        ErrorCodes: errorCodesComponent(),
      }),
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: true,
          description:
            'Required on every call that moves money (submit, upload, reversal; error 1012 without it): one key per payment attempt, 8-128 characters of [A-Za-z0-9_-]. A repeat with the same key and body is the same request: concurrent duplicates make one transaction, a retry after a lost answer, a time-out or a server failure gets that transaction (its unanswered provider call repeated with the same key, never a second payment), and the same key with another body answers error 1007. While the first request still runs, a repeat waits for it or answers 1011 (retry shortly).',
          schema: { $ref: `${COMPONENT_PREFIX}IdempotencyKey` },
        },
      },
      securitySchemes: {
        staffSession: {
          type: 'apiKey',
          in: 'cookie',
          name: STAFF_SESSION_COOKIE,
          description:
            "Back office: the staff session cookie set by signing in (HttpOnly, SameSite=Strict; `__Host-cashdesk_staff` when Secure). Calls that change something also send the session's x-csrf-token. No session or an ended one: error 1853 (HTTP 401).",
        },
        operatorKey: {
          type: 'http',
          scheme: 'bearer',
          description:
            "Operator API: `Authorization: Bearer <key>`, a brand's API key (`cdk_<id>_<secret>`, acting on that brand within its scopes) or the administrator key (OPERATOR_ADMIN_KEY). Missing or unknown: error 1801 (HTTP 401); without the call's scope: 1802 (HTTP 403).",
        },
        webhookSignature: {
          type: 'apiKey',
          in: 'header',
          name: WEBHOOK_HEADERS.signature,
          description: `Webhooks: not a key to compare but a signature to verify. ${WEBHOOK_HEADERS.signature} carries an HMAC-SHA256 of the timestamp and the raw body under the webhook secret (WEBHOOK_SECRET), ${WEBHOOK_HEADERS.keyId} the id of that secret; verify it before trusting the event (docs/webhooks.md).`,
        },
        sessionId: {
          type: 'apiKey',
          in: 'header',
          name: 'x-session-id',
          description:
            'The cashier session (SPEC §1, §6). Missing, unknown or expired: error 17 (HTTP 401).',
        },
      },
    },
  };
}

/** The document as written to packages/contract/openapi.json: two-space JSON and a final newline. */
export function serializeOpenApiDocument(document: JsonObject): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
