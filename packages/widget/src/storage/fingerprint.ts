/**
 * SPEC §7 PH_fingerprint, sent as X-Fingerprint on GET /user-cards (and as the submit body's
 * `fingerprint`): the device fingerprint is FingerprintJS's visitor id (the open-source
 * `@fingerprintjs/fingerprintjs`, MIT), a hash of what the browser shows of itself, so the same
 * device gives the same id even where storage is denied or cleared. It is computed once, after the
 * first screen (the library is a chunk of its own, loaded then), and kept under PH_fingerprint;
 * calls send the kept one, as the spec says ("if a stored fingerprint exists"). The library's own
 * usage report to its vendor is switched off (`monitoring: false`): SPEC §9's load monitoring goes
 * to the cashier's clickstream (app/fingerprint-monitoring.ts).
 *
 * @packageDocumentation
 */
import { FINGERPRINT, readKey, writeKey } from './keys';

/** Computes a fresh fingerprint (tests give their own). */
export type ComputeFingerprint = () => Promise<string>;

/** FingerprintJS's visitor id, the library loaded on first use. */
export const computeWithFingerprintJs: ComputeFingerprint = async () => {
  const { load } = await import('@fingerprintjs/fingerprintjs');
  const agent = await load({ monitoring: false });
  return (await agent.get()).visitorId;
};

/** The fingerprint kept under PH_fingerprint, or null (calls send it only when kept). */
export function storedFingerprint(): string | null {
  return readKey(FINGERPRINT);
}

/**
 * The kept fingerprint, else a freshly computed one, kept for the next calls and page loads;
 * null when the browser gives none (the library failed).
 */
export async function loadFingerprint(compute: ComputeFingerprint): Promise<string | null> {
  const kept = storedFingerprint();
  if (kept !== null) return kept;
  try {
    const fresh = FINGERPRINT.parse(await compute());
    if (fresh !== null) writeKey(FINGERPRINT, fresh);
    return fresh;
  } catch {
    return null;
  }
}
