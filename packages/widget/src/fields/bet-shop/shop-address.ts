import type { BetShop } from '@cashdesk/contract';

/**
 * A bet shop's street and city as one line ("Main St 1, Berlin"); '' when it has neither. An
 * address that already names its city ("Oranienstraße 20, 10999 Berlin") is not given it twice.
 */
export function shopAddress(shop: Pick<BetShop, 'address' | 'city'>): string {
  const address = shop.address.trim();
  const city = shop.city.trim();
  if (city !== '' && address.toLowerCase().includes(city.toLowerCase())) return address;
  return [address, city].filter((part) => part !== '').join(', ');
}
