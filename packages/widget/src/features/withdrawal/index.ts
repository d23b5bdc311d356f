/**
 * The withdrawal feature's screens (SPEC §2): the homepage with the payout methods (/withdrawal)
 * the method page (/withdrawal/{provider}) and the reversal (/reject-withdrawal). app/app-routes.tsx loads this module lazily.
 *
 * @packageDocumentation
 */
export { WithdrawalHomePage } from './home/withdrawal-home-page';
export { WithdrawalMethodPage } from './method/withdrawal-method-page';
export { RejectWithdrawalPage } from '../../reversal';
