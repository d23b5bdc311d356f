/**
 * The realtime connection of the cashier (SPEC §4, §7, §9): started by the app after the first
 * screen, it waits for the init answer's `auth_token`, loads the `centrifuge` client (its own
 * chunk: never on first paint), connects to the same origin's hub (SPEC §7: the websocket at
 * `/connection/websocket`, falling back to HTTP streaming and SSE where a websocket cannot be had,
 * their commands going to `/emulation`) and subscribes to the session's channels, named from the
 * token's claims by the domain's rule. The subscriptions are recoverable: after a reconnect the
 * hub replays what was published meanwhile, or says it cannot (the pages then read again):
 *
 * - `cashier:transactions#<ses>`: a status move of a transaction → {@link transactionPushed}
 *   (pages waiting on it read its status at once); a (re)subscribe that did not recover what it
 *   missed → {@link transactionsSubscribed} (pages read again);
 * - `cashier:balance#<sub>`: the player's balance → `balanceChanged`, at the shown balance's
 *   decimals, rounded down as init's `user_balance` is;
 * - `cashier:notifications#<ses>`: a notification created → `notificationsReceived`, removed →
 *   `notificationRemoved`; a push asking to read again, or a resubscribe that did not recover →
 *   `GET notifications`, `notificationsSynced`.
 *
 * The clickstream (clickstream.ts) publishes through the same client to `clickstream:track`:
 * initialized when the connection opens, failed when it does not within SPEC §9's 5000 ms or ends
 * for good; its queue is published whenever the connection is open.
 *
 * A new token comes from `POST realtime/token` (the client's `getToken`). An expired session
 * (code 17, `session.isSessionExpired`) disconnects for good; a connection the client ends for
 * good while the session lives connects again after SPEC §9's longest reconnect delay. Connection and channel states are
 * kept in the realtime slice (SPEC §3 `notificationConnectionOpen`).
 *
 * @packageDocumentation
 */
import { ENDPOINTS, NotificationsPush } from '@cashdesk/contract';
import {
  balanceChannel,
  notificationsChannel,
  REALTIME,
  roundDecimal,
  transactionsChannel,
} from '@cashdesk/domain';
import type { UnknownAction } from '@reduxjs/toolkit';
import * as z from 'zod/mini';
import { cashierApi } from '../api/cashier-api';
import { callEndpoint, isSessionExpiredApiError } from '../api/http';
import { balanceChanged, sessionExpired } from '../store/session-slice';
import { afterFirstScreen } from '../browser/first-screen';
import { browserSchedule } from '../browser/schedule';
import type { Schedule } from '../browser/schedule';
import type { RootState } from '../store/store';
import {
  notificationRemoved,
  notificationsReceived,
  notificationsSynced,
} from '../notifications/notifications-slice';
import { decodeTokenClaims } from './claims';
import { startClickstreamPublisher } from './clickstream';
import type { ClickstreamCollect, ClickstreamLog, ClickstreamPublisher } from './clickstream';
import {
  channelChanged,
  connectionChanged,
  transactionPushed,
  transactionsSubscribed,
} from './realtime-slice';
import type { ChannelState } from './realtime-slice';

/** The path of the hub (Centrifugo's own). */
export const REALTIME_PATH = '/connection/websocket';

/** SPEC §7: the hub's HTTP transports and where their commands go (Centrifugo's paths). */
export const HTTP_STREAM_PATH = '/connection/http_stream';
export const SSE_PATH = '/connection/sse';
export const EMULATION_PATH = '/emulation';

/** A transport the client may use, in the order it tries them (a `centrifuge` one fits). */
export interface RealtimeTransport {
  readonly transport: 'websocket' | 'http_stream' | 'sse';
  readonly endpoint: string;
}

/** What a (re)subscribe tells (a `centrifuge` SubscribedContext fits). */
export interface RealtimeSubscribed {
  readonly wasRecovering?: boolean;
  readonly recovered?: boolean;
}

/** What a subscription of the client is used through (a `centrifuge` Subscription fits). */
export interface RealtimeSubscription {
  on(event: 'publication', listener: (context: { readonly data: unknown }) => void): unknown;
  on(event: 'subscribed', listener: (context: RealtimeSubscribed | undefined) => void): unknown;
  on(event: ChannelState, listener: () => void): unknown;
  subscribe(): void;
}

/** Whether a subscribe recovered every publication missed since the last (SPEC §7). */
export function recoveredAll(context: RealtimeSubscribed | undefined): boolean {
  return context?.wasRecovering === true && context.recovered === true;
}

