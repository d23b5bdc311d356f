/**
 * The router state the bet-shop field hands the /betshop-withdrawal overlay (SPEC §2): which
 * field to answer, the shop chosen now, and the shops themselves (the method detail's bet_shops
 * the method page already has), so the overlay needs no request of its own.
 *
 * @packageDocumentation
 */
import { BetShop } from '@cashdesk/contract';

/** What the field puts into the navigation state beside `background`. */
export interface SelectBetShopState {
  readonly betShopField: string;
  readonly currentShopId: string | null;
  readonly shops: readonly BetShop[];
}

function read(state: unknown, key: string): unknown {
  if (typeof state !== 'object' || state === null) return undefined;
  return Reflect.get(state, key);
}

/**
 * Reads {@link SelectBetShopState} from router state. History entries outlive a build of the
 * widget, so every shop is checked with the contract schema and the malformed ones are left out;
 * `null` when the state names no field.
 */
export function readSelectBetShopState(state: unknown): SelectBetShopState | null {
  const betShopField = read(state, 'betShopField');
  if (typeof betShopField !== 'string' || betShopField === '') return null;
  const current = read(state, 'currentShopId');
  const list = read(state, 'shops');
  const items: readonly unknown[] = Array.isArray(list) ? list : [];
  const shops: BetShop[] = [];
  for (const item of items) {
    const parsed = BetShop.safeParse(item);
    if (parsed.success) shops.push(parsed.data);
  }
  return {
    betShopField,
    currentShopId: typeof current === 'string' && current !== '' ? current : null,
    shops,
  };
}
