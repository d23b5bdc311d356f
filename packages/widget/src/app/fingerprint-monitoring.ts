/**
 * SPEC §9 fingerprint load monitoring: at start the cashier loads the fingerprint it keeps
 * (PH_fingerprint, sent as X-Fingerprint, SPEC §7), and one page load in a thousand
 * (`shouldMonitorFingerprintLoad`) reports how that went to the clickstream: whether a fingerprint
 * was there and how long the load took. Never the fingerprint itself.
 *
 * @packageDocumentation
 */
import { shouldMonitorFingerprintLoad, STORAGE_KEYS } from '@cashdesk/domain';
import { readStored } from '../browser/storage';
import { trackClickstream } from '../realtime/clickstream';
import type { AppStore } from '../store/store';

/** The randomness and the clock of the monitoring (tests give their own). */
export interface FingerprintMonitoringDeps {
  readonly random: () => number;
  /** Milliseconds on a monotonic clock (`performance.now`). */
  readonly now: () => number;
}

const BROWSER: FingerprintMonitoringDeps = {
  random: Math.random,
  now: () => performance.now(),
};

/** Loads the fingerprint and, when this page load is sampled, reports the load. */
export function monitorFingerprintLoad(
  store: Pick<AppStore, 'dispatch'>,
  deps: FingerprintMonitoringDeps = BROWSER,
): void {
  const started = deps.now();
  const fingerprint = readStored('local', STORAGE_KEYS.fingerprint);
  const loadMs = Math.max(0, Math.round(deps.now() - started));
  if (!shouldMonitorFingerprintLoad(deps.random)) return;
  store.dispatch(
    trackClickstream({
      type: 'fingerprint_load',
      data: { loaded: fingerprint !== null && fingerprint !== '', load_ms: loadMs },
    }),
  );
}