/** What the client is used through (a `centrifuge` Centrifuge fits). */
export interface RealtimeClient {
  on(event: 'connected' | 'disconnected' | 'connecting', listener: () => void): unknown;
  newSubscription(
    channel: string,
    options: {
      readonly minResubscribeDelay: number;
      readonly maxResubscribeDelay: number;
      readonly recoverable: boolean;
    },
  ): RealtimeSubscription;
  connect(): void;
  disconnect(): void;
  /** Publishes `data` to `channel` (the clickstream); rejects with the hub's error. */
  publish(channel: string, data: unknown): Promise<unknown>;
}

/** The client's options (SPEC §9 timings), as `centrifuge` takes them. */
export interface RealtimeClientOptions {
  readonly token: string;
  readonly getToken: () => Promise<string>;
  readonly minReconnectDelay: number;
  readonly maxReconnectDelay: number;
  readonly timeout: number;
  readonly maxServerPingDelay: number;
  /** Where the HTTP transports' commands go. */
  readonly emulationEndpoint?: string;
}

/** Builds a client (the real one, or a test's fake). */
export type RealtimeClientFactory = (
  endpoint: string | readonly RealtimeTransport[],
  options: RealtimeClientOptions,
) => RealtimeClient;

/** The store as the connection uses it. */
export interface RealtimeStore {
  getState(): RootState;
  dispatch(action: UnknownAction): unknown;
  subscribe(listener: () => void): () => void;
}

export interface RealtimeDeps {
  readonly store: RealtimeStore;
  /** Loads the client's code (a dynamic import: its own chunk). */
  readonly loadClient: () => Promise<RealtimeClientFactory>;
  /** The hub's address, or its transports in the order to try them. */
  readonly endpoint: string | readonly RealtimeTransport[];
  /** Where the HTTP transports' commands go. */
  readonly emulationEndpoint?: string | undefined;
  /** A new connection token (the client's `getToken`). */
  readonly getToken: () => Promise<string>;
  /** SPEC §7: the tracker's HTTP collector, for a clickstream whose connection failed. */
  readonly collect?: ClickstreamCollect | undefined;
  /** The clickstream's and the reconnect's timers, the clickstream's log (tests pass their own). */
  readonly schedule?: Schedule | undefined;
  readonly log?: ClickstreamLog | undefined;
}

/** SPEC §9: the client's timings. */
export function realtimeClientOptions(
  token: string,
  getToken: () => Promise<string>,
): RealtimeClientOptions {
  return {
    token,
    getToken,
    minReconnectDelay: REALTIME.reconnectMinDelayMs,
    maxReconnectDelay: REALTIME.reconnectMaxDelayMs,
    timeout: REALTIME.requestTimeoutMs,
    maxServerPingDelay: REALTIME.serverPingGraceMs,
  };
}

