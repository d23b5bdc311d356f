/**
 * What the realtime hub's parts share (hub.ts has the protocol and the rules): its settings and
 * options, one connection's state and its transport, and the replies of Centrifugo's protocol.
 *
 * @packageDocumentation
 */
import type { IncomingMessage } from 'node:http';
import type { Database } from '../../db/open';
import type { ClickstreamBudget } from './clickstream';
import type { CloseReason, ErrorReply } from './protocol';
import type { Envelope } from './publish';
import type { ConnectionClaims } from './token';

/**
 * How a connection's frames travel: a websocket (hub.ts), or an HTTP response streamed as SSE
 * or as lines of JSON whose client sends its commands by POST /emulation (hub-emulation.ts). The
 * hub's rules are the same over each.
 */
export interface Transport {
  /** Sends one frame: replies or pushes, one JSON per line. */
  send(frame: string): void;
  /** Ends the connection for `reason` (Centrifugo's close code, or its disconnect push). */
  close(reason: CloseReason): void;
  /** Whether frames can still be sent. */
  readonly open: boolean;
  /** Bytes queued and not yet sent (a client that does not read is closed as slow). */
  readonly buffered: number;
}

/** An emulated connection's name, which its client's POST /emulation requests carry. */
export interface EmulationSession {
  readonly session: string;
}

/** What the hub is set to (config/limits.ts RealtimeSettings). */
export interface HubSettings {
  /** Seconds between server pings; a connection silent for one interval after a ping is closed. */
  readonly pingIntervalS: number;
  /** Open connections of one session at most (a widget needs one; tabs and reconnects more). */
  readonly maxConnectionsPerSession: number;
  /** Open connections from one client address at most. */
  readonly maxConnectionsPerAddress: number;
  /** Open connections of this process at most. */
  readonly maxConnections: number;
  /** A socket not connected this long after it opened is closed (3502). */
  readonly connectTimeoutMs: number;
  /** The largest frame a client may send, in bytes. */
  readonly maxFrameBytes: number;
  /** Channels one connection may be subscribed to at most. */
  readonly maxSubscriptions: number;
  /** Clickstream events one connection may publish a minute. */
  readonly clickstreamEventsPerMinute: number;
}

/** Where the hub reports what happened (never a token or a channel). */
export interface HubLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/** One connection: kept small, it is the memory every idle player costs. */
export interface Client {
  readonly transport: Transport;
  readonly address: string;
  /** Set for a connection over SSE or an HTTP stream: its session (hub-emulation.ts). */
  readonly emulation: EmulationSession | null;
  /** The client id of the connect reply (presence names connections by it); '' before. */
  id: string;
  /** The SHA-256 of its token's session id (its session channels' streams, publish.ts). */
  sessionHash: string | null;
  /** When it opened (the app's clock, ms): it must connect by the connect deadline. */
  readonly openedAt: number;
  claims: ConnectionClaims | null;
  /** The claims of its `connect` while the database is asked about them. */
  connecting: ConnectionClaims | null;
  /** Its frames wait for this while a `connect` is answered. */
  waiting: Promise<void> | null;
  /** Channels subscribed to; created on the first subscribe. */
  channels: Set<string> | null;
  /** Whether anything came since the last ping. */
  heard: boolean;
  /** Whether its connect was refused with 109 (token expired). */
  expired: boolean;
  /** Its clickstream events this minute; created on its first publication. */
  clickstream: ClickstreamBudget | null;
  /**
   * Streams being recovered (hub-history.ts): their pushes wait here until the subscribe reply
   * with the recovered publications went out. Created on the first recovering subscribe.
   */
  recovering: Map<string, Envelope[]> | null;
}

/** What the hub is made with. */
export interface HubOptions {
  readonly db: Database;
  readonly secret: string;
  readonly settings: HubSettings;
  readonly clock: () => Date;
  readonly log: HubLog;
  /** The client address of an upgrade request (http/client-address.ts clientAddressOf). */
  readonly clientAddress: (request: IncomingMessage) => string;
  /**
   * Default true: run the hub's tick every ping interval and its sweep every second. Tests
   * drive them themselves.
   */
  readonly timer?: boolean | undefined;
}

/** A command's error reply. */
export function errorReply(id: number, error: ErrorReply): object {
  return { id, error };
}
