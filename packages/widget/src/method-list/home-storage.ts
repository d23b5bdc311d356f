/**
 * The stored values the homepage reads and writes (SPEC §7 storage keys): the chosen method
 * (phSelectedMethodId), the last used method (phLastUsedMethodId) and the flag a page sets when
 * it sends the player back to the list on purpose (phSkipLasUsedMethod).
 *
 * @packageDocumentation
 */
import { STORAGE_KEYS } from '@cashdesk/domain';
import { readStored, removeStored } from '../browser/storage';

function storedId(key: string): number | null {
  // The session copy is the newer one (this tab); the local copy survives a new session.
  const text = readStored('session', key) ?? readStored('local', key);
  if (text === null || !/^\d+$/.test(text.trim())) return null;
  return Number(text.trim());
}

/** SPEC §4: the last used method id the widget remembered (phLastUsedMethodId), if any. */
export function readLastUsedMethodId(): number | null {
  return storedId(STORAGE_KEYS.lastUsedMethodId);
}

/** SPEC §4 carousel: the method the player chose last in this tab (phSelectedMethodId). */
export function readSelectedMethodId(): number | null {
  return storedId(STORAGE_KEYS.selectedMethodId);
}

/**
 * SPEC §4 automatic choice: reads and clears phSkipLasUsedMethod. Any non-empty value other than
 * 'false' or '0' counts as set. It is cleared when read because it describes one return to the
 * list; the next time the cashier opens, the automatic choice works again.
 */
export function takeSkipLastUsedFlag(): boolean {
  const set = skipLastUsedFlagSet();
  removeStored('session', STORAGE_KEYS.skipLastUsedMethod);
  removeStored('local', STORAGE_KEYS.skipLastUsedMethod);
  return set;
}

/** Whether phSkipLasUsedMethod is set, leaving it for {@link takeSkipLastUsedFlag}. */
export function skipLastUsedFlagSet(): boolean {
  const key = STORAGE_KEYS.skipLastUsedMethod;
  const text = (readStored('session', key) ?? readStored('local', key) ?? '').trim();
  return text !== '' && text !== 'false' && text !== '0';
}
