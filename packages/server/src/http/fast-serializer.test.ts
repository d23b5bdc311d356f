/**
 * The fast answer serializer against zod's encoding, which it replaces: for
 * every example of the OpenAPI document, for values generated from every answer schema of the
 * contract (with unknown keys added, which zod strips or keeps), and for the two init answers as
 * a property; then the refusals, the debug line naming them, and RESPONSE_VALIDATION.
 */
import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import * as z from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { safeEncode, toJSONSchema } from 'zod/v4/core';
import {
  DepositInitResponse,
  ENDPOINT_LIST,
  PayoutInitResponse,
  buildOpenApiDocument,
  endpointResponseSchemas,
} from '@cashdesk/contract';
import { loadConfig } from '../config';
import { createLogger } from './logger';
import { compileResponse, responseSerializerCompiler } from './fast-serializer';
import type { FastStringify } from './fast-serializer';
import { isRecord } from '../platform/is-record';
import { writtenOnce } from './written-once';

/** zod's encoding as fastify-type-provider-zod wrote it: encode, then JSON.stringify. */
function zodJson(schema: $ZodType, value: unknown): string | undefined {
  const result = safeEncode(schema, value);
  return result.success ? JSON.stringify(result.data) : undefined;
}

function fastOf(schema: $ZodType): FastStringify {
  const compiled = compileResponse(schema);
  if ('refused' in compiled) throw new Error(`refused: ${compiled.refused}`);
  return compiled.stringify;
}

/**
 * A copy of an answer whose top-level objects are written once, and the objects of its top-level
 * arrays (every item, or every other one: `some`), as the brand data's parts are.
 */
function withWrittenOnceParts(value: unknown, some = false): unknown {
  if (!isRecord(value)) return value;
  const copy = structuredClone(value);
  for (const item of Object.values(copy)) {
    if (isRecord(item)) writtenOnce(item);
    if (Array.isArray(item)) {
      item.forEach((element: unknown, index) => {
        if (isRecord(element) && (!some || index % 2 === 0)) writtenOnce(element);
      });
    }
  }
  return copy;
}

/**
 * The fast path writes `value` as zod does: after zod's encode (RESPONSE_VALIDATION=zod), alone
 * (off), and with its parts written once (spliced from the text kept for them), twice.
 */
function expectFastEqual(fast: FastStringify, schema: $ZodType, value: unknown): void {
  const expected: unknown = JSON.parse(zodJson(schema, value) ?? 'null');
  expect(JSON.parse(fast(safeEncode(schema, value).data))).toEqual(expected);
  expect(JSON.parse(fast(value))).toEqual(expected);
  for (const some of [false, true]) {
    const spliced = withWrittenOnceParts(value, some);
    expect(JSON.parse(fast(spliced))).toEqual(expected);
    expect(JSON.parse(fast(spliced))).toEqual(expected);
  }
}

/** The two ways the fast path runs: after zod's encode (RESPONSE_VALIDATION=zod) and alone (off). */
function expectSameAsZod(schema: $ZodType, value: unknown): void {
  if (zodJson(schema, value) === undefined) throw new Error('zod refuses the value');
  expectFastEqual(fastOf(schema), schema, value);
}

/** Every answer schema of the endpoint table once, with the first endpoint and status using it. */
function answerSchemas(): Map<$ZodType, string> {
  const schemas = new Map<$ZodType, string>();
  for (const endpoint of ENDPOINT_LIST) {
    for (const [status, schema] of Object.entries(endpointResponseSchemas(endpoint))) {
      if (!schemas.has(schema)) schemas.set(schema, `${endpoint.id} ${status}`);
    }
  }
  return schemas;
}

/** The examples of the OpenAPI document's answers, with their endpoint and status. */
function documentExamples(): { name: string; schema: $ZodType; example: unknown }[] {
  const document = buildOpenApiDocument();
  const found: { name: string; schema: $ZodType; example: unknown }[] = [];
  const byId = new Map(ENDPOINT_LIST.map((endpoint) => [endpoint.id, endpoint]));
  const paths = isRecord(document.paths) ? document.paths : {};
  for (const item of Object.values(paths)) {
    if (!isRecord(item)) continue;
    for (const operation of Object.values(item)) {
      if (!isRecord(operation) || typeof operation.operationId !== 'string') continue;
      const endpoint = byId.get(operation.operationId);
      const responses = isRecord(operation.responses) ? operation.responses : {};
      for (const [status, response] of Object.entries(responses)) {
        const content = isRecord(response) && isRecord(response.content) ? response.content : {};
        const json = content['application/json'];
        if (!isRecord(json) || !('example' in json) || endpoint === undefined) continue;
        const schema = endpointResponseSchemas(endpoint)[Number(status)];
        if (schema === undefined) throw new Error(`${endpoint.id} ${status}: no schema`);
        found.push({ name: `${endpoint.id} ${status}`, schema, example: json.example });
      }
    }
  }
  return found;
}

