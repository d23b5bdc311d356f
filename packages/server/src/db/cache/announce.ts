/**
 * How a change reaches the caches of every process (db/cache/). A write that
 * changes what a cache holds calls {@link announceChange} with its transaction: the caches of this
 * process drop the entry at once, and `pg_notify` on {@link CACHE_CHANNEL}, delivered when the
 * transaction commits, makes every process (this one too) drop it again. The second drop is what
 * counts: a reader that reloaded between the write and its commit read the old rows.
 *
 * @packageDocumentation
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../open';

/** The notification channel of the caches. */
export const CACHE_CHANNEL = 'cashdesk_cache';

/** What changed: a brand's configuration, a player (blocked), or one session (expired). */
export type CacheChange =
  | { readonly kind: 'brand'; readonly id: string }
  | { readonly kind: 'player'; readonly id: string }
  | { readonly kind: 'session'; readonly id: string };

/** A change as the notification's payload (`brand:brand0`). */
function payloadOf(change: CacheChange): string {
  return `${change.kind}:${change.id}`;
}

/** A notification's payload as a change, or null for one this version does not know. */
export function changeOf(payload: string): CacheChange | null {
  const colon = payload.indexOf(':');
  const kind = payload.slice(0, colon);
  const id = payload.slice(colon + 1);
  if (colon < 0 || id === '') return null;
  if (kind === 'brand' || kind === 'player' || kind === 'session') return { kind, id };
  return null;
}

/** The caches of this process (every app's), told of a change before its commit. */
const localListeners = new Set<(change: CacheChange) => void>();

/** Tells `listener` of every change announced in this process; returns the unsubscribe. */
export function onLocalChange(listener: (change: CacheChange) => void): () => void {
  localListeners.add(listener);
  return () => {
    localListeners.delete(listener);
  };
}

/**
 * Announces a change: this process's caches drop it now, every process's when `tx` commits.
 * Call it inside the transaction of the write (outside one, the notification goes at once).
 */
export async function announceChange(tx: Executor, change: CacheChange): Promise<void> {
  for (const listener of localListeners) listener(change);
  await tx.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${payloadOf(change)})`);
}
