/**
 * Notifications (SPEC §2, §3, §4).
 *
 * @packageDocumentation
 */
export {
  NOTIFICATION_CATEGORIES,
  addNotification,
  removeAllNotifications,
  removeNotification,
  visibleNotifications,
} from './notifications';
export type { CashierNotification, NotificationPage } from './notifications';
