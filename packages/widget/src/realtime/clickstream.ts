/**
 * The clickstream tracker (SPEC §4, §7, §8, §9): pages call {@link trackClickstream} (the amount
 * input, the save-card toggle, the carousel and submit clicks, the result pages'
 * order_result_status); the event goes into the realtime slice's bounded queue at once, with the
 * analytics session (kept in the analytics cookie, SPEC §9, so a reload continues it), the flow, the pay group with its limits and the contexts channel, brand and
 * language; {@link startClickstreamPublisher} (started by realtime.ts with the connection)
 * publishes the queue to `clickstream:track` in batches when connected, and again after back-off
 * when a batch failed for a reason worth retrying.
 *
 * Small on purpose: the pages import it on first paint; the client it publishes through is the
 * realtime connection's, loaded later in its own chunk.
 *
 * @packageDocumentation
 */
import type { ClickstreamEvent } from '@cashdesk/contract';
import {
  ANALYTICS,
  CLICKSTREAM_CHANNEL,
  analyticsCookie,
  clickstreamRetry,
  isEmptyAnalyticsPayload,
  nextBatch,
  readAnalyticsCookie,
  touchAnalyticsSession,
} from '@cashdesk/domain';
import type { ClickstreamFailure } from '@cashdesk/domain';
import type { UnknownAction } from '@reduxjs/toolkit';
import { isSecurePage, readCookies, writeCookie } from '../browser/cookies';
import { browserSchedule } from '../browser/schedule';
import type { Schedule } from '../browser/schedule';
import type { RootState } from '../store/store';
import {
  clickstreamRefused,
  clickstreamRequeued,
  clickstreamStateChanged,
  clickstreamTaken,
  clickstreamTracked,
} from './realtime-slice';

/** A value of an event's data. */
export type ClickstreamValue = string | number | boolean | null;

/** What a page reports. */
export interface ClickstreamInput {
  /** `amount`, `click`, `order_result_status`, ... */
  readonly type: string;
  /** The pay group the event concerns, with its limits. */
  readonly payGroup?: {
    readonly id: string | number;
    readonly minAmount?: string | null | undefined;
    readonly maxAmount?: string | null | undefined;
  } | null;
  /** What happened: `{target: "submit"}`, `{action: "changed", amount: "25"}`, ... */
  readonly data: Readonly<Record<string, ClickstreamValue>>;
}

/** Where the tracker reports (SPEC §8: a failed connection as info, an empty payload as an error). */
export interface ClickstreamLog {
  info(message: string, detail?: unknown): void;
  error(message: string, detail?: unknown): void;
}

const consoleLog: ClickstreamLog = {
  info: (message, detail) => {
    console.info(message, detail);
  },
  error: (message, detail) => {
    console.error(message, detail);
  },
};

/** The clock and ids of the tracker (tests pass their own). */
export interface TrackOptions {
  readonly now?: () => number;
  readonly newId?: () => string;
  readonly log?: ClickstreamLog;
}

function payGroupNumber(id: string | number): number | null {
  const value = typeof id === 'number' ? id : Number(id);
  return Number.isInteger(value) && value >= 0 ? value : null;
}

/** SPEC §7: the event of `input` in the state's flow, contexts and analytics session. */
export function clickstreamEvent(
  state: RootState,
  input: ClickstreamInput,
  sessionId: string,
): ClickstreamEvent {
  const { session } = state;
  const payGroup = input.payGroup ?? null;
  const clickstreamId = session.params.clickstreamId;
  return {
    type: input.type,
    session_id: sessionId,
    session_type: session.paymentFlow,
    ...(payGroup === null
      ? {}
      : {
          pay_group: payGroupNumber(payGroup.id),
          min_amount: payGroup.minAmount ?? null,
          max_amount: payGroup.maxAmount ?? null,
        }),
    contexts: {
      channel: session.environment.channel,
      brand: session.brand,
      language: session.lang,
    },
    ...(clickstreamId === null ? {} : { clickstream_id: clickstreamId }),
    data: { ...input.data },
  };
}

/** The store as the tracker uses it (a thunk's arguments). */
type Dispatch = (action: UnknownAction) => unknown;

/**
 * SPEC §4, §7: queues the event of `input` (a thunk: `dispatch(trackClickstream(...))`). An empty
 * payload is reported as an error and not queued (SPEC §8).
 */
export function trackClickstream(input: ClickstreamInput, options: TrackOptions = {}) {
  return (dispatch: Dispatch, getState: () => RootState): void => {
    const log = options.log ?? consoleLog;
    if (isEmptyAnalyticsPayload(input.data)) {
      log.error('clickstream: empty analytics payload', input.type);
      return;
    }
    const state = getState();
    // SPEC §9: the session continues from the analytics cookie after a reload or a return.
    const session = touchAnalyticsSession(
      state.realtime.analyticsSession ?? readAnalyticsCookie(readCookies()),
      (options.now ?? Date.now)(),
      options.newId ?? (() => crypto.randomUUID()),
    );
    dispatch(clickstreamTracked({ event: clickstreamEvent(state, input, session.id), session }));
    writeCookie(analyticsCookie(session, { secure: isSecurePage() }));
  };
}

/** What the publisher publishes through (the `centrifuge` client's `publish` fits). */
export type ClickstreamPublish = (channel: string, data: unknown) => Promise<unknown>;

