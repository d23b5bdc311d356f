/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENDPOINT_LIST } from './endpoints';
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

describe('the OpenAPI document (issue 3)', () => {
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
        endpoint.operator === undefined
          ? endpoint.session
            ? [{ sessionId: [] }]
            : []
          : [{ operatorKey: endpoint.operator === 'admin' ? [] : [endpoint.operator] }];
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
        fee: '0.625',
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
        awaiting_approval: false,
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
