/**
 * The caches of one app (brand data, sessions) and what keeps them true: a listener on
 * {@link CACHE_CHANNEL} (db/listen.ts) and the changes announced in this process
 * (announce.ts). A cache trusts its entries only while the hub listens: when the listening
 * connection is lost, every entry is dropped and nothing is kept until it listens again, so a
 * missed notification can never leave a stale entry behind; the caches then read the database
 * on every call, as if there were no cache.
 *
 * Services find the hub of their database handle with {@link cacheHubOf}; a transaction handle
 * has none, so reads inside a transaction always go to the database (and see the transaction's
 * own writes).
 *
 * @packageDocumentation
 */
import type { CacheSettings } from '../../config';
import type { Database, Executor } from '../open';
import { keepListening } from '../listen';
import type { KeptListener } from '../listen';
import { CACHE_CHANNEL, changeOf, onLocalChange } from './announce';
import type { CacheChange } from './announce';

/** A change, or `all` when every entry must go (the listener was lost, or the hub stopped). */
export type HubChange = CacheChange | { readonly kind: 'all' };

/** Where the hub reports a lost listener. */
interface HubLog {
  warn(object: object, message: string): void;
}

/** See the module comment. */
export class CacheHub {
  readonly settings: CacheSettings;
  readonly clock: () => Date;
  private readonly db: Database;
  private readonly log: HubLog | undefined;
  private readonly listeners = new Set<(change: HubChange) => void>();
  private listener: KeptListener | null = null;
  private unsubscribeLocal: (() => void) | null = null;
  private stopped = false;
  private listening = false;

  constructor(options: {
    readonly db: Database;
    readonly settings: CacheSettings;
    readonly clock: () => Date;
    readonly log?: HubLog | undefined;
  }) {
    this.db = options.db;
    this.settings = options.settings;
    this.clock = options.clock;
    this.log = options.log;
  }

  /** Whether entries may be kept and used: the hub hears of every change. */
  get trusted(): boolean {
    return this.listening && !this.stopped;
  }

  /** Calls `listener` with every change until the hub stops. */
  onChange(listener: (change: HubChange) => void): void {
    this.listeners.add(listener);
  }

  private emit(change: HubChange): void {
    for (const listener of this.listeners) listener(change);
  }

  /** Starts listening (and hearing this process's announcements). */
  async start(): Promise<void> {
    this.unsubscribeLocal = onLocalChange((change) => {
      this.emit(change);
    });
    this.listener = await keepListening(this.db, CACHE_CHANNEL, {
      onMessage: (payload) => {
        const change = changeOf(payload);
        this.emit(change ?? { kind: 'all' });
      },
      onListening: () => {
        this.listening = true;
      },
      onLost: (failure) => {
        if (failure !== null) {
          this.log?.warn(
            { error: failure },
            'cache listener could not start; caches off until it does',
          );
        }
        this.listening = false;
        this.emit({ kind: 'all' });
      },
    });
  }

  /** Stops listening and drops every entry. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.listening = false;
    this.unsubscribeLocal?.();
    this.emit({ kind: 'all' });
    const listener = this.listener;
    this.listener = null;
    await listener?.stop();
  }
}

/** The hubs by database handle (several apps of a test may share one handle: the last wins). */
const hubs = new Map<Executor, CacheHub[]>();

/** Makes `hub` the one {@link cacheHubOf} finds for `db`; returns the undo. */
export function registerCacheHub(db: Database, hub: CacheHub): () => void {
  hubs.set(db, [...(hubs.get(db) ?? []), hub]);
  return () => {
    const left = (hubs.get(db) ?? []).filter((entry) => entry !== hub);
    if (left.length === 0) hubs.delete(db);
    else hubs.set(db, left);
  };
}

/** The hub of a database handle; none for a transaction or a handle no app registered. */
export function cacheHubOf(db: Executor): CacheHub | undefined {
  return hubs.get(db)?.at(-1);
}
