/**
 * The brand-data and session caches on their own, on an in-memory PGlite (for its
 * LISTEN/NOTIFY) with an injected clock: entries end by the TTL on that clock, at the next
 * restriction's end, when the caller read a newer configuration version, and when a change is
 * announced in this process or notified by the database on commit.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../open';
import type { OpenDatabase } from '../open';
import { CACHE_CHANNEL, announceChange } from './announce';
import { BrandCache } from './brand-cache';
import type { LoadedBrandData } from './brand-cache';
import { CacheHub } from './cache-hub';
import { SessionCache } from './session-cache';

let opened: OpenDatabase;
let hub: CacheHub;
let now = new Date('2030-01-01T10:00:00Z').getTime();
const clock = (): Date => new Date(now);
const TTL_MS = 5_000;

beforeAll(async () => {
  opened = await openDatabase({ inMemory: true, migrate: false });
  hub = new CacheHub({
    db: opened.db,
    settings: { brandTtlMs: TTL_MS, sessionTtlMs: TTL_MS },
    clock,
  });
  await hub.start();
}, 60_000);

afterAll(async () => {
  await hub.stop();
  await opened.close();
});

/** A loader that counts its calls and answers the given version and change time. */
function loader(state: { version: number; changesAt: Date | null }) {
  let loads = 0;
  return {
    load: (): Promise<LoadedBrandData<number>> => {
      loads += 1;
      return Promise.resolve({ value: loads, version: state.version, changesAt: state.changesAt });
    },
    count: () => loads,
  };
}

let brandCounter = 0;
/** A brand id no other test uses (the hub is shared). */
function freshBrand(): string {
  brandCounter += 1;
  return `unit-brand-${String(brandCounter)}`;
}

