/**
 * Session rules of SPEC §4, §6 and §7: expiry, previous sessions, storage keys, request headers
 * and metrics reporting.
 *
 * @packageDocumentation
 */
export {
  checkSessionExpiry,
  INITIAL_SESSION_EXPIRY,
  msUntilSessionExpiry,
  SESSION_LIFETIME_MS,
  sessionExpiryFromServer,
  setSessionExpired,
} from './expiry';
export type { ServerExpiryInput, SessionExpiryInput, SessionExpiryState } from './expiry';
export {
  buildRequestHeaders,
  parseSessionExpiresIn,
  SESSION_EXPIRES_IN_HEADER,
  SESSION_HEADER,
} from './headers';
export type {
  NoSessionIdError,
  RequestHeaders,
  RequestHeadersInput,
  RequestHeadersResult,
} from './headers';
export {
  buildMetricsBody,
  isMetricName,
  metricsPath,
  metricWireValue,
  SCORE_METRIC,
  shouldSendMetric,
} from './metrics';
export type { MetricName, MetricSendInput, MetricsBody, MetricValue } from './metrics';
export {
  addPreviousSession,
  parsePreviousSessions,
  serializePreviousSessions,
} from './previous-sessions';
export { addressForNewSession, addressWithSessionId } from './session-address';
export { STORAGE_KEYS } from './storage-keys';
export {
  isRelayedKey,
  parseStorageRelayMessage,
  relayedValues,
  serializeStorageRelayMessage,
} from './storage-relay';
export type {
  RelayedValues,
  StorageAreaName,
  StorageRelayMessage,
  StorageSnapshot,
} from './storage-relay';
export { timerDelay } from './timer-delay';
export type { StorageKey } from './storage-keys';
