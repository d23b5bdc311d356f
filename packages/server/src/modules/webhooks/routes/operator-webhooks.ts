/**
 * The webhook deliveries of the operator API (modules/webhooks/deliveries.ts):
 * - GET /webhooks/events and /webhooks/events/{eventId} (webhooks:read): the brand's events with
 *   their delivery, one with its payload;
 * - POST /webhooks/events/{eventId}/redeliver and /webhooks/redeliver-dead (webhooks:write): dead
 *   events back in the queue, audited in the transaction that requeues them;
 * - GET /webhooks/endpoint (webhooks:read): where the events go, counts, last delivery and failure.
 *
 * @packageDocumentation
 */
import { OPERATOR_ENDPOINTS, OPERATOR_PAGE_DEFAULT } from '@cashdesk/contract';
import type { App } from '../../../http/app-types';
import { registerEndpoint } from '../../../http/register-endpoint';
import {
  endpointStatus,
  getDelivery,
  listDeliveries,
  redeliverDeadEvents,
  redeliverEvent,
} from '../deliveries';

/** Registers the webhook delivery routes. */
export function registerOperatorWebhookRoutes(app: App): void {
  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorWebhookEventList,
    async ({ query, deps, operator }) => {
      const { limit, cursor, ...filters } = query;
      const page = await listDeliveries(deps.db, operator.brandId, filters, {
        limit: limit ?? OPERATOR_PAGE_DEFAULT,
        cursor,
      });
      return { status: 200, body: { events: page.events, next_cursor: page.nextCursor } };
    },
  );

  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorWebhookEventGet,
    async ({ params, deps, operator }) => ({
      status: 200,
      body: await getDelivery(deps.db, operator.brandId, params.eventId),
    }),
  );

  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorWebhookEventRedeliver,
    async ({ params, deps, operator, audit }) => {
      const detail = await deps.db.transaction(async (tx) => {
        const change = await redeliverEvent(tx, operator.brandId, params.eventId);
        // The trail keeps the delivery before and after; the payload stays on the event.
        await audit(tx, {
          target: `webhook_event:${params.eventId}`,
          before: change.before,
          after: change.after,
        });
        return change.detail;
      });
      return { status: 200, body: detail };
    },
  );

  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorWebhookDeadRedeliver,
    async ({ deps, operator, audit }) => {
      const requeued = await deps.db.transaction(async (tx) => {
        const ids = await redeliverDeadEvents(tx, operator.brandId);
        await audit(tx, {
          target: 'webhook_events:dead',
          before: null,
          after: { requeued: ids.length, event_ids: ids },
        });
        return ids.length;
      });
      return { status: 200, body: { requeued } };
    },
  );

  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorWebhookEndpointGet,
    async ({ deps, operator }) => ({
      status: 200,
      body: await endpointStatus(deps.db, operator.brandId, deps.config.webhooks),
    }),
  );
}
