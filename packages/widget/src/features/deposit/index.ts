/**
 * The deposit feature's screens (SPEC §2): the homepage with the method list (/deposit) and the
 * method page (/deposit/{provider}) and the card checkout (/checkout). app/app-routes.tsx loads this module lazily.
 *
 * @packageDocumentation
 */
export { DepositHomePage } from './home/deposit-home-page';
export { CheckoutPage, DepositMethodPage } from './method/deposit-method-page';
