/**
 * Error rules of SPEC §8: extraction, the session-expired code, submit and query errors, the
 * error popup and the icon retry policy.
 *
 * @packageDocumentation
 */
export {
  closeErrorPopup,
  DEFAULT_ERROR_CODE,
  errorPopupFrom,
  INITIAL_ERROR_POPUP,
  openErrorPopup,
} from './error-popup';
export type { ErrorPopupError, ErrorPopupInput, ErrorPopupState } from './error-popup';
export {
  classifyRejection,
  extractError,
  isSessionExpiredError,
  SESSION_EXPIRED_CODE,
} from './extract';
export type { ExtractedError, RejectionHandling } from './extract';
export { ICON_RETRY_STATUS, iconRetryDecision } from './icon-retry';
export type { IconRetryDecision, IconRetryPolicy } from './icon-retry';
export { normaliseSubmitError, parseQueryError, QUERY_ERROR_STATUSES } from './submit-error';
export type { QueryError, QueryErrorStatus, SubmitError } from './submit-error';
