import type { BetShop } from '@cashdesk/contract';

/** A bet shop's street and city as one line ("Main St 1, Berlin"); '' when it has neither. */
export function shopAddress(shop: Pick<BetShop, 'address' | 'city'>): string {
  return [shop.address, shop.city].filter((part) => part.trim() !== '').join(', ');
}
