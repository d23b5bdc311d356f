/**
 * Ids as the services see them. A row id is a uuid; text that is not one must be refused before
 * it reaches a query, because PostgreSQL throws on a malformed uuid instead of finding nothing.
 *
 * @packageDocumentation
 */

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether text is a uuid (a non-uuid would make PostgreSQL throw on the uuid column). */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
