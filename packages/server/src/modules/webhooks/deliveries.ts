/**
 * The operator's view of a brand's webhook events (GET /webhooks/events, /webhooks/events/{id},
 * /webhooks/endpoint; POST /webhooks/events/{id}/redeliver and /webhooks/redeliver-dead): each
 * event with its delivery as the dispatcher recorded it, one brand at a time. Another brand's
 * event is as unknown as a missing one. The endpoint is answered without its secret, and without
 * the credentials, query or fragment its address might carry.
 *
 * @packageDocumentation
 */
import { and, count, desc, eq, gte, isNotNull, lt, max, sql } from 'drizzle-orm';
import type {
  WebhookDelivery,
  WebhookDeliveryDetail,
  WebhookEndpointStatus,
} from '@cashdesk/contract';
import type { WebhookSettings } from '../../config';
import type { Executor } from '../../db/open';
import { webhookEvents } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { decodeSeqCursor, encodeSeqCursor } from '../../http/operator-audit';
import { DEAD_EVENT, LIVE_PENDING_EVENT, deliveryState, requeueDeadEvents } from './dispatcher';
import type { WebhookEventRow } from './dispatcher';

/** The filters of the list (all optional, combined with AND). */
export interface DeliveryFilters {
  readonly state?: WebhookEventRow['state'] | undefined;
  readonly type?: string | undefined;
  readonly transaction_id?: string | undefined;
  readonly created_from?: string | undefined;
  readonly created_to?: string | undefined;
}

/** The events in `state` as the operator sees it ({@link deliveryState}). */
function stateIs(state: WebhookEventRow['state']) {
  switch (state) {
    case 'dead':
      return DEAD_EVENT;
    case 'pending':
      return LIVE_PENDING_EVENT;
    case 'delivered':
      return eq(webhookEvents.state, 'delivered');
  }
}

/** An event's delivery as the operator API answers it. */
function deliveryOf(row: WebhookEventRow): WebhookDelivery {
  return {
    id: row.id,
    type: row.type,
    transaction_id: row.transactionId,
    state: deliveryState(row),
    attempts: row.attempts,
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    // Pending: the next attempt (null: at once, or held behind an earlier event of its
    // transaction); dead: its slow retry (null: it waits for a redelivery).
    next_attempt_at: row.state === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    dead_at: row.deadAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** An event, its delivery and its payload. */
function detailOf(row: WebhookEventRow): WebhookDeliveryDetail {
  return { ...deliveryOf(row), payload: row.payload };
}

/** A page of the brand's events, newest first (by recording order). */
export async function listDeliveries(
  db: Executor,
  brandId: string,
  filters: DeliveryFilters,
  page: { readonly limit: number; readonly cursor: string | undefined },
): Promise<{ readonly events: WebhookDelivery[]; readonly nextCursor: string | null }> {
  const after = page.cursor === undefined ? undefined : decodeSeqCursor(page.cursor);
  const rows = await db
    .select()
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.brandId, brandId),
        filters.state === undefined ? undefined : stateIs(filters.state),
        filters.type === undefined ? undefined : eq(webhookEvents.type, filters.type),
        filters.transaction_id === undefined
          ? undefined
          : eq(webhookEvents.transactionId, filters.transaction_id),
        filters.created_from === undefined
          ? undefined
          : gte(webhookEvents.createdAt, new Date(filters.created_from)),
        filters.created_to === undefined
          ? undefined
          : lt(webhookEvents.createdAt, new Date(filters.created_to)),
        after === undefined ? undefined : lt(webhookEvents.seq, after),
      ),
    )
    .orderBy(desc(webhookEvents.seq))
    .limit(page.limit + 1);
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    events: shown.map(deliveryOf),
    nextCursor: rows.length > page.limit && last !== undefined ? encodeSeqCursor(last.seq) : null,
  };
}

/**
 * One event of the brand.
 *
 * @throws {ApiError} operatorNotFound (404, 1803) for an unknown id or another brand's.
 */
