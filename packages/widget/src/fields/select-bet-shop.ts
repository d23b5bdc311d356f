/**
 * The /betshop-withdrawal overlay route (SPEC §2: pick a cash pick-up shop), loaded lazily by
 * app/app-routes.tsx.
 *
 * @packageDocumentation
 */
export { SelectBetShopPage } from './bet-shop/select-bet-shop-page';
