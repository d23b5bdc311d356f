/**
 * How the /select-country overlay (SPEC §2) hands the picked country back to the phone field
 * under it: a tiny module-level store keyed by the field's name. The field stays mounted under
 * the overlay, subscribes, and applies the pick (domain pickPhoneCountry) to its own value; the
 * store also remembers the pick so the flag keeps a country that shares its code (Guernsey,
 * not the United Kingdom, for +44). Only the ISO code passes through here, never a number.
 *
 * @packageDocumentation
 */

type Listener = (iso: string) => void;

const listeners = new Map<string, Set<Listener>>();
const picks = new Map<string, string>();

/** The overlay's side: the player picked `iso` for the phone field `fieldName`. */
export function publishPickedCountry(fieldName: string, iso: string): void {
  picks.set(fieldName, iso);
  for (const listener of listeners.get(fieldName) ?? []) listener(iso);
}

/** The field's side: calls `listener` on every pick for `fieldName`; returns the unsubscribe. */
export function subscribePickedCountry(fieldName: string, listener: Listener): () => void {
  const set = listeners.get(fieldName) ?? new Set<Listener>();
  set.add(listener);
  listeners.set(fieldName, set);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(fieldName);
  };
}

/** The last country picked for `fieldName`, or null. */
export function pickedCountryOf(fieldName: string): string | null {
  return picks.get(fieldName) ?? null;
}

/** Forgets every pick (tests, a new session). */
export function clearPickedCountries(): void {
  picks.clear();
}
