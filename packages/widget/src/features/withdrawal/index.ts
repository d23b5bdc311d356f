/**
 * The withdrawal feature's screens (SPEC §2): the homepage with the payout methods (/withdrawal)
 * and the method page (/withdrawal/{provider}). app/app-routes.tsx loads this module lazily.
 *
 * @packageDocumentation
 */
export { WithdrawalHomePage } from './home/withdrawal-home-page';
export { WithdrawalMethodPage } from './method/withdrawal-method-page';
