/**
 * How the /betshop-withdrawal overlay (SPEC §2) talks back to the bet-shop field under it, as
 * picked-country.ts does for the phone field: a tiny module-level channel keyed by the field's
 * name. The field stays mounted under the overlay and subscribes; the overlay says which shop was
 * chosen (only its id passes here) and, once it has gone, that it closed, so the field can give
 * the focus back to its button whether a shop was chosen or the player pressed Escape.
 *
 * @packageDocumentation
 */

/** What the overlay tells the field. */
export type BetShopOverlayEvent =
  { readonly kind: 'picked'; readonly shopId: string } | { readonly kind: 'closed' };

type Listener = (event: BetShopOverlayEvent) => void;

const listeners = new Map<string, Set<Listener>>();

function emit(fieldName: string, event: BetShopOverlayEvent): void {
  for (const listener of [...(listeners.get(fieldName) ?? [])]) listener(event);
}

/** The overlay's side: the player chose the shop `shopId` for the field `fieldName`. */
export function publishPickedBetShop(fieldName: string, shopId: string): void {
  emit(fieldName, { kind: 'picked', shopId });
}

/** The overlay's side: it has closed (after a pick or without one). */
export function publishBetShopOverlayClosed(fieldName: string): void {
  emit(fieldName, { kind: 'closed' });
}

/** The field's side: calls `listener` on every event for `fieldName`; returns the unsubscribe. */
export function subscribeBetShopOverlay(fieldName: string, listener: Listener): () => void {
  const set = listeners.get(fieldName) ?? new Set<Listener>();
  set.add(listener);
  listeners.set(fieldName, set);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(fieldName);
  };
}
