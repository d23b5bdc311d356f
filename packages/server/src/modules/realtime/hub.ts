/**
 * The realtime hub, speaking Centrifugo's client protocol (JSON, protocol v2, as the
 * `centrifuge` client 5 speaks it) at `GET /connection/websocket` on the app's own HTTP server, and
 * over SSE (`GET /connection/sse`) and HTTP streaming (`POST /connection/http_stream`), whose
 * clients send their commands by `POST /emulation` (SPEC §7; hub-emulation.ts), so the widget's
 * client works against this server as against a Centrifugo cluster. One protocol, one set of
 * rules: every transport is a {@link Transport} of the same connection.
 *
 * The protocol, as implemented here (protocol.ts has the codes):
 * - a frame holds one or more JSON commands, one per line; every command but a pong has an `id`
 *   and one method (`connect`, `subscribe`, `unsubscribe`, `refresh`, `sub_refresh`, `publish`,
 *   `presence`, `presence_stats`, `history`, `rpc`, `send`); its reply carries the same `id` and
 *   the method's result under the method's name, or `error {code, message}`; the replies to the
 *   commands of one frame go back in one frame, one per line;
 * - pushes have no id: `{"push": {"channel", "pub": {"data"}}}`;
 * - the server pings with an empty object every `ping` seconds (told in the connect reply, with
 *   `pong: true`); the client answers with an empty object. A connection that did not answer by
 *   the next ping is closed (3012 no pong). A connection whose token expired and was not
 *   refreshed is closed (3005 expired: the client reconnects with a new token).
 * - the first command must be `connect` with the connection token (token.ts); an invalid token
 *   closes with 3500 (the client does not reconnect), an expired one is answered with error 109
 *   (the client asks its getToken for a new one and connects again).
 *
 * Authorisation: a connection may subscribe only to the channels of its own token (channels.ts):
 * another session's channel is refused with 103, a name that is not a cashier channel with 102.
 * Clients may publish to `clickstream:track` only (SPEC §7; clickstream.ts checks, bounds and
 * stores it, and the reply comes after the insert), any other channel is refused with 103.
 * `presence` and `presence_stats` of a channel the connection may subscribe to are every
 * process's subscribers (hub-presence.ts); `history` and a recovering `subscribe` read the
 * channel's stream (hub-history.ts), kept in the database for every process.
 *
 * Fan-out: the hub listens on the realtime notification channel (publish.ts) through db/listen.ts
 * and pushes each publication, with its position in its stream, to this process's subscribers of
 * its channel; every process does the same, so a publication committed by any process reaches
 * every subscriber. When the listener was lost (publications may have passed unheard), the
 * connections are closed with 3010 (reconnect) so that their clients recover what they missed.
 *
 * Limits: connections per session and per client address (the address TRUST_PROXY derives,
 * http/client-address.ts, as the HTTP limits count it: refused with HTTP 429 at the upgrade or
 * the stream's request),
 * connections of the process (REALTIME_MAX_CONNECTIONS: a socket past it is closed with 3013, and
 * the client reconnects after its back-off, perhaps to another process), a connect deadline (a
 * socket with no accepted `connect` REALTIME_CONNECT_TIMEOUT_MS after it opened is closed with
 * 3502, whatever it sent; {@link RealtimeHub.sweep} checks it every second), the largest frame (`maxPayload`: a larger one
 * closes with 1009, which the client reports as a message size limit), subscriptions per
 * connection. The ping and expiry checks run on one timer for every connection; their "now" is
 * the app's clock, and tests call {@link RealtimeHub.tick} themselves.
 *
 * A session that ends (http/sessions.ts expireSession) or a player who is blocked closes its
 * connections (3503, no reconnect), heard through the session caches' notifications. Their tokens
 * stay valid up to TOKEN_LIFETIME_S, so a `connect` asks the database whether its session is live
 * and its player not blocked (live-session.ts), and a `subscribe` is refused when its session was
 * heard to end: both close with 3503. The commands after a `connect` wait for its answer.
 *
 * Input: a clickstream publication holding text the input guard refuses (NUL, control
 * characters, a lone surrogate: http/input-guard.ts) is bad input, 107, like any other malformed
 * publication; nothing else a client sends reaches the database.
 *
 * Nothing here logs a token, a channel name or a session id: counts and close codes only.
 *
 * The parts: this file is a connection's life (the upgrade, the limits, the frames and their
 * commands, `connect` and `refresh`, the pings, the deadline, the close); hub-emulation.ts the
 * HTTP transports; hub-subscriptions.ts the channels connections are subscribed to;
 * hub-publications.ts the pushes to them and the clients' own publications; hub-history.ts the
 * streams (recovery and history); hub-presence.ts presence; hub-client.ts what they share.
 *
 * @packageDocumentation
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { RawData, WebSocket } from 'ws';
import { liveSessionOf } from './live-session';
import { keepListening } from '../../db/listen';
import type { KeptListener } from '../../db/listen';
import { sessionChannelKey } from './channels';
import { errorReply } from './hub-client';
import type { Client, HubOptions, Transport } from './hub-client';
import { EmulatedConnections } from './hub-emulation';
import type { EmulationOutcome, EmulationRequest, StreamKind } from './hub-emulation';
import { receiveFrame } from './hub-frames';
import type { FrameHandler } from './hub-frames';
import { refuse, websocketTransport } from './hub-websocket';
import { historyCommand, positionedSubscribe, presenceCommand, streamAsk } from './hub-commands';
import type { Waiting } from './hub-commands';
import { Presence } from './hub-presence';
import { retainHistory } from './hub-history';
import { publishFromClient, pushToSubscribers } from './hub-publications';
import { Subscriptions } from './hub-subscriptions';
import { REALTIME_NOTIFY_CHANNEL, envelopeOf, sessionStreamHash } from './publish';
import type { Envelope } from './publish';
import { CLOSE, ERROR } from './protocol';
import type { CloseReason } from './protocol';
import { SessionTokens } from './session-token';
import { TOKEN_LIFETIME_S, checkToken } from './token';
import type { ConnectionClaims } from './token';

/** Centrifugo's path, which the `centrifuge` client's default endpoint names too. */
export const REALTIME_PATH = '/connection/websocket';

