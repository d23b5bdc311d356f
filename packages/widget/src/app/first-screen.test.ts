import { EXAMPLE_CARD_PAY_GROUP, EXAMPLE_DEPOSIT_INIT } from '@cashdesk/contract';
import { STORAGE_KEYS } from '@cashdesk/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { cashierApi } from '../api/cashier-api';
import { prefetchInit, takePrefetchedInit } from '../api/prefetch';
import { firstChoice, isHomepage, listOf, waitsForWallets } from '../method-list/first-choice';
import { selectList } from '../method-list/method-list-slice';
import { storeAt } from '../test/app-store';
import { readStartup } from '../startup/startup';
import { enterFirstScreen, hydrationOf, seedStore } from './first-screen';

const ADDRESS = 'https://cashier.test/deposit?session_id=s-1';

/** Two card methods in the carousel: the automatic choice opens the first (SPEC §4 carousel). */
const INIT = {
  ...EXAMPLE_DEPOSIT_INIT,
  payment_groups: [EXAMPLE_CARD_PAY_GROUP, { ...EXAMPLE_CARD_PAY_GROUP, id: 103 }],
};

function startup() {
  return readStartup({
    address: ADDRESS,
    windowWidth: 390,
    windowHeight: 844,
    userAgent: 'test',
    inFrame: true,
  });
}

/** What the server decided for this page: the choice made with no stored state. */
function serverRendered() {
  const page = startup();
  const choice = firstChoice({
    flow: 'deposit',
    list: listOf('deposit', INIT),
    environment: page.environment,
    preselectedPayGroup: null,
    lastUsedMethodId: null,
    selectedMethodId: null,
    skipLastUsed: false,
  });
  return { path: choice?.path ?? null, environment: page.environment };
}

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe("hydrating the server's first screen (SPEC §4 automatic choice decided before the render)", () => {
  it("hydrates when the page's own choice opens the page the server rendered", () => {
    const rendered = serverRendered();
    expect(rendered.path).toBe(`/deposit/${String(EXAMPLE_CARD_PAY_GROUP.id)}`);
    const hydration = hydrationOf(startup(), INIT, rendered);
    expect(hydration?.choice?.path).toBe(rendered.path);
    expect(hydration?.seed.flow).toBe('deposit');
  });

  it('renders afresh when the stored skip flag keeps the page on the list (SPEC §4 skip)', () => {
    sessionStorage.setItem(STORAGE_KEYS.skipLastUsedMethod, '1');
    expect(hydrationOf(startup(), INIT, serverRendered())).toBeNull();
    // The flag is left for the list page, which takes it when it renders.
    expect(sessionStorage.getItem(STORAGE_KEYS.skipLastUsedMethod)).toBe('1');
  });

  it('SPEC §2: only a homepage hydrates a first screen; a method, result or saved-cards page renders itself', () => {
    const rendered = serverRendered();
    for (const path of ['/cards', '/deposit/12', '/deposit/deposit-success', '/withdrawal/12']) {
      const page = readStartup({
        address: `https://cashier.test${path}?session_id=s-1`,
        windowWidth: 390,
        windowHeight: 844,
        userAgent: 'test',
        inFrame: true,
      });
      expect(hydrationOf(page, INIT, rendered)).toBeNull();
    }
    expect(isHomepage('https://cashier.test/deposit?session_id=s-1')).toBe(true);
    expect(isHomepage('https://cashier.test/withdrawal/?session_id=s-1')).toBe(true);
    expect(isHomepage('https://cashier.test/cards?session_id=s-1')).toBe(false);
  });

  it('renders afresh for another environment, an answer the contract refuses or another page', () => {
    const rendered = serverRendered();
    expect(
      hydrationOf(startup(), INIT, {
        ...rendered,
        environment: { channel: 'DESKTOP_AIR_PM', platform: 'WINDOWS', device: 'desktop' },
      }),
    ).toBeNull();
    expect(hydrationOf(startup(), { ...INIT, payment_groups: 'none' }, rendered)).toBeNull();
    expect(hydrationOf(startup(), INIT, { ...rendered, path: '/deposit/102' })).toBeNull();
    expect(hydrationOf(startup(), INIT, { ...rendered, path: null })).toBeNull();
  });

  it('SPEC §6: where a listed wallet waits for the browser’s answer, no first screen is decided before it', () => {
    const android = readStartup({
      address: ADDRESS,
      windowWidth: 390,
      windowHeight: 844,
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36',
      inFrame: true,
    });
    const withWallet = {
      ...INIT,
      payment_groups: [
        ...INIT.payment_groups,
        { ...EXAMPLE_CARD_PAY_GROUP, id: 104, native_pay_type: 'google_pay' },
      ],
    };
    expect(waitsForWallets(listOf('deposit', withWallet), android.environment)).toBe(true);
    // Not on a desktop, and not where no wallet is listed.
    expect(waitsForWallets(listOf('deposit', withWallet), startup().environment)).toBe(false);
    expect(waitsForWallets(listOf('deposit', INIT), android.environment)).toBe(false);
    const rendered = {
      path: `/deposit/${String(EXAMPLE_CARD_PAY_GROUP.id)}`,
      environment: android.environment,
    };
    expect(hydrationOf(android, withWallet, rendered)).toBeNull();
    expect(hydrationOf(android, INIT, rendered)).not.toBeNull();
  });

  it('stands the page on the chosen method, stores the choice and drops the kept init answer', () => {
    window.history.replaceState(null, '', '/deposit?session_id=s-1');
    const hydration = hydrationOf(startup(), INIT, serverRendered());
    if (hydration === null) throw new Error('no hydration');
    prefetchInit('deposit', 's-1', { answer: INIT, sessionExpiresInMs: 1 });
    enterFirstScreen(hydration, 's-1');
    // A later init call (after a payment) asks the server instead of taking the first answer.
    expect(takePrefetchedInit('deposit', 's-1')).toBeNull();
    expect(`${window.location.pathname}${window.location.search}`).toBe(
      `/deposit/${String(EXAMPLE_CARD_PAY_GROUP.id)}?session_id=s-1`,
    );
    expect(sessionStorage.getItem(STORAGE_KEYS.selectedMethodId)).toBe(
      String(EXAMPLE_CARD_PAY_GROUP.id),
    );
  });

  it('seeds the store with init, the first load done and the merchant addresses (SPEC §3)', () => {
    const hydration = hydrationOf(startup(), INIT, serverRendered());
    if (hydration === null) throw new Error('no hydration');
    const store = storeAt(ADDRESS);
    seedStore(store, hydration.seed);
    const state = store.getState();
    expect(cashierApi.endpoints.depositInit.select(undefined)(state).data?.payment_groups).toEqual(
      INIT.payment_groups,
    );
    expect(selectList(state, 'deposit').initialLoadDone).toBe(true);
    expect(state.session.merchant.merchantUrl).toBe(INIT.merchant_url);
    expect(state.session.userBalance).toBe(INIT.user_balance);
  });
});
