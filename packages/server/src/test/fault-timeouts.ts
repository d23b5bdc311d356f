/**
 * The time-out the fault tests give a provider's or a wallet's calls. Their hang tests wait it
 * out for real; every other call must answer within it even on a loaded machine, or the test would
 * take a merely slow answer for a lost one and then count a second call. 400 ms was met on a quiet
 * machine and missed under load; only the hang tests pay for the margin.
 */
export const FAULT_CALL_TIMEOUT_MS = 1_500;
