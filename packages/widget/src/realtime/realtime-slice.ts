/**
 * SPEC §3 `notificationConnectionOpen`, §4 realtime connection and channel state: whether the
 * realtime connection is open, each channel's subscription state, and a counter per transaction
 * that moves whenever the hub pushes a status move of it (or the transactions channel subscribes
 * again, since pushes missed while disconnected are not replayed): pages waiting on a transaction
 * watch it and read the status at once (use-transaction-push.ts).
 *
 * The clickstream (SPEC §4, §7, §9) lives here too: the tracker's state (loading, initialized,
 * failed), the analytics session, and the bounded queue of events waiting to be published
 * (clickstream.ts queues, realtime.ts publishes over the connection and takes them out).
 *
 * @packageDocumentation
 */
import type { ClickstreamEvent } from '@cashdesk/contract';
import { ANALYTICS, enqueueEvent } from '@cashdesk/domain';
import type { AnalyticsSession } from '@cashdesk/domain';
import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

/** A channel's subscription state (the client's, as `centrifuge` names them). */
export type ChannelState = 'unsubscribed' | 'subscribing' | 'subscribed';

/** SPEC §4: the clickstream connection's state. */
export type ClickstreamState = 'loading' | 'initialized' | 'failed';

export interface RealtimeState {
  /** SPEC §3: whether the realtime connection is open. */
  readonly notificationConnectionOpen: boolean;
  /** SPEC §4: each channel's subscription state, by channel name. */
  readonly channels: Readonly<Record<string, ChannelState>>;
  /** How many pushes named each transaction. */
  readonly transactionPushes: Readonly<Record<string, number>>;
  /** How many times the transactions channel (re)subscribed: every waiting page reads again. */
  readonly transactionsSubscribed: number;
  /** SPEC §4: the clickstream connection: loading, initialized, failed. */
  readonly clickstream: ClickstreamState;
  /** SPEC §9: the analytics session (a new one after 1800 s without an event). */
  readonly analyticsSession: AnalyticsSession | null;
  /** SPEC §9: events waiting to be published, oldest first, at most 1000 (the oldest go). */
  readonly clickstreamQueue: readonly ClickstreamEvent[];
  /** Events lost: the queue full, too large for the transport, or refused for good (SPEC §8). */
  readonly clickstreamDropped: number;
}

const initialState: RealtimeState = {
  notificationConnectionOpen: false,
  channels: {},
  transactionPushes: {},
  transactionsSubscribed: 0,
  clickstream: 'loading',
  analyticsSession: null,
  clickstreamQueue: [],
  clickstreamDropped: 0,
};

export const realtimeSlice = createSlice({
  name: 'realtime',
  initialState,
  reducers: {
    /** SPEC §4: the connection opened or closed. */
    connectionChanged: (state, action: PayloadAction<boolean>) => ({
      ...state,
      notificationConnectionOpen: action.payload,
    }),
    /** SPEC §4: a channel's subscription state moved. */
    channelChanged: (
      state,
      action: PayloadAction<{ readonly channel: string; readonly state: ChannelState }>,
    ) => ({
      ...state,
      channels: { ...state.channels, [action.payload.channel]: action.payload.state },
    }),
    /** A push named this transaction (a status move). */
    transactionPushed: (state, action: PayloadAction<string>) => ({
      ...state,
      transactionPushes: {
        ...state.transactionPushes,
        [action.payload]: (state.transactionPushes[action.payload] ?? 0) + 1,
      },
    }),
    /** The transactions channel subscribed (again): what it missed meanwhile is not replayed. */
    transactionsSubscribed: (state) => ({
      ...state,
      transactionsSubscribed: state.transactionsSubscribed + 1,
    }),
    /** SPEC §4, §8: the clickstream connection initialized or failed. */
    clickstreamStateChanged: (state, action: PayloadAction<ClickstreamState>) => ({
      ...state,
      clickstream: action.payload,
    }),
    /** SPEC §9: an event queued (the oldest dropped when the queue is full), in its session. */
    clickstreamTracked: (
      state,
      action: PayloadAction<{
        readonly event: ClickstreamEvent;
        readonly session: AnalyticsSession;
      }>,
    ) => {
      const { queue, dropped } = enqueueEvent(state.clickstreamQueue, action.payload.event);
      return {
        ...state,
        analyticsSession: action.payload.session,
        clickstreamQueue: queue,
        clickstreamDropped: state.clickstreamDropped + dropped.length,
      };
    },
    /** The head of the queue was taken: `published` events to publish, `dropped` lost. */
    clickstreamTaken: (
      state,
      action: PayloadAction<{ readonly taken: number; readonly dropped: number }>,
    ) => ({
      ...state,
      clickstreamQueue: state.clickstreamQueue.slice(action.payload.taken),
      clickstreamDropped: state.clickstreamDropped + action.payload.dropped,
    }),
    /** SPEC §8: a batch to send again goes back to the head (the oldest go past 1000). */
    clickstreamRequeued: (state, action: PayloadAction<readonly ClickstreamEvent[]>) => {
      const queue = [...action.payload, ...state.clickstreamQueue];
      const excess = Math.max(0, queue.length - ANALYTICS.queueSize);
      return {
        ...state,
        clickstreamQueue: queue.slice(excess),
        clickstreamDropped: state.clickstreamDropped + excess,
      };
    },
    /** SPEC §8: a batch refused for good (400, 401, 403, 410, 422 or their equivalents). */
    clickstreamRefused: (state, action: PayloadAction<number>) => ({
      ...state,
      clickstreamDropped: state.clickstreamDropped + action.payload,
    }),
  },
});

export const {
  connectionChanged,
  channelChanged,
  transactionPushed,
  transactionsSubscribed,
  clickstreamStateChanged,
  clickstreamTracked,
  clickstreamTaken,
  clickstreamRequeued,
  clickstreamRefused,
} = realtimeSlice.actions;

/** The signal a page waiting on `transactionId` watches: it moves when the page should read again. */
export function transactionSignal(state: RealtimeState, transactionId: string): number {
  return (state.transactionPushes[transactionId] ?? 0) + state.transactionsSubscribed;
}
