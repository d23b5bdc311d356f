/**
 * Monitoring the fingerprint's load (SPEC §9 "fingerprint load monitoring chance 0.001").
 *
 * @packageDocumentation
 */
import { FINGERPRINT_LOAD_MONITORING_CHANCE } from '../constants';

/**
 * SPEC §9: whether this page load reports the fingerprint's load: `random()` (uniform in [0, 1),
 * as `Math.random`) below the monitoring chance, 0.001. A value outside [0, 1) (a broken source)
 * reports nothing.
 */
export function shouldMonitorFingerprintLoad(random: () => number): boolean {
  const value = random();
  return value >= 0 && value < FINGERPRINT_LOAD_MONITORING_CHANCE;
}
