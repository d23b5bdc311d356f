/**
 * SPEC §4 session expiry, noticed when it happens: every answer of the server says how long the
 * session has left (`x-session-expires-in`, read by api/http.ts), the store keeps the expiration
 * time that follows (`sessionTimeKnown`), and a timer set for that time marks the session expired
 * the moment it passes, so the session-expired screen comes then, not at the next call or token
 * renewal a minute later. A later answer that moved the end sets the timer again; a tab the
 * browser put in the background (whose timers may run late) looks again when it is shown.
 *
 * @packageDocumentation
 */
import { msUntilSessionExpiry } from '@cashdesk/domain';
import { observeSessionTime } from '../api/http';
import { browserSchedule } from '../browser/schedule';
import type { Schedule } from '../browser/schedule';
import { sessionExpired, sessionTimeKnown } from '../store/session-slice';
import type { AppStore } from '../store/store';

/** Where the clock hears that the page is shown again (the document). */
export interface VisibilitySource {
  readonly visibilityState: DocumentVisibilityState;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

export interface SessionClockDeps {
  readonly store: Pick<AppStore, 'dispatch' | 'getState' | 'subscribe'>;
  readonly schedule?: Schedule;
  readonly now?: () => number;
  readonly document?: VisibilitySource;
}

/** Starts the clock (see the module comment); returns its stop. */
export function startSessionClock(deps: SessionClockDeps): () => void {
  const { store } = deps;
  const schedule = deps.schedule ?? browserSchedule;
  const now = deps.now ?? Date.now;
  const page = deps.document ?? document;
  let cancel: (() => void) | null = null;
  /** The expiration time the timer is set for. */
  let planned: number | null = null;

  const clear = () => {
    cancel?.();
    cancel = null;
    planned = null;
  };

  const check = () => {
    const { session } = store.getState();
    const left = msUntilSessionExpiry(session, now());
    if (left === 0) {
      clear();
      store.dispatch(sessionExpired());
      return;
    }
    const at = left === null ? null : session.sessionExpirationTime;
    if (at === planned) return;
    clear();
    if (left === null || at === null) return;
    planned = at;
    cancel = schedule(() => {
      // A timer may fire a little early: the check sets it again for what is left.
      cancel = null;
      planned = null;
      check();
    }, left);
  };

  const stopObserving = observeSessionTime((remainingMs) => {
    store.dispatch(sessionTimeKnown({ now: now(), remainingMs }));
  });
  const unsubscribe = store.subscribe(check);
  const onVisibility = () => {
    if (page.visibilityState === 'visible') check();
  };
  page.addEventListener('visibilitychange', onVisibility);
  check();
  return () => {
    stopObserving();
    unsubscribe();
    page.removeEventListener('visibilitychange', onVisibility);
    clear();
  };
}