/** The init answer's connection token of the current flow, once init answered. */
export function initAuthToken(state: RootState): string | null {
  const init =
    state.session.paymentFlow === 'deposit'
      ? cashierApi.endpoints.depositInit.select(undefined)(state)
      : cashierApi.endpoints.payoutInit.select(undefined)(state);
  return init.data?.auth_token ?? null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The balance of a push at the decimals of the balance shown (init's currency precision). */
export function pushedBalance(shown: string, balance: string): string {
  const decimals = shown.split('.')[1]?.length ?? 0;
  return roundDecimal(balance, decimals, 'down');
}

/**
 * Starts the connection (see the module comment); returns its stop. Nothing happens until the
 * init answer's token is in the store; an expired session never connects, and disconnects. A
 * session the host renewed in place (app/session-renewal.tsx) connects again once the init answer
 * of the new session brings a token of its own (the old session's would be refused).
 */
export function startRealtime(deps: RealtimeDeps): () => void {
  const { store } = deps;
  let client: RealtimeClient | null = null;
  let clickstream: ClickstreamPublisher | null = null;
  let started = false;
  let stopped = false;
  let cancelReconnect: (() => void) | null = null;
  /** The token of the latest connection: a session's token connects once. */
  let usedToken: string | null = null;
  /** Counts connections: a connection's listeners act only while it is the current one. */
  let connections = 0;
  const schedule = deps.schedule ?? browserSchedule;
  const current = (connection: number) => !stopped && started && connection === connections;

  const channelListener = (
    subscription: RealtimeSubscription,
    channel: string,
    connection: number,
  ) => {
    for (const state of ['subscribing', 'subscribed', 'unsubscribed'] as const) {
      subscription.on(state, () => {
        if (current(connection)) store.dispatch(channelChanged({ channel, state }));
      });
    }
  };

  const subscribe = (
    connection: RealtimeClient,
    generation: number,
    channel: string,
    onData: (data: Record<string, unknown>) => void,
    onSubscribed?: (context: RealtimeSubscribed | undefined) => void,
  ) => {
    const subscription = connection.newSubscription(channel, {
      minResubscribeDelay: REALTIME.resubscribeMinDelayMs,
      maxResubscribeDelay: REALTIME.resubscribeMaxDelayMs,
      recoverable: true,
    });
    channelListener(subscription, channel, generation);
    subscription.on('publication', ({ data }) => {
      if (current(generation) && isRecord(data)) onData(data);
    });
    if (onSubscribed !== undefined) {
      subscription.on('subscribed', (context) => {
        if (current(generation)) onSubscribed(context);
      });
    }
    subscription.subscribe();
  };

  const connect = async (token: string, generation: number) => {
    const claims = decodeTokenClaims(token);
    if (claims === null) return;
    const factory = await deps.loadClient();
    if (!current(generation)) return;
    const connection = factory(deps.endpoint, {
      ...realtimeClientOptions(token, deps.getToken),
      ...(deps.emulationEndpoint === undefined
        ? {}
        : { emulationEndpoint: deps.emulationEndpoint }),
    });
    client = connection;
    const tracker = startClickstreamPublisher({
      store,
      publish: (channel, data) => connection.publish(channel, data),
      collect: deps.collect,
      schedule: deps.schedule,
      log: deps.log,
    });
    clickstream = tracker;
    connection.on('connected', () => {
      if (!current(generation)) return;
      store.dispatch(connectionChanged(true));
      tracker.connected();
    });
    connection.on('connecting', () => {
      if (!current(generation)) return;
      store.dispatch(connectionChanged(false));
      tracker.disconnected();
    });
    // The client's `disconnected` is final for the client (no reconnect of its own follows): the
    // clickstream failed. Not for the cashier: a connection that ended while the session lives
    // (a refused token refresh, a hub that closed it for good) would leave the pages deaf to
    // pushes and the session's end unnoticed. So it connects again after the longest reconnect
    // delay of SPEC §9; its expired token is then renewed through getToken, which either finds
    // the session alive (a new token) or ended (code 17: the session-expired screen, and stop).
    connection.on('disconnected', () => {
      if (!current(generation)) return;
      store.dispatch(connectionChanged(false));
      tracker.failed('disconnected');
      cancelReconnect?.();
      cancelReconnect = schedule(() => {
        cancelReconnect = null;
        if (current(generation) && !store.getState().session.isSessionExpired) {
          connection.connect();
        }
      }, REALTIME.reconnectMaxDelayMs);
    });
    subscribe(
      connection,
      generation,
      transactionsChannel(claims.ses),
      (data) => {
        if (typeof data['transaction_id'] === 'string') {
          store.dispatch(transactionPushed(data['transaction_id']));
        }
      },
      (context) => {
        // Missed moves replayed by the hub need no read; otherwise the pages read again.
        if (!recoveredAll(context)) store.dispatch(transactionsSubscribed());
      },
    );
    subscribe(connection, generation, balanceChannel(claims.sub), (data) => {
      if (typeof data['balance'] !== 'string') return;
      const shown = store.getState().session.userBalance;
      store.dispatch(balanceChanged(pushedBalance(shown, data['balance'])));
    });
    subscribe(
      connection,
      generation,
      notificationsChannel(claims.ses),
      (data) => {
        const parsed = z.safeParse(NotificationsPush, data);
        if (!parsed.success) return;
        const push = parsed.data;
        if ('notifications' in push) store.dispatch(notificationsReceived(push.notifications));
        else if ('removed' in push) {
          for (const key of push.removed) store.dispatch(notificationRemoved(key));
        } else void readNotificationsAgain(store);
      },
      (context) => {
        // The first subscribe follows the page's own read; a resubscribe that lost pushes reads.
        if (context?.wasRecovering === true && context.recovered !== true) {
          void readNotificationsAgain(store);
        }
      },
    );
    connection.connect();
  };

  /** Ends the current connection (an ended session's), keeping the store's listener. */
  const disconnect = () => {
    if (!started) return;
    started = false;
    cancelReconnect?.();
    cancelReconnect = null;
    clickstream?.stop();
    clickstream = null;
    client?.disconnect();
    client = null;
    store.dispatch(connectionChanged(false));
  };

  const stop = () => {
    if (stopped) return;
    disconnect();
    stopped = true;
    unsubscribe();
  };

  const check = () => {
    if (stopped) return;
    const state = store.getState();
    if (state.session.isSessionExpired) {
      disconnect();
      return;
    }
    if (started) {
      // A tracked event, or a batch taken: publish what waits.
      clickstream?.drain();
      return;
    }
    const token = initAuthToken(state);
    // A renewed session connects with its own token, never again with the ended one's.
    if (token === null || token === usedToken) return;
    started = true;
    usedToken = token;
    connections += 1;
    void connect(token, connections);
  };
  const unsubscribe = store.subscribe(check);
  check();
  return stop;
}

/** Reads the notifications again (a push asked for it); a failed read waits for the next push. */
async function readNotificationsAgain(store: RealtimeStore): Promise<void> {
  const result = await callEndpoint(ENDPOINTS.notifications, {
    sessionId: store.getState().session.sessionId,
  });
  if ('data' in result) store.dispatch(notificationsSynced(result.data.notifications));
}

/** The real client: `centrifuge`, loaded on first use as its own chunk. */
export async function loadCentrifuge(): Promise<RealtimeClientFactory> {
  const { Centrifuge } = await import('centrifuge');
  return (endpoint, options) =>
    new Centrifuge(typeof endpoint === 'string' ? endpoint : [...endpoint], options);
}

/** A new connection token from `POST realtime/token`; code 17 marks the session expired. */
export function tokenFetcher(store: RealtimeStore): () => Promise<string> {
  return async () => {
    const result = await callEndpoint(ENDPOINTS.realtimeToken, {
      sessionId: store.getState().session.sessionId,
    });
    if ('data' in result) return result.data.auth_token;
    if (isSessionExpiredApiError(result.error)) {
      store.dispatch(sessionExpired());
      const { UnauthorizedError } = await import('centrifuge');
      throw new UnauthorizedError('session expired');
    }
    throw new Error(result.error.errorMessage ?? 'realtime token refused');
  };
}

/** A collector call that failed, with its HTTP status (or the query error's). */
class CollectError extends Error {
  constructor(readonly status: number | string) {
    super(`clickstream collector: ${String(status)}`);
  }
}

/**
 * SPEC §7: posts a clickstream batch to the tracker's HTTP collector with the session; a failed
 * call rejects with its status (an HTTP status decides the retry, SPEC §8).
 */
export function clickstreamCollector(store: RealtimeStore): ClickstreamCollect {
  return async (data) => {
    const result = await callEndpoint(ENDPOINTS.analyticsCollect, {
      body: { events: [...data.events] },
      sessionId: store.getState().session.sessionId,
      keepalive: true,
    });
    if ('error' in result) {
      if (isSessionExpiredApiError(result.error)) store.dispatch(sessionExpired());
      throw new CollectError(result.error.status);
    }
    return result.data;
  };
}

/**
 * SPEC §7: the same origin's hub, the websocket first, then HTTP streaming and SSE (a network or
 * proxy that refuses websockets): the client moves to the next when one fails to open.
 */
export function hubTransports(location: Pick<Location, 'protocol' | 'host'>): RealtimeTransport[] {
  const secure = location.protocol === 'https:';
  const origin = `${secure ? 'https:' : 'http:'}//${location.host}`;
  return [
    {
      transport: 'websocket',
      endpoint: `${secure ? 'wss:' : 'ws:'}//${location.host}${REALTIME_PATH}`,
    },
    { transport: 'http_stream', endpoint: `${origin}${HTTP_STREAM_PATH}` },
    { transport: 'sse', endpoint: `${origin}${SSE_PATH}` },
  ];
}

/**
 * The browser's connection: same origin's hub, the real client, tokens from the API. The client's
 * code (about 22 KB gzip) downloads once the first screen has shown (browser/first-screen.ts): the
 * player's form never waits for it.
 */
export function startBrowserRealtime(store: RealtimeStore): () => void {
  return startRealtime({
    store,
    loadClient: () => afterFirstScreen().then(loadCentrifuge),
    endpoint: hubTransports(window.location),
    emulationEndpoint: `${window.location.origin}${EMULATION_PATH}`,
    getToken: tokenFetcher(store),
    collect: clickstreamCollector(store),
  });
}
