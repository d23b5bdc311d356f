/**
 * Responses serialised by fast-json-stringify, compiled from the contract's JSON Schema. Every answer schema of the endpoint table is a zod schema; `z.toJSONSchema` (output
 * side, the settings of the OpenAPI document) turns it into JSON Schema, which is lowered here to
 * the plain subset fast-json-stringify writes without a validator, and compiled once per schema.
 *
 * What the lowering keeps faithful to zod's encoding (`JSON.stringify` of zod's `safeEncode`):
 * - `$ref`s into `$defs` are inlined (a recursive schema is refused);
 * - a union with `null` becomes `nullable` (zod's `anyOf [X, {type: null}]`), a union of
 *   primitive types a type list; a union of objects or arrays would need fast-json-stringify's
 *   validator per value, so such a schema is refused;
 * - an object's undeclared keys are dropped only where zod drops them (`additionalProperties:
 *   false`); a loose object or a record keeps them, written by their own schema;
 * - constraints (pattern, lengths, bounds, enum, const, format, default) are left out: the
 *   serializer writes the value it is given, never a default or a constant of its own, and a date
 *   string stays the string it is (fast-json-stringify would re-format `format: date`);
 * - anything else (tuples, `oneOf`, `allOf`, `not`, pattern properties, unknown keywords) is
 *   refused.
 *
 * Written-once parts (written-once.ts: a brand's pay groups, init's brand-level objects) are
 * written once: an object answer's top-level property holding one, or an array of them, is
 * spliced in from the text kept for that value, and the rest of the answer written around it.
 *
 * A refused schema is served by zod's path (encode, then `JSON.stringify`), named in a debug line
 * at start-up. With RESPONSE_VALIDATION=zod (outside production) every answer is first checked by
 * zod's `safeEncode` and the encoded value is written by the fast path, so the tests exercise it
 * and a contract break fails loudly (500, logged); with `off` (production) only the fast path runs.
 *
 * @packageDocumentation
 */
import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifyBaseLogger, FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { $ZodType, safeEncode, toJSONSchema } from 'zod/v4/core';
import type { ResponseValidation } from '../config';
import { isRecord } from '../platform/is-record';
import { isWrittenOnce } from './written-once';

/** A JSON Schema node as zod writes it. */
type SchemaNode = Readonly<Record<string, unknown>>;

/** A schema of the subset fast-json-stringify writes without a validator. */
interface LoweredSchema {
  type?: LoweredType | LoweredType[];
  nullable?: true;
  properties?: Record<string, LoweredSchema>;
  required?: string[];
  additionalProperties?: LoweredSchema | true;
  items?: LoweredSchema;
}

type LoweredType = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null';

/** A compiled writer of one schema's values. */
export type FastStringify = (value: unknown) => string;

/** How one response schema is written: compiled, or refused with the reason. */
export type CompiledResponse = { readonly stringify: FastStringify } | { readonly refused: string };

/** A schema the lowering cannot express faithfully. */
class NotFaithful extends Error {
  override readonly name = 'NotFaithful';
}

const PRIMITIVE_TYPES: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'boolean']);

/** A primitive type or `null`: what a type list of the lowered schema may hold. */
function isScalarType(value: unknown): value is LoweredType {
  return typeof value === 'string' && (PRIMITIVE_TYPES.has(value) || value === 'null');
}

/** Keywords that only constrain or describe a value: the value is written as it is. */
const DESCRIPTIVE_KEYWORDS: ReadonlySet<string> = new Set([
  '$schema',
  '$defs',
  'title',
  'description',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'propertyNames',
  'minProperties',
  'maxProperties',
  'format',
  'default',
  'enum',
  'const',
  'contentEncoding',
  'contentMediaType',
]);

/** Keywords the lowering translates. */
const STRUCTURAL_KEYWORDS: ReadonlySet<string> = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'anyOf',
  '$ref',
]);

const DEFS_PREFIX = '#/$defs/';

/** The empty schema: any JSON value, written by `JSON.stringify`. */
const ANY: LoweredSchema = {};

function isAny(schema: LoweredSchema): boolean {
  return Object.keys(schema).length === 0;
}

function isNullOnly(schema: LoweredSchema): boolean {
  return schema.type === 'null' && schema.nullable === undefined;
}

/** The primitive types of a schema that is nothing but a type (or type list), else `undefined`. */
function primitiveTypes(schema: LoweredSchema): LoweredType[] | undefined {
  const keys = Object.keys(schema).filter((key) => key !== 'nullable');
  if (keys.length !== 1 || schema.type === undefined) return undefined;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const withNull = schema.nullable === true ? [...types, 'null' as const] : types;
  return withNull.every(isScalarType) ? withNull : undefined;
}

function withNull(schema: LoweredSchema): LoweredSchema {
  return isAny(schema) || isNullOnly(schema) ? schema : { ...schema, nullable: true };
}

