/**
 * Notifications (SPEC §2, §3, §4).
 *
 * @packageDocumentation
 */
export {
  NOTIFICATION_CATEGORIES,
  addNotification,
  isNotificationVisible,
  removeAllNotifications,
  removeNotification,
  visibleNotifications,
} from './notifications';
export type { CashierNotification, NotificationPage } from './notifications';
