/**
 * drizzle-kit reads the schema through its index (drizzle.config.ts, check-migrations.ts): a
 * table or enumeration that a capability's file exports but the index does not list would get no
 * migration, and the index lists nothing else.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { is } from 'drizzle-orm';
import { PgTable, isPgEnum } from 'drizzle-orm/pg-core';
import * as schema from './index';

const NOT_CAPABILITIES = new Set(['index', 'columns']);

const capabilities = readdirSync(new URL('.', import.meta.url))
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .map((file) => file.slice(0, -'.ts'.length))
  .filter((name) => !NOT_CAPABILITIES.has(name))
  .sort();

function isSchemaObject(value: unknown): boolean {
  return is(value, PgTable) || isPgEnum(value);
}

describe('the schema index', () => {
  it('lists every table and enumeration of every capability, and nothing else', async () => {
    const listed = new Map<string, unknown>();
    for (const name of capabilities) {
      const capability: unknown = await import(new URL(`${name}.ts`, import.meta.url).href);
      if (typeof capability !== 'object' || capability === null) throw new Error(name);
      for (const [exportName, value] of Object.entries(capability)) {
        if (isSchemaObject(value)) listed.set(exportName, value);
      }
    }
    expect(capabilities.length).toBeGreaterThan(10);
    const exported = new Map<string, unknown>(Object.entries(schema));
    expect([...exported.keys()].sort()).toEqual([...listed.keys()].sort());
    for (const [exportName, value] of listed) {
      expect(exported.get(exportName), exportName).toBe(value);
    }
  });
});
