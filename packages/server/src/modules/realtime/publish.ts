/**
 * Publishing to the realtime channels from any process. A publication is a PostgreSQL
 * notification on {@link REALTIME_NOTIFY_CHANNEL}: sent with the executor of the change it
 * reports, it is delivered only when that change commits (never for a rolled-back one), and every
 * process's hub (hub.ts) hears it and pushes it to its own subscribers of the channel.
 *
 * The envelope is small JSON: `{"c": channel, "d": data}`, or `{"s": session id, "k": kind,
 * "d": data}` for a session's channel named by the session (the SQL written by the status
 * machine knows the session id, not the channel key, which needs the server's secret: the hub
 * names the channel). A notification's payload is limited to 8000 bytes by PostgreSQL: a
 * publication larger than {@link MAX_ENVELOPE_BYTES} is refused with
 * {@link RealtimePayloadTooLargeError} (publish a reference and let the client read the rest).
 *
 * @packageDocumentation
 */
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../db/open';
import { balanceChannel } from './channels';
import type { ChannelKind } from './channels';

/** The PostgreSQL notification channel of realtime publications. */
export const REALTIME_NOTIFY_CHANNEL = 'cashdesk_realtime';

/** The largest envelope sent: PostgreSQL's limit is 8000 bytes, less some room. */
export const MAX_ENVELOPE_BYTES = 7_900;

/** A publication too large for a notification. */
export class RealtimePayloadTooLargeError extends Error {
  constructor(readonly bytes: number) {
    super(
      `realtime publication of ${bytes} bytes exceeds ${MAX_ENVELOPE_BYTES}: publish a reference`,
    );
    this.name = 'RealtimePayloadTooLargeError';
  }
}

/** A publication as the hub reads it back. */
export type Envelope =
  | { readonly channel: string; readonly data: unknown }
  | { readonly session: string; readonly kind: ChannelKind; readonly data: unknown };

function checkedSize(payload: string): string {
  const bytes = Buffer.byteLength(payload, 'utf8');
  if (bytes > MAX_ENVELOPE_BYTES) throw new RealtimePayloadTooLargeError(bytes);
  return payload;
}

/**
 * Publishes `data` to `channel`: with a transaction handle, on its commit; with the database
 * handle, at once. One statement.
 *
 * @throws {RealtimePayloadTooLargeError} when the envelope exceeds {@link MAX_ENVELOPE_BYTES}.
 */
export async function publish(db: Executor, channel: string, data: unknown): Promise<void> {
  const payload = checkedSize(JSON.stringify({ c: channel, d: data }));
  await db.execute(sql`select pg_notify(${REALTIME_NOTIFY_CHANNEL}, ${payload})`);
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
  await db.execute(sql`select pg_notify(${REALTIME_NOTIFY_CHANNEL}, ${payload})`);
}

/**
 * The `pg_notify(…)` expression of a publication whose parts are SQL expressions, to be selected
 * by a statement that runs anyway (no round trip of its own). The data must stay small: a
 * payload over 8000 bytes fails the statement (and its transaction).
 */
export function notifyExpression(
  target: { readonly channel: SQL } | { readonly session: SQL; readonly kind: ChannelKind },
  data: SQL,
): SQL {
  const envelope =
    'channel' in target
      ? sql`json_build_object('c', (${target.channel})::text, 'd', ${data})`
      : sql`json_build_object('s', (${target.session})::text, 'k', ${target.kind}::text, 'd', ${data})`;
  return sql`pg_notify(${REALTIME_NOTIFY_CHANNEL}, (${envelope})::text)`;
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

const KINDS: ReadonlySet<string> = new Set(['transactions', 'notifications', 'balance']);

function isKind(value: unknown): value is ChannelKind {
  return typeof value === 'string' && KINDS.has(value);
}

/** Reads an envelope back; `null` for anything else. */
export function envelopeOf(payload: string): Envelope | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || !('d' in parsed)) return null;
  const data: unknown = parsed.d;
  if ('c' in parsed && typeof parsed.c === 'string') return { channel: parsed.c, data };
  if ('s' in parsed && typeof parsed.s === 'string' && 'k' in parsed && isKind(parsed.k)) {
    return { session: parsed.s, kind: parsed.k, data };
  }
  return null;
}
