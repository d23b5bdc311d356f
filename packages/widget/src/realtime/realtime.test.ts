import { EXAMPLE_DEPOSIT_INIT } from '@cashdesk/contract';
import { REALTIME } from '@cashdesk/domain';
import { describe, expect, it, vi } from 'vitest';
import { cashierApi } from '../api/cashier-api';
import { sessionExpired, sessionRenewed } from '../store/session-slice';
import { storeAt } from '../test/app-store';
import type { AppStore } from '../store/store';
import { jsonResponse, requestUrl } from '../test/render-at';
import { fakeSchedule } from '../test/fake-schedule';
import { decodeTokenClaims } from './claims';
import { trackClickstream } from './clickstream';
import type { Schedule } from '../browser/schedule';
import type { ClickstreamLog } from './clickstream';
import { hubTransports, pushedBalance, startRealtime } from './realtime';
import type {
  RealtimeClient,
  RealtimeClientFactory,
  RealtimeClientOptions,
  RealtimeSubscribed,
  RealtimeSubscription,
  RealtimeTransport,
} from './realtime';
import { transactionSignal } from './realtime-slice';

type Listener = (context: { readonly data: unknown } & RealtimeSubscribed) => void;

class FakeEmitter {
  private readonly listeners = new Map<string, Listener[]>();
  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  emit(event: string, data: unknown = null, subscribed: RealtimeSubscribed = {}): void {
    for (const listener of this.listeners.get(event) ?? []) listener({ data, ...subscribed });
  }
}

class FakeSubscription extends FakeEmitter implements RealtimeSubscription {
  subscribed = false;
  constructor(
    readonly options: {
      minResubscribeDelay: number;
      maxResubscribeDelay: number;
      recoverable: boolean;
    },
  ) {
    super();
  }
  subscribe(): void {
    this.subscribed = true;
  }
}

/** A publication the fake client was asked for, settled by the test. */
interface FakePublication {
  readonly channel: string;
  readonly data: unknown;
  resolve(): void;
  reject(error: unknown): void;
}

class FakeClient extends FakeEmitter implements RealtimeClient {
  readonly subscriptions = new Map<string, FakeSubscription>();
  readonly publications: FakePublication[] = [];
  connected = false;
  connects = 0;
  disconnected = false;
  constructor(
    readonly endpoint: string | readonly RealtimeTransport[],
    readonly options: RealtimeClientOptions,
  ) {
    super();
  }
  newSubscription(
    channel: string,
    options: { minResubscribeDelay: number; maxResubscribeDelay: number; recoverable: boolean },
  ): FakeSubscription {
    const subscription = new FakeSubscription(options);
    this.subscriptions.set(channel, subscription);
    return subscription;
  }
  connect(): void {
    this.connected = true;
    this.connects += 1;
  }
  disconnect(): void {
    this.disconnected = true;
  }
  publish(channel: string, data: unknown): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.publications.push({
        channel,
        data,
        resolve: () => {
          resolve({});
        },
        reject,
      });
    });
  }
  channel(name: string): FakeSubscription {
    const subscription = this.subscriptions.get(name);
    if (subscription === undefined) throw new Error(`no subscription to ${name}`);
    return subscription;
  }
}

