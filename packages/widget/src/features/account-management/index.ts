/**
 * The account-management screens (SPEC §2 payout verification and the account-management pages,
 * §4 withdrawal verification): /withdrawal-verify-account, /account-management-blocked,
 * /account-management/status (plain, success, error) and /account-management/support.
 * app/app-routes.tsx loads this module lazily.
 *
 * @packageDocumentation
 */
export { AccountBlockedPage } from './account-blocked-page';
export { AccountStatusPage } from './account-status-page';
export { AccountSupportPage } from './account-support-page';
export { VerifyAccountPage } from './verify-account-page';