const PROTOCOL_VERSION = '0.0.0-cashdesk';

/** How often the connect deadline is checked and presence written. */
const SWEEP_INTERVAL_MS = 1_000;

/** How often old publications, idle streams and dead nodes' presence are deleted. */
const RETAIN_INTERVAL_MS = 60_000;

/** See the module comment. */
export class RealtimeHub {
  private readonly wss: WebSocketServer;
  private readonly clients = new Set<Client>();
  private readonly subscriptions: Subscriptions;
  private readonly presence: Presence;
  /** Connections over SSE or an HTTP stream. */
  private readonly emulation: EmulatedConnections;
  private readonly frames: FrameHandler = {
    isOpen: (client) => this.clients.has(client),
    handle: (client, command) => this.handle(client, command),
    badRequest: (client) => {
      this.disconnect(client, CLOSE.badRequest);
    },
  };
  /** Whether the listener was lost since it last listened (publications may have been missed). */
  private deaf = false;
  private retainer: NodeJS.Timeout | null = null;
  /** This process's name: an emulation request names the node of its connection. */
  readonly node = randomUUID();
  private readonly perSession = new Map<string, number>();
  private readonly perAddress = new Map<string, number>();
  /** Sockets not connected yet, oldest first (the connect deadline). */
  private readonly unconnected = new Set<Client>();
  /** Channel keys of sessions heard to end, until their last token expired (ms). */
  private readonly endedSessions = new Map<string, number>();
  private listener: KeptListener | null = null;
  private timer: NodeJS.Timeout | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  private stopped = false;
  /** The connection tokens minted for sessions in this process (init's `auth_token`). */
  readonly tokens: SessionTokens;