function base64Url(text: string): string {
  return btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

const TOKEN = [
  base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' })),
  base64Url(JSON.stringify({ sub: 'player-7', ses: 'k3y_of-session', exp: 2_000_000_000 })),
  'signature',
].join('.');

function appStore(): AppStore {
  return storeAt(undefined, 1_000);
}

async function initAnswered(store: AppStore, token = TOKEN): Promise<void> {
  await store.dispatch(
    cashierApi.util.upsertQueryData('depositInit', undefined, {
      ...EXAMPLE_DEPOSIT_INIT,
      user_balance: '100.00',
      auth_token: token,
    }),
  );
}

/** A log a test reads. */
function recordingLog() {
  const lines: { level: 'info' | 'error'; message: string }[] = [];
  const log: ClickstreamLog = {
    info: (message) => lines.push({ level: 'info', message }),
    error: (message) => lines.push({ level: 'error', message }),
  };
  return { log, lines };
}

/** Starts the connection with a fake client; resolves the created client once it connected. */
function started(store: AppStore, clickstream: { schedule?: Schedule; log?: ClickstreamLog } = {}) {
  const clients: FakeClient[] = [];
  let loads = 0;
  let resolveConnected: (client: FakeClient) => void = () => undefined;
  const connected = new Promise<FakeClient>((resolve) => {
    resolveConnected = resolve;
  });
  const factory: RealtimeClientFactory = (endpoint, options) => {
    const client = new FakeClient(endpoint, options);
    clients.push(client);
    const connect = client.connect.bind(client);
    client.connect = () => {
      connect();
      resolveConnected(client);
    };
    return client;
  };
  const stop = startRealtime({
    store,
    loadClient: () => {
      loads += 1;
      return Promise.resolve(factory);
    },
    endpoint: 'wss://cashier.test/connection/websocket',
    getToken: () => Promise.resolve('next-token'),
    schedule: clickstream.schedule ?? fakeSchedule().schedule,
    log: clickstream.log ?? recordingLog().log,
  });
  return { stop, connected, clients, loads: () => loads };
}

describe('realtime connection (SPEC §4, §9)', () => {
  it('SPEC §4: waits for init’s auth_token, then loads the client once and connects with SPEC §9 timings to the session’s channels', async () => {
    const store = appStore();
    const realtime = started(store);
    expect(realtime.loads()).toBe(0);
    await initAnswered(store);
    const client = await realtime.connected;
    expect(realtime.loads()).toBe(1);
    expect(realtime.clients).toHaveLength(1);
    expect(client.endpoint).toBe('wss://cashier.test/connection/websocket');
    expect(client.options).toMatchObject({
      token: TOKEN,
      minReconnectDelay: REALTIME.reconnectMinDelayMs,
      maxReconnectDelay: REALTIME.reconnectMaxDelayMs,
      timeout: REALTIME.requestTimeoutMs,
      maxServerPingDelay: REALTIME.serverPingGraceMs,
    });
    await expect(client.options.getToken()).resolves.toBe('next-token');
    expect([...client.subscriptions.keys()]).toEqual([
      'cashier:transactions#k3y_of-session',
      'cashier:balance#player-7',
      'cashier:notifications#k3y_of-session',
    ]);
    for (const subscription of client.subscriptions.values()) {
      expect(subscription.subscribed).toBe(true);
      expect(subscription.options).toEqual({
        minResubscribeDelay: REALTIME.resubscribeMinDelayMs,
        maxResubscribeDelay: REALTIME.resubscribeMaxDelayMs,
        // SPEC §7: the hub replays what a reconnect missed.
        recoverable: true,
      });
    }
    realtime.stop();
  });

  it('SPEC §3 notificationConnectionOpen, §4 channel state: kept in the store as the client reports them', async () => {
    const store = appStore();
    const realtime = started(store);
    await initAnswered(store);
    const client = await realtime.connected;
    expect(store.getState().realtime.notificationConnectionOpen).toBe(false);
    client.emit('connected');
    expect(store.getState().realtime.notificationConnectionOpen).toBe(true);
    client.channel('cashier:balance#player-7').emit('subscribed');
    expect(store.getState().realtime.channels['cashier:balance#player-7']).toBe('subscribed');
    client.emit('disconnected');
    client.channel('cashier:balance#player-7').emit('subscribing');
    expect(store.getState().realtime.notificationConnectionOpen).toBe(false);
    expect(store.getState().realtime.channels['cashier:balance#player-7']).toBe('subscribing');
    realtime.stop();
  });

  it('SPEC §9: a connection the client ends for good while the session lives connects again after the longest reconnect delay; not once the session ended', async () => {
    const store = appStore();
    const timers = fakeSchedule();
    const realtime = started(store, { schedule: timers.schedule });
    await initAnswered(store);
    const client = await realtime.connected;
    expect(client.connects).toBe(1);
    client.emit('connected');
    // A refused token refresh (109) ends a centrifuge connection for good.
    client.emit('disconnected');
    expect(timers.waiting()).toContain(REALTIME.reconnectMaxDelayMs);
    timers.fire(REALTIME.reconnectMaxDelayMs);
    expect(client.connects).toBe(2);
    // Ended again, and meanwhile the session ended: no further try.
    client.emit('disconnected');
    store.dispatch(sessionExpired());
    timers.fire(REALTIME.reconnectMaxDelayMs);
    expect(client.connects).toBe(2);
    expect(client.disconnected).toBe(true);
    realtime.stop();
  });

  it('SPEC §4: a transactions push moves that transaction’s signal; every (re)subscribe moves all of them', async () => {
    const store = appStore();
    const realtime = started(store);
    await initAnswered(store);
    const client = await realtime.connected;
    const signal = (id: string) => transactionSignal(store.getState().realtime, id);
    const transactions = client.channel('cashier:transactions#k3y_of-session');
    transactions.emit('publication', {
      transaction_id: 'tx-1',
      status: 'success',
      transaction_status: 'SUCCESS',
      result_status: 'success',
    });
    expect(signal('tx-1')).toBe(1);
    expect(signal('tx-2')).toBe(0);
    transactions.emit('publication', { status: 'success' });
    expect(signal('tx-1')).toBe(1);
    transactions.emit('subscribed');
    expect(signal('tx-1')).toBe(2);
    expect(signal('tx-2')).toBe(1);
    // SPEC §7 recovery: a resubscribe that got every missed move replayed reads nothing again;
    // one that could not recover them reads again.
    expect(transactions.options.recoverable).toBe(true);
    transactions.emit('subscribed', null, { wasRecovering: true, recovered: true });
    expect(signal('tx-1')).toBe(2);
    transactions.emit('subscribed', null, { wasRecovering: true, recovered: false });
    expect(signal('tx-1')).toBe(3);
    realtime.stop();
  });

  it('SPEC §3 userBalance: a balance push is shown at the decimals of the balance shown, rounded down', async () => {
    const store = appStore();
    const realtime = started(store);
    await initAnswered(store);
    const client = await realtime.connected;
    store.dispatch({ type: 'session/balanceChanged', payload: '100.00' });
    client
      .channel('cashier:balance#player-7')
      .emit('publication', { currency: 'EUR', balance: '87.456', reserved: '0' });
    expect(store.getState().session.userBalance).toBe('87.45');
    client.channel('cashier:balance#player-7').emit('publication', { currency: 'EUR' });
    expect(store.getState().session.userBalance).toBe('87.45');
    expect(pushedBalance('10', '5.9')).toBe('5');
    realtime.stop();
  });

  it('SPEC §4 notifications: a push adds by the domain’s rules, a removal by key takes it away, a malformed one is dropped', async () => {
    const store = appStore();
    const realtime = started(store);
    await initAnswered(store);
    const client = await realtime.connected;
    const channel = client.channel('cashier:notifications#k3y_of-session');
    const wire = (key: string) => ({
      key,
      message: `Hello ${key}`,
      categories: [],
      pay_group_id: null,
    });
    channel.emit('publication', { notifications: [wire('n-1')] });
    channel.emit('publication', { key: 42 });
    channel.emit('publication', { notifications: [{ key: 42 }] });
    let notifications = store.getState().notifications;
    expect(notifications?.list.map((notification) => notification.key)).toEqual(['n-1']);
    expect(notifications?.messages['n-1']).toBe('Hello n-1');
    channel.emit('publication', { removed: ['n-1'] });
    notifications = store.getState().notifications;
    expect(notifications?.list).toEqual([
      { key: 'n-1', categories: [], payGroupId: null, removed: true },
    ]);
    // SPEC §4: a key seen before is not shown again when it comes back.
    channel.emit('publication', { notifications: [wire('n-1')] });
    expect(store.getState().notifications?.list.filter((entry) => !entry.removed)).toEqual([]);
    realtime.stop();
  });

  it('SPEC §4 notifications: a push asking to read again reads GET notifications: ones gone removed, new ones added', async () => {
    const store = appStore();
    const realtime = started(store);
    await initAnswered(store);
    const client = await realtime.connected;
    const channel = client.channel('cashier:notifications#k3y_of-session');
    const wire = (key: string) => ({
      key,
      message: `Hello ${key}`,
      categories: [],
      pay_group_id: null,
    });
    channel.emit('publication', { notifications: [wire('gone')] });
    const answers = [[], [wire('new')]];
    const fetchStub = vi.fn<typeof fetch>(() =>
      Promise.resolve(jsonResponse({ notifications: answers.shift() ?? [] })),
    );
    vi.stubGlobal('fetch', fetchStub);
    const shown = () =>
      store.getState().notifications?.list.map((entry) => `${entry.key}:${String(entry.removed)}`);
    try {
      channel.emit('publication', { refresh: true });
      await vi.waitFor(() => {
        expect(shown()).toEqual(['gone:true']);
      });
      expect(requestUrl(fetchStub.mock.calls[0]?.[0])).toContain('/notifications');
      channel.emit('publication', { refresh: true });
      await vi.waitFor(() => {
        expect(shown()).toEqual(['gone:true', 'new:false']);
      });
      expect(store.getState().notifications?.messages['new']).toBe('Hello new');
    } finally {
      vi.unstubAllGlobals();
      realtime.stop();
    }
  });

  it('SPEC §4, §8 code 17: an expired session disconnects and marks the connection closed', async () => {
    const store = appStore();
    const realtime = started(store);
    await initAnswered(store);
    const client = await realtime.connected;
    client.emit('connected');
    store.dispatch(sessionExpired());
    expect(client.disconnected).toBe(true);
    expect(store.getState().realtime.notificationConnectionOpen).toBe(false);
    client.emit('connected');
    expect(store.getState().realtime.notificationConnectionOpen).toBe(false);
  });

  it('SPEC §4: a session renewed in place connects again with its own token and channels, never with the ended one', async () => {
    const store = appStore();
    const realtime = started(store);
    await initAnswered(store);
    const first = await realtime.connected;
    store.dispatch(sessionExpired());
    expect(first.disconnected).toBe(true);
    store.dispatch(sessionRenewed('s-2'));
    // The init answer in the store is still the ended session's: its token would be refused.
    await settled();
    expect(realtime.clients).toHaveLength(1);
    const renewed = [
      base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' })),
      base64Url(JSON.stringify({ sub: 'player-7', ses: 'other-session', exp: 2_000_000_000 })),
      'signature',
    ].join('.');
    await initAnswered(store, renewed);
    await vi.waitFor(() => {
      expect(realtime.clients).toHaveLength(2);
    });
    const second = realtime.clients[1];
    expect(second?.options.token).toBe(renewed);
    second?.channel('cashier:transactions#other-session');
    // The ended connection's late events change nothing.
    first.emit('connected');
    expect(store.getState().realtime.notificationConnectionOpen).toBe(false);
    second?.emit('connected');
    expect(store.getState().realtime.notificationConnectionOpen).toBe(true);
    realtime.stop();
  });

  it('SPEC §4: an expired session or a token without channel claims never connects', async () => {
    const expired = appStore();
    expired.dispatch(sessionExpired());
    const first = started(expired);
    await initAnswered(expired);
    expect(first.loads()).toBe(0);
    const unnamed = appStore();
    const second = started(unnamed);
    await initAnswered(unnamed, 'not-a-jwt');
    expect(second.clients).toHaveLength(0);
    second.stop();
  });
});

describe('token claims (the channel names of a connection token)', () => {
  it('reads ses and sub from the middle part, and nothing from a malformed token', () => {
    expect(decodeTokenClaims(TOKEN)).toEqual({ ses: 'k3y_of-session', sub: 'player-7' });
    expect(decodeTokenClaims('a.b')).toBeNull();
    expect(decodeTokenClaims('a.!!!.c')).toBeNull();
    expect(decodeTokenClaims(`a.${base64Url('{"sub":"p"}')}.c`)).toBeNull();
    expect(decodeTokenClaims(`a.${base64Url('"text"')}.c`)).toBeNull();
  });
});

/** Lets the promise callbacks of a settled publication run. */
async function settled(): Promise<void> {
  await Promise.resolve();
  await Promise.resolve();
}

describe('clickstream tracker (SPEC §4, §7, §8, §9)', () => {
  const click = (target: string, options: { now?: () => number; log?: ClickstreamLog } = {}) =>
    trackClickstream(
      {
        type: 'click',
        payGroup: { id: '101', minAmount: '10.00', maxAmount: '5000.00' },
        data: { target },
      },
      { newId: () => 'analytics-1', ...options },
    );

  it('SPEC §4, §7: events tracked before the connection wait, then go to clickstream:track through the same client with session, flow, pay group and contexts', async () => {
    const store = appStore();
    const timers = fakeSchedule();
    const realtime = started(store, { schedule: timers.schedule });
    store.dispatch(click('save_card'));
    store.dispatch(click('submit'));
    expect(store.getState().realtime.clickstream).toBe('loading');
    expect(store.getState().realtime.clickstreamQueue).toHaveLength(2);
    await initAnswered(store);
    const client = await realtime.connected;
    expect(client.publications).toHaveLength(0);
    client.emit('connected');
    expect(store.getState().realtime.clickstream).toBe('initialized');
    expect(client.publications).toHaveLength(1);
    const [publication] = client.publications;
    expect(publication?.channel).toBe('clickstream:track');
    expect(publication?.data).toEqual({
      events: [
        {
          type: 'click',
          session_id: 'analytics-1',
          session_type: 'deposit',
          pay_group: 101,
          min_amount: '10.00',
          max_amount: '5000.00',
          // SPEC §9: an address whose lang names no brand shows the default brand, COM.
          contexts: {
            channel: store.getState().session.environment.channel,
            brand: 'COM',
            language: 'en',
          },
          data: { target: 'save_card' },
        },
        expect.objectContaining({ data: { target: 'submit' } }),
      ],
    });
    expect(store.getState().realtime.clickstreamQueue).toHaveLength(0);
    // One batch in flight at a time: the next event waits for its answer.
    store.dispatch(click('carousel'));
    expect(client.publications).toHaveLength(1);
    publication?.resolve();
    await settled();
    expect(client.publications).toHaveLength(2);
    expect(timers.waiting()).toEqual([]);
    realtime.stop();
  });

  it('SPEC §4, §8: no connection within 5000 ms marks the tracker failed, logged as info; events keep waiting', async () => {
    const store = appStore();
    const timers = fakeSchedule();
    const { log, lines } = recordingLog();
    const realtime = started(store, { schedule: timers.schedule, log });
    await initAnswered(store);
    const client = await realtime.connected;
    expect(timers.waiting()).toEqual([5000]);
    store.dispatch(click('submit'));
    timers.fire(5000);
    expect(store.getState().realtime.clickstream).toBe('failed');
    expect(lines).toEqual([{ level: 'info', message: 'clickstream: connection failed' }]);
    expect(store.getState().realtime.clickstreamQueue).toHaveLength(1);
    // A connection that opens later publishes them.
    client.emit('connected');
    expect(store.getState().realtime.clickstream).toBe('initialized');
    expect(client.publications).toHaveLength(1);
    // A final disconnect fails it again.
    client.emit('disconnected');
    expect(store.getState().realtime.clickstream).toBe('failed');
    realtime.stop();
  });

  it('SPEC §8: a batch refused with 103 (as 400, 401, 403, 410, 422) is not retried; a timeout is, after back-off', async () => {
    const store = appStore();
    const timers = fakeSchedule();
    const { log, lines } = recordingLog();
    const realtime = started(store, { schedule: timers.schedule, log });
    await initAnswered(store);
    const client = await realtime.connected;
    client.emit('connected');
    store.dispatch(click('refused'));
    client.publications[0]?.reject({ code: 103, message: 'permission denied' });
    await settled();
    expect(store.getState().realtime.clickstreamDropped).toBe(1);
    expect(lines.map((line) => line.message)).toEqual(['clickstream: batch refused']);
    expect(timers.waiting()).toEqual([]);
    store.dispatch(click('timed-out'));
    expect(client.publications).toHaveLength(2);
    client.publications[1]?.reject({ code: 1, message: 'timeout' });
    await settled();
    // Back in the queue, sent again after 500 ms (SPEC §9's first back-off step).
    expect(store.getState().realtime.clickstreamQueue).toHaveLength(1);
    expect(timers.waiting()).toEqual([500]);
    store.dispatch(click('meanwhile'));
    expect(client.publications).toHaveLength(2);
    timers.fire(500);
    expect(client.publications).toHaveLength(3);
    expect(client.publications[2]?.data).toMatchObject({
      events: [{ data: { target: 'timed-out' } }, { data: { target: 'meanwhile' } }],
    });
    realtime.stop();
  });

  it('SPEC §8: an empty analytics payload is reported as an error and never queued', () => {
    const store = appStore();
    const { log, lines } = recordingLog();
    store.dispatch(trackClickstream({ type: 'click', data: {} }, { log }));
    store.dispatch(trackClickstream({ type: 'click', data: { target: '' } }, { log }));
    expect(lines).toEqual([
      { level: 'error', message: 'clickstream: empty analytics payload' },
      { level: 'error', message: 'clickstream: empty analytics payload' },
    ]);
    expect(store.getState().realtime.clickstreamQueue).toEqual([]);
  });

  it('SPEC §9: while disconnected the queue holds 1000 events; the oldest go', () => {
    const store = appStore();
    for (let n = 0; n <= 1000; n += 1) store.dispatch(click(`t${n}`));
    const { clickstreamQueue, clickstreamDropped } = store.getState().realtime;
    expect(clickstreamQueue).toHaveLength(1000);
    expect(clickstreamDropped).toBe(1);
    expect(clickstreamQueue[0]?.data).toEqual({ target: 't1' });
    expect(clickstreamQueue.at(-1)?.data).toEqual({ target: 't1000' });
  });

  it('SPEC §9: a new analytics session id after 1800 s without an event', () => {
    const store = appStore();
    let ids = 0;
    const at = (now: number) =>
      trackClickstream(
        { type: 'click', data: { target: 'x' } },
        {
          now: () => now,
          newId: () => `s${(ids += 1)}`,
        },
      );
    store.dispatch(at(0));
    store.dispatch(at(1_799_999));
    store.dispatch(at(1_799_999 + 1_800_000));
    expect(store.getState().realtime.clickstreamQueue.map((event) => event.session_id)).toEqual([
      's1',
      's1',
      's2',
    ]);
  });
});

describe('SPEC §7: the hub’s transports', () => {
  it('tries the same origin’s websocket first, then HTTP streaming, then SSE', () => {
    expect(hubTransports({ protocol: 'https:', host: 'cashier.example:8443' })).toEqual([
      { transport: 'websocket', endpoint: 'wss://cashier.example:8443/connection/websocket' },
      { transport: 'http_stream', endpoint: 'https://cashier.example:8443/connection/http_stream' },
      { transport: 'sse', endpoint: 'https://cashier.example:8443/connection/sse' },
    ]);
    expect(hubTransports({ protocol: 'http:', host: 'localhost' })[0]).toEqual({
      transport: 'websocket',
      endpoint: 'ws://localhost/connection/websocket',
    });
  });
});
