/**
 * SPEC §9 fingerprint load monitoring: after the first screen the cashier loads the fingerprint
 * (the kept PH_fingerprint, else FingerprintJS computes and keeps it: storage/fingerprint.ts;
 * sent as X-Fingerprint, SPEC §7), and one page load in a thousand
 * (`shouldMonitorFingerprintLoad`) reports how that went to the clickstream: whether a fingerprint
 * was there and how long the load took. Never the fingerprint itself.
 *
 * @packageDocumentation
 */
import { shouldMonitorFingerprintLoad } from '@cashdesk/domain';
import { trackClickstream } from '../realtime/clickstream';
import { computeWithFingerprintJs, loadFingerprint } from '../storage/fingerprint';
import type { ComputeFingerprint } from '../storage/fingerprint';
import type { AppStore } from '../store/store';

/** The randomness, the clock and the fingerprint source of the monitoring (tests give their own). */
export interface FingerprintMonitoringDeps {
  readonly random: () => number;
  /** Milliseconds on a monotonic clock (`performance.now`). */
  readonly now: () => number;
  readonly compute: ComputeFingerprint;
}

const BROWSER: FingerprintMonitoringDeps = {
  random: Math.random,
  now: () => performance.now(),
  compute: computeWithFingerprintJs,
};

/** Loads the fingerprint and, when this page load is sampled, reports the load. */
export async function monitorFingerprintLoad(
  store: Pick<AppStore, 'dispatch'>,
  deps: FingerprintMonitoringDeps = BROWSER,
): Promise<void> {
  const started = deps.now();
  const fingerprint = await loadFingerprint(deps.compute);
  const loadMs = Math.max(0, Math.round(deps.now() - started));
  if (!shouldMonitorFingerprintLoad(deps.random)) return;
  store.dispatch(
    trackClickstream({
      type: 'fingerprint_load',
      data: { loaded: fingerprint !== null, load_ms: loadMs },
    }),
  );
}
