/**
 * The withdrawal reversal (SPEC §2 cancel-withdrawal popup on the withdrawal homepage and the
 * /reject-withdrawal screen, §3 withdrawal reject state, §4 reversal result, §7 GET
 * payments/reverse-pending-withdrawal).
 *
 * @packageDocumentation
 */
export { CancelWithdrawalBanner } from './cancel-withdrawal-banner';
export { RejectWithdrawalPage } from './reject-withdrawal-page';
