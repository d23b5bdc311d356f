import { useEffect, useRef, useState } from 'react';
import type { StatusResponse } from '@cashdesk/contract';
import { isSessionExpiredApiError } from '../../api/http';
import { useTransactionPush } from '../../realtime/use-transaction-push';
import { useLazyAltPaymentStatusQuery } from './alt-payments-api';
import { nextPollDelay, POLL_GIVE_UP_MS } from './poll-delay';

/** What the status poll has seen so far. */
export interface StatusPollState {
  /** The last answer, `null` before the first. */
  readonly status: StatusResponse | null;
  /** Whether the last call failed (the poll goes on, backing off). */
  readonly failed: boolean;
}

/**
 * SPEC §2 /payments/status, §7 GET payments/status: polls the transaction until its status is
 * final, waiting {@link nextPollDelay} between calls (the server's next_poll_ms as a floor),
 * through failed calls too. Calls `onFinal` with the final answer, or `onGiveUp` after
 * {@link POLL_GIVE_UP_MS} without one. Stops on leaving the page and on an expired session
 * (code 17: the store then shows the session-expired screen). A realtime push naming the
 * transaction (SPEC §4) polls at once instead of waiting for the next delay; the back-off goes on
 * as before after it, so polling stays the fallback when the socket is down.
 */
export function useStatusPoll(
  transactionId: string | null,
  onFinal: (status: StatusResponse) => void,
  onGiveUp: () => void,
): StatusPollState {
  const [trigger] = useLazyAltPaymentStatusQuery();
  const [state, setState] = useState<StatusPollState>({ status: null, failed: false });
  // The poll loop outlives renders; it calls whatever the latest callbacks are.
  const callbacks = useRef({ onFinal, onGiveUp });
  useEffect(() => {
    callbacks.current = { onFinal, onGiveUp };
  });
  // Polls now, when the loop is waiting for its next call (set by the loop below).
  const pollNow = useRef<() => void>(() => undefined);
  useTransactionPush(transactionId, () => {
    pollNow.current();
  });
  useEffect(() => {
    if (transactionId === null) return undefined;
    let stopped = false;
    let timer: number | undefined;
    let attempt = 0;
    let waiting = false;
    // A push heard while a poll is out: that poll may have left before the move it announces.
    let pushedMeanwhile = false;
    const started = Date.now();
    const poll = async () => {
      waiting = false;
      const result = await trigger(transactionId, false);
      if (stopped) return;
      const { data, error } = result;
      if (data !== undefined) {
        setState({ status: data, failed: false });
        if (data.terminal) {
          callbacks.current.onFinal(data);
          return;
        }
      } else {
        setState((previous) => ({ ...previous, failed: true }));
        if (error !== undefined && 'errorCode' in error && isSessionExpiredApiError(error)) return;
      }
      if (pushedMeanwhile) {
        pushedMeanwhile = false;
        void poll();
        return;
      }
      const delay = nextPollDelay(attempt, data?.next_poll_ms ?? null);
      attempt += 1;
      if (Date.now() + delay - started > POLL_GIVE_UP_MS) {
        callbacks.current.onGiveUp();
        return;
      }
      waiting = true;
      timer = window.setTimeout(() => {
        void poll();
      }, delay);
    };
    pollNow.current = () => {
      if (stopped) return;
      if (!waiting) {
        pushedMeanwhile = true;
        return;
      }
      window.clearTimeout(timer);
      void poll();
    };
    void poll();
    return () => {
      stopped = true;
      pollNow.current = () => undefined;
      window.clearTimeout(timer);
    };
  }, [transactionId, trigger]);
  return state;
}