// ---- values generated from zod's JSON Schema (output side) ------------------------------------

type Node = Readonly<Record<string, unknown>>;

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' ? value : fallback;
}

/** A fast-check arbitrary of the values a JSON Schema (zod's, output side) describes. */
function arbitraryOf(node: unknown, defs: Node, depth = 0): fc.Arbitrary<unknown> {
  if (!isRecord(node) || depth > 12) return fc.constant(null);
  if (typeof node.$ref === 'string') {
    return arbitraryOf(defs[node.$ref.replace('#/$defs/', '')], defs, depth + 1);
  }
  if (Array.isArray(node.anyOf)) {
    return fc.oneof(...node.anyOf.map((option: unknown) => arbitraryOf(option, defs, depth + 1)));
  }
  if (node.const !== undefined) return fc.constant(node.const);
  const values: unknown = node.enum;
  if (Array.isArray(values)) return fc.constantFrom(...values.map((item: unknown) => item));
  if (Array.isArray(node.type)) {
    return fc.oneof(
      ...node.type.map((type: unknown) => arbitraryOf({ ...node, type }, defs, depth + 1)),
    );
  }
  switch (node.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({
        min: Math.max(numberOr(node.minimum, -1e9), -1e9),
        max: Math.min(numberOr(node.maximum, 1e9), 1e9),
      });
    case 'number':
      return fc.double({
        min: Math.max(numberOr(node.minimum, -1e9), -1e9),
        max: Math.min(numberOr(node.maximum, 1e9), 1e9),
        noNaN: true,
      });
    case 'string':
      return stringOf(node);
    case 'array': {
      const items = arbitraryOf(node.items, defs, depth + 1);
      return fc.array(items, {
        minLength: numberOr(node.minItems, 0),
        maxLength: Math.min(numberOr(node.maxItems, 3), 3),
      });
    }
    case 'object':
      return objectOf(node, defs, depth);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

function stringOf(node: Node): fc.Arbitrary<unknown> {
  const min = numberOr(node.minLength, 0);
  const max = Math.min(numberOr(node.maxLength, 40), 40);
  if (typeof node.pattern === 'string') {
    const length = { min, max: numberOr(node.maxLength, Number.MAX_SAFE_INTEGER) };
    return fc
      .stringMatching(new RegExp(node.pattern))
      .filter((text) => text.length >= length.min && text.length <= length.max);
  }
  return fc.string({ minLength: min, maxLength: Math.max(min, max), unit: 'grapheme' });
}

function objectOf(node: Node, defs: Node, depth: number): fc.Arbitrary<unknown> {
  const properties = isRecord(node.properties) ? node.properties : {};
  const required = Array.isArray(node.required) ? node.required.map(String) : [];
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, value] of Object.entries(properties)) {
    shape[key] = arbitraryOf(value, defs, depth + 1);
  }
  // A key with a default is always there in zod's output, though the schema does not require it.
  const always = Object.entries(properties).flatMap(([key, value]) =>
    required.includes(key) || (isRecord(value) && 'default' in value) ? [key] : [],
  );
  const record = fc.record(shape, { requiredKeys: always });
  const extra = node.additionalProperties;
  if (!isRecord(extra)) return record;
  const names = isRecord(node.propertyNames) ? stringOf(node.propertyNames) : fc.string();
  const entries = fc.dictionary(
    names.filter((name): name is string => typeof name === 'string' && !(name in shape)),
    arbitraryOf(extra, defs, depth + 1),
    { maxKeys: 3 },
  );
  return fc.tuple(record, entries).map(([known, more]) => ({ ...more, ...known }));
}

function arbitraryOfSchema(schema: $ZodType): fc.Arbitrary<unknown> {
  const json = toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'output',
    unrepresentable: 'any',
  });
  return arbitraryOf(json, isRecord(json.$defs) ? json.$defs : {});
}

/** The value with a key no schema declares added to every plain object in it. */
function withUnknownKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withUnknownKeys);
  if (!isRecord(value)) return value;
  const copy: Record<string, unknown> = { zz_unknown: 'not in the contract' };
  for (const [key, item] of Object.entries(value)) copy[key] = withUnknownKeys(item);
  return copy;
}

/**
 * For values generated from the schema: the fast path writes what zod writes, with and without
 * unknown keys. Returns how many generated values zod accepted (the rest fail a refinement the
 * JSON Schema cannot express and are not compared).
 */