/**
 * SPEC §7: posts a batch to the tracker's HTTP collector (`/psp/cashier-service/analytics`);
 * rejects with the call's error (an object with the HTTP `status`) when it failed.
 */
export type ClickstreamCollect = (data: {
  readonly events: readonly ClickstreamEvent[];
}) => Promise<unknown>;

/** The store as the publisher uses it. */
export interface ClickstreamStore {
  getState(): RootState;
  dispatch(action: UnknownAction): unknown;
}

/** A running publisher: realtime.ts tells it how the connection goes. */
export interface ClickstreamPublisher {
  /** The connection opened: initialized, publish what waits. */
  connected(): void;
  /** The connection is down (it may come back): events wait in the queue. */
  disconnected(): void;
  /** The connection ended for good: failed (SPEC §8: logged as info). */
  failed(reason: string): void;
  /** Publishes what waits, when connected and nothing is in flight (after every change). */
  drain(): void;
  stop(): void;
}

function failureOf(error: unknown): ClickstreamFailure {
  if (typeof error === 'object' && error !== null) {
    const code: unknown = Reflect.get(error, 'code');
    const temporary: unknown = Reflect.get(error, 'temporary');
    if (typeof code === 'number') return { code, temporary: temporary === true };
    // The collector's answer: an HTTP status (SPEC §8: 400, 401, 403, 410, 422 are not retried).
    const status: unknown = Reflect.get(error, 'status');
    if (typeof status === 'number') return { status };
  }
  // Not a reply of the hub (the client's own failure): worth another try.
  return { code: 0 };
}

/**
 * Starts publishing the store's clickstream queue through `publish`. Until the connection opens
 * within {@link ANALYTICS}.connectionTimeoutMs the tracker is loading; then initialized, or failed
 * (SPEC §8: logged as info). A failed tracker with a `collect` posts what waits to the tracker's
 * HTTP collector (SPEC §7) in the same batches, until the connection opens again; without one,
 * events keep waiting in the bounded queue for a later connection.
 */
export function startClickstreamPublisher(deps: {
  readonly store: ClickstreamStore;
  readonly publish: ClickstreamPublish;
  readonly collect?: ClickstreamCollect | undefined;
  readonly schedule?: Schedule | undefined;
  readonly log?: ClickstreamLog | undefined;
  readonly random?: (() => number) | undefined;
}): ClickstreamPublisher {
  const { store, publish } = deps;
  const schedule = deps.schedule ?? browserSchedule;
  const log = deps.log ?? consoleLog;
  let open = false;
  let failed = false;
  let sending = false;
  let stopped = false;
  let attempt = 0;
  let retry: (() => void) | null = null;
  let connectTimer: (() => void) | null = schedule(() => {
    connectTimer = null;
    if (!open) publisher.failed('connection timeout');
  }, ANALYTICS.connectionTimeoutMs);

  /** The connection when it is open, else the collector of a failed tracker, else nothing. */
  const transport = (): ((batch: readonly ClickstreamEvent[]) => Promise<unknown>) | null => {
    if (open) return (batch) => publish(CLICKSTREAM_CHANNEL, { events: batch });
    const { collect } = deps;
    return failed && collect !== undefined ? (batch) => collect({ events: batch }) : null;
  };

  const send = (
    batch: readonly ClickstreamEvent[],
    through: (batch: readonly ClickstreamEvent[]) => Promise<unknown>,
  ) => {
    through(batch).then(
      () => {
        sending = false;
        attempt = 0;
        publisher.drain();
      },
      (error: unknown) => {
        sending = false;
        if (stopped) return;
        const decision = clickstreamRetry(failureOf(error), attempt, deps.random);
        if (!decision.retry) {
          log.error('clickstream: batch refused', failureOf(error));
          store.dispatch(clickstreamRefused(batch.length));
          publisher.drain();
          return;
        }
        attempt += 1;
        // Scheduled first: the requeue's store change must not publish before the back-off.
        retry = schedule(() => {
          retry = null;
          publisher.drain();
        }, decision.delayMs);
        store.dispatch(clickstreamRequeued(batch));
      },
    );
  };

  const publisher: ClickstreamPublisher = {
    connected() {
      if (stopped) return;
      open = true;
      failed = false;
      connectTimer?.();
      connectTimer = null;
      if (store.getState().realtime.clickstream !== 'initialized') {
        store.dispatch(clickstreamStateChanged('initialized'));
      }
      publisher.drain();
    },
    disconnected() {
      open = false;
    },
    failed(reason) {
      open = false;
      failed = true;
      if (stopped || store.getState().realtime.clickstream === 'failed') return;
      log.info('clickstream: connection failed', reason);
      store.dispatch(clickstreamStateChanged('failed'));
      publisher.drain();
    },
    drain() {
      while (!stopped && !sending && retry === null) {
        const through = transport();
        if (through === null) return;
        const queue = store.getState().realtime.clickstreamQueue;
        if (queue.length === 0) return;
        const plan = nextBatch(queue);
        sending = plan.batch.length > 0;
        store.dispatch(clickstreamTaken({ taken: plan.taken, dropped: plan.tooLarge.length }));
        if (plan.tooLarge.length > 0) {
          log.error('clickstream: events over the transport limit dropped', plan.tooLarge.length);
        }
        if (sending) send(plan.batch, through);
      }
    },
    stop() {
      stopped = true;
      open = false;
      connectTimer?.();
      retry?.();
    },
  };
  return publisher;
}