/** The type of a `const` or an `enum` without `type` (zod writes `type` beside them). */
function typeOfValues(values: readonly unknown[]): LoweredType | undefined {
  const types = new Set(
    values.map((value) =>
      value === null ? 'null' : typeof value === 'number' ? 'number' : typeof value,
    ),
  );
  const [only] = types;
  if (types.size !== 1 || only === undefined) return undefined;
  return only === 'string' || only === 'number' || only === 'boolean' || only === 'null'
    ? only
    : undefined;
}

/** Lowers zod's JSON Schema of one answer (see the module comment); throws {@link NotFaithful}. */
class Lowering {
  constructor(private readonly defs: SchemaNode) {}

  lower(node: unknown, refs: readonly string[]): LoweredSchema {
    if (node === true) return ANY;
    if (!isRecord(node)) throw new NotFaithful(`not a schema: ${JSON.stringify(node)}`);
    for (const key of Object.keys(node)) {
      if (!DESCRIPTIVE_KEYWORDS.has(key) && !STRUCTURAL_KEYWORDS.has(key))
        throw new NotFaithful(`keyword ${key}`);
    }
    if (node.$ref !== undefined) return this.reference(node, refs);
    if (node.anyOf !== undefined) return this.union(node, refs);
    return this.typed(node, refs);
  }

  private reference(node: SchemaNode, refs: readonly string[]): LoweredSchema {
    const ref = node.$ref;
    if (typeof ref !== 'string' || !ref.startsWith(DEFS_PREFIX)) {
      throw new NotFaithful(`reference ${String(ref)}`);
    }
    if (Object.keys(node).some((key) => STRUCTURAL_KEYWORDS.has(key) && key !== '$ref')) {
      throw new NotFaithful(`keywords beside the reference ${ref}`);
    }
    const id = ref.slice(DEFS_PREFIX.length);
    if (refs.includes(id)) throw new NotFaithful(`recursive schema ${id}`);
    const target = this.defs[id];
    if (target === undefined) throw new NotFaithful(`unknown reference ${ref}`);
    return this.lower(target, [...refs, id]);
  }

  private union(node: SchemaNode, refs: readonly string[]): LoweredSchema {
    const options = node.anyOf;
    if (!Array.isArray(options) || options.length === 0) throw new NotFaithful('empty anyOf');
    if (Object.keys(node).some((key) => STRUCTURAL_KEYWORDS.has(key) && key !== 'anyOf')) {
      throw new NotFaithful('keywords beside anyOf');
    }
    const lowered = options.map((option: unknown) => this.lower(option, refs));
    if (lowered.some(isAny)) return ANY;
    const nullable = lowered.some(isNullOnly);
    const rest = lowered.filter((option) => !isNullOnly(option));
    const [first] = rest;
    if (first === undefined) return { type: 'null' };
    if (rest.length === 1) return nullable ? withNull(first) : first;
    const types = rest.map(primitiveTypes);
    if (types.some((list) => list === undefined)) {
      throw new NotFaithful('a union of objects or arrays (needs a validator per value)');
    }
    const all = new Set(types.flatMap((list) => list ?? []));
    if (nullable) all.add('null');
    return { type: [...all] };
  }

  private typed(node: SchemaNode, refs: readonly string[]): LoweredSchema {
    const type = node.type;
    if (type === undefined) {
      if (node.const !== undefined) return this.valueType([node.const]);
      if (Array.isArray(node.enum)) return this.valueType(node.enum);
      if (['properties', 'items', 'additionalProperties', 'required'].some((key) => key in node)) {
        throw new NotFaithful('structure without a type');
      }
      return ANY;
    }
    if (Array.isArray(type)) {
      if (
        !type.every(
          (item) => typeof item === 'string' && (PRIMITIVE_TYPES.has(item) || item === 'null'),
        )
      ) {
        throw new NotFaithful(`type list ${JSON.stringify(type)}`);
      }
      return { type: type.filter((item): item is LoweredType => typeof item === 'string') };
    }
    if (type === 'object') return this.object(node, refs);
    if (type === 'array') return this.array(node, refs);
    if (isScalarType(type)) return { type };
    throw new NotFaithful(`type ${JSON.stringify(type)}`);
  }

  private valueType(values: readonly unknown[]): LoweredSchema {
    const type = typeOfValues(values);
    if (type === undefined) throw new NotFaithful('constants of mixed or composite types');
    return { type };
  }

