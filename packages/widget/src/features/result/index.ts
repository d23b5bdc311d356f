/**
 * The result feature (SPEC §2 result pages, §4 final result and session expiry, §8 error
 * popup): the screens app/ routes to.
 *
 * @packageDocumentation
 */
export { ErrorPopup } from './error-popup';
export { ResultPage } from './result-page';
export { SessionExpiredPage } from './session-expired-page';
export { StatusPage } from './status-page';
