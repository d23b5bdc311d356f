/**
 * SPEC §4: a page waiting on a transaction moves on when the realtime connection pushes a status
 * move of it, instead of waiting for its next poll. The hook calls `onPush` (the page's immediate
 * re-read of the status through its own query) each time the transaction's signal in the realtime
 * slice moves after the page mounted: a push naming it and, unless `pushesOnly`, a (re)subscribe of
 * the transactions channel (pushes missed while disconnected are not replayed). Nothing calls it
 * while the socket is down: the page's polling stays the fallback.
 *
 * With `pushesOnly`, pushes that came before the page mounted count too: the hub pushes as soon as
 * the status moves, which may be before the page that waits on it has painted (the submit's own
 * moves, or a payment settled within the submit's round trip), so the page reads once on mount
 * when any push named its transaction already.
 *
 * @packageDocumentation
 */
import { useEffect, useRef } from 'react';
import { useAppSelector } from '../store/hooks';
import { transactionSignal } from './realtime-slice';

export interface TransactionPushOptions {
  /** Only pushes naming the transaction, not resubscribes (a page that navigates on a push). */
  readonly pushesOnly?: boolean;
}

/** Calls `onPush` when the transaction's realtime signal moves (see the module comment). */
export function useTransactionPush(
  transactionId: string | null,
  onPush: () => void,
  { pushesOnly = false }: TransactionPushOptions = {},
): void {
  const signal = useAppSelector((state) => {
    if (transactionId === null) return 0;
    return pushesOnly
      ? (state.realtime.transactionPushes[transactionId] ?? 0)
      : transactionSignal(state.realtime, transactionId);
  });
  const seen = useRef({ transactionId, signal: pushesOnly ? 0 : signal });
  const callback = useRef(onPush);
  useEffect(() => {
    callback.current = onPush;
  });
  useEffect(() => {
    const previous = seen.current;
    seen.current = { transactionId, signal };
    if (transactionId === null || previous.transactionId !== transactionId) return;
    if (previous.signal !== signal) callback.current();
  }, [transactionId, signal]);
}

/** A query's read as {@link useReadOnPush} drives it (RTK Query's `isFetching` and `refetch`). */
export interface PushedRead {
  readonly isFetching: boolean;
  readonly refetch: () => unknown;
}

/**
 * SPEC §4: reads the transaction's status again at each of its pushes (see
 * {@link useTransactionPush}). A push heard while a read is in flight reads once more after it:
 * that read may have left before the move the push announces, and the next poll can be far.
 */
export function useReadOnPush(transactionId: string | null, read: PushedRead): void {
  const { isFetching, refetch } = read;
  const again = useRef(false);
  useTransactionPush(transactionId, () => {
    if (isFetching) again.current = true;
    else refetch();
  });
  useEffect(() => {
    if (isFetching || !again.current) return;
    again.current = false;
    refetch();
  }, [isFetching, refetch]);
}
