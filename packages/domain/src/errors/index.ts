/**
 * Error rules of SPEC §8: extraction, the session-expired code, submit and query errors, the
 * error popup and the icon retry policy.
 *
 * @packageDocumentation
 */
export {
  closeErrorPopup,
  DEFAULT_ERROR_CODE,
  INITIAL_ERROR_POPUP,
  openErrorPopup,
} from './error-popup';
export type { ErrorPopupError, ErrorPopupInput, ErrorPopupState } from './error-popup';
export { isSessionExpiredError, SESSION_EXPIRED_CODE } from './extract';
export type { ExtractedError } from './extract';
export { iconRetryDecision } from './icon-retry';
export type { IconRetryDecision, IconRetryPolicy } from './icon-retry';
export { normaliseSubmitError } from './submit-error';
export type { QueryError, QueryErrorStatus, SubmitError } from './submit-error';
