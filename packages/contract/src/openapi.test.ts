/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENDPOINT_LIST } from './endpoint-list';
import { ERROR_CODES } from './errors';
import { buildOpenApiDocument } from './openapi';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_HEADERS, WebhookEvent } from './schemas/webhooks';
import type { JsonObject, JsonValue } from './openapi';

const document = buildOpenApiDocument();

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function child(value: JsonValue | undefined, key: string): JsonValue | undefined {
  return isObject(value) ? value[key] : undefined;
}

function collectRefs(value: JsonValue, refs: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) collectRefs(item, refs);
  else if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') refs.push(item);
      else collectRefs(item, refs);
    }
  }
  return refs;
}

function resolvePointer(pointer: string): JsonValue | undefined {
  expect(pointer.startsWith('#/')).toBe(true);
  return pointer
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<JsonValue | undefined>((node, part) => child(node, part), document);
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with the session security scheme and the Idempotency-Key parameter', () => {
    expect(document.openapi).toBe('3.1.0');
    const components = document.components;
    expect(child(child(components, 'securitySchemes'), 'sessionId')).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'x-session-id',
      description:
        'The cashier session (SPEC §1, §6). Missing, unknown or expired: error 17 (HTTP 401).',
    });
    expect(child(child(child(components, 'parameters'), 'IdempotencyKey'), 'name')).toBe(
      'Idempotency-Key',
    );
  });

  it('has every endpoint of the table under its path and method', () => {
    for (const endpoint of ENDPOINT_LIST) {
      const operation = child(child(document.paths, endpoint.path), endpoint.method.toLowerCase());
      expect(child(operation, 'operationId'), endpoint.id).toBe(endpoint.id);
      const security =
        endpoint.operator !== undefined
          ? [{ operatorKey: endpoint.operator === 'admin' ? [] : [endpoint.operator] }]
          : endpoint.staff !== undefined && endpoint.staff !== 'public'
            ? [{ staffSession: [] }]
            : endpoint.session
              ? [{ sessionId: [] }]
              : [];
      expect(child(operation, 'security')).toEqual(security);
      const parameters = child(operation, 'parameters');
      const takesKey =
        Array.isArray(parameters) &&
        parameters.some(
          (parameter) => child(parameter, '$ref') === '#/components/parameters/IdempotencyKey',
        );
      expect(takesKey, endpoint.id).toBe(endpoint.idempotencyKey);
    }
    const paths = document.paths;
    const operations = isObject(paths)
      ? Object.values(paths).flatMap((item) => (isObject(item) ? Object.keys(item) : []))
      : [];
    expect(operations).toHaveLength(ENDPOINT_LIST.length);
  });

  it('resolves every $ref', () => {
    const refs = collectRefs(document);
    expect(refs.length).toBeGreaterThan(100);
    for (const ref of new Set(refs)) expect(resolvePointer(ref), ref).toBeDefined();
  });

  it('lists every error code of the table, with its message key', () => {
    const table = child(child(document.components, 'schemas'), 'ErrorCodes');
    expect(child(table, 'enum')).toEqual(
      Object.values(ERROR_CODES).map((definition) => definition.code),
    );
    const text = JSON.stringify(document);
    for (const definition of Object.values(ERROR_CODES)) {
      expect(text).toContain(`| ${definition.code} | ${String(definition.status)} |`);
      expect(text).toContain(definition.messageKey);
    }
  });

  it('describes the upload as multipart with a binary file', () => {
    const body = child(
      child(
        child(
          child(document.paths, '/api/cashier-service/v1.0/payments/groups/{payGroupId}/upload'),
          'post',
        ),
        'requestBody',
      ),
      'content',
    );
    expect(Object.keys(isObject(body) ? body : {})).toEqual(['multipart/form-data']);
    const form = child(child(document.components, 'schemas'), 'UploadForm');
    expect(child(child(form, 'properties'), 'file')).toEqual({
      type: 'string',
      format: 'binary',
      contentEncoding: 'binary',
    });
    expect(child(form, 'required')).toEqual(['file']);
  });

  it('names the error codes of each error answer', () => {
    const responses = child(
      child(
        child(document.paths, '/api/cashier-service/v1.0/payouts/groups/{payGroupId}/submit'),
        'post',
      ),
      'responses',
    );
    const conflict = child(responses, '409');
    expect(JSON.stringify(child(conflict, 'content'))).toContain(
      '"enum":["1009","1011","1206","1207"]',
    );
    expect(child(child(responses, '401'), 'description')).toContain(
      '17 (CASHIER.PH2.ERROR_MESSAGE.17)',
    );
  });

  it('money stays a decimal string in the components', () => {
    const decimal = child(child(document.components, 'schemas'), 'Decimal');
    expect(child(decimal, 'type')).toBe('string');
    expect(child(decimal, 'pattern')).toBe('^(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?$');
  });

  it('describes every webhook event under the top-level webhooks, body and signature headers included', () => {
    const webhooks = document.webhooks;
    expect(isObject(webhooks)).toBe(true);
    expect(Object.keys(isObject(webhooks) ? webhooks : {})).toEqual([...WEBHOOK_EVENT_TYPES]);
    for (const type of WEBHOOK_EVENT_TYPES) {
      const post = child(child(webhooks, type), 'post');
      const schema = child(
        child(child(child(post, 'requestBody'), 'content'), 'application/json'),
        'schema',
      );
      const parts = child(schema, 'allOf');
      const component =
        type === 'payout_account.verified'
          ? '#/components/schemas/PayoutAccountEvent'
          : type === 'balance.adjusted'
            ? '#/components/schemas/AdjustmentEvent'
            : type.startsWith('refund.')
              ? '#/components/schemas/RefundEvent'
              : '#/components/schemas/TransactionEvent';
      expect(parts, type).toEqual([
        { $ref: component },
        { type: 'object', properties: { type: { const: type } } },
      ]);
      const parameters = child(post, 'parameters');
      const names = Array.isArray(parameters)
        ? parameters.map((parameter) => child(parameter, 'name'))
        : [];
      expect(names).toEqual(Object.values(WEBHOOK_HEADERS));
      expect(child(child(post, 'responses'), '2XX')).toBeDefined();
    }
    const schemas = child(document.components, 'schemas');
    const transaction = child(schemas, 'WebhookTransaction');
    // Money of an event is a decimal string, like every answer's.
    for (const field of ['amount', 'fee', 'tax', 'bonus']) {
      expect(child(child(transaction, 'properties'), field)).toEqual({
        $ref: '#/components/schemas/Decimal',
      });
    }
    expect(child(transaction, 'required')).toContain('provider_reference');
  });

  it('an event as the server sends it parses with the contract schema; a float amount does not', () => {
    const event = {
      id: '0b9a7c64-6f2e-4b55-9d5e-3c1f1b2d7a10',
      type: 'transaction.succeeded',
      created_at: '2026-01-31T12:00:00.000Z',
      brand: 'brand0',
      transaction: {
        id: '5e0b1f0e-9a57-4d0e-8a43-2a4a1cfe0d11',
        flow: 'deposit',
        status: 'success',
        amount: '25',
        fee: '0.63',
        method_fee: '0',
        tax: '0',
        bonus: '2.5',
        currency: 'EUR',
        player_id: 'demo',
        pay_group_id: 1,
        pay_group: 'card',
        method_kind: 'card',
        provider_reference: 'sbx_123',
        error_code: null,
        error_message: null,
        decline_reason: null,
        refunded_amount: '0',
        held_answer: null,
        awaiting_approval: false,
        new_payout_account: false,
        connector: 'sandbox',
        attempts: [
          {
            connector: 'sandbox',
            outcome: 'approved',
            decline_reason: null,
            decline_code: null,
            at: '2026-01-01T00:00:01.000Z',
          },
        ],
        created_at: '2026-01-31T11:59:58.000Z',
        updated_at: '2026-01-31T12:00:00.000Z',
      },
    };
    expect(WebhookEvent.safeParse(event).success).toBe(true);
    expect(
      WebhookEvent.safeParse({ ...event, transaction: { ...event.transaction, amount: 25.1 } })
        .success,
    ).toBe(false);
    expect(WebhookEvent.safeParse({ ...event, type: 'transaction.lost' }).success).toBe(false);
  });

  it('packages/contract/openapi.json is up to date (run: npm run openapi -w @cashdesk/contract)', () => {
    const file = readFileSync(new URL('../openapi.json', import.meta.url), 'utf8');
    // Same content and the same key order; the layout is Prettier's (see scripts/write-openapi.ts).
    expect(JSON.stringify(JSON.parse(file))).toBe(JSON.stringify(document));
    expect(file.endsWith('}\n')).toBe(true);
  });
});

