/**
 * The bet-shop screens (SPEC §2 /betshop-deposit): where the player can pay cash in. The
 * /betshop-withdrawal overlay is a field overlay (fields/select-bet-shop.ts). app/app-routes.tsx
 * loads this module lazily.
 *
 * @packageDocumentation
 */
export { BetShopDepositPage } from './bet-shop-deposit-page';