  constructor(private readonly options: HubOptions) {
    this.tokens = new SessionTokens(options.secret);
    this.presence = new Presence(options.db, this.node, options.log);
    this.subscriptions = new Subscriptions(options.settings.maxSubscriptions, this.presence);
    this.emulation = new EmulatedConnections(options.db, this.node, {
      open: (transport, address, emulation) => this.open(transport, address, emulation),
      receive: (client, text) => {
        this.receive(client, text);
      },
      forget: (client) => {
        this.forget(client);
      },
    });
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: options.settings.maxFrameBytes,
      // Replies and pushes are small; compression would cost memory per connection.
      perMessageDeflate: false,
    });
  }

  /** Connections open now (for tests and metrics). */
  get connections(): number {
    return this.clients.size;
  }

  /** Starts listening for publications and, unless turned off, the ping timer. */
  async start(): Promise<void> {
    // A process on a database not migrated yet still starts (and answers not ready): its node is
    // marked alive by the next heartbeat instead.
    await this.presence.heartbeat(this.options.clock()).catch((failure: unknown) => {
      this.options.log.warn({ error: failure }, 'realtime presence could not mark this process');
    });
    await this.listen();
    if (this.options.timer !== false) {
      this.retainer = setInterval(() => {
        void this.retain();
      }, RETAIN_INTERVAL_MS);
      this.retainer.unref();
      this.timer = setInterval(() => {
        this.tick();
      }, this.options.settings.pingIntervalS * 1000);
      this.timer.unref();
      this.sweeper = setInterval(() => {
        this.sweep();
      }, SWEEP_INTERVAL_MS);
      this.sweeper.unref();
    }
  }

  private async listen(): Promise<void> {
    this.listener = await keepListening(this.options.db, REALTIME_NOTIFY_CHANNEL, {
      onMessage: (payload) => {
        const envelope = envelopeOf(payload);
        if (envelope !== null) this.deliver(envelope);
        else this.emulation.heard(payload);
      },
      onListening: () => {
        if (this.deaf) this.resync();
      },
      onLost: (failure) => {
        this.deaf = true;
        if (failure === null) return;
        this.options.log.warn({ error: failure }, 'realtime listener could not start; retrying');
      },
    });
  }

  /** Takes the HTTP server's upgrade requests to {@link REALTIME_PATH}; others are refused. */
  attach(server: Server): void {
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      this.upgrade(request, socket, head);
    });
  }

  private upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const path = (request.url ?? '').split('?')[0];
    const address = this.options.clientAddress(request);
    const refusal = this.refusal(address);
    if (refusal === 'stopping') {
      refuse(socket, 503, 'Service Unavailable');
    } else if (path !== REALTIME_PATH) {
      refuse(socket, 404, 'Not Found');
    } else if (refusal === 'address') {
      refuse(socket, 429, 'Too Many Requests');
    } else {
      this.wss.handleUpgrade(request, socket, head, (ws) => {
        this.openSocket(ws, address);
      });
    }
  }

  /** The client address of a request, as the hub counts it (http/client-address.ts). */
  addressOf(request: IncomingMessage): string {
    return this.options.clientAddress(request);
  }

  /** The largest frame a client may send (REALTIME_MAX_FRAME_BYTES). */
  get maxFrameBytes(): number {
    return this.options.settings.maxFrameBytes;
  }

  /**
   * Why a new connection from `address` is refused before it opens (the hub stops; the address
   * holds its most connections), or `null`.
   */
  refusal(address: string): 'stopping' | 'address' | null {
    if (this.stopped) return 'stopping';
    const open = this.perAddress.get(address) ?? 0;
    return open >= this.options.settings.maxConnectionsPerAddress ? 'address' : null;
  }

  private openSocket(socket: WebSocket, address: string): void {
    const client = this.open(websocketTransport(socket), address, null);
    if (client === null) return;
    socket.on('message', (data: RawData, isBinary: boolean) => {
      if (isBinary) {
        this.disconnect(client, CLOSE.badRequest);
        return;
      }
      const text = Buffer.isBuffer(data)
        ? data.toString('utf8')
        : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]).toString('utf8');
      this.receive(client, text);
    });
    socket.on('close', () => {
      this.forget(client);
    });
    socket.on('error', () => {
      // A broken socket closes; 'close' forgets it.
    });
  }

  /**
   * Opens a connection over an HTTP response (SSE or an HTTP stream, hub-emulation.ts) whose
   * request carried its first frame (`connect`); the route checked {@link refusal} and the
   * frame's size.
   */
  openStream(address: string, response: ServerResponse, kind: StreamKind, frame: string): void {
    this.emulation.open(address, response, kind, frame);
  }

  /** Takes the commands of an emulated connection's `POST /emulation` (hub-emulation.ts). */
  emulate(request: EmulationRequest): Promise<EmulationOutcome> {
    return this.emulation.take(request);
  }

  private open(
    transport: Transport,
    address: string,
    emulation: Client['emulation'],
  ): Client | null {
    if (this.stopped) {
      transport.close(CLOSE.shutdown);
      return null;
    }
    if (this.clients.size >= this.options.settings.maxConnections) {
      transport.close(CLOSE.full);
      return null;
    }
    const client: Client = {
      transport,
      address,
      emulation,
      id: '',
      sessionHash: null,
      openedAt: this.options.clock().getTime(),
      claims: null,
      connecting: null,
      waiting: null,
      channels: null,
      heard: true,
      expired: false,
      clickstream: null,
      recovering: null,
    };
    this.clients.add(client);
    this.unconnected.add(client);
    count(this.perAddress, address, 1);
    return client;
  }

  private forget(client: Client): void {
    if (!this.clients.delete(client)) return;
    this.unconnected.delete(client);
    this.emulation.forget(client);
    count(this.perAddress, client.address, -1);
    if (client.claims !== null) count(this.perSession, client.claims.ses, -1);
    this.subscriptions.leaveAll(client);
  }

  private receive(client: Client, text: string): void {
    receiveFrame(this.frames, client, text);
  }

  /**
   * One command's reply (a promise of it for a publication); `null` for none (a pong, a send),
   * `closed` when the client was closed.
   */
  private handle(
    client: Client,
    command: unknown,
  ): object | Promise<object> | Waiting | null | 'closed' {
    if (typeof command !== 'object' || command === null || Array.isArray(command)) {
      this.disconnect(client, CLOSE.badRequest);
      return 'closed';
    }
    const id: unknown = Reflect.get(command, 'id');
    // An empty command is the answer to a ping; `send` (an asynchronous message) has no id and
    // no reply, and the hub takes none.
    if (id === undefined && Object.keys(command).length === 0) return null;
    if (id === undefined && client.claims !== null && 'send' in command) return null;
    if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) {
      this.disconnect(client, CLOSE.badRequest);
      return 'closed';
    }
    const request = (method: string): Record<string, unknown> | null => {
      const value: unknown = Reflect.get(command, method);
      return typeof value === 'object' && value !== null ? { ...value } : null;
    };
    const connect = request('connect');
    if (client.claims === null) {
      if (connect === null) {
        // The client sends its subscribes in the frame of its connect: after a connect refused
        // with 109 they are dropped unanswered (the client closes and connects again).
        if (client.expired) return null;
        this.disconnect(client, CLOSE.badRequest);
        return 'closed';
      }
      return this.connect(client, id, connect);
    }
    if (connect !== null) return errorReply(id, ERROR.badRequest);
    const subscribe = request('subscribe');
    if (subscribe !== null) return this.subscribe(client, id, subscribe);
    const unsubscribe = request('unsubscribe');
    if (unsubscribe !== null) return this.subscriptions.unsubscribe(client, id, unsubscribe);
    const refresh = request('refresh');
    if (refresh !== null) return this.refresh(client, id, refresh);
    // No subscription tokens: a subscription lives as long as its connection's token.
    if (request('sub_refresh') !== null) return { id, sub_refresh: {} };
    const publish = request('publish');
    if (publish !== null) return publishFromClient(this.options, client, id, publish);
    const history = request('history');
    if (history !== null) return historyCommand(this.options, client, id, history);
    for (const method of ['presence', 'presence_stats'] as const) {
      const body = request(method);
      if (body !== null) {
        return presenceCommand(this.options, this.presence, client, id, method, body);
      }
    }
    if (request('rpc') !== null) return errorReply(id, ERROR.notAvailable);
    return errorReply(id, ERROR.methodNotFound);
  }

  private connect(
    client: Client,
    id: number,
    connect: Record<string, unknown>,
  ): Waiting | object | 'closed' {
    const now = this.options.clock();
    const checked = checkToken(this.options.secret, connect.token, now);
    if (!checked.ok) {
      if (checked.reason === 'expired') {
        client.expired = true;
        return errorReply(id, ERROR.tokenExpired);
      }
      this.disconnect(client, CLOSE.invalidToken);
      return 'closed';
    }
    const { claims } = checked;
    if (this.hasEnded(claims, now)) {
      this.disconnect(client, CLOSE.sessionEnded);
      return 'closed';
    }
    client.connecting = claims;
    const { db, secret, log } = this.options;
    return {
      answer: liveSessionOf(db, secret, claims, now).then(
        (session) => this.connected(client, id, claims, session),
        (error: unknown) => {
          client.connecting = null;
          log.warn(
            { error: error instanceof Error ? error.name : typeof error },
            'realtime session could not be checked',
          );
          return errorReply(id, ERROR.internal);
        },
      ),
    };
  }

  /** The end of a `connect` once the database found its live `session` (or none). */
  private connected(
    client: Client,
    id: number,
    claims: ConnectionClaims,
    session: string | null,
  ): object | 'closed' {
    client.connecting = null;
    // Closed meanwhile (its session ended, the deadline, the client).
    if (!this.clients.has(client)) return 'closed';
    const now = this.options.clock();
    if (session === null || this.hasEnded(claims, now)) {
      this.disconnect(client, CLOSE.sessionEnded);
      return 'closed';
    }
    if ((this.perSession.get(claims.ses) ?? 0) >= this.options.settings.maxConnectionsPerSession) {
      this.disconnect(client, CLOSE.connectionLimit);
      return 'closed';
    }
    client.claims = claims;
    client.expired = false;
    client.id = randomUUID();
    client.sessionHash = sessionStreamHash(session);
    this.unconnected.delete(client);
    count(this.perSession, claims.ses, 1);
    return {
      id,
      connect: {
        client: client.id,
        version: PROTOCOL_VERSION,
        ...this.expiry(claims, now),
        ping: this.options.settings.pingIntervalS,
        pong: true,
        // An emulated connection's requests name it (POST /emulation).
        ...(client.emulation === null
          ? {}
          : { session: client.emulation.session, node: this.node }),
      },
    };
  }

  private expiry(claims: ConnectionClaims, now: Date) {
    return { expires: true, ttl: Math.max(1, Math.floor(claims.exp - now.getTime() / 1000)) };
  }

  private refresh(client: Client, id: number, refresh: Record<string, unknown>): object | 'closed' {
    const now = this.options.clock();
    const checked = checkToken(this.options.secret, refresh.token, now);
    if (!checked.ok && checked.reason === 'expired') return errorReply(id, ERROR.tokenExpired);
    const current = client.claims;
    if (
      !checked.ok ||
      current === null ||
      checked.claims.ses !== current.ses ||
      checked.claims.sub !== current.sub
    ) {
      this.disconnect(client, CLOSE.invalidToken);
      return 'closed';
    }
    client.claims = checked.claims;
    return {
      id,
      refresh: { client: '', version: PROTOCOL_VERSION, ...this.expiry(checked.claims, now) },
    };
  }

  private subscribe(
    client: Client,
    id: number,
    subscribe: Record<string, unknown>,
  ): Waiting | object | 'closed' {
    const ask = streamAsk(subscribe);
    if (ask.kind === 'bad') return errorReply(id, ERROR.badRequest);
    const joined = this.subscriptions.subscribe(
      client,
      id,
      subscribe,
      (claims) => this.hasEnded(claims, this.options.clock()),
      ({ stream }) => {
        // A recovering subscribe holds its stream's pushes until its reply went out.
        if (ask.kind !== 'position') return;
        client.recovering ??= new Map();
        client.recovering.set(stream, []);
      },
    );
    if (joined === 'ended') {
      this.disconnect(client, CLOSE.sessionEnded);
      return 'closed';
    }
    if (!('stream' in joined)) return joined;
    if (ask.kind === 'none') return { id, subscribe: {} };
    return positionedSubscribe(this.options, client, id, joined, ask, () => {
      this.subscriptions.leave(client, joined.channel);
    });
  }

  /**
   * Closes the connections of a session that ended or of a player who was blocked (3503: the
   * client does not reconnect), as the session caches hear of it (db/cache/cache-hub.ts).
   */
  ended(change: { readonly kind: string; readonly id?: string }): void {
    if (change.id === undefined || (change.kind !== 'session' && change.kind !== 'player')) return;
    if (change.kind === 'session') this.tokens.forget(change.id);
    const owner =
      change.kind === 'session' ? sessionChannelKey(this.options.secret, change.id) : change.id;
    if (change.kind === 'session') {
      // Its tokens are refused until the last of them expired (a session does not come back).
      const until = this.options.clock().getTime() + TOKEN_LIFETIME_S * 1000;
      this.endedSessions.delete(owner);
      this.endedSessions.set(owner, until);
    }
    for (const client of [...this.clients]) {
      // A connection whose `connect` is being answered is closed too.
      const claims = client.claims ?? client.connecting;
      if (claims !== null && (change.kind === 'session' ? claims.ses : claims.sub) === owner) {
        this.disconnect(client, CLOSE.sessionEnded);
      }
    }
  }

  /** Pushes a publication to this process's subscribers of its channel (hub-publications.ts). */
  deliver(envelope: Envelope): void {
    pushToSubscribers(this.subscriptions, envelope, (client) => {
      this.disconnect(client, CLOSE.slow);
    });
  }

  /**
   * The listener listens again after a loss: publications may have passed unheard, so every
   * connection is closed with 3010 (reconnect) and its client recovers what it missed.
   */
  private resync(): void {
    this.deaf = false;
    for (const client of [...this.clients]) {
      if (client.claims !== null) this.disconnect(client, CLOSE.insufficientState);
    }
  }

  /** Whether the session of `claims` was heard to end (its tokens are refused). */
  private hasEnded(claims: ConnectionClaims, now: Date): boolean {
    const until = this.endedSessions.get(claims.ses);
    return until !== undefined && until > now.getTime();
  }

  /**
   * Closes the sockets that did not connect by the connect deadline (3502), whatever they sent,
   * and forgets ended sessions whose last token expired. Runs every second (tests call it).
   */
  sweep(): void {
    const now = this.options.clock().getTime();
    const deadline = now - this.options.settings.connectTimeoutMs;
    for (const client of this.unconnected) {
      if (client.openedAt > deadline) break;
      this.disconnect(client, CLOSE.stale);
    }
    for (const [key, until] of this.endedSessions) {
      if (until > now) break;
      this.endedSessions.delete(key);
    }
    void this.presence.flush();
  }

  /**
   * Deletes publications older than the history keeps, idle streams and the presence of dead
   * processes (hub-history.ts, hub-presence.ts). Runs every minute (tests call it).
   */
  async retain(): Promise<void> {
    const now = this.options.clock();
    try {
      await retainHistory(this.options.db, now);
      await this.presence.retain(this.aliveSince(now));
    } catch (error: unknown) {
      this.options.log.warn(
        { error: error instanceof Error ? error.name : typeof error },
        'realtime history could not be trimmed',
      );
    }
  }

  /** Writes this process's pending presence now (the sweep does every second; tests call it). */
  flushPresence(): Promise<void> {
    return this.presence.flush();
  }

  /** A process not heard of since this is taken for dead (its heartbeat is every ping). */
  private aliveSince(now: Date): Date {
    return new Date(now.getTime() - 3 * this.options.settings.pingIntervalS * 1000);
  }

  /**
   * Pings every connection; closes those that did not answer the previous ping (3012) and those
   * whose token expired without a refresh (3005).
   */
  tick(): void {
    const now = this.options.clock();
    const nowS = now.getTime() / 1000;
    this.presence.heartbeat(now).catch((error: unknown) => {
      this.options.log.warn(
        { error: error instanceof Error ? error.name : typeof error },
        'realtime heartbeat could not be written',
      );
    });
    for (const client of this.clients) {
      // One not connected yet is closed by the connect deadline (sweep).
      if (client.claims === null) continue;
      if (client.claims.exp <= nowS) {
        this.disconnect(client, CLOSE.expired);
      } else if (!client.heard) {
        this.disconnect(client, CLOSE.noPong);
      } else {
        client.heard = false;
        client.transport.send('{}');
      }
    }
  }

  private disconnect(client: Client, reason: CloseReason): void {
    client.transport.close(reason);
    // Forgotten at once: its subscriptions get nothing more while the close handshake runs.
    this.forget(client);
  }

  /** Closes every connection (3001 shutdown: the clients reconnect elsewhere) and stops. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer !== null) clearInterval(this.timer);
    if (this.sweeper !== null) clearInterval(this.sweeper);
    if (this.retainer !== null) clearInterval(this.retainer);
    const open = this.clients.size;
    for (const client of [...this.clients]) this.disconnect(client, CLOSE.shutdown);
    if (open > 0) this.options.log.info({ connections: open }, 'realtime connections closed');
    const listener = this.listener;
    this.listener = null;
    await listener?.stop();
    await this.presence.stop().catch((error: unknown) => {
      this.options.log.warn(
        { error: error instanceof Error ? error.name : typeof error },
        'realtime presence could not be cleared',
      );
    });
    await new Promise<void>((resolve) => {
      this.wss.close(() => {
        resolve();
      });
    });
  }
}

function count(counts: Map<string, number>, key: string, delta: number): void {
  const next = (counts.get(key) ?? 0) + delta;
  if (next <= 0) counts.delete(key);
  else counts.set(key, next);
}

declare module '../../http/app-types' {
  interface AppDeps {
    /** The realtime hub at /connection/websocket. */
    readonly realtime: RealtimeHub;
  }
}
