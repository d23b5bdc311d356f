/**
 * The one way the widget waits for a while before doing something (a code's resend wait, a
 * clickstream batch's retry): `setTimeout` with the delay capped by the domain's SPEC §9 rule,
 * so a wait longer than a JavaScript timer can hold is not run at once.
 *
 * @packageDocumentation
 */
import { timerDelay } from '@cashdesk/domain';

/** Runs `callback` after `ms`; answers its cancel. Components and tests may pass their own. */
export type Schedule = (callback: () => void, ms: number) => () => void;

/** {@link Schedule} on the browser's timers. */
export const browserSchedule: Schedule = (callback, ms) => {
  const handle = setTimeout(callback, timerDelay(ms));
  return () => {
    clearTimeout(handle);
  };
};
