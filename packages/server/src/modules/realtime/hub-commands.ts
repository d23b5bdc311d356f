/**
 * The realtime hub's commands answered from the database (hub.ts has the protocol; SPEC §7):
 * a recoverable or recovering `subscribe`, `history`, `presence` and `presence_stats`. Each is a
 * {@link Waiting}: the connection's later commands wait for its reply, so replies keep their order.
 *
 * Their input is checked as the other commands' is: a field of the wrong kind is bad input
 * (107), never a fault; a channel the connection may not subscribe to is refused as a subscribe
 * is (102, 103). A failed read is answered 100 (internal, temporary: the client tries again)
 * and logged without the channel.
 *
 * @packageDocumentation
 */
import { errorReply } from './hub-client';
import type { Client, HubOptions } from './hub-client';
import { HISTORY_SIZE, HISTORY_TTL_MS, readStream, recoverStream } from './hub-history';
import type { Since, StoredPublication } from './hub-history';
import { presenceStats } from './hub-presence';
import type { Presence } from './hub-presence';
import { pushFrame } from './hub-publications';
import { channelRefusal, streamOf } from './hub-subscriptions';
import type { Joined } from './hub-subscriptions';
import { ERROR } from './protocol';
import { isRecord } from '../../platform/is-record';

/**
 * A command answered once the database answered: the commands after it wait; `after` runs once
 * its reply went out.
 */
export interface Waiting {
  readonly answer: Promise<object | 'closed'>;
  readonly after?: (() => void) | undefined;
}

/** What the commands use of the hub. */
export type CommandContext = Pick<HubOptions, 'db' | 'clock' | 'log' | 'settings'>;

/** The subscribe flag asking for error 112 rather than an unrecovered subscription. */
const REJECT_UNRECOVERED = 2;

/** The longest epoch taken (the hub's are 16 characters). */
const MAX_EPOCH_LENGTH = 64;

