/**
 * Browser storage that never throws: storage is unavailable in some embedded web views and in
 * third-party iframes with strict cookie settings, and the cashier must work without it (the
 * values are conveniences, never the only copy of anything).
 *
 * @packageDocumentation
 */

/** Which storage area. */
export type StorageArea = 'local' | 'session';

function area(which: StorageArea): Storage | null {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The stored text, or null when missing or storage is unavailable. */
export function readStored(which: StorageArea, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores a text; silently does nothing when storage is unavailable or full. */
export function writeStored(which: StorageArea, key: string, value: string): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    // Storage full or blocked: the value is a convenience only.
  }
}

/** Removes a key; silently does nothing when storage is unavailable. */
export function removeStored(which: StorageArea, key: string): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // Storage blocked: nothing to remove.
  }
}
