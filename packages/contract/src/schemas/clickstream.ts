/**
 * SPEC §4, §7, §9: the clickstream. The widget publishes its analytics events to the
 * realtime channel `clickstream:track` (the hub's `publish` command, data {@link ClickstreamPublication});
 * the operator reads them back through the operator API ({@link ClickstreamPage}).
 *
 * An event carries (SPEC §7) the analytics session (`session_id`, never the cashier session's id),
 * the flow (`session_type`), the pay group with its `min_amount` and `max_amount`, and the
 * contexts channel, brand and language; what happened is its `type` and a small `data` record. The
 * server stores the event under the brand and player of the connection's token, never what the
 * payload claims, and without `session_id`.
 *
 * @packageDocumentation
 */
import * as z from 'zod/mini';
import { CLICKSTREAM_MAX_BATCH_EVENTS } from '@cashdesk/domain';
import { DateTime, Decimal } from './common';
import { PageQuery } from './operator';
import { PlayerRef } from './sandbox';

/** An event type: `amount`, `click`, `order_result_status`, `clickstream_connection`, ... */
export const ClickstreamEventType = z
  .string()
  .check(z.regex(/^[a-z][a-z0-9_.:-]{0,63}$/, 'a lower-case event type such as "click"'));

/** Most keys of an event's `data`. */
export const CLICKSTREAM_MAX_DATA_KEYS = 32;

const ShortText = z.string().check(z.maxLength(128));

/** SPEC §7: the contexts every event carries. */
export const ClickstreamContexts = z.object({
  channel: z.optional(ShortText),
  brand: z.optional(ShortText),
  language: z.optional(ShortText),
});

/** One clickstream event as the widget publishes it (SPEC §4, §7). */
export const ClickstreamEvent = z
  .object({
    type: ClickstreamEventType,
    /** The analytics session (SPEC §9: a new one after 1800 s without an event); not stored. */
    session_id: z.optional(ShortText),
    /** The flow: deposit or withdrawal. */
    session_type: z.optional(ShortText),
    /** The pay group's id, when the event concerns one. */
    pay_group: z.optional(z.nullable(z.number().check(z.int(), z.gte(0)))),
    min_amount: z.optional(z.nullable(Decimal)),
    max_amount: z.optional(z.nullable(Decimal)),
    contexts: z.optional(ClickstreamContexts),
    /** The widget's clickstream id (SPEC §1 `clstrmid`), when the page had one. */
    clickstream_id: z.optional(ShortText),
    /** What happened: `{action: "changed", amount: "25"}`, `{target: "submit"}`, ... */
    data: z.optional(
      z
        .record(
          z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/, 'a data key')),
          z.union([z.string().check(z.maxLength(1000)), z.number(), z.boolean(), z.null()]),
        )
        .check(
          z.refine((data) => Object.keys(data).length <= CLICKSTREAM_MAX_DATA_KEYS, {
            message: `at most ${CLICKSTREAM_MAX_DATA_KEYS} keys`,
          }),
        ),
    ),
  })
  .check(
    z.meta({
      id: 'ClickstreamEvent',
      description:
        'One analytics event the widget publishes to the realtime channel clickstream:track (SPEC §4, §7): its type, the analytics session, flow, pay group with its limits, the contexts channel, brand and language, and a small data record.',
    }),
  );
/** The type of {@link ClickstreamEvent}. */
export type ClickstreamEvent = z.infer<typeof ClickstreamEvent>;

/**
 * The data of a publication to `clickstream:track`: a batch of 1 to 100 events (SPEC §9: at most
 * 40000 bytes as the widget sends it; the hub refuses data over 60000 bytes).
 */
export const ClickstreamPublication = z.object({
  events: z
    .array(ClickstreamEvent)
    .check(z.minLength(1), z.maxLength(CLICKSTREAM_MAX_BATCH_EVENTS)),
});
/** The type of {@link ClickstreamPublication}. */
export type ClickstreamPublication = z.infer<typeof ClickstreamPublication>;

/** SPEC §7, §9: the answer of the analytics collector: how many events were kept. */
export const AnalyticsCollectResponse = z
  .object({ stored: z.number().check(z.int(), z.gte(0)) })
  .check(
    z.meta({
      id: 'AnalyticsCollectResponse',
      description: 'How many of the posted clickstream events were kept (designed).',
    }),
  );
/** The type of {@link AnalyticsCollectResponse}. */
export type AnalyticsCollectResponse = z.infer<typeof AnalyticsCollectResponse>;

/** GET /clickstream of the operator API: filters, a page size and the previous page's cursor. */
export const ClickstreamListQuery = z.object({
  type: z.optional(ClickstreamEventType),
  player_id: z.optional(PlayerRef),
  /** Received at or after. */
  received_from: z.optional(DateTime),
  /** Received before. */
  received_to: z.optional(DateTime),
  ...PageQuery.shape,
});

/** One stored clickstream event, as the operator reads it. */
export const OperatorClickstreamEvent = z
  .object({
    id: z.string(),
    type: z.string(),
    /** The id the brand knows the player by; null when the player was deleted. */
    player_id: z.nullable(z.string()),
    clickstream_id: z.nullable(z.string()),
    /** The event as published, without its type, clickstream id and analytics session id. */
    payload: z.record(z.string(), z.unknown()),
    received_at: DateTime,
  })
  .check(
    z.meta({
      id: 'OperatorClickstreamEvent',
      description:
        "One clickstream event of the brand's players (SPEC §7), as the server received it over the realtime connection: the player is the connection's, never what the event claimed.",
    }),
  );
/** The type of {@link OperatorClickstreamEvent}. */
export type OperatorClickstreamEvent = z.infer<typeof OperatorClickstreamEvent>;

/** A page of the clickstream. */
export const ClickstreamPage = z
  .object({ events: z.array(OperatorClickstreamEvent), next_cursor: z.nullable(z.string()) })
  .check(
    z.meta({
      id: 'ClickstreamPage',
      description:
        'A page of clickstream events, newest first; next_cursor fetches the next page and is null on the last. Events are kept CLICKSTREAM_RETENTION_DAYS days.',
    }),
  );
/** The type of {@link ClickstreamPage}. */
export type ClickstreamPage = z.infer<typeof ClickstreamPage>;
