/**
 * Answer parts that never change once made: a brand's pay groups as the wire shows
 * them and the brand-level parts of init, kept in memory with the brand data. {@link writtenOnce}
 * freezes such a value, deeply, and marks it; the answers' serializer (fast-serializer.ts) then
 * writes its JSON the first time it meets it and splices that text into every later answer that
 * holds the same value, as a top-level property or an item of a top-level array.
 *
 * The freeze is what makes the cached text true: a marked value cannot be changed afterwards (an
 * assignment throws in the server's strict-mode modules), so a variant is always a new object.
 *
 * A service does not mark its answers: it freezes the parts it keeps in memory and shares between
 * answers (modules/cashier/init-answer.ts), and the route that sends them has those frozen parts
 * written once ({@link frozenPartsWrittenOnce}).
 *
 * @packageDocumentation
 */

import { deepFreeze } from '../platform/deep-freeze';

const marked = new WeakSet<object>();

/**
 * Freezes `value` and everything in it, and marks it as written once (see the module comment).
 * Returns the same value.
 */
export function writtenOnce<T extends object>(value: T): T {
  deepFreeze(value);
  marked.add(value);
  return value;
}

/** Whether `value` was marked by {@link writtenOnce}. */
export function isWrittenOnce(value: unknown): boolean {
  return typeof value === 'object' && value !== null && marked.has(value);
}

/** Marks `value` written once when it is a frozen object (a part that cannot change any more). */
function markFrozen(value: unknown): void {
  if (typeof value !== 'object' || value === null || marked.has(value)) return;
  if (Object.isFrozen(value)) writtenOnce(value);
}

/**
 * Marks the parts of an object answer that its service froze as written once: each top-level
 * property, and each item of a top-level array, that is a frozen object (the parts the serializer
 * splices). Unfrozen parts (a player's own) are written each time. Returns the same answer.
 */
export function frozenPartsWrittenOnce<T extends object>(answer: T): T {
  for (const value of Object.values(answer)) {
    if (Array.isArray(value)) {
      for (const item of value) markFrozen(item);
    } else {
      markFrozen(value);
    }
  }
  return answer;
}
