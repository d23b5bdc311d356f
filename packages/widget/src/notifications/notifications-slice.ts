/**
 * The notifications of this cashier (SPEC §3 notification state, §4): the domain's list with its
 * removed flags, and each key's message. Notifications arrive from `GET notifications` (and, once
 * the realtime channel delivers them, one by one); the domain's rules decide what a new one does
 * (earlier ones removed, a known key skipped) and what a removal does.
 *
 * @packageDocumentation
 */
import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { CashierNotificationWire } from '@cashdesk/contract';
import { addNotification, removeAllNotifications, removeNotification } from '@cashdesk/domain';
import type { CashierNotification } from '@cashdesk/domain';
import { rootReducer } from '../store/store';

export interface NotificationsState {
  readonly list: readonly CashierNotification[];
  /** The text of each key. */
  readonly messages: Readonly<Record<string, string>>;
}

const initialState: NotificationsState = { list: [], messages: {} };

function added(state: NotificationsState, incoming: CashierNotificationWire): NotificationsState {
  const list = addNotification(state.list, {
    key: incoming.key,
    categories: incoming.categories,
    payGroupId: incoming.pay_group_id,
  });
  if (list === state.list) return state;
  return { list, messages: { ...state.messages, [incoming.key]: incoming.message } };
}

export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState,
  reducers: {
    /** SPEC §4: notifications received, oldest first; each added by the domain's rule. */
    notificationsReceived: (state, action: PayloadAction<readonly CashierNotificationWire[]>) =>
      action.payload.reduce<NotificationsState>(added, state),
    /** SPEC §4: the player (or the server) removed one notification. */
    notificationRemoved: (state, action: PayloadAction<string>) => {
      const list = removeNotification(state.list, action.payload);
      return list === state.list ? state : { ...state, list };
    },
    /**
     * The server's whole list read again (a push asked for it): new ones added by the domain's
     * rule, those no longer there removed (SPEC §4 removal by key).
     */
    notificationsSynced: (state, action: PayloadAction<readonly CashierNotificationWire[]>) => {
      const kept = new Set(action.payload.map((notification) => notification.key));
      const withNew = action.payload.reduce<NotificationsState>(added, state);
      const list = withNew.list.reduce<readonly CashierNotification[]>(
        (current, notification) =>
          kept.has(notification.key) ? current : removeNotification(current, notification.key),
        withNew.list,
      );
      return list === withNew.list ? withNew : { ...withNew, list };
    },
    /** SPEC §4: every notification removed. */
    allNotificationsRemoved: (state) => {
      const list = removeAllNotifications(state.list);
      return list === state.list ? state : { ...state, list };
    },
  },
  selectors: {
    selectNotifications: (state) => state,
  },
});

export const {
  notificationsReceived,
  notificationRemoved,
  notificationsSynced,
  allNotificationsRemoved,
} = notificationsSlice.actions;

declare module '../store/store' {
  // Declaration merging registers this lazily injected slice's state (store/store.ts).
  export interface LazyLoadedSlices {
    notifications: NotificationsState;
  }
}

export const injectedNotificationsSlice = notificationsSlice.injectInto(rootReducer);
