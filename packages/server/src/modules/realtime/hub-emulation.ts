/**
 * SPEC §7: the realtime hub's HTTP transports, as Centrifugo serves them to the `centrifuge`
 * client when a websocket cannot be had (hub.ts has the protocol and its rules, the same over
 * every transport):
 *
 * - **SSE**: `GET /connection/sse?cf_connect=<the connect command>` answers an event stream;
 *   each frame of replies or pushes is one event (`data:` lines, one JSON per line);
 * - **HTTP streaming**: `POST /connection/http_stream` with the connect command as its body
 *   answers a stream of JSON lines;
 * - **emulation**: the client sends its later commands by `POST /emulation` with
 *   `{session, node, data}` (`data`: its commands, one JSON per line), `session` and `node` being
 *   those of its connect reply. The process that holds the stream takes them; any other process
 *   forwards them to it by a notification ({@link EmulationForward}), so a balancer needs no
 *   sticky routing. Answered 204 when taken, 204 too for a connection its process has no more
 *   (its stream ended), 413 when too large to forward.
 *
 * A connection ends with Centrifugo's disconnect push (`{"push": {"disconnect": {code, reason,
 * reconnect}}}`) and the end of its stream: the client acts on its code as on a websocket's close
 * code. No transport is compressed or buffered by the server (the stream is written as it goes).
 *
 * @packageDocumentation
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/open';
import type { Client, EmulationSession, Transport } from './hub-client';
import { REALTIME_NOTIFY_CHANNEL } from './publish';
import { isRecord } from '../../platform/is-record';

/** Centrifugo's paths of the HTTP transports, which the client's endpoints name too. */
export const SSE_PATH = '/connection/sse';
export const HTTP_STREAM_PATH = '/connection/http_stream';
export const EMULATION_PATH = '/emulation';

/** How a stream's frames are written. */
export type StreamKind = 'sse' | 'http_stream';

/** The commands of an emulated connection (`POST /emulation`). */
export interface EmulationRequest {
  readonly session: string;
  readonly node: string;
  readonly data: string;
}

/** The largest forwarded request: PostgreSQL's notification limit, less some room. */
const MAX_FORWARD_BYTES = 7_800;

function event(frame: string): string {
  return `${frame
    .split('\n')
    .map((line) => `data: ${line}`)
    .join('\n')}\n\n`;
}

/** An HTTP response as a connection's transport; its headers are written at once. */
export function streamTransport(response: ServerResponse, kind: StreamKind): Transport {
  response.writeHead(200, {
    'content-type': kind === 'sse' ? 'text/event-stream; charset=utf-8' : 'application/json',
    'cache-control': 'no-store',
    // Proxies that buffer answers (nginx) pass this one as it is written.
    'x-accel-buffering': 'no',
  });
  response.flushHeaders();
  // The ping (every REALTIME_PING_INTERVAL_S) keeps it alive; a dead peer misses its pong.
  response.socket?.setTimeout(0);
  const write = (frame: string) => {
    response.write(kind === 'sse' ? event(frame) : `${frame}\n`);
  };
  const isOpen = () => !response.writableEnded && !response.destroyed;
  return {
    send: write,
    close: (reason) => {
      if (!isOpen()) return;
      write(
        JSON.stringify({
          push: {
            disconnect: { code: reason.code, reason: reason.reason, reconnect: reason.reconnect },
          },
        }),
      );
      response.end();
    },
    get open() {
      return isOpen();
    },
    get buffered() {
      return response.writableLength;
    },
  };
}

/** What {@link EmulatedConnections} needs of the hub. */
export interface ConnectionHost {
  /** A new connection over `transport`; `null` when the hub refused it (and closed it). */
  open(transport: Transport, address: string, emulation: EmulationSession): Client | null;
  /** Takes a frame of the connection's commands. */
  receive(client: Client, text: string): void;
  /** Forgets a connection whose stream ended. */
  forget(client: Client): void;
}

/** What became of an emulation request. */
export type EmulationOutcome = 'delivered' | 'gone' | 'forwarded' | 'too-large';

/**
 * This process's emulated connections, by their session, and the emulation requests for other
 * processes, sent and heard on the realtime notification channel (`{"n": node, "m": session,
 * "q": data}`), which every hub listens to.
 */
export class EmulatedConnections {
  private readonly sessions = new Map<string, Client>();

  constructor(
    private readonly db: Database,
    private readonly node: string,
    private readonly host: ConnectionHost,
  ) {}

  /** Opens a connection over `response`, whose request carried its first frame. */
  open(address: string, response: ServerResponse, kind: StreamKind, frame: string): void {
    const session = randomUUID();
    const client = this.host.open(streamTransport(response, kind), address, { session });
    if (client === null) return;
    this.sessions.set(session, client);
    response.on('close', () => {
      this.host.forget(client);
    });
    this.host.receive(client, frame);
  }

  /**
   * Takes a `POST /emulation`: `delivered` to this process's connection, `gone` when this
   * process has it no more, `forwarded` to the process that has it, `too-large` when it does
   * not fit a notification.
   */
  async take(request: EmulationRequest): Promise<EmulationOutcome> {
    if (request.node === this.node) {
      const client = this.sessions.get(request.session);
      if (client === undefined) return 'gone';
      this.host.receive(client, request.data);
      return 'delivered';
    }
    const payload = JSON.stringify({ n: request.node, m: request.session, q: request.data });
    if (Buffer.byteLength(payload, 'utf8') > MAX_FORWARD_BYTES) return 'too-large';
    await this.db.execute(sql`select pg_notify(${REALTIME_NOTIFY_CHANNEL}, ${payload})`);
    return 'forwarded';
  }

  /** A notification that is not a publication: a forwarded request for this process's own. */
  heard(payload: string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    if (!isRecord(parsed)) return;
    const { n: node, m: session, q: data } = parsed;
    if (node !== this.node || typeof session !== 'string' || typeof data !== 'string') return;
    const client = this.sessions.get(session);
    if (client !== undefined) this.host.receive(client, data);
  }

  /** Forgets a connection that closed. */
  forget(client: Client): void {
    if (client.emulation !== null) this.sessions.delete(client.emulation.session);
  }
}