function compareGenerated(schema: $ZodType, numRuns: number, seed: number): number {
  const fast = fastOf(schema);
  let compared = 0;
  fc.assert(
    fc.property(arbitraryOfSchema(schema), (value) => {
      for (const candidate of [value, withUnknownKeys(value)]) {
        const expected = zodJson(schema, candidate);
        if (expected === undefined) continue;
        compared += 1;
        expectFastEqual(fast, schema, candidate);
      }
    }),
    { numRuns, seed },
  );
  return compared;
}

/**
 * A fixed seed per schema: the values are the same on every run, so how many of them zod accepts
 * (the coverage the test asks for) does not change between runs. A schema whose refinements
 * refuse most random values once left 4 of 20 on one run and 6 on the next.
 */
function seedOf(name: string): number {
  let hash = 0;
  for (const char of name) hash = (Math.imul(hash, 31) + (char.codePointAt(0) ?? 0)) | 0;
  return hash;
}

describe('fast answer serializer', () => {
  it('compiles every answer schema of the contract (none falls back to zod)', () => {
    const refused = [...answerSchemas()].flatMap(([schema, name]) => {
      const compiled = compileResponse(schema);
      return 'refused' in compiled ? [`${name}: ${compiled.refused}`] : [];
    });
    expect(refused).toEqual([]);
  });

  it('writes every example of the OpenAPI document as zod does', () => {
    const examples = documentExamples();
    expect(examples.length).toBeGreaterThanOrEqual(25);
    for (const { name, schema, example } of examples) {
      expect(zodJson(schema, example), name).toBeDefined();
      expectSameAsZod(schema, example);
    }
  });

  it('writes values generated from every answer schema as zod does, unknown keys included', () => {
    const poorlyCovered: string[] = [];
    for (const [schema, name] of answerSchemas()) {
      const compared = compareGenerated(schema, 20, seedOf(name));
      if (compared < 5) poorlyCovered.push(`${name}: ${String(compared)} of 40`);
    }
    expect(poorlyCovered).toEqual([]);
  }, 120_000);

  it.each([
    ['DepositInitResponse', DepositInitResponse],
    ['PayoutInitResponse', PayoutInitResponse],
  ] as const)(
    'writes generated %s answers as zod does (property)',
    (name, schema) => {
      expect(compareGenerated(schema, 60, seedOf(name))).toBeGreaterThanOrEqual(60);
    },
    120_000,
  );

  it('drops unknown keys where zod strips them and keeps them where zod keeps them', () => {
    const schema = z.object({
      strict: z.object({ a: z.string() }),
      loose: z.looseObject({ b: z.string() }),
      record: z.record(z.string(), z.object({ c: z.number() })),
      maybe: z.nullable(z.object({ d: z.boolean() })),
      either: z.union([z.string(), z.number(), z.null()]),
      anything: z.unknown(),
    });
    const value = {
      strict: { a: 'x', hidden: 'dropped' },
      loose: { b: 'y', kept: { deep: [1, 'two'] } },
      record: { first: { c: 1.5, hidden: true }, second: { c: -2 } },
      maybe: null,
      either: 7,
      anything: { free: ['form', null] },
      outer: 'dropped',
    };
    expectSameAsZod(schema, value);
    expect(JSON.parse(fastOf(schema)(value))).toEqual({
      strict: { a: 'x' },
      loose: { b: 'y', kept: { deep: [1, 'two'] } },
      record: { first: { c: 1.5 }, second: { c: -2 } },
      maybe: null,
      either: 7,
      anything: { free: ['form', null] },
    });
  });

  it('writes the value it is given: no default, constant or date format of its own', () => {
    const schema = z.object({
      kind: z.literal('deposit'),
      at: z.iso.date(),
      note: z.string().default('none'),
    });
    const fast = fastOf(schema);
    // Without validation (production) a value outside the contract is written as it is.
    expect(JSON.parse(fast({ kind: 'payout', at: '2026-02-30', note: 'n' }))).toEqual({
      kind: 'payout',
      at: '2026-02-30',
      note: 'n',
    });
    expect(() => fast({ kind: 'deposit', at: '2026-01-01' })).toThrow(/note/);
  });

  it('refuses what it cannot write faithfully; the serializer then uses zod and says so', () => {
    const union = z.object({
      pick: z.discriminatedUnion('k', [
        z.object({ k: z.literal('a') }),
        z.object({ k: z.literal('b'), v: z.string() }),
      ]),
    });
    const tuple = z.object({ pair: z.tuple([z.string(), z.number()]) });
    const objects = z.union([z.object({ a: z.string() }), z.array(z.string())]);
    for (const schema of [union, tuple, objects])
      expect(compileResponse(schema)).toHaveProperty('refused');

    const lines: string[] = [];
    const log = createLogger({
      level: 'debug',
      destination: { write: (line: string) => void lines.push(line) },
    });
    for (const validation of ['zod', 'off'] as const) {
      const serialize = responseSerializerCompiler({ validation, log })({
        schema: union,
        method: 'GET',
        url: '/probe',
        httpStatus: '200',
      });
      const value = { pick: { k: 'b', v: 'x', hidden: 1 } };
      expect(serialize(value)).toBe(zodJson(union, value));
    }
    expect(lines.join('')).toMatch(/GET \/probe.*answer serialised by zod/);
  });

  it('checks the answer with zod under RESPONSE_VALIDATION=zod and writes it alone under off', () => {
    const schema = z.object({ amount: z.string().regex(/^\d+\.\d{2}$/) });
    const log = createLogger({ level: 'silent' });
    const route = { schema, method: 'GET', url: '/probe', httpStatus: '200' };
    const checked = responseSerializerCompiler({ validation: 'zod', log })(route);
    const unchecked = responseSerializerCompiler({ validation: 'off', log })(route);
    expect(checked({ amount: '1.50', hidden: 'x' })).toBe('{"amount":"1.50"}');
    expect(() => checked({ amount: '1.5' })).toThrow(ResponseSerializationError);
    expect(unchecked({ amount: '1.5' })).toBe('{"amount":"1.5"}');
  });

  it('writes a written-once part once, for each schema it is written by', () => {
    let reads = 0;
    const part = { a: 'x', hidden: 'kept by the loose schema only' };
    Object.defineProperty(part, 'b', {
      enumerable: true,
      get: () => {
        reads += 1;
        return 'y';
      },
    });
    writtenOnce(part);
    const strict = fastOf(
      z.object({ n: z.number(), part: z.object({ a: z.string(), b: z.string() }) }),
    );
    const loose = fastOf(
      z.object({
        part: z.looseObject({ a: z.string() }),
        list: z.array(z.object({ a: z.string() })),
      }),
    );
    const before = reads;
    expect(JSON.parse(strict({ n: 1, part }))).toEqual({ n: 1, part: { a: 'x', b: 'y' } });
    expect(JSON.parse(strict({ n: 2, part }))).toEqual({ n: 2, part: { a: 'x', b: 'y' } });
    expect(reads).toBe(before + 1);
    expect(JSON.parse(loose({ part, list: [part, { a: 'z', b: 'w' }] }))).toEqual({
      part: { a: 'x', hidden: 'kept by the loose schema only', b: 'y' },
      list: [{ a: 'x' }, { a: 'z' }],
    });
    // Frozen: the kept text cannot go stale.
    expect(
      () =>
        Reflect.set(part, 'a', 'changed') ||
        (() => {
          throw new TypeError();
        })(),
    ).toThrow(TypeError);
    expect(part.a).toBe('x');
  });

  it('under RESPONSE_VALIDATION=zod, a written-once part must be written as zod writes it', () => {
    // zod's encoding trims: the encoded answer and the spliced one differ, which is refused.
    const schema = z.object({ n: z.number(), part: z.object({ a: z.string().trim() }) });
    const log = createLogger({ level: 'silent' });
    const route = { schema, method: 'GET', url: '/probe', httpStatus: '200' };
    const checked = responseSerializerCompiler({ validation: 'zod', log })(route);
    const unchecked = responseSerializerCompiler({ validation: 'off', log })(route);
    expect(checked({ n: 1, part: { a: ' x ' } })).toBe('{"n":1,"part":{"a":"x"}}');
    expect(() => checked({ n: 1, part: writtenOnce({ a: ' x ' }) })).toThrow(/written-once/);
    expect(checked({ n: 1, part: writtenOnce({ a: 'x' }) })).toBe('{"n":1,"part":{"a":"x"}}');
    expect(unchecked({ n: 1, part: writtenOnce({ a: 'y' }) })).toBe('{"n":1,"part":{"a":"y"}}');
  });

  it('RESPONSE_VALIDATION defaults to zod outside production and off in production', () => {
    expect(loadConfig({}).responseValidation).toBe('zod');
    expect(loadConfig({ RESPONSE_VALIDATION: 'off' }).responseValidation).toBe('off');
    const production = {
      CASHDESK_MODE: 'production',
      CASHDESK_SECRET: 'a-production-secret-of-length',
      DATABASE_URL: 'postgres://cashdesk@db.internal/cashdesk',
      CASHDESK_PROVIDER: 'http',
      PROVIDER_URL: 'https://psp.example',
    };
    expect(loadConfig(production).responseValidation).toBe('off');
    expect(loadConfig({ ...production, RESPONSE_VALIDATION: 'zod' }).responseValidation).toBe(
      'zod',
    );
    expect(() => loadConfig({ RESPONSE_VALIDATION: 'fast' })).toThrow(/RESPONSE_VALIDATION/);
  });
});
