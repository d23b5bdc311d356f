/**
 * The list of previous sessions kept in local storage under phPrevSessionIdData (SPEC §4, §7).
 *
 * @packageDocumentation
 */
import { PREVIOUS_SESSIONS_LIMIT } from '../constants';

function cleanId(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const id = value.trim();
  return id === '' ? null : id;
}

function capped(ids: readonly string[], limit: number): readonly string[] {
  const size = Number.isInteger(limit) && limit > 0 ? limit : 0;
  return ids.slice(0, size);
}

/**
 * SPEC §4, §9: adds a session id to the front of the list (most recent first), removing an
 * earlier occurrence and keeping at most `limit` (default 10). An empty id leaves the list as it is.
 */
export function addPreviousSession(
  list: readonly string[],
  sessionId: string,
  limit: number = PREVIOUS_SESSIONS_LIMIT,
): readonly string[] {
  const id = cleanId(sessionId);
  if (id === null) return capped(list, limit);
  return capped([id, ...list.filter((existing) => existing !== id)], limit);
}

/**
 * SPEC §4, §7: reads the stored JSON text. The stored value is a JSON array of session id
 * strings, most recent first. Garbage (not JSON, not an array) gives an empty list; non-string or
 * empty items are dropped, duplicates keep their first (most recent) place, and the list is capped.
 */
export function parsePreviousSessions(
  text: string | null | undefined,
  limit: number = PREVIOUS_SESSIONS_LIMIT,
): readonly string[] {
  if (typeof text !== 'string') return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const ids: string[] = [];
  for (const item of value) {
    const id = cleanId(item);
    if (id !== null && !ids.includes(id)) ids.push(id);
  }
  return capped(ids, limit);
}

/** SPEC §7: the JSON text stored under phPrevSessionIdData. */
export function serializePreviousSessions(list: readonly string[]): string {
  return JSON.stringify(list);
}