  private object(node: SchemaNode, refs: readonly string[]): LoweredSchema {
    const properties: Record<string, LoweredSchema> = {};
    if (node.properties !== undefined) {
      if (!isRecord(node.properties)) throw new NotFaithful('properties is not an object');
      for (const [key, value] of Object.entries(node.properties)) {
        properties[key] = this.lower(value, refs);
      }
    }
    const required = Array.isArray(node.required)
      ? node.required.filter((key): key is string => typeof key === 'string')
      : [];
    const lowered: LoweredSchema = { type: 'object', properties };
    if (required.length > 0) lowered.required = required;
    // zod writes `false` for the objects whose unknown keys it strips; anything else keeps them.
    const extra = node.additionalProperties;
    if (extra !== false) {
      const schema = extra === undefined ? ANY : this.lower(extra, refs);
      lowered.additionalProperties = isAny(schema) ? true : schema;
    }
    return lowered;
  }

  private array(node: SchemaNode, refs: readonly string[]): LoweredSchema {
    if ('prefixItems' in node) throw new NotFaithful('tuple');
    const items = node.items;
    if (items === undefined) return { type: 'array', items: ANY };
    if (!isRecord(items)) throw new NotFaithful('items is not a schema');
    return { type: 'array', items: this.lower(items, refs) };
  }
}

/**
 * The JSON Schema fast-json-stringify compiles for one zod answer schema.
 *
 * @throws {NotFaithful} when the schema has a part that cannot be written faithfully.
 */
function loweredSchemaOf(schema: $ZodType): LoweredSchema {
  const json: unknown = toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'output',
    unrepresentable: 'any',
  });
  if (!isRecord(json)) throw new NotFaithful('not an object schema');
  const defs = isRecord(json.$defs) ? json.$defs : {};
  return new Lowering(defs).lower(json, []);
}

/** How many shapes of an answer's other properties are compiled at most (see {@link splicing}). */
const MAX_REST_SHAPES = 16;

/**
 * The text as one contiguous string. A writer's output is built piece by piece, and V8 keeps such
 * a string as a tree of its pieces, walked again each time it is copied into an answer (measured:
 * a 16 KB init answer spliced from kept trees took 37 µs, from contiguous copies 17 µs).
 */
function contiguous(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

/** A writer of one schema's values that keeps the text of each written-once value it writes. */
function onceWriter(schema: LoweredSchema): (value: object) => string {
  const texts = new WeakMap<object, string>();
  let write: FastStringify | undefined;
  return (value) => {
    let text = texts.get(value);
    if (text === undefined) {
      write ??= fastJson(schema);
      text = contiguous(write(value));
      texts.set(value, text);
    }
    return text;
  };
}

/** How one top-level property is spliced: its text when its value holds written-once parts. */
interface Splice {
  readonly key: string;
  /** `"key":` as JSON writes the name. */
  readonly name: string;
  readonly text: (value: unknown) => string | undefined;
}

/**
 * The splice of a top-level property: an object property whose value was written once, or an
 * array of objects with written-once items (the others are written each time, by the same schema).
 */
function spliceOf(key: string, schema: LoweredSchema): Splice[] {
  const name = `${JSON.stringify(key)}:`;
  if (schema.type === 'object') {
    const once = onceWriter(schema);
    const text = (value: unknown): string | undefined =>
      isRecord(value) && isWrittenOnce(value) ? once(value) : undefined;
    return [{ key, name, text }];
  }
  const items = schema.items;
  if (schema.type !== 'array' || items?.type !== 'object') return [];
  const once = onceWriter(items);
  let each: FastStringify | undefined;
  const text = (value: unknown): string | undefined => {
    if (!Array.isArray(value) || !value.some(isWrittenOnce)) return undefined;
    const texts = value.map((item: unknown) => {
      if (isRecord(item) && isWrittenOnce(item)) return once(item);
      each ??= fastJson(items);
      return each(item);
    });
    return `[${texts.join(',')}]`;
  };
  return [{ key, name, text }];
}

/** The object schema without `keys` (neither as properties nor as required). */
function withoutProperties(schema: LoweredSchema, keys: readonly string[]): LoweredSchema {
  const { required: allRequired, properties: allProperties, ...rest } = schema;
  const properties = Object.fromEntries(
    Object.entries(allProperties ?? {}).filter(([key]) => !keys.includes(key)),
  );
  const required = allRequired?.filter((key) => !keys.includes(key)) ?? [];
  return { ...rest, properties, ...(required.length === 0 ? {} : { required }) };
}

/**
 * The writer of an object answer that splices its written-once parts (http/written-once.ts): a
 * top-level property whose value was written once, or whose array holds written-once items, is
 * written from the text kept for that value; the other properties are written by the schema
 * without the spliced ones (compiled once per set of spliced keys, at most
 * {@link MAX_REST_SHAPES}), and the spliced properties come after them. JSON's meaning does not
 * depend on the order of keys. An answer without written-once parts is written by `whole`.
 */
function splicing(lowered: LoweredSchema, whole: FastStringify): FastStringify {
  if (lowered.type !== 'object' || lowered.properties === undefined) return whole;
  const splices = Object.entries(lowered.properties).flatMap(([key, schema]) =>
    spliceOf(key, schema),
  );
  if (splices.length === 0) return whole;
  const rests = new Map<string, FastStringify>();
  return (value) => {
    if (!isRecord(value)) return whole(value);
    const spliced: string[] = [];
    const parts: string[] = [];
    for (const splice of splices) {
      const text = splice.text(value[splice.key]);
      if (text === undefined) continue;
      spliced.push(splice.key);
      parts.push(splice.name + text);
    }
    if (spliced.length === 0) return whole(value);
    const shape = spliced.join('\u0000');
    let rest = rests.get(shape);
    if (rest === undefined) {
      if (rests.size >= MAX_REST_SHAPES) return whole(value);
      rest = fastJson(withoutProperties(lowered, spliced));
      rests.set(shape, rest);
    }
    const others: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      if (!spliced.includes(key)) others[key] = value[key];
    }
    const head = rest(others);
    const tail = parts.join(',');
    return head === '{}' ? `{${tail}}` : `${head.slice(0, -1)},${tail}}`;
  };
}

