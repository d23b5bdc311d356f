/**
 * The stored values the homepage reads and writes (SPEC §7 storage keys): the chosen method
 * (phSelectedMethodId), the last used method (phLastUsedMethodId) and the flag a page sets when
 * it sends the player back to the list on purpose (phSkipLasUsedMethod).
 *
 * @packageDocumentation
 */
import {
  LAST_USED_METHOD,
  readKey,
  removeKey,
  SELECTED_METHOD,
  SELECTED_METHOD_KEPT,
  SKIP_LAST_USED,
  SKIP_LAST_USED_KEPT,
} from '../storage/keys';

/** SPEC §4: the last used method id the widget remembered (phLastUsedMethodId), if any. */
export function readLastUsedMethodId(): number | null {
  return readKey(LAST_USED_METHOD);
}

/**
 * SPEC §4 carousel: the method the player chose last in this tab (phSelectedMethodId). The
 * session copy is the newer one (this tab); a local copy survives from older versions.
 */
export function readSelectedMethodId(): number | null {
  return readKey(SELECTED_METHOD) ?? readKey(SELECTED_METHOD_KEPT);
}

/**
 * SPEC §4 automatic choice: reads and clears phSkipLasUsedMethod. Any non-empty value other than
 * 'false' or '0' counts as set. It is cleared when read because it describes one return to the
 * list; the next time the cashier opens, the automatic choice works again.
 */
export function takeSkipLastUsedFlag(): boolean {
  const set = skipLastUsedFlagSet();
  removeKey(SKIP_LAST_USED);
  removeKey(SKIP_LAST_USED_KEPT);
  return set;
}

/** Whether phSkipLasUsedMethod is set, leaving it for {@link takeSkipLastUsedFlag}. */
export function skipLastUsedFlagSet(): boolean {
  return readKey(SKIP_LAST_USED) ?? readKey(SKIP_LAST_USED_KEPT) ?? false;
}
