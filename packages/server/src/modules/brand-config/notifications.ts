/**
 * A brand's notifications (SPEC §2, §3): a key unique in the brand, the page categories
 * it shows on, the pay group it concerns on those forms, for one player or every player of the
 * brand. Created and removed by key; each change is pushed to the cashiers open at the time, on
 * commit (the session's realtime notifications channel).
 *
 * @packageDocumentation
 */
import type {
  CashierNotificationWire,
  NotificationDocument,
  NotificationsPush,
} from '@cashdesk/contract';
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { notifications, players } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { publishToBrandSessions } from '../realtime';
import { assertBrandPayGroups } from './checks';
import type { ConfigChange } from './pay-groups';

/** What a push says when the change does not fit in it: read `GET notifications` again. */
const REFRESH: NotificationsPush = { refresh: true };

/** The brand's notifications, by key. */
export async function listNotifications(
  db: Executor,
  brandId: string,
): Promise<NotificationDocument[]> {
  const rows = await db
    .select({ notification: notifications, externalId: players.externalId })
    .from(notifications)
    .leftJoin(players, eq(players.id, notifications.playerId))
    .where(eq(notifications.brandId, brandId))
    .orderBy(asc(notifications.key), asc(notifications.id));
  return rows.map(({ notification, externalId }) => ({
    key: notification.key,
    categories: [...notification.categories],
    pay_group_id: notification.payGroupId,
    player_external_id: externalId,
    message: notification.message,
  }));
}

/**
 * SPEC §2, §4: the notifications one player's cashier receives: the brand's for every player and
 * the player's own, oldest first (a newer one replaces the one shown, SPEC §4).
 */
export async function playerNotifications(
  db: Executor,
  brandId: string,
  playerId: string,
): Promise<CashierNotificationWire[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.brandId, brandId),
        or(isNull(notifications.playerId), eq(notifications.playerId, playerId)),
      ),
    )
    .orderBy(asc(notifications.createdAt), asc(notifications.id));
  return rows.map((row) => ({
    key: row.key,
    categories: [...row.categories],
    pay_group_id: row.payGroupId,
    message: row.message,
  }));
}

async function findNotification(
  db: Executor,
  brandId: string,
  key: string,
): Promise<NotificationDocument | undefined> {
  return (await listNotifications(db, brandId)).find((entry) => entry.key === key);
}

/**
 * Creates a notification.
 *
 * @throws {ApiError} operatorConflict (`body.key`) for a key in use; operatorNotFound for a pay
 *   group or player that is not the brand's.
 */
export async function createNotification(
  tx: Executor,
  brandId: string,
  document: NotificationDocument,
): Promise<ConfigChange<NotificationDocument> & { readonly after: NotificationDocument }> {
  if ((await findNotification(tx, brandId, document.key)) !== undefined) {
    throw new ApiError('operatorConflict', { field: 'body.key', detail: 'key in use' });
  }
  if (document.pay_group_id !== null) {
    await assertBrandPayGroups(tx, brandId, [document.pay_group_id], () => 'body.pay_group_id');
  }
  let playerId: string | null = null;
  if (document.player_external_id !== null) {
    const [player] = await tx
      .select({ id: players.id })
      .from(players)
      .where(
        and(eq(players.brandId, brandId), eq(players.externalId, document.player_external_id)),
      );
    if (player === undefined) {
      throw new ApiError('operatorNotFound', { field: 'body.player_external_id' });
    }
    playerId = player.id;
  }
  await tx.insert(notifications).values({
    brandId,
    playerId,
    key: document.key,
    categories: [...document.categories],
    payGroupId: document.pay_group_id,
    message: document.message,
  });
  // SPEC §4: the cashiers open now show it at once (on commit).
  const wire: CashierNotificationWire = {
    key: document.key,
    categories: [...document.categories],
    pay_group_id: document.pay_group_id,
    message: document.message,
  };
  await publishToBrandSessions(tx, { brandId, playerId }, { notifications: [wire] }, REFRESH);
  const after = await findNotification(tx, brandId, document.key);
  if (after === undefined) throw new Error(`notification ${document.key} not written`);
  return { target: `notification:${document.key}`, before: null, after };
}

/**
 * Removes the notification `key`.
 *
 * @throws {ApiError} operatorNotFound when there is none.
 */
export async function deleteNotification(
  tx: Executor,
  brandId: string,
  key: string,
): Promise<ConfigChange<NotificationDocument> & { readonly before: NotificationDocument }> {
  const before = await findNotification(tx, brandId, key);
  if (before === undefined) throw new ApiError('operatorNotFound', { field: 'params.key' });
  const removed = await tx
    .delete(notifications)
    .where(and(eq(notifications.brandId, brandId), eq(notifications.key, key)))
    .returning({ playerId: notifications.playerId });
  // SPEC §4 removal by key: the cashiers open now take it away at once (on commit).
  for (const { playerId } of removed) {
    await publishToBrandSessions(tx, { brandId, playerId }, { removed: [key] }, REFRESH);
  }
  return { target: `notification:${key}`, before, after: null };
}