async function requireEvent(db: Executor, brandId: string, id: string): Promise<WebhookEventRow> {
  const [row] = await db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.id, id), eq(webhookEvents.brandId, brandId)));
  if (row === undefined) throw new ApiError('operatorNotFound', { field: 'params.eventId' });
  return row;
}

/**
 * One event of the brand with its payload.
 *
 * @throws {ApiError} operatorNotFound (404, 1803) for an unknown id or another brand's.
 */
export async function getDelivery(
  db: Executor,
  brandId: string,
  id: string,
): Promise<WebhookDeliveryDetail> {
  return detailOf(await requireEvent(db, brandId, id));
}

/**
 * Puts one dead event of the brand back in the queue (in the caller's transaction `tx`, which
 * audits it).
 *
 * @throws {ApiError} operatorNotFound (404, 1803); operatorConflict (409, 1805) for an event that
 *   is not dead: pending or delivered, nothing is changed.
 */
export async function redeliverEvent(
  tx: Executor,
  brandId: string,
  id: string,
): Promise<{
  readonly before: WebhookDelivery;
  readonly after: WebhookDelivery;
  readonly detail: WebhookDeliveryDetail;
}> {
  const before = await requireEvent(tx, brandId, id);
  const [requeued] = await requeueDeadEvents(tx, [id], brandId);
  if (requeued === undefined) {
    throw new ApiError('operatorConflict', {
      field: 'params.eventId',
      detail: `the event is ${deliveryState(before)}, not dead`,
    });
  }
  const after = await requireEvent(tx, brandId, id);
  return { before: deliveryOf(before), after: deliveryOf(after), detail: detailOf(after) };
}

/** Puts every dead event of the brand back in the queue; answers the ids requeued. */
export async function redeliverDeadEvents(tx: Executor, brandId: string): Promise<string[]> {
  return requeueDeadEvents(tx, undefined, brandId);
}

/** An address without its credentials, query or fragment (they may hold a secret). */
function shownUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

/** Where the brand's events go, and how their deliveries stand. */
export async function endpointStatus(
  db: Executor,
  brandId: string,
  settings: Pick<WebhookSettings, 'url' | 'key' | 'maxAttempts'>,
): Promise<WebhookEndpointStatus> {
  const [perState, [delivered], [failure]] = await Promise.all([
    db
      .select({ state: webhookEvents.state, dead: sql<boolean>`${DEAD_EVENT}`, count: count() })
      .from(webhookEvents)
      .where(eq(webhookEvents.brandId, brandId))
      .groupBy(webhookEvents.state, sql`2`),
    db
      .select({ at: max(webhookEvents.deliveredAt) })
      .from(webhookEvents)
      .where(eq(webhookEvents.brandId, brandId)),
    // The last attempt that failed: an event whose last attempt left an error behind.
    db
      .select()
      .from(webhookEvents)
      .where(
        and(
          eq(webhookEvents.brandId, brandId),
          isNotNull(webhookEvents.lastError),
          isNotNull(webhookEvents.lastAttemptAt),
        ),
      )
      .orderBy(desc(webhookEvents.lastAttemptAt), desc(webhookEvents.seq))
      .limit(1),
  ]);
  const counts = { pending: 0, delivered: 0, dead: 0 };
  for (const row of perState) {
    const state = row.dead ? 'dead' : row.state;
    counts[state] += row.count;
  }
  return {
    url: settings.url === undefined ? null : shownUrl(settings.url),
    signing_key_id: settings.key.keyId,
    max_attempts: settings.maxAttempts,
    counts,
    last_delivered_at: delivered?.at?.toISOString() ?? null,
    last_failure:
      failure?.lastAttemptAt === undefined || failure.lastAttemptAt === null
        ? null
        : {
            event_id: failure.id,
            at: failure.lastAttemptAt.toISOString(),
            status_code: failure.lastStatusCode,
            error: failure.lastError,
          },
  };
}
