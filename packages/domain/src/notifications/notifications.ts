/**
 * Notifications shown on cashier pages (SPEC §2 "Notifications", SPEC §3 notification state,
 * SPEC §4 "Notifications"). Reducer-style: every function returns a new array when something
 * changed and the very same array when nothing did, so state libraries can skip re-renders.
 *
 * @packageDocumentation
 */

/** SPEC §3: one notification in state. */
export interface CashierNotification {
  readonly key: string;
  /** The page categories it belongs to (see {@link NOTIFICATION_CATEGORIES}). */
  readonly categories: readonly string[];
  /** The pay group it concerns; `null` when it concerns no particular pay group. */
  readonly payGroupId: number | null;
  readonly removed: boolean;
}

/**
 * SPEC §2: the page categories the spec names. Their wire spelling is not shown; these are the
 * values this product uses, and a page of another category passes its own text.
 */
export const NOTIFICATION_CATEGORIES = {
  depositForm: 'deposit_form',
  withdrawalForm: 'withdrawal_form',
} as const;

const FORM_CATEGORIES: readonly string[] = [
  NOTIFICATION_CATEGORIES.depositForm,
  NOTIFICATION_CATEGORIES.withdrawalForm,
];

/** SPEC §2: where a notification would be shown. */
export interface NotificationPage {
  /** The current page category. */
  readonly category: string;
  /** The current pay group on a method form; `null` when there is none. */
  readonly payGroupId: number | null;
}

/**
 * SPEC §2: a notification shows only when it is not removed and its categories include the
 * current page category; on the deposit and withdrawal forms it must also match the current pay
 * group. A notification with no pay group (`null`) is read as concerning every pay group, so it
 * shows on any form of its category; one with a pay group never shows on a form without one.
 */
export function isNotificationVisible(
  notification: CashierNotification,
  page: NotificationPage,
): boolean {
  if (notification.removed || !notification.categories.includes(page.category)) return false;
  if (!FORM_CATEGORIES.includes(page.category)) return true;
  return notification.payGroupId === null || notification.payGroupId === page.payGroupId;
}

/** SPEC §2: the notifications visible on a page, in the order they were added. */
export function visibleNotifications(
  notifications: readonly CashierNotification[],
  page: NotificationPage,
): readonly CashierNotification[] {
  return notifications.filter((notification) => isNotificationVisible(notification, page));
}

/**
 * SPEC §4: adds a notification. A key already in the list (removed or not) is a duplicate and is
 * skipped, so a realtime message delivered again after recovery does not come back after the
 * player closed it. Otherwise every earlier notification is marked removed and the new one is
 * appended, not removed.
 */
export function addNotification(
  notifications: readonly CashierNotification[],
  incoming: Omit<CashierNotification, 'removed'>,
): readonly CashierNotification[] {
  if (notifications.some((notification) => notification.key === incoming.key)) {
    return notifications;
  }
  return [
    ...notifications.map((notification) =>
      notification.removed ? notification : { ...notification, removed: true },
    ),
    { ...incoming, removed: false },
  ];
}

/**
 * SPEC §4: removes the notification with this key. It is marked removed rather than dropped, so
 * its key keeps blocking duplicates.
 */
export function removeNotification(
  notifications: readonly CashierNotification[],
  key: string,
): readonly CashierNotification[] {
  if (!notifications.some((notification) => notification.key === key && !notification.removed)) {
    return notifications;
  }
  return notifications.map((notification) =>
    notification.key === key && !notification.removed
      ? { ...notification, removed: true }
      : notification,
  );
}

/** SPEC §4: removes every notification (marks all removed; keys keep blocking duplicates). */
export function removeAllNotifications(
  notifications: readonly CashierNotification[],
): readonly CashierNotification[] {
  if (notifications.every((notification) => notification.removed)) return notifications;
  return notifications.map((notification) =>
    notification.removed ? notification : { ...notification, removed: true },
  );
}
