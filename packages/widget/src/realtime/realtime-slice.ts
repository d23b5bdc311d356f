/**
 * SPEC §3 `notificationConnectionOpen`, §4 realtime connection and channel state (issue 17): whether
 * the realtime connection is open, each channel's subscription state, and a counter per
 * transaction that moves whenever the hub pushes a status move of it (or the transactions channel
 * subscribes again, since pushes missed while disconnected are not replayed): pages waiting on a
 * transaction watch it and read the status at once (use-transaction-push.ts).
 *
 * @packageDocumentation
 */
import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

/** A channel's subscription state (the client's, as `centrifuge` names them). */
export type ChannelState = 'unsubscribed' | 'subscribing' | 'subscribed';

export interface RealtimeState {
  /** SPEC §3: whether the realtime connection is open. */
  readonly notificationConnectionOpen: boolean;
  /** SPEC §4: each channel's subscription state, by channel name. */
  readonly channels: Readonly<Record<string, ChannelState>>;
  /** How many pushes named each transaction. */
  readonly transactionPushes: Readonly<Record<string, number>>;
  /** How many times the transactions channel (re)subscribed: every waiting page reads again. */
  readonly transactionsSubscribed: number;
}

const initialState: RealtimeState = {
  notificationConnectionOpen: false,
  channels: {},
  transactionPushes: {},
  transactionsSubscribed: 0,
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
  },
});

export const { connectionChanged, channelChanged, transactionPushed, transactionsSubscribed } =
  realtimeSlice.actions;

/** The signal a page waiting on `transactionId` watches: it moves when the page should read again. */
export function transactionSignal(state: RealtimeState, transactionId: string): number {
  return (state.transactionPushes[transactionId] ?? 0) + state.transactionsSubscribed;
}
