/**
 * The withdrawal reversal (SPEC §2 cancel-withdrawal popup and the /reject-withdrawal screen, §3
 * withdrawal reject state, §4 reversal result, §7 GET payments/reverse-pending-withdrawal). Shared
 * by the flows: the pending withdrawal and its cancel are on the homepage of either flow (the
 * method list) and on the pending payments screen; the withdrawal feature shows the reject screen.
 *
 * @packageDocumentation
 */
export { CancelWithdrawalBanner } from './cancel-withdrawal-banner';
export { RejectWithdrawalPage } from './reject-withdrawal-page';
