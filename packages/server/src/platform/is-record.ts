/**
 * The one object check of the server and its tests: a plain object (not null, not an array) whose
 * keys can be read. JSON bodies, Fastify request and reply objects and handler results all pass
 * through it before a field is read.
 *
 * @packageDocumentation
 */

/** Whether `value` is a non-null object that is not an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
