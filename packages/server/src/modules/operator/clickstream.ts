/**
 * SPEC §7: the operator's read of the clickstream (GET /api/operator/v1/clickstream,
 * scope clickstream:read): the brand's events, newest first (by arrival: the row id), filtered by
 * type, player and time received. Another brand's events are never selected.
 *
 * @packageDocumentation
 */
import type { OperatorClickstreamEvent } from '@cashdesk/contract';
import { and, desc, eq, gte, lt } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { clickstreamEvents, players } from '../../db/schema';
import { decodeSeqCursor, encodeSeqCursor } from '../../http/operator-audit';

/** The filters of the list (all optional, combined with AND). */
export interface ClickstreamFilters {
  readonly type?: string | undefined;
  readonly player_id?: string | undefined;
  readonly received_from?: string | undefined;
  readonly received_to?: string | undefined;
}

/** A page of a brand's clickstream. */
export async function listOperatorClickstream(
  db: Executor,
  brandId: string,
  filters: ClickstreamFilters,
  page: { readonly limit: number; readonly cursor: string | undefined },
): Promise<{ readonly events: OperatorClickstreamEvent[]; readonly nextCursor: string | null }> {
  const after = page.cursor === undefined ? undefined : decodeSeqCursor(page.cursor);
  const rows = await db
    .select({
      id: clickstreamEvents.id,
      type: clickstreamEvents.type,
      player: players.externalId,
      clickstreamId: clickstreamEvents.clickstreamId,
      payload: clickstreamEvents.payload,
      receivedAt: clickstreamEvents.receivedAt,
    })
    .from(clickstreamEvents)
    .leftJoin(players, eq(players.id, clickstreamEvents.playerId))
    .where(
      and(
        eq(clickstreamEvents.brandId, brandId),
        filters.type === undefined ? undefined : eq(clickstreamEvents.type, filters.type),
        filters.player_id === undefined
          ? undefined
          : and(eq(players.brandId, brandId), eq(players.externalId, filters.player_id)),
        filters.received_from === undefined
          ? undefined
          : gte(clickstreamEvents.receivedAt, new Date(filters.received_from)),
        filters.received_to === undefined
          ? undefined
          : lt(clickstreamEvents.receivedAt, new Date(filters.received_to)),
        after === undefined ? undefined : lt(clickstreamEvents.id, after),
      ),
    )
    .orderBy(desc(clickstreamEvents.id))
    .limit(page.limit + 1);
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    events: shown.map((row) => ({
      id: String(row.id),
      type: row.type,
      player_id: row.player,
      clickstream_id: row.clickstreamId,
      payload: row.payload,
      received_at: row.receivedAt.toISOString(),
    })),
    nextCursor: rows.length > page.limit && last !== undefined ? encodeSeqCursor(last.id) : null,
  };
}
