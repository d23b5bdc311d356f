import { describe, expect, it, vi, afterEach } from 'vitest';
import { cashierApi } from '../api/cashier-api';
import { storeAt } from '../test/app-store';
import { initReceived } from './session-slice';

function store(address = 'https://cashier.test/deposit?session_id=s-1') {
  return storeAt(address, 1_000);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('session state (SPEC §4 session)', () => {
  it('starts unexpired with a session id, expired without one', () => {
    expect(store().getState().session.isSessionExpired).toBe(false);
    expect(store().getState().session.sessionId).toBe('s-1');
    expect(store('https://cashier.test/deposit').getState().session.isSessionExpired).toBe(true);
  });

  it('marks the session expired when any call answers code 17 (SPEC §8)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(
        new Response(
          JSON.stringify({ error_code: 17, error_message: 'CASHIER.PH2.ERROR_MESSAGE.17' }),
          {
            status: 401,
          },
        ),
      ),
    );
    const appStore = store();
    await appStore.dispatch(cashierApi.endpoints.depositInit.initiate(undefined));
    expect(appStore.getState().session.isSessionExpired).toBe(true);
  });

  it('does not expire the session for other errors', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn<typeof fetch>()
        .mockResolvedValue(
          new Response(JSON.stringify({ error_code: 1999, error_message: 'x' }), { status: 500 }),
        ),
    );
    const appStore = store();
    await appStore.dispatch(cashierApi.endpoints.depositInit.initiate(undefined));
    expect(appStore.getState().session.isSessionExpired).toBe(false);
  });
});

describe('shared session state (SPEC §3)', () => {
  it('SPEC §3 isStatusPageMode: the status-page mode of `mode`, for the whole session', () => {
    const address = 'https://cashier.test/deposit?session_id=s-1';
    expect(store(`${address}&mode=status_page`).getState().session.isStatusPageMode).toBe(true);
    expect(store(`${address}&mode=statusPage`).getState().session.isStatusPageMode).toBe(true);
    expect(store(`${address}&mode=custom`).getState().session.isStatusPageMode).toBe(false);
    expect(store(address).getState().session.isStatusPageMode).toBe(false);
  });

  it('SPEC §3 countryCode: unknown until the init answer names the player’s country', () => {
    const appStore = store();
    expect(appStore.getState().session.countryCode).toBeNull();
    appStore.dispatch(
      initReceived({
        merchant: {
          merchantUrl: null,
          merchantSuccessUrl: null,
          merchantFailUrl: null,
          merchantProcessingUrl: null,
          merchantRedirectType: null,
        },
        userBalance: '0',
        countryCode: 'DE',
      }),
    );
    expect(appStore.getState().session.countryCode).toBe('DE');
  });
});
