/**
 * Operator API: what the back office watches besides payments. The brand's webhook events
 * with their delivery state (a list, one event with its payload, the redelivery of dead-lettered
 * events, where they are sent) and the widget's client error reports of the brand's sessions.
 * Never a secret: the webhook endpoint is answered without its signing secret, credentials or
 * query; a client report is stored scrubbed (no card data, no session id).
 *
 * @packageDocumentation
 */
import * as z from 'zod/mini';
import { CLIENT_REPORT_KINDS } from '@cashdesk/domain';
import { DateTime } from './common';
import { PageQuery } from './operator';
import { WEBHOOK_DELIVERY_STATES, WEBHOOK_EVENT_TYPES } from '../values';

export { WEBHOOK_DELIVERY_STATES } from '../values';

/** One of {@link WEBHOOK_DELIVERY_STATES}. */
export const WebhookDeliveryState = z.enum(WEBHOOK_DELIVERY_STATES).check(
  z.meta({
    id: 'WebhookDeliveryState',
    description:
      'pending: not acknowledged yet (sent again with back-off); delivered: the endpoint answered 2xx; dead: WEBHOOK_MAX_ATTEMPTS attempts failed, sent again only on request.',
  }),
);

/** GET /webhooks/events: the filters (combined with AND), a page size and the cursor. */
export const WebhookEventListQuery = z.object({
  state: z.optional(WebhookDeliveryState),
  type: z.optional(z.enum(WEBHOOK_EVENT_TYPES)),
  transaction_id: z.optional(z.uuid()),
  /** Recorded at or after. */
  created_from: z.optional(DateTime),
  /** Recorded before. */
  created_to: z.optional(DateTime),
  ...PageQuery.shape,
});

/** Path parameters naming one webhook event. */
export const WebhookEventParams = z.object({ eventId: z.uuid() });

/** One webhook event and where its delivery stands. */
export const WebhookDelivery = z
  .object({
    id: z.uuid(),
    type: z.string(),
    transaction_id: z.nullable(z.uuid()),
    state: WebhookDeliveryState,
    /** Delivery attempts made since it was recorded or last requeued. */
    attempts: z.number().check(z.int(), z.gte(0)),
    last_attempt_at: z.nullable(DateTime),
    /** The HTTP status of the last answer; null without an answer. */
    last_status_code: z.nullable(z.number().check(z.int())),
    /** Why the last attempt failed (`http 500`, `timeout`, `ECONNREFUSED`). */
    last_error: z.nullable(z.string()),
    /**
     * When the next attempt is due: pending, the next try (null: at once, or once the earlier
     * events of its transaction are delivered); dead, its slow retry (null: only on a redeliver).
     */
    next_attempt_at: z.nullable(DateTime),
    delivered_at: z.nullable(DateTime),
    dead_at: z.nullable(DateTime),
    created_at: DateTime,
  })
  .check(
    z.meta({
      id: 'WebhookDelivery',
      description:
        'A webhook event of the brand and its delivery: state, attempts, the last answer or error, the next attempt (for a dead event, its slow retry), when it was delivered or dead-lettered. The id is the Cashdesk-Event-Id the receiver de-duplicates by.',
    }),
  );
/** The type of {@link WebhookDelivery}. */
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

/** One webhook event with the payload it is sent with. */
export const WebhookDeliveryDetail = z
  .object({ ...WebhookDelivery.shape, payload: z.record(z.string(), z.unknown()) })
  .check(
    z.meta({
      id: 'WebhookDeliveryDetail',
      description:
        'A webhook event, its delivery and its payload: the body every attempt sends (the WebhookEvent), byte for byte the same on a redelivery.',
    }),
  );
/** The type of {@link WebhookDeliveryDetail}. */
export type WebhookDeliveryDetail = z.infer<typeof WebhookDeliveryDetail>;

/** A page of webhook events. */
export const WebhookDeliveryPage = z
  .object({ events: z.array(WebhookDelivery), next_cursor: z.nullable(z.string()) })
  .check(
    z.meta({
      id: 'WebhookDeliveryPage',
      description:
        'A page of webhook events, newest first (by recording order); next_cursor fetches the next page and is null on the last.',
    }),
  );
/** The type of {@link WebhookDeliveryPage}. */
export type WebhookDeliveryPage = z.infer<typeof WebhookDeliveryPage>;

