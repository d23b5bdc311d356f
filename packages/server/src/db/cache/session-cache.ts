/**
 * Sessions kept in memory for a few seconds (SESSION_CACHE_TTL_MS on the app's clock),
 * so most authenticated calls look their session up without the database. What keeps a kept
 * session honest:
 * - the caller checks its expiry against the clock on every hit (sessions.ts);
 * - blocking a player and ending a session are announced (announce.ts): this process drops the
 *   entries at once, every process when the change commits; a lookup that was under way when a
 *   change came is not kept;
 * - nothing is kept while the hub does not listen (cache-hub.ts).
 *
 * @packageDocumentation
 */
import type { CacheHub } from './cache-hub';

/** Every this many sessions kept, the ones past their time are dropped. */
const SWEEP_EVERY = 256;

interface Entry<T> {
  value: T;
  readonly cachedAt: number;
  readonly cachedUntil: number;
}

/** See the module comment. */
export class SessionCache<T extends { readonly playerId: string }> {
  private readonly hub: CacheHub;
  private readonly entries = new Map<string, Entry<T>>();
  private changes = 0;
  private puts = 0;

  constructor(hub: CacheHub) {
    this.hub = hub;
    hub.onChange((change) => {
      if (change.kind === 'brand') return;
      this.changes += 1;
      if (change.kind === 'all') this.entries.clear();
      else if (change.kind === 'session') this.entries.delete(change.id);
      else {
        for (const [id, entry] of this.entries) {
          if (entry.value.playerId === change.id) this.entries.delete(id);
        }
      }
    });
  }

  /** A mark to give {@link put}: a change after it keeps the looked-up session out. */
  mark(): number {
    return this.changes;
  }

  /** The kept session `id` at `now`, if any. */
  get(id: string, now: Date): T | undefined {
    const entry = this.entries.get(id);
    if (entry === undefined) return undefined;
    const at = now.getTime();
    if (!this.hub.trusted || at < entry.cachedAt || at >= entry.cachedUntil) {
      this.entries.delete(id);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps a session looked up at `now` (unless a change came since `mark`). */
  put(id: string, value: T, now: Date, mark: number): void {
    const ttl = this.hub.settings.sessionTtlMs;
    if (ttl <= 0 || !this.hub.trusted || mark !== this.changes) return;
    const at = now.getTime();
    this.entries.set(id, { value, cachedAt: at, cachedUntil: at + ttl });
    // Sessions nobody asks for again are dropped here, so memory follows the recent traffic.
    this.puts += 1;
    if (this.puts % SWEEP_EVERY === 0) {
      for (const [key, entry] of this.entries) {
        if (at >= entry.cachedUntil || at < entry.cachedAt) this.entries.delete(key);
      }
    }
  }

  /** How many sessions are kept (tests). */
  get size(): number {
    return this.entries.size;
  }

  /** Replaces a kept session's value (its slid expiry), keeping its time in the cache. */
  update(id: string, value: T): void {
    const entry = this.entries.get(id);
    if (entry !== undefined) entry.value = value;
  }

  /** Forgets a session (it was found expired). */
  drop(id: string): void {
    this.entries.delete(id);
  }
}
