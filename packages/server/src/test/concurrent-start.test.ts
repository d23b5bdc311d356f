/**
 * "Stateless: run one process or many" (docs/architecture.md): several server processes started at
 * once on one fresh PostgreSQL database each migrate it and (in sandbox mode) seed it, as
 * main.ts does; every one of them must start, and the demo brands must be written once.
 *
 * Needs PostgreSQL (TEST_DATABASE_URL, see harness.ts); PGlite has one connection and one
 * process, so there is nothing to race there.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { openDatabase } from '../db/open';
import type { OpenDatabase } from '../db/open';
import { brands } from '../db/schema';
import { seedDatabase } from '../db/seed';
import { createPostgresDatabase, postgresAdminUrl } from './harness';

const ADMIN_URL = postgresAdminUrl();
const PROCESSES = 4;

const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.runIf(ADMIN_URL !== undefined)(
  'servers starting at once on one fresh PostgreSQL database (needs TEST_DATABASE_URL: npm run test:postgres)',
  () => {
    it(`${String(PROCESSES)} at once all migrate and seed it, and the demo brands are written once`, async () => {
      if (ADMIN_URL === undefined) throw new Error('no PostgreSQL');
      const database = await createPostgresDatabase(ADMIN_URL);
      cleanups.push(database.drop);
      const opened: OpenDatabase[] = [];
      cleanups.push(async () => {
        await Promise.all(opened.map((handle) => handle.close()));
      });
      // What main.ts does at start, in each "process" (its own pool) at the same moment.
      const starts = await Promise.allSettled(
        Array.from({ length: PROCESSES }, async () => {
          const handle = await openDatabase({ url: database.url, poolSize: 2 });
          opened.push(handle);
          return seedDatabase(handle.db);
        }),
      );
      const failures = starts.flatMap((start) =>
        start.status === 'rejected' ? [String(start.reason)] : [],
      );
      expect(failures).toEqual([]);
      const created = starts.flatMap((start) =>
        start.status === 'fulfilled' ? start.value.created : [],
      );
      expect(created.sort()).toEqual(['brand0', 'brand1']);
      const [first] = opened;
      if (first === undefined) throw new Error('nothing opened');
      expect(await first.db.select({ brands: count() }).from(brands)).toEqual([{ brands: 2 }]);
    });
  },
);