/** POST /webhooks/redeliver-dead: how many dead events went back to the queue. */
export const WebhookRedeliverAnswer = z
  .object({ requeued: z.number().check(z.int(), z.gte(0)) })
  .check(
    z.meta({
      id: 'WebhookRedeliverAnswer',
      description:
        "How many of the brand's dead-lettered events went back to the queue (0 when there were none).",
    }),
  );
/** The type of {@link WebhookRedeliverAnswer}. */
export type WebhookRedeliverAnswer = z.infer<typeof WebhookRedeliverAnswer>;

/** How many of the brand's events are in each state. */
export const WebhookStateCounts = z.object({
  pending: z.number().check(z.int(), z.gte(0)),
  delivered: z.number().check(z.int(), z.gte(0)),
  dead: z.number().check(z.int(), z.gte(0)),
});

/** The last failed attempt of one of the brand's events. */
export const WebhookFailure = z.object({
  event_id: z.uuid(),
  at: DateTime,
  status_code: z.nullable(z.number().check(z.int())),
  error: z.nullable(z.string()),
});

/** GET /webhooks/endpoint: where the brand's events go and how their deliveries stand. */
export const WebhookEndpointStatus = z
  .object({
    /** WEBHOOK_URL without credentials, query or fragment; null when none is configured. */
    url: z.nullable(z.string()),
    /** The key id every delivery's signature names (Cashdesk-Signature keyid); never the secret. */
    signing_key_id: z.string(),
    /** Attempts of one event before it is dead-lettered (WEBHOOK_MAX_ATTEMPTS). */
    max_attempts: z.number().check(z.int(), z.gte(1)),
    counts: WebhookStateCounts,
    last_delivered_at: z.nullable(DateTime),
    last_failure: z.nullable(WebhookFailure),
  })
  .check(
    z.meta({
      id: 'WebhookEndpointStatus',
      description:
        "Where the brand's events are sent (WEBHOOK_URL of the deployment, without credentials or query; null: recorded, not sent), the signing key's id (never its secret), how many of the brand's events are pending, delivered or dead, the last delivery and the last failed attempt.",
    }),
  );
/** The type of {@link WebhookEndpointStatus}. */
export type WebhookEndpointStatus = z.infer<typeof WebhookEndpointStatus>;

/** GET /client-reports: the filters (combined with AND), a page size and the cursor. */
export const ClientReportListQuery = z.object({
  kind: z.optional(z.enum(CLIENT_REPORT_KINDS)),
  /** Received at or after. */
  created_from: z.optional(DateTime),
  /** Received before. */
  created_to: z.optional(DateTime),
  ...PageQuery.shape,
});

/** One client error report as the operator reads it. */
export const OperatorClientReport = z
  .object({
    id: z.string(),
    kind: z.enum(CLIENT_REPORT_KINDS),
    message: z.string(),
    stack: z.nullable(z.string()),
    /** The page's path (never its query: it held the session id). */
    page: z.string(),
    release: z.nullable(z.string()),
    user_agent: z.nullable(z.string()),
    trace_sampled: z.boolean(),
    /** The widget's last steps before the report (SPEC §9: at most 20). */
    breadcrumbs: z.array(z.record(z.string(), z.unknown())),
    /** The id the brand knows the player by; null when the player was deleted. */
    player_id: z.nullable(z.string()),
    received_at: DateTime,
  })
  .check(
    z.meta({
      id: 'OperatorClientReport',
      description:
        "A render crash or error the widget reported from one of the brand's sessions (SPEC §4, §8), as kept: scrubbed of card data and session ids by the widget and again by the server.",
    }),
  );
/** The type of {@link OperatorClientReport}. */
export type OperatorClientReport = z.infer<typeof OperatorClientReport>;

/** A page of client reports. */
export const ClientReportPage = z
  .object({ reports: z.array(OperatorClientReport), next_cursor: z.nullable(z.string()) })
  .check(
    z.meta({
      id: 'ClientReportPage',
      description:
        'A page of client reports, newest first (by arrival); next_cursor fetches the next page and is null on the last. Reports are kept CLIENT_REPORT_RETENTION_DAYS days.',
    }),
  );
/** The type of {@link ClientReportPage}. */
export type ClientReportPage = z.infer<typeof ClientReportPage>;
