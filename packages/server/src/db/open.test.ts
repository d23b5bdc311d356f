import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase } from './open';
import type { OpenDatabase } from './open';
import { brands } from './schema';

const opened: OpenDatabase[] = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((database) => database.close()));
});

describe('an in-memory PGlite dumped and opened again', () => {
  it('holds the migrated schema and the rows written before the dump', async () => {
    const first = await openDatabase({ inMemory: true });
    opened.push(first);
    await first.db.insert(brands).values({ id: 'dumped', name: 'Dumped brand' });
    expect(first.dump).toBeDefined();
    const dump = await first.dump?.();
    expect(dump?.size).toBeGreaterThan(0);

    const copy = await openDatabase({ inMemory: true, from: dump });
    opened.push(copy);
    const rows = await copy.db.select().from(brands).where(eq(brands.id, 'dumped'));
    expect(rows.map((row) => row.name)).toEqual(['Dumped brand']);

    // The copy is its own database: a write to it leaves the original as it was.
    await copy.db.insert(brands).values({ id: 'copy-only', name: 'Copy only' });
    expect(await first.db.select().from(brands).where(eq(brands.id, 'copy-only'))).toEqual([]);
  });
});
