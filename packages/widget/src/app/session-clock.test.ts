import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_EXPIRES_IN_HEADER } from '@cashdesk/domain';
import { cashierApi } from '../api/cashier-api';
import { storeAt } from '../test/app-store';
import { startSessionClock } from './session-clock';

const START = Date.parse('2030-01-01T10:00:00Z');

function store() {
  return storeAt(undefined, START);
}

/** Every call answers an init-shaped failure (the body does not matter) with the time left. */
function serverSays(remainingMs: number | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>().mockImplementation(() =>
      Promise.resolve(
        new Response(JSON.stringify({ error_code: 1999, error_message: 'x' }), {
          status: 500,
          headers: remainingMs === null ? {} : { [SESSION_EXPIRES_IN_HEADER]: String(remainingMs) },
        }),
      ),
    ),
  );
}

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('session expiry on time (SPEC §4 session expiry)', () => {
  it('stores the end an answer names and shows the session expired the moment it passes', async () => {
    const appStore = store();
    const stop = startSessionClock({ store: appStore });
    // A new page does not know its session's end until the server says it.
    expect(appStore.getState().session.sessionExpirationTime).toBeNull();
    serverSays(60_000);
    await appStore.dispatch(cashierApi.endpoints.depositInit.initiate(undefined));
    expect(appStore.getState().session.sessionExpirationTime).toBe(START + 60_000);

    vi.advanceTimersByTime(59_999);
    expect(appStore.getState().session.isSessionExpired).toBe(false);
    vi.advanceTimersByTime(1);
    expect(appStore.getState().session.isSessionExpired).toBe(true);
    stop();
  });

  it('a later answer that moved the end forward moves the timer with it', async () => {
    const appStore = store();
    const stop = startSessionClock({ store: appStore });
    serverSays(60_000);
    await appStore.dispatch(cashierApi.endpoints.depositInit.initiate(undefined));
    vi.advanceTimersByTime(50_000);
    // The player acted: the server gave the session its whole lifetime again.
    serverSays(900_000);
    await appStore.dispatch(
      cashierApi.endpoints.depositInit.initiate(undefined, { forceRefetch: true }),
    );
    vi.advanceTimersByTime(60_000);
    expect(appStore.getState().session.isSessionExpired).toBe(false);
    vi.advanceTimersByTime(840_000);
    expect(appStore.getState().session.isSessionExpired).toBe(true);
    stop();
  });

  it('an answer that says nothing is left ends the session at once', async () => {
    const appStore = store();
    const stop = startSessionClock({ store: appStore });
    serverSays(0);
    await appStore.dispatch(cashierApi.endpoints.depositInit.initiate(undefined));
    expect(appStore.getState().session.isSessionExpired).toBe(true);
    stop();
  });

  it('a tab shown again after its timers were held back looks at once', async () => {
    const appStore = store();
    let visibility: DocumentVisibilityState = 'hidden';
    const listeners = new Set<() => void>();
    const page = {
      get visibilityState() {
        return visibility;
      },
      addEventListener: (_type: string, listener: () => void) => {
        listeners.add(listener);
      },
      removeEventListener: (_type: string, listener: () => void) => {
        listeners.delete(listener);
      },
    };
    // A timer that never fires, as in a throttled background tab.
    const stop = startSessionClock({
      store: appStore,
      document: page,
      schedule: () => () => undefined,
    });
    serverSays(60_000);
    await appStore.dispatch(cashierApi.endpoints.depositInit.initiate(undefined));
    vi.setSystemTime(START + 120_000);
    expect(appStore.getState().session.isSessionExpired).toBe(false);
    visibility = 'visible';
    for (const listener of listeners) listener();
    expect(appStore.getState().session.isSessionExpired).toBe(true);
    stop();
    expect(listeners.size).toBe(0);
  });

  it('after its stop, answers no longer move the stored time', async () => {
    const appStore = store();
    startSessionClock({ store: appStore })();
    serverSays(60_000);
    await appStore.dispatch(cashierApi.endpoints.depositInit.initiate(undefined));
    expect(appStore.getState().session.sessionExpirationTime).toBeNull();
  });
});
