/**
 * The back office's staff sessions: how long one lasts without a call (STAFF_SESSION_IDLE_MINUTES)
 * and at most (STAFF_SESSION_MAX_HOURS), whatever is done.
 *
 * @packageDocumentation
 */
import { integerText } from './env';
import type { ValuesOf } from './env';

/** The staff sessions' time-outs. */
export interface StaffSettings {
  /** A session with no call for this long ends (STAFF_SESSION_IDLE_MINUTES, default 30). */
  readonly sessionIdleMs: number;
  /** A session ends this long after signing in, whatever is done (STAFF_SESSION_MAX_HOURS, default 12). */
  readonly sessionMaxMs: number;
}

/** The variables of the staff sessions. */
export const STAFF_VARIABLES = {
  STAFF_SESSION_IDLE_MINUTES: integerText('STAFF_SESSION_IDLE_MINUTES', 1, 24 * 60).default(30),
  STAFF_SESSION_MAX_HOURS: integerText('STAFF_SESSION_MAX_HOURS', 1, 7 * 24).default(12),
};

/** The staff settings; a maximum shorter than the idle time-out makes the idle one moot, not wrong. */
export function readStaff(values: ValuesOf<typeof STAFF_VARIABLES>): StaffSettings {
  return {
    sessionIdleMs: values.STAFF_SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: values.STAFF_SESSION_MAX_HOURS * 3_600_000,
  };
}