/** Every operation of the document: the paths' and the webhooks', with where it is. */
function operations(): { readonly where: string; readonly operation: JsonObject }[] {
  const found: { where: string; operation: JsonObject }[] = [];
  for (const section of ['paths', 'webhooks'] as const) {
    const items = document[section];
    if (!isObject(items)) continue;
    for (const [path, item] of Object.entries(items)) {
      if (!isObject(item)) continue;
      for (const [method, operation] of Object.entries(item)) {
        if (isObject(operation)) found.push({ where: `${section} ${method} ${path}`, operation });
      }
    }
  }
  return found;
}

/** The string values of `key` in a list of objects. */
function names(list: JsonValue | undefined, key: string): string[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    const value = child(item, key);
    return typeof value === 'string' ? [value] : [];
  });
}

/**
 * What redocly's recommended rules (npm run lint:openapi) check, kept by the generator
 * itself, so a regression fails here with the operation named, before the lint runs.
 */
describe('the OpenAPI document keeps redocly’s recommended rules', () => {
  it('names its servers and its licence (an SPDX identifier or a URL)', () => {
    expect(Array.isArray(document.servers) && document.servers.length > 0).toBe(true);
    for (const server of Array.isArray(document.servers) ? document.servers : []) {
      expect(typeof child(server, 'url')).toBe('string');
    }
    const license = child(document.info, 'license');
    expect(typeof child(license, 'name')).toBe('string');
    expect(
      typeof child(license, 'identifier') === 'string' || typeof child(license, 'url') === 'string',
    ).toBe(true);
  });

  it('covers the operator API and the webhooks', () => {
    const found = operations().map(({ where }) => where);
    expect(found.filter((where) => where.includes('/api/operator/v1/')).length).toBeGreaterThan(0);
    expect(found.filter((where) => where.startsWith('webhooks ')).length).toBe(
      WEBHOOK_EVENT_TYPES.length,
    );
  });

  it('gives every operation a unique id, a summary, a description and declared security', () => {
    const schemes = child(document.components, 'securitySchemes');
    const declared = Object.keys(isObject(schemes) ? schemes : {});
    const used = new Set<string>();
    const ids = operations().map(({ where, operation }) => {
      for (const key of ['operationId', 'summary', 'description']) {
        const text = operation[key];
        expect(typeof text === 'string' && text.trim() !== '', `${where} ${key}`).toBe(true);
      }
      const security = operation.security;
      expect(Array.isArray(security), `${where} security`).toBe(true);
      for (const requirement of Array.isArray(security) ? security : []) {
        for (const scheme of Object.keys(isObject(requirement) ? requirement : {})) {
          expect(declared, `${where} security ${scheme}`).toContain(scheme);
          used.add(scheme);
        }
      }
      return operation.operationId;
    });
    expect(new Set(ids).size).toBe(ids.length);
    expect([...used].sort()).toEqual([...declared].sort());
    // The webhooks are signed, and say so in their security.
    for (const { where, operation } of operations()) {
      if (where.startsWith('webhooks ')) {
        expect(operation.security, where).toEqual([{ webhookSignature: [] }]);
      }
    }
  });

  it('gives every call at least one 4xx answer, each an ErrorBody', () => {
    for (const { where, operation } of operations()) {
      if (where.startsWith('webhooks ')) continue;
      const responses = operation.responses;
      const errors = Object.keys(isObject(responses) ? responses : {}).filter((status) =>
        /^4(?:\d\d|XX)$/.test(status),
      );
      expect(errors.length, where).toBeGreaterThan(0);
      for (const status of errors) {
        expect(JSON.stringify(child(responses, status)), `${where} ${status}`).toContain(
          '#/components/schemas/ErrorBody',
        );
      }
    }
  });

  it('declares, with a description, every tag it uses, and uses every tag it declares', () => {
    const declared = names(document.tags, 'name');
    expect(declared.length).toBe(Array.isArray(document.tags) ? document.tags.length : -1);
    expect(names(document.tags, 'description')).toHaveLength(declared.length);
    const usedTags = new Set(
      operations().flatMap(({ operation }) =>
        Array.isArray(operation.tags) ? operation.tags.map(String) : [],
      ),
    );
    expect(usedTags.size).toBeGreaterThan(0);
    expect([...usedTags].sort()).toEqual([...declared].sort());
  });

  it('uses every component it declares', () => {
    const refs = new Set(collectRefs(document));
    for (const section of ['schemas', 'parameters'] as const) {
      const components = child(document.components, section);
      for (const name of Object.keys(isObject(components) ? components : {})) {
        expect(refs, `#/components/${section}/${name}`).toContain(
          `#/components/${section}/${name}`,
        );
      }
    }
    // The error code table in particular: every error answer's code is one of it.
    expect(
      child(child(child(document.components, 'schemas'), 'ErrorBody'), 'properties'),
    ).toMatchObject({ error_code: { $ref: '#/components/schemas/ErrorCodes' } });
  });

  it('never writes an anyOf with an empty option (a union that matches anything)', () => {
    const unions: string[] = [];
    const visit = (value: JsonValue, where: string): void => {
      if (Array.isArray(value)) {
        value.forEach((item, index) => {
          visit(item, `${where}/${String(index)}`);
        });
      } else if (isObject(value)) {
        const options = value.anyOf;
        if (
          Array.isArray(options) &&
          options.some((option) => isObject(option) && Object.keys(option).length === 0)
        )
          unions.push(where);
        for (const [key, item] of Object.entries(value)) visit(item, `${where}/${key}`);
      }
    };
    visit(document, '#');
    expect(unions).toEqual([]);
    // The audit trail's before and after stay documented as any JSON value.
    const entry = child(child(document.components, 'schemas'), 'AuditEntry');
    for (const side of ['before', 'after']) {
      const schema = child(child(entry, 'properties'), side);
      expect(isObject(schema) && !('anyOf' in schema) && !('type' in schema), side).toBe(true);
    }
  });
});
