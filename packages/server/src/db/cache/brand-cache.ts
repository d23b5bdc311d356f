/**
 * Brand-level data kept in memory (brand-data.ts says what it holds), one entry
 * per brand and key (flow and currency). An entry is used while all of these hold:
 * - the hub is listening (cache-hub.ts), so no change of the brand went unheard;
 * - no change of the brand was announced since it was loaded (a change drops the brand's entries
 *   and makes a load that was under way when it came not be kept);
 * - the app's clock is before its end: the load time plus the TTL (BRAND_CACHE_TTL_MS), or the
 *   next time the data changes by itself (a pay group's `restricted_until`), whichever is first;
 * - when the caller read the brand's `config_version` (init does, in the player's query), the
 *   entry is at least that version: a change committed by another process counts before its
 *   notification arrives.
 *
 * Concurrent loads of one key share one database read.
 *
 * @packageDocumentation
 */
import type { CacheHub } from './cache-hub';

/** What a load read: the value, the brand's configuration version, and when it changes by itself. */
export interface LoadedBrandData<T> {
  readonly value: T;
  readonly version: number;
  /** The next time the value changes without a write (e.g. a restriction ends), or null. */
  readonly changesAt: Date | null;
}

interface Entry<T> {
  readonly loaded: LoadedBrandData<T>;
  readonly loadedAt: number;
  readonly validUntil: number;
}

/** See the module comment. */
export class BrandCache<T> {
  private readonly hub: CacheHub;
  private readonly entries = new Map<string, Entry<T>>();
  private readonly generations = new Map<string, number>();
  private readonly loading = new Map<
    string,
    { readonly generation: number; readonly promise: Promise<LoadedBrandData<T>> }
  >();

  constructor(hub: CacheHub) {
    this.hub = hub;
    hub.onChange((change) => {
      if (change.kind === 'all') {
        this.entries.clear();
        for (const brandId of this.generations.keys()) this.bump(brandId);
      } else if (change.kind === 'brand') {
        this.bump(change.id);
        const prefix = `${change.id}\u0000`;
        for (const key of this.entries.keys()) {
          if (key.startsWith(prefix)) this.entries.delete(key);
        }
      }
    });
  }

  private bump(brandId: string): void {
    this.generations.set(brandId, this.generation(brandId) + 1);
  }

  private generation(brandId: string): number {
    return this.generations.get(brandId) ?? 0;
  }

  /** How many entries are kept (tests). */
  get size(): number {
    return this.entries.size;
  }

  /**
   * The value of `brandId` and `key` at `now`: kept, or loaded with `load` (and kept when nothing
   * changed meanwhile). `minVersion`: the brand's configuration version the caller read; an
   * older entry is loaded again.
   */
  async get(
    brandId: string,
    key: string,
    now: Date,
    load: () => Promise<LoadedBrandData<T>>,
    minVersion?: number,
  ): Promise<LoadedBrandData<T>> {
    const full = `${brandId}\u0000${key}`;
    const at = now.getTime();
    const entry = this.entries.get(full);
    const fresh = (loaded: LoadedBrandData<T>) =>
      minVersion === undefined || loaded.version >= minVersion;
    if (
      entry !== undefined &&
      this.hub.trusted &&
      at >= entry.loadedAt &&
      at < entry.validUntil &&
      fresh(entry.loaded)
    ) {
      return entry.loaded;
    }
    const generation = this.generation(brandId);
    let pending = this.loading.get(full);
    if (pending === undefined || pending.generation !== generation) {
      const promise = this.loadAndKeep(brandId, full, at, generation, load);
      pending = { generation, promise };
      this.loading.set(full, pending);
      const started = pending;
      void promise
        .finally(() => {
          if (this.loading.get(full) === started) this.loading.delete(full);
        })
        .catch(() => undefined);
    }
    const loaded = await pending.promise;
    // A shared load that began before the version the caller read: read once more.
    if (fresh(loaded)) return loaded;
    return this.loadAndKeep(brandId, full, at, this.generation(brandId), load);
  }

  private async loadAndKeep(
    brandId: string,
    full: string,
    at: number,
    generation: number,
    load: () => Promise<LoadedBrandData<T>>,
  ): Promise<LoadedBrandData<T>> {
    const loaded = await load();
    const ttl = this.hub.settings.brandTtlMs;
    const ends = loaded.changesAt === null ? Infinity : loaded.changesAt.getTime();
    const validUntil = Math.min(at + ttl, ends);
    if (this.hub.trusted && this.generation(brandId) === generation && validUntil > at) {
      const kept = this.entries.get(full);
      if (kept === undefined || kept.loaded.version <= loaded.version) {
        this.entries.set(full, { loaded, loadedAt: at, validUntil });
      }
    }
    return loaded;
  }
}