describe('brand cache', () => {
  it('keeps a load for the TTL on the injected clock, then loads again', async () => {
    const cache = new BrandCache<number>(hub);
    const brand = freshBrand();
    const source = loader({ version: 1, changesAt: null });
    await cache.get(brand, 'deposit', clock(), source.load);
    now += TTL_MS - 1;
    await cache.get(brand, 'deposit', clock(), source.load);
    expect(source.count()).toBe(1);
    now += 1;
    await cache.get(brand, 'deposit', clock(), source.load);
    expect(source.count()).toBe(2);
  });

  it('ends an entry at the next restricted_until when that comes before the TTL', async () => {
    const cache = new BrandCache<number>(hub);
    const brand = freshBrand();
    const source = loader({ version: 1, changesAt: new Date(now + 1_000) });
    await cache.get(brand, 'deposit', clock(), source.load);
    now += 999;
    await cache.get(brand, 'deposit', clock(), source.load);
    expect(source.count()).toBe(1);
    now += 1;
    await cache.get(brand, 'deposit', clock(), source.load);
    expect(source.count()).toBe(2);
  });

  it('loads again when the caller read a newer configuration version', async () => {
    const cache = new BrandCache<number>(hub);
    const brand = freshBrand();
    const state = { version: 3, changesAt: null };
    const source = loader(state);
    await cache.get(brand, 'deposit', clock(), source.load);
    expect((await cache.get(brand, 'deposit', clock(), source.load, 3)).value).toBe(1);
    state.version = 4;
    const newer = await cache.get(brand, 'deposit', clock(), source.load, 4);
    expect(newer).toMatchObject({ value: 2, version: 4 });
    // The newer load is the one kept.
    expect((await cache.get(brand, 'deposit', clock(), source.load)).value).toBe(2);
    expect(source.count()).toBe(2);
  });

  it("a change announced in this process drops the brand's entries only", async () => {
    const cache = new BrandCache<number>(hub);
    const [changed, other] = [freshBrand(), freshBrand()];
    const source = loader({ version: 1, changesAt: null });
    await cache.get(changed, 'deposit', clock(), source.load);
    await cache.get(changed, 'withdrawal', clock(), source.load);
    await cache.get(other, 'deposit', clock(), source.load);
    expect(cache.size).toBe(3);
    await opened.db.transaction(async (tx) => {
      await announceChange(tx, { kind: 'brand', id: changed });
    });
    expect(cache.size).toBe(1);
  });

  it('a change notified by the database on commit (another process) drops the entry', async () => {
    const cache = new BrandCache<number>(hub);
    const brand = freshBrand();
    const source = loader({ version: 1, changesAt: null });
    await cache.get(brand, 'deposit', clock(), source.load);
    // As another process's configuration write sends it: no announcement in this process.
    await opened.db.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${`brand:${brand}`})`);
    // Delivered asynchronously: polled a bounded number of times, no duration asserted.
    for (let attempt = 0; attempt < 100 && cache.size > 0; attempt += 1) await sleep(10);
    expect(cache.size).toBe(0);
  });

  it('a load that was under way when a change came is used once but not kept', async () => {
    const cache = new BrandCache<number>(hub);
    const brand = freshBrand();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = async (): Promise<LoadedBrandData<number>> => {
      await gate;
      return { value: 1, version: 1, changesAt: null };
    };
    const pending = cache.get(brand, 'deposit', clock(), slow);
    await announceChange(opened.db, { kind: 'brand', id: brand });
    release();
    expect((await pending).value).toBe(1);
    expect(cache.size).toBe(0);
  });

  it('keeps nothing with a TTL of 0', async () => {
    const off = new CacheHub({
      db: opened.db,
      settings: { brandTtlMs: 0, sessionTtlMs: 0 },
      clock,
    });
    await off.start();
    try {
      const cache = new BrandCache<number>(off);
      const source = loader({ version: 1, changesAt: null });
      await cache.get(freshBrand(), 'deposit', clock(), source.load);
      expect(cache.size).toBe(0);
    } finally {
      await off.stop();
    }
  });
});

describe('session cache', () => {
  it('keeps a session for the TTL on the injected clock', () => {
    const cache = new SessionCache<{ playerId: string }>(hub);
    cache.put('s1', { playerId: 'p1' }, clock(), cache.mark());
    now += TTL_MS - 1;
    expect(cache.get('s1', clock())).toEqual({ playerId: 'p1' });
    now += 1;
    expect(cache.get('s1', clock())).toBeUndefined();
  });

  it('drops the sessions past their time as new ones are kept, so memory follows recent traffic', () => {
    const cache = new SessionCache<{ playerId: string }>(hub);
    for (let index = 0; index < 200; index += 1) {
      cache.put(`old-${String(index)}`, { playerId: 'p' }, clock(), cache.mark());
    }
    now += TTL_MS;
    for (let index = 0; index < 56; index += 1) {
      cache.put(`new-${String(index)}`, { playerId: 'p' }, clock(), cache.mark());
    }
    expect(cache.size).toBe(56);
  });

  it("drops a blocked player's sessions and an ended session, and keeps nothing looked up across a change", async () => {
    const cache = new SessionCache<{ playerId: string }>(hub);
    cache.put('a', { playerId: 'blocked' }, clock(), cache.mark());
    cache.put('b', { playerId: 'blocked' }, clock(), cache.mark());
    cache.put('c', { playerId: 'other' }, clock(), cache.mark());
    await announceChange(opened.db, { kind: 'player', id: 'blocked' });
    expect(cache.get('a', clock())).toBeUndefined();
    expect(cache.get('b', clock())).toBeUndefined();
    expect(cache.get('c', clock())).toEqual({ playerId: 'other' });
    await announceChange(opened.db, { kind: 'session', id: 'c' });
    expect(cache.get('c', clock())).toBeUndefined();
    const mark = cache.mark();
    await announceChange(opened.db, { kind: 'session', id: 'elsewhere' });
    cache.put('d', { playerId: 'late' }, clock(), mark);
    expect(cache.get('d', clock())).toBeUndefined();
  });
});
