/**
 * Deep freezing, for values kept in memory and shared between answers: once frozen, a change
 * throws (the server's modules are strict), so whoever shares or caches such a value may rely on
 * it never changing.
 *
 * @packageDocumentation
 */

/** Freezes `value` and everything reachable from it (cycles included), and returns it. */
export function deepFreeze<T>(value: T): T {
  const seen = new Set<object>();
  const freeze = (item: unknown): void => {
    if (typeof item !== 'object' || item === null || seen.has(item)) return;
    seen.add(item);
    Object.freeze(item);
    for (const inner of Object.values(item)) freeze(inner);
  };
  freeze(value);
  return value;
}