function isPosition(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function isEpoch(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_EPOCH_LENGTH;
}

/** What a subscribe asks of its stream, or `bad` for fields of the wrong kind. */
export type StreamAsk =
  | { readonly kind: 'none' }
  | { readonly kind: 'position'; readonly since: Since | null; readonly strict: boolean }
  | { readonly kind: 'bad' };

/** Reads a subscribe's `recoverable`, `recover`, `offset`, `epoch` and `flag`. */
export function streamAsk(subscribe: Record<string, unknown>): StreamAsk {
  const { recoverable, recover, offset, epoch, flag } = subscribe;
  if (recoverable !== undefined && typeof recoverable !== 'boolean') return { kind: 'bad' };
  if (recover !== undefined && typeof recover !== 'boolean') return { kind: 'bad' };
  if (offset !== undefined && !isPosition(offset)) return { kind: 'bad' };
  if (epoch !== undefined && !isEpoch(epoch)) return { kind: 'bad' };
  if (flag !== undefined && !isPosition(flag)) return { kind: 'bad' };
  if (recoverable !== true && recover !== true) return { kind: 'none' };
  const since = recover === true ? { offset: offset ?? 0, epoch: epoch ?? '' } : null;
  const strict = ((flag ?? 0) & REJECT_UNRECOVERED) !== 0;
  return { kind: 'position', since, strict };
}

function failed(context: CommandContext, id: number, error: unknown): object {
  context.log.warn(
    { error: error instanceof Error ? error.name : typeof error },
    'realtime stream could not be read',
  );
  return errorReply(id, ERROR.internal);
}

/** The wire form of stored publications. */
function wire(publications: readonly StoredPublication[]) {
  return publications.map(({ data, offset }) => ({ data, offset }));
}

/**
 * The reply of a subscribe that asked for its stream's position (`recoverable`) and perhaps to
 * recover from its own (`recover`): hub-history.ts. Its stream's pushes were held since it
 * joined; once the reply went out, those after the reply's position follow it. `leave` undoes
 * the subscription when the read fails.
 */
export function positionedSubscribe(
  context: CommandContext,
  client: Client,
  id: number,
  joined: Joined,
  ask: Extract<StreamAsk, { kind: 'position' }>,
  leave: () => void,
): Waiting {
  let top = 0;
  const answer = recoverStream(context.db, joined.stream, ask.since, context.clock()).then(
    (recovery): object => {
      top = recovery.top;
      if (ask.since !== null && !recovery.recovered && ask.strict) {
        leave();
        return errorReply(id, ERROR.unrecoverablePosition);
      }
      return {
        id,
        subscribe: {
          recoverable: true,
          epoch: recovery.epoch,
          offset: recovery.top,
          ...(ask.since === null
            ? {}
            : {
                was_recovering: true,
                recovered: recovery.recovered,
                publications: wire(recovery.publications),
              }),
        },
      };
    },
    (error: unknown) => {
      leave();
      return failed(context, id, error);
    },
  );
  const after = () => {
    const held = client.recovering?.get(joined.stream);
    client.recovering?.delete(joined.stream);
    if (client.recovering?.size === 0) client.recovering = null;
    if (held === undefined || !client.transport.open) return;
    const frames = held
      .filter((envelope) => envelope.position > top)
      .map((envelope) => pushFrame(joined.channel, envelope));
    if (frames.length > 0) client.transport.send(frames.join('\n'));
  };
  return { answer, after };
}

/**
 * `history` of a channel the connection may subscribe to: `limit` publications (none when 0 or
 * absent, at most {@link HISTORY_SIZE}) after `since` (from the oldest kept when absent), newest
 * first with `reverse`, and the stream's position; a `since` of another epoch is error 112.
 */
export function historyCommand(
  context: CommandContext,
  client: Client,
  id: number,
  history: Record<string, unknown>,
): Waiting | object {
  const refusal = channelRefusal(client, id, history.channel);
  if (refusal !== null) return refusal;
  const { limit, since, reverse } = history;
  if (limit !== undefined && !isPosition(limit)) return errorReply(id, ERROR.badRequest);
  if (reverse !== undefined && typeof reverse !== 'boolean')
    return errorReply(id, ERROR.badRequest);
  let from: Since | null = null;
  if (since !== undefined) {
    if (!isRecord(since)) return errorReply(id, ERROR.badRequest);
    const offset = since.offset ?? 0;
    const epoch = since.epoch ?? '';
    if (!isPosition(offset) || !isEpoch(epoch)) return errorReply(id, ERROR.badRequest);
    from = { offset, epoch };
  }
  const stream = streamOf(client, String(history.channel));
  if (stream === null) return errorReply(id, ERROR.unauthorized);
  const wanted = Math.min(limit ?? 0, HISTORY_SIZE);
  const answer = readStream(context.db, stream, {
    after: wanted === 0 ? undefined : (from?.offset ?? 0),
    limit: wanted,
    reverse: reverse === true,
    cutoff: new Date(context.clock().getTime() - HISTORY_TTL_MS),
  }).then(
    (read): object => {
      if (from !== null && from.epoch !== '' && from.epoch !== read.epoch) {
        return errorReply(id, ERROR.unrecoverablePosition);
      }
      return {
        id,
        history: { publications: wire(read.publications), epoch: read.epoch, offset: read.top },
      };
    },
    (error: unknown) => failed(context, id, error),
  );
  return { answer };
}

/**
 * `presence` (every connection subscribed to the channel, on every process: client id → client
 * and user) or `presence_stats` (their numbers of clients and users) of a channel the connection
 * may subscribe to.
 */
export function presenceCommand(
  context: CommandContext,
  presence: Presence,
  client: Client,
  id: number,
  method: 'presence' | 'presence_stats',
  body: Record<string, unknown>,
): Waiting | object {
  const refusal = channelRefusal(client, id, body.channel);
  if (refusal !== null) return refusal;
  // A node whose heartbeat (every ping interval) is three intervals old is taken for dead.
  const aliveSince = new Date(
    context.clock().getTime() - 3 * context.settings.pingIntervalS * 1000,
  );
  const answer = presence.read(String(body.channel), aliveSince).then(
    (info): object =>
      method === 'presence'
        ? { id, presence: { presence: info } }
        : { id, presence_stats: presenceStats(info) },
    (error: unknown) => failed(context, id, error),
  );
  return { answer };
}