/** Whether an answer has a written-once part its writer splices (see {@link splicing}). */
export function hasWrittenOncePart(value: unknown): boolean {
  if (!isRecord(value)) return false;
  return Object.values(value).some(
    (item) => isWrittenOnce(item) || (Array.isArray(item) && item.some(isWrittenOnce)),
  );
}

/**
 * Compiles the fast writer of one zod answer schema, or says why it is refused (then the answer
 * is served by zod's path). An object answer's written-once parts are spliced ({@link splicing}).
 */
export function compileResponse(schema: $ZodType): CompiledResponse {
  let lowered: LoweredSchema;
  try {
    lowered = loweredSchemaOf(schema);
  } catch (error) {
    if (error instanceof NotFaithful) return { refused: error.message };
    throw error;
  }
  const whole: FastStringify = fastJson(lowered);
  return { stringify: splicing(lowered, whole) };
}

/** What {@link responseSerializerCompiler} needs. */
export interface ResponseSerializerOptions {
  /** `zod`: every answer is checked by zod before it is written; `off`: written only. */
  readonly validation: ResponseValidation;
  /** Names the answers served by zod's path, at debug level. */
  readonly log: FastifyBaseLogger;
}

/**
 * Fastify's serializer compiler for the routes' zod answer schemas (registered in app.ts): the
 * fast writer of {@link compileResponse}, behind zod's check when `validation` is `zod`. Each
 * schema is compiled once, whichever routes share it.
 */
export function responseSerializerCompiler(
  options: ResponseSerializerOptions,
): FastifySerializerCompiler<unknown> {
  const compiled = new WeakMap<$ZodType, CompiledResponse>();
  return ({ schema, method, url, httpStatus }) => {
    if (!(schema instanceof $ZodType)) {
      throw new Error(`${method} ${url}: an answer schema that is not a zod schema`);
    }
    let response = compiled.get(schema);
    if (response === undefined) {
      response = compileResponse(schema);
      compiled.set(schema, response);
    }
    const encoded = (data: unknown): unknown => {
      const result = safeEncode(schema, data);
      if (!result.success)
        throw new ResponseSerializationError(method, url, { cause: result.error });
      return result.data;
    };
    if ('refused' in response) {
      options.log.debug(
        { route: `${method} ${url}`, status: httpStatus, reason: response.refused },
        'answer serialised by zod: its schema has no faithful fast form',
      );
      return (data: unknown) => JSON.stringify(encoded(data));
    }
    const { stringify } = response;
    if (options.validation === 'off') return stringify;
    // zod's encoding is a new value, without the written-once marks: an answer holding them is
    // also written as production writes it, spliced, and both texts must mean the same.
    return (data: unknown) => {
      const written = stringify(encoded(data));
      if (hasWrittenOncePart(data)) {
        const spliced: unknown = JSON.parse(stringify(data));
        if (!isDeepStrictEqual(spliced, JSON.parse(written))) {
          throw new Error(
            `${method} ${url}: a written-once part is written other than zod writes it`,
          );
        }
      }
      return written;
    };
  };
}

/**
 * The writer of one answer schema outside a route (the answers the widget's document inlines,
 * modules/cashier/first-screen.ts): the fast writer of {@link compileResponse}, or zod's encoding
 * written by `JSON.stringify` when the schema has no faithful fast form. The value is the
 * server's own answer, so it is not checked again.
 */
export function answerWriter(schema: $ZodType): FastStringify {
  const response = compileResponse(schema);
  if ('stringify' in response) return response.stringify;
  return (data) => {
    const result = safeEncode(schema, data);
    if (!result.success)
      throw new Error('an answer its schema does not encode', { cause: result.error });
    return JSON.stringify(result.data);
  };
}
