/**
 * Publishing to the realtime channels from any process. A publication is the SQL function
 * `cashdesk_realtime_publish(envelope)` (migration 0028), selected with the executor of the change
 * it reports: it writes the publication into its channel's stream (db/schema/realtime.ts), and at
 * the commit of that change (never for a rolled-back one) the stream gives it its position and a
 * PostgreSQL notification on {@link REALTIME_NOTIFY_CHANNEL} tells every process's hub (hub.ts),
 * which pushes it to its own subscribers of the channel. The stream keeps it for a client that
 * reconnects and recovers what it missed (SPEC §7; hub-history.ts).
 *
 * The envelope is small JSON: `{"c": channel, "d": data}`, or `{"s": session id, "k": kind,
 * "d": data}` for a session's channel named by the session (the SQL written by the status
 * machine knows the session id, not the channel key, which needs the server's secret). The
 * notification says `{"t": stream, "o": position, "e": epoch, "d": data}`: the stream of a
 * session's channel is named by a hash of the session id, which the hub maps to the channel of
 * its subscribers ({@link sessionStream}). A notification's payload is limited to 8000 bytes by
 * PostgreSQL: a publication larger than {@link MAX_ENVELOPE_BYTES} is refused with
 * {@link RealtimePayloadTooLargeError} (publish a reference and let the client read the rest).
 *
 * @packageDocumentation
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { parseRealtimeChannel } from '@cashdesk/domain';
import { balanceChannel } from './channels';
import type { ChannelKind } from './channels';
import { isRecord } from '../../platform/is-record';

/** The PostgreSQL notification channel of realtime publications. */
export const REALTIME_NOTIFY_CHANNEL = 'cashdesk_realtime';

/**
 * The largest envelope published: PostgreSQL's limit is 8000 bytes, less the room the
 * notification's stream name and position take beyond the envelope's.
 */
export const MAX_ENVELOPE_BYTES = 7_800;

/** A publication too large for a notification. */
export class RealtimePayloadTooLargeError extends Error {
  constructor(readonly bytes: number) {
    super(
      `realtime publication of ${bytes} bytes exceeds ${MAX_ENVELOPE_BYTES}: publish a reference`,
    );
    this.name = 'RealtimePayloadTooLargeError';
  }
}

/** A publication as the hub hears it: its stream, its position there, and its data. */
export interface Envelope {
  readonly stream: string;
  readonly position: number;
  readonly epoch: string;
  readonly data: unknown;
}

/**
 * The hash naming a session's streams (`cashdesk_realtime_publish` computes the same in SQL):
 * SHA-256 of the session id, hex, never the id.
 */
export function sessionStreamHash(sessionId: string): string {
  return createHash('sha256').update(`realtime-stream:${sessionId}`, 'utf8').digest('hex');
}

/** The stream of a session's channel of `kind`, from its {@link sessionStreamHash}. */
export function sessionStream(hash: string, kind: ChannelKind): string {
  return `${kind}:${hash}`;
}

/** The publication of `payload` (an SQL expression of an envelope's text). */
export function publishCall(payload: SQL): SQL {
  return sql`cashdesk_realtime_publish(${payload})`;
}

function checkedSize(payload: string): string {
  const bytes = Buffer.byteLength(payload, 'utf8');
  if (bytes > MAX_ENVELOPE_BYTES) throw new RealtimePayloadTooLargeError(bytes);
  return payload;
}

/**
 * Publishes `data` to the player's balance `channel`: with a transaction handle, on its commit;
 * with the database handle, at once. One statement. A session's channel is published by its
 * session ({@link publishToSession}): its stream is named by the session.
 *
 * @throws {RealtimePayloadTooLargeError} when the envelope exceeds {@link MAX_ENVELOPE_BYTES}.
 */
export async function publish(db: Executor, channel: string, data: unknown): Promise<void> {
  if (parseRealtimeChannel(channel)?.kind !== 'balance') {
    throw new Error('a session channel is published by its session (publishToSession)');
  }
  const payload = checkedSize(JSON.stringify({ c: channel, d: data }));
  await db.execute(sql`select ${publishCall(sql`${payload}`)}`);
}

/**
 * The envelope of a publication to the session's channel of `kind`, for a statement that selects
 * `pg_notify` anyway (modules/webhooks/outbox.ts).
 *
 * @throws {RealtimePayloadTooLargeError} as {@link publish}.
 */
export function sessionEnvelope(
  sessionId: string,
  kind: Exclude<ChannelKind, 'balance'>,
  data: unknown,
): string {
  return checkedSize(JSON.stringify({ s: sessionId, k: kind, d: data }));
}

/** The envelope of a publication to the player's balance channel (see {@link sessionEnvelope}). */
export function balanceEnvelope(playerId: string, data: unknown): string {
  return checkedSize(JSON.stringify({ c: balanceChannel(playerId), d: data }));
}

/** Publishes `data` to the session's channel of `kind` (see {@link publish}). */
export async function publishToSession(
  db: Executor,
  sessionId: string,
  kind: Exclude<ChannelKind, 'balance'>,
  data: unknown,
): Promise<void> {
  const payload = sessionEnvelope(sessionId, kind, data);
  await db.execute(sql`select ${publishCall(sql`${payload}`)}`);
}

/**
 * The publication whose parts are SQL expressions, to be selected by a statement that runs anyway
 * (no round trip of its own). The data must stay small: a notification over 8000 bytes fails
 * the transaction's commit.
 */
export function notifyExpression(
  target: { readonly channel: SQL } | { readonly session: SQL; readonly kind: ChannelKind },
  data: SQL,
): SQL {
  const envelope =
    'channel' in target
      ? sql`json_build_object('c', (${target.channel})::text, 'd', ${data})`
      : sql`json_build_object('s', (${target.session})::text, 'k', ${target.kind}::text, 'd', ${data})`;
  return publishCall(sql`(${envelope})::text`);
}

/**
 * Publishes `data` to the notifications channel of every live session of the brand (of one
 * player when `playerId` is set): one statement, delivered on the commit of `db`'s transaction.
 * Data too large for a notification is replaced by `fallback` (a reference the widget reads
 * through the API instead).
 */
export async function publishToBrandSessions(
  db: Executor,
  audience: { readonly brandId: string; readonly playerId: string | null },
  data: unknown,
  fallback: unknown,
): Promise<void> {
  // The cashier's session ids are 22 characters; the probe allows 64 (and the statement skips
  // any longer), so the envelope of every session fits when the probe does.
  const probe = JSON.stringify({ s: 'x'.repeat(64), k: 'notifications', d: data });
  const sent = Buffer.byteLength(probe, 'utf8') <= MAX_ENVELOPE_BYTES ? data : fallback;
  const player = audience.playerId === null ? sql`` : sql` and "player_id" = ${audience.playerId}`;
  await db.execute(
    sql`select ${notifyExpression(
      { session: sql`"id"`, kind: 'notifications' },
      sql`(${JSON.stringify(sent)})::json`,
    )} from "sessions" where "brand_id" = ${audience.brandId}${player} and "expires_at" > now() and length("id") <= 64`,
  );
}

/** Reads a notification back; `null` for anything else. */
export function envelopeOf(payload: string): Envelope | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || !('d' in parsed)) return null;
  const { t: stream, o: position, e: epoch } = parsed;
  if (typeof stream !== 'string' || typeof epoch !== 'string') return null;
  if (typeof position !== 'number' || !Number.isSafeInteger(position)) return null;
  return { stream, position, epoch, data: parsed.d };
}
