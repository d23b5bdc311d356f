/**
 * The notifications a player's cashier shows (SPEC §2 "Notifications", §3 notification state,
 * §4): what `GET notifications` answers. The operator writes them through the operator API
 * (operator-config.ts NotificationDocument); the widget keeps the removed flag itself.
 *
 * @packageDocumentation
 */
import * as z from 'zod/mini';
import { PayGroupId } from './common';

/** SPEC §3: one notification as the widget receives it. */
export const CashierNotificationWire = z
  .object({
    key: z.string().check(z.minLength(1), z.maxLength(100)),
    categories: z.array(z.string().check(z.maxLength(50))).check(z.maxLength(10)),
    pay_group_id: z.nullable(PayGroupId),
    message: z.string().check(z.maxLength(2000)),
  })
  .check(
    z.meta({
      id: 'CashierNotification',
      description:
        'A notification (SPEC §2, §3): shown on pages of its categories (deposit_form, withdrawal_form, …) and, on those forms, only for its pay group when it names one. The key identifies it: a key seen before is never shown again once removed (SPEC §4).',
    }),
  );
/** The type of {@link CashierNotificationWire}. */
export type CashierNotificationWire = z.infer<typeof CashierNotificationWire>;

/** SPEC §2: the answer of `GET notifications`, oldest first. */
export const NotificationsResponse = z
  .object({ notifications: z.array(CashierNotificationWire) })
  .check(
    z.meta({
      id: 'NotificationsResponse',
      description:
        "The notifications of the session's player: the brand's own and the player's, oldest first (SPEC §4: a newer one replaces the one shown).",
    }),
  );
/** The type of {@link NotificationsResponse}. */
export type NotificationsResponse = z.infer<typeof NotificationsResponse>;

/**
 * SPEC §4: what the session's realtime notifications channel pushes. A notification
 * created for the player (or the whole brand) comes whole; a removal names its keys (SPEC §4
 * removal by key); `refresh` asks the widget to read `GET notifications` again (a notification
 * too large for one realtime message, or a change the push does not describe).
 */
export const NotificationsPush = z.union([
  z.object({ notifications: z.array(CashierNotificationWire) }),
  z.object({ removed: z.array(z.string().check(z.minLength(1), z.maxLength(100))) }),
  z.object({ refresh: z.literal(true) }),
]);
/** The type of {@link NotificationsPush}. */
export type NotificationsPush = z.infer<typeof NotificationsPush>;
