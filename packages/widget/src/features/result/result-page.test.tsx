import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  EXAMPLE_DEPOSIT_INIT,
  EXAMPLE_PAY_SESSION_DECLINED,
  EXAMPLE_PAYOUT_INIT,
} from '@cashdesk/contract';
import { QueryStatus } from '@reduxjs/toolkit/query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppStore } from '../../store/store';
import { transactionPushed } from '../../realtime/realtime-slice';
import { browserWindow } from './finish';
import {
  PROCESSING_POLL_MS,
  ResultPage,
  genericDeclineKey,
  orderResultStatus,
} from './result-page';
import { ResultRoutesOf } from './test-support';
import { jsonResponse, renderAt, requestUrl } from '../../test/render-at';

vi.mock('../../host/host-bridge', () => ({
  scrollToTop: vi.fn(),
  requestReInit: vi.fn(() => true),
  reportPaymentResult: vi.fn(() => true),
}));

const { requestReInit, scrollToTop, reportPaymentResult } = await import('../../host/host-bridge');

/** Every result route of SPEC §2, as app-routes maps them. */
function ResultRoutes() {
  return <ResultRoutesOf page={(route) => <ResultPage route={route} />} />;
}

interface ServerAnswers {
  readonly init?: unknown;
  readonly statuses?: readonly unknown[];
}

/** Stubs fetch: the deposit init answer and, in turn, the status answers. */
function stubServer(answers: ServerAnswers = {}) {
  const statuses = [...(answers.statuses ?? [])];
  const fetchMock = vi.fn((input: unknown) => {
    const url = requestUrl(input);
    if (url.endsWith('/payments/groups/init')) {
      return Promise.resolve(jsonResponse(answers.init ?? EXAMPLE_DEPOSIT_INIT));
    }
    if (url.includes('/payments/status/')) {
      const next = statuses.length > 1 ? statuses.shift() : statuses[0];
      return Promise.resolve(jsonResponse(next ?? {}));
    }
    return Promise.resolve(jsonResponse({ error_code: '1008', error_message: 'not found' }, 404));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** What the status answer says of the payment (the details the page shows). */
const DETAILS = {
  amount: '50.00',
  currency: 'EUR',
  fee: '0.00',
  tax: '0.00',
  bonus: '0.00',
  method_name: 'Card',
  reference: 'tx_1',
  user_balance: '150.00',
};

function status(result: string, terminal: boolean, details: Partial<typeof DETAILS> = {}) {
  return {
    transaction_id: 'tx_1',
    transaction_status: result === 'error' ? 'error' : result === 'success' ? 'success' : result,
    result_status: result,
    terminal,
    next_poll_ms: terminal ? null : 2000,
    ...DETAILS,
    ...details,
  };
}

const declined = {
  ...EXAMPLE_PAY_SESSION_DECLINED,
  decline_page_settings: {
    retry: true,
    change_method: true,
    all_methods: true,
    into_game: true,
    message_key: 'CASHIER.DECLINE.INSUFFICIENT_FUNDS',
  },
};

/** Waits until the init answer (merchant URLs, time-outs) is in the store. */
async function initLoaded(store: AppStore) {
  await waitFor(() => {
    const fulfilled = Object.values(store.getState().cashierApi.queries).some(
      (query) =>
        (query?.endpointName === 'depositInit' || query?.endpointName === 'payoutInit') &&
        query.status === QueryStatus.fulfilled,
    );
    expect(fulfilled).toBe(true);
  });
  // The page has rendered with it once its leaving buttons are enabled (they wait for it).
  await waitFor(() => {
    for (const name of ['Back to the game', 'Close']) {
      const button = screen.queryByRole('button', { name });
      if (button !== null) expect(button).toHaveProperty('disabled', false);
    }
  });
}

/** The value of the result page's details row labelled `label`, or `null` without that row. */
function detail(label: string): string | null {
  const term = screen.queryAllByRole('term').find((element) => element.textContent === label);
  return term?.nextElementSibling?.textContent ?? null;
}

function location() {
  return screen.getByTestId('location');
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  vi.spyOn(browserWindow, 'assign').mockImplementation(() => undefined);
  vi.spyOn(browserWindow, 'open').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(requestReInit).mockClear();
  vi.mocked(scrollToTop).mockClear();
  vi.mocked(reportPaymentResult).mockClear();
});

describe('result page: decline (SPEC §2 result page, §3 pay session)', () => {
  it('says first why it was declined and what the player can do; the error code comes last, for support', async () => {
    stubServer();
    await renderAt(<ResultRoutes />, {
      address: '/deposit/deposit-error',
      state: { paySession: declined, payGroupId: '42' },
    });
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Deposit declined');
    const reason = screen.getByText('There is not enough money on your card or account.');
    const code = screen.getByText('If you contact support, quote code 1301.');
    expect(screen.queryByText(/Error code/)).toBeNull();
    // In reading order: the title, then the reason, ... the buttons, and the code at the end.
    const after = (first: Element, second: Element) =>
      (first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    const page = heading.closest('section');
    expect(page?.querySelector('h1 ~ p')).toBe(reason);
    expect(
      after(reason, screen.getByText('Your payment did not go through and no money was taken.')),
    ).toBe(true);
    for (const button of screen.getAllByRole('button')) expect(after(button, code)).toBe(true);
    expect(detail('Amount')).toBe('50.00 EUR');
    expect(document.title).toBe('Deposit declined');
  });

  it('SPEC §4 analytics: a decline page reports order_result_status decline once, with its pay group', async () => {
    stubServer();
    const { store } = await renderAt(<ResultRoutes />, {
      address: '/deposit/deposit-error',
      state: { paySession: declined, payGroupId: '42' },
    });
    const events = store
      .getState()
      .realtime.clickstreamQueue.filter((event) => event.type === 'order_result_status');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      pay_group: 42,
      session_type: 'deposit',
      data: { status: 'decline' },
    });
    expect(orderResultStatus('success')).toBe('success');
    expect(orderResultStatus('charity-success')).toBe('success');
    expect(orderResultStatus('error')).toBe('decline');
    expect(orderResultStatus('processing')).toBeNull();
    expect(orderResultStatus('await')).toBeNull();
  });

  it('scrolls to the top on arrival (SPEC §2 reset-scroll)', async () => {
    stubServer();
    await renderAt(<ResultRoutes />, {
      address: '/deposit/deposit-error',
      state: { paySession: declined },
    });
    expect(scrollToTop).toHaveBeenCalledTimes(1);
  });

  it('retry goes back to the same method /deposit/<payGroupId>, keeping the query', async () => {
    stubServer();
    await renderAt(<ResultRoutes />, {
      address: '/deposit/deposit-error?pay_group=7',
      state: { paySession: declined, payGroupId: '42' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(location().textContent).toBe(
      '/deposit/42?pay_group=7&session_id=test-session&lang=en-brand0',
    );
    // The method page starts from the declined amount (and never any card data: the
    // form keeps the card in memory).
    expect(JSON.parse(location().getAttribute('data-state') ?? 'null')).toEqual({
      retry: true,
      payGroupId: '42',
      retryAmount: declined.amount,
    });
  });

  it('retry falls back to the stored chosen method (phSelectedMethodId, SPEC §4)', async () => {
    stubServer();
    localStorage.setItem('phSelectedMethodId', '9');
    await renderAt(<ResultRoutes />, {
      address: '/deposit/deposit-error',
      state: { paySession: declined },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(location().textContent).toBe('/deposit/9?session_id=test-session&lang=en-brand0');
  });

  it('SPEC §7 phAltMethods: after an alternative payment the retry uses the method it left with', async () => {
    stubServer();
    localStorage.setItem('phSelectedMethodId', '9');
    localStorage.setItem('phAltMethods', JSON.stringify({ tx_alt: '31' }));
    await renderAt(<ResultRoutes />, {
      address: '/deposit/deposit-error',
      state: { paySession: { ...declined, transaction_id: 'tx_alt' } },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(location().textContent).toBe('/deposit/31?session_id=test-session&lang=en-brand0');
  });

  it('hides retry when the decline is fatal (error_fatal)', async () => {
    stubServer();
    await renderAt(<ResultRoutes />, {
      address: '/deposit/deposit-error',
      state: { paySession: { ...declined, error_fatal: true }, payGroupId: '42' },
    });
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it.each([
    ['Change payment method', true],
    ['All payment methods', false],
  ])(
    '%s shows the method list: /deposit with the skip flag phSkipLasUsedMethod (SPEC §4)',
    async (name, changeMethod) => {
      stubServer();
      await renderAt(<ResultRoutes />, {
        address: '/deposit/deposit-error',
        state: {
          paySession: {
            ...declined,
            decline_page_settings: {
              ...declined.decline_page_settings,
              change_method: changeMethod,
            },
          },
          payGroupId: '42',
        },
      });
      await userEvent.click(screen.getByRole('button', { name }));
      expect(location().textContent).toBe('/deposit?session_id=test-session&lang=en-brand0');
      expect(sessionStorage.getItem('phSkipLasUsedMethod')).toBe('true');
    },
  );

  it('SPEC §2 result page: "Change payment method" and "All payment methods" lead to the same list, so a decline offering both shows one', async () => {
    stubServer();
    await renderAt(<ResultRoutes />, {
      address: '/deposit/deposit-error',
      state: { paySession: declined, payGroupId: '42' },
    });
    const names = screen.getAllByRole('button').map((button) => button.textContent);
    expect(names).toEqual(['Try again', 'Back to the game', 'Change payment method']);
  });

  it('SPEC §2 result page: a declined redirect without a reason or a method to retry does not say "Try again"', async () => {
    // A redirect comes back by address alone: no pay session, no chosen method stored.
    stubServer({ statuses: [status('error', true)] });
    await renderAt(<ResultRoutes />, {
      address: '/deposit/deposit-error?transaction_id=tx_1',
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Deposit declined');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(
      screen.getByText('The payment was declined. Please choose another payment method.'),
    ).toBeTruthy();
    expect(screen.queryByText(/try again/i)).toBeNull();
  });

  it('SPEC §2 result page: the reason-less decline names retry only when the button is there', async () => {
    stubServer();
    const reasonless = { ...declined.decline_page_settings, message_key: null };
    await renderAt(<ResultRoutes />, {
      address: '/deposit/deposit-error',
      state: {
        paySession: { ...declined, error_message: null, decline_page_settings: reasonless },
        payGroupId: '42',
      },
    });
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(
      screen.getByText('The payment was declined. Try again or choose another method.'),
    ).toBeTruthy();
    expect(genericDeclineKey({ retry: true, otherMethod: false })).toBe(
      'RESULT.DECLINE.GENERIC_RETRY',
    );
    expect(genericDeclineKey({ retry: false, otherMethod: false })).toBe(
      'RESULT.DECLINE.GENERIC_PLAIN',
    );
  });

  it('shows only the buttons decline_page_settings allows', async () => {
    stubServer();
    await renderAt(<ResultRoutes />, {
      address: '/deposit/deposit-error',
      state: {
        paySession: {
          ...declined,
          decline_page_settings: {
            retry: false,
            change_method: true,
            all_methods: false,
            into_game: false,
            message_key: null,
          },
        },
      },
    });
    const names = screen.getAllByRole('button').map((button) => button.textContent);
    expect(names).toEqual(['Change payment method']);
  });
});

describe('result page: into-game, the final result (SPEC §4, §2 redirect after finishing)', () => {
  it('in a host frame with a same-window redirect type: tells the host the player finished, with the success URL; no navigation of its own frame', async () => {
    stubServer();
    const { store } = await renderAt(<ResultRoutes />, {
      address: '/deposit/deposit-success',
      inFrame: true,
    });
    await initLoaded(store);
    await userEvent.click(await screen.findByRole('button', { name: 'Back to the game' }));
    expect(requestReInit).toHaveBeenCalledTimes(1);
    expect(requestReInit).toHaveBeenCalledWith({
      target: 'cashier',
      type: 'reInitCashier',
      finish: { outcome: 'success', url: 'https://brand0.example.com/cashier/success' },
    });
    expect(browserWindow.assign).not.toHaveBeenCalled();
    expect(browserWindow.open).not.toHaveBeenCalled();
  });

  it('in a host frame on a decline: the finish names the fail URL', async () => {
    stubServer();
    const { store } = await renderAt(<ResultRoutes />, {
      address: '/deposit/deposit-error',
      inFrame: true,
      state: { paySession: declined },
    });
    await initLoaded(store);
    await userEvent.click(screen.getByRole('button', { name: 'Back to the game' }));
    expect(requestReInit).toHaveBeenCalledWith({
      target: 'cashier',
      type: 'reInitCashier',
      finish: { outcome: 'fail', url: 'https://brand0.example.com/cashier/fail' },
    });
  });

  it('waits for the merchant URLs of the init answer before it leaves (SPEC §2 redirect after finishing)', async () => {
    let answerInit: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            answerInit = resolve;
          }),
      ),
    );
    await renderAt(<ResultRoutes />, {
      address: '/deposit/deposit-success?xChannel=MOBILE_NATIVE_IOS',
    });
    const button = await screen.findByRole('button', { name: 'Back to the game' });
    expect(button).toHaveProperty('disabled', true);
    await userEvent.click(button);
    expect(browserWindow.assign).not.toHaveBeenCalled();
    answerInit(jsonResponse(EXAMPLE_DEPOSIT_INIT));
    await waitFor(() => {
      expect(button).toHaveProperty('disabled', false);
    });
    await userEvent.click(button);
    expect(browserWindow.assign).toHaveBeenCalledWith('https://brand0.example.com/');
  });

  it('on a native device: navigates the same window to the merchant URL', async () => {
    stubServer();
    const { store } = await renderAt(<ResultRoutes />, {
      address: '/deposit/deposit-success?xChannel=MOBILE_NATIVE_IOS',
    });
    await screen.findByText('Deposit successful');
    await initLoaded(store);
    await userEvent.click(screen.getByRole('button', { name: 'Back to the game' }));
    expect(browserWindow.assign).toHaveBeenCalledWith('https://brand0.example.com/');
    expect(requestReInit).not.toHaveBeenCalled();
  });

  it('SPEC §4 wallet-pay context: after a wallet payment the page navigates the same window to the merchant URL, not a new tab', async () => {
    const wallet = {
      ...EXAMPLE_DEPOSIT_INIT.payment_groups[0],
      id: 77,
      native_pay_type: 'apple_pay',
    };
    const init = {
      ...EXAMPLE_DEPOSIT_INIT,
      merchant_redirect_type: 'blank' as const,
      payment_groups: [...EXAMPLE_DEPOSIT_INIT.payment_groups, wallet],
    };
    stubServer({ init });
    const { store } = await renderAt(<ResultRoutes />, {
      address: '/deposit/deposit-success',
      state: { payGroupId: '77' },
    });
    await initLoaded(store);
    await userEvent.click(screen.getByRole('button', { name: 'Back to the game' }));
    expect(browserWindow.assign).toHaveBeenCalledWith('https://brand0.example.com/');
    expect(browserWindow.open).not.toHaveBeenCalled();
  });

  it('SPEC §4 wallet-pay context: a page the provider returned to knows the wallet from the method chosen last', async () => {
    const wallet = {
      ...EXAMPLE_DEPOSIT_INIT.payment_groups[0],
      id: 78,
      native_pay_type: 'google_pay',
    };
    stubServer({
      init: {
        ...EXAMPLE_DEPOSIT_INIT,
        merchant_redirect_type: 'blank',
        payment_groups: [wallet],
      },
    });
    window.sessionStorage.setItem('phSelectedMethodId', '78');
    const { store } = await renderAt(<ResultRoutes />, { address: '/deposit/deposit-success' });
    await initLoaded(store);
    await userEvent.click(screen.getByRole('button', { name: 'Back to the game' }));
    expect(browserWindow.assign).toHaveBeenCalledWith('https://brand0.example.com/');
  });

  it('with merchant_redirect_type blank: opens the merchant success URL in a new tab', async () => {
    stubServer({ init: { ...EXAMPLE_DEPOSIT_INIT, merchant_redirect_type: 'blank' } });
    const { store } = await renderAt(<ResultRoutes />, {
      address: '/deposit/deposit-success',
      inFrame: true,
    });
    await initLoaded(store);
    await userEvent.click(screen.getByRole('button', { name: 'Back to the game' }));
    expect(browserWindow.open).toHaveBeenCalledWith(
      'https://brand0.example.com/cashier/success',
      '_blank',
    );
    expect(requestReInit).not.toHaveBeenCalled();
  });

  it('on an error page outside a frame: redirects to the merchant fail URL', async () => {
    stubServer();
    const { store } = await renderAt(<ResultRoutes />, {
      address: '/deposit/deposit-error',
      state: { paySession: declined },
    });
    await initLoaded(store);
    await userEvent.click(screen.getByRole('button', { name: 'Back to the game' }));
    expect(browserWindow.assign).toHaveBeenCalledWith('https://brand0.example.com/cashier/fail');
  });

  it("SPEC §2 redirect helper: without a fail URL an error page goes to merchant_redirect_url's first path piece, the language and deposit", async () => {
    stubServer({ init: { ...EXAMPLE_DEPOSIT_INIT, merchant_fail_url: null } });
    const { store } = await renderAt(<ResultRoutes />, {
      address:
        '/deposit/deposit-error?merchant_redirect_url=brand.example%2Fcasino%2Flobby%3Ftab%3D2&lang=de-brand0',
      state: { paySession: declined },
    });
    await initLoaded(store);
    await userEvent.click(screen.getByRole('button', { name: 'Back to the game' }));
    expect(browserWindow.assign).toHaveBeenCalledWith('https://brand.example/casino/de/deposit');
  });

  it('the pay session URLs come before the init answer', async () => {
    stubServer();
    const { store } = await renderAt(<ResultRoutes />, {
      address: '/deposit/deposit-error',
      state: { paySession: { ...declined, fail_url: 'https://shop.example/failed' } },
    });
    await initLoaded(store);
    await userEvent.click(screen.getByRole('button', { name: 'Back to the game' }));
    expect(browserWindow.assign).toHaveBeenCalledWith('https://shop.example/failed');
  });

  it('with no usable URL and no host: goes back to the method list instead of a dead end', async () => {
    vi.mocked(requestReInit).mockReturnValueOnce(false);
    stubServer({
      init: {
        ...EXAMPLE_DEPOSIT_INIT,
        merchant_url: null,
        merchant_success_url: null,
        merchant_fail_url: null,
      },
    });
    const { store } = await renderAt(<ResultRoutes />, { address: '/deposit/deposit-success' });
    await initLoaded(store);
    await userEvent.click(screen.getByRole('button', { name: 'Back to the game' }));
    expect(requestReInit).toHaveBeenCalledTimes(1);
    expect(location().textContent).toBe('/deposit?session_id=test-session&lang=en-brand0');
  });
});

describe('result page: close icon (SPEC §2 in_pop_up / close_icon, withdrawal close order)', () => {
  it('is absent without in_pop_up or close_icon', async () => {
    stubServer();
    await renderAt(<ResultRoutes />, { address: '/deposit/deposit-success' });
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('closes a withdrawal success page by the success-first close order', async () => {
    const payoutInit = {
      ...EXAMPLE_PAYOUT_INIT,
      merchant_success_url: 'https://brand0.example.com/cashier/success',
      merchant_processing_url: 'https://brand0.example.com/cashier/processing',
      merchant_redirect_type: 'self',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse(payoutInit))),
    );
    const { store } = await renderAt(<ResultRoutes />, {
      address: '/withdrawal/withdrawal-success?close_icon=1',
    });
    await initLoaded(store);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(browserWindow.assign).toHaveBeenCalledWith('https://brand0.example.com/cashier/success');
  });

  it('closes a withdrawal processing page by the processing-first close order', async () => {
    const payoutInit = {
      ...EXAMPLE_PAYOUT_INIT,
      merchant_success_url: 'https://brand0.example.com/cashier/success',
      merchant_processing_url: 'https://brand0.example.com/cashier/processing',
      merchant_redirect_type: 'self',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse(payoutInit))),
    );
    const { store } = await renderAt(<ResultRoutes />, {
      address: '/withdrawal/withdrawal-processing?in_pop_up=1',
    });
    await initLoaded(store);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(browserWindow.assign).toHaveBeenCalledWith(
      'https://brand0.example.com/cashier/processing',
    );
  });
});

describe('result page: status from the server (SPEC §7 payments/status)', () => {
  it('moves to the status the server knows (a success redirect still settling)', async () => {
    stubServer({ statuses: [status('processing', false)] });
    await renderAt(<ResultRoutes />, { address: '/deposit/deposit-success?transaction_id=tx_1' });
    await waitFor(() => {
      expect(location().textContent).toBe(
        '/deposit/deposit-processing?transaction_id=tx_1&session_id=test-session&lang=en-brand0',
      );
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Deposit is being processed',
    );
  });

  it('a processing payment that settles: the success page keeps its amount and the balance is asked again', async () => {
    // A provider answer lost after the charge: the submit answered processing.
    const processing = {
      ...EXAMPLE_PAY_SESSION_DECLINED,
      transaction_id: 'tx_1',
      result_status: 'processing',
      session_status: 'active',
      transaction_status: 'created',
      decline_page_settings: null,
      error_code: null,
      error_message: null,
      amount: '50.00',
      currency: 'EUR',
    };
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubServer({
      statuses: [status('processing', false), status('success', true)],
    });
    const { store } = await renderAt(<ResultRoutes />, {
      address: '/deposit/deposit-processing?transaction_id=tx_1',
      state: { paySession: processing, payGroupId: '7' },
    });
    await initLoaded(store);
    const callsTo = (path: string) =>
      fetchMock.mock.calls.filter(([input]) => requestUrl(input).includes(path)).length;
    // The poll on arrival: still processing.
    await waitFor(() => {
      expect(callsTo('/payments/status/')).toBe(1);
    });
    const initCalls = callsTo('/payments/groups/init');
    act(() => {
      vi.advanceTimersByTime(PROCESSING_POLL_MS);
    });
    await screen.findByRole('heading', { level: 1, name: 'Deposit successful' });
    expect(location().textContent).toBe(
      '/deposit/deposit-success?transaction_id=tx_1&session_id=test-session&lang=en-brand0',
    );
    expect(detail('Amount')).toBe('50.00 EUR');
    // The credited balance: the init answer (the method list's balance) is fetched again.
    await waitFor(() => {
      expect(callsTo('/payments/groups/init')).toBe(initCalls + 1);
    });
  });

  it('SPEC §3 user_balance: a success page whose payment settled elsewhere (a QR paid, a redirect) reads the list again, so its balance is the new one', async () => {
    // The submit answered await (the display form); the payment was paid at the provider and the
    // page opened on its own status: nothing moves, and the list's answer is still the one read
    // at submit time, before the credit.
    const paid = {
      ...EXAMPLE_PAY_SESSION_DECLINED,
      transaction_id: 'tx_1',
      result_status: 'success',
      transaction_status: 'success',
      decline_page_settings: null,
      error_code: null,
      error_message: null,
      amount: '60.00',
      currency: 'EUR',
      user_balance: null,
    };
    const fetchMock = stubServer({ statuses: [status('success', true)] });
    const { store } = await renderAt(<ResultRoutes />, {
      address: '/deposit/deposit-success',
      state: { paySession: paid, payGroupId: '7' },
    });
    await initLoaded(store);
    const callsTo = (path: string) =>
      fetchMock.mock.calls.filter(([input]) => requestUrl(input).includes(path)).length;
    await waitFor(() => {
      expect(detail('New balance')).toBe('150.00 EUR');
    });
    await waitFor(() => {
      expect(callsTo('/payments/groups/init')).toBe(2);
    });
    expect(location().textContent).toMatch(/^\/deposit\/deposit-success\?/);
  });

  it('SPEC §4 realtime: on the await page a push naming the transaction reads the status at once and shows the final result without a click', async () => {
    const fetchMock = stubServer({ statuses: [status('await', false), status('success', true)] });
    const { store } = await renderAt(<ResultRoutes />, {
      address: '/deposit/deposit-await?transaction_id=tx_1',
    });
    const statusCalls = () =>
      fetchMock.mock.calls.filter(([input]) => requestUrl(input).includes('/payments/status/'))
        .length;
    await waitFor(() => {
      expect(statusCalls()).toBe(1);
    });
    act(() => {
      store.dispatch(transactionPushed('tx_1'));
    });
    await waitFor(() => {
      expect(location().textContent).toBe(
        '/deposit/deposit-success?transaction_id=tx_1&session_id=test-session&lang=en-brand0',
      );
    });
    expect(statusCalls()).toBe(2);
  });

  it('await page: the check-status button polls again and shows the final result', async () => {
    const fetchMock = stubServer({ statuses: [status('await', false), status('success', true)] });
    await renderAt(<ResultRoutes />, { address: '/deposit/deposit-await?transaction_id=tx_1' });
    const check = await screen.findByRole('button', { name: 'Check the status' });
    await waitFor(() => {
      expect(check.hasAttribute('disabled')).toBe(false);
    });
    await userEvent.click(check);
    await waitFor(() => {
      expect(location().textContent).toBe(
        '/deposit/deposit-success?transaction_id=tx_1&session_id=test-session&lang=en-brand0',
      );
    });
    const statusCalls = fetchMock.mock.calls.filter(([input]) =>
      requestUrl(input).includes('/payments/status/'),
    );
    expect(statusCalls.map(([input]) => requestUrl(input))).toEqual([
      '/api/cashier-service/v1.0/payments/status/tx_1',
      '/api/cashier-service/v1.0/payments/status/tx_1',
    ]);
  });
});

describe('result page: the payment result for the host page (embed SDK result event)', () => {
  const reports = () => vi.mocked(reportPaymentResult).mock.calls.map(([message]) => message);

  it('a declined payment is reported once, with flow, status, amount, currency and transaction', async () => {
    stubServer();
    const { store } = await renderAt(<ResultRoutes />, {
      address: '/deposit/deposit-error',
      state: { paySession: declined, payGroupId: '42' },
    });
    // The init answer arrives and re-renders the page: still one report.
    await initLoaded(store);
    expect(reports()).toEqual([
      {
        target: 'cashier',
        type: 'paymentResult',
        flow: 'deposit',
        status: 'error',
        amount: '50.00',
        currency: 'EUR',
        transactionId: 'tx_01HZXA',
      },
    ]);
  });

  it('a processing page reports nothing; the success it settles into is reported once with its amount', async () => {
    const processing = {
      ...declined,
      transaction_id: 'tx_1',
      result_status: 'processing',
      session_status: 'active',
      transaction_status: 'created',
      decline_page_settings: null,
      error_code: null,
      error_message: null,
      amount: '12.34',
      currency: 'EUR',
    };
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubServer({
      statuses: [status('processing', false), status('success', true)],
    });
    const { store } = await renderAt(<ResultRoutes />, {
      address: '/deposit/deposit-processing?transaction_id=tx_1',
      state: { paySession: processing, payGroupId: '7' },
    });
    await initLoaded(store);
    await waitFor(() => {
      expect(
        fetchMock.mock.calls.filter(([input]) => requestUrl(input).includes('/payments/status/')),
      ).toHaveLength(1);
    });
    expect(reports()).toEqual([]);
    act(() => {
      vi.advanceTimersByTime(PROCESSING_POLL_MS);
    });
    await screen.findByRole('heading', { level: 1, name: 'Deposit successful' });
    await waitFor(() => {
      expect(reports()).toHaveLength(1);
    });
    expect(reports()[0]).toMatchObject({
      flow: 'deposit',
      status: 'success',
      amount: '12.34',
      currency: 'EUR',
      transactionId: 'tx_1',
    });
  });

  it("SPEC §2 result page: one opened from its address alone waits for the server to confirm it, and reports the status answer's amount", async () => {
    stubServer({ statuses: [status('success', true)] });
    await renderAt(<ResultRoutes />, {
      address: '/withdrawal/withdrawal-success?transaction_id=tx_1',
    });
    await waitFor(() => {
      expect(reports()).toHaveLength(1);
    });
    // No pay session came with the page: the figures are the status answer's.
    expect(reports()[0]).toEqual({
      target: 'cashier',
      type: 'paymentResult',
      flow: 'withdrawal',
      status: 'success',
      amount: '50.00',
      currency: 'EUR',
      transactionId: 'tx_1',
    });
  });

  it('a success page the server does not confirm reports nothing', async () => {
    stubServer({ statuses: [status('processing', false)] });
    await renderAt(<ResultRoutes />, { address: '/deposit/deposit-success?transaction_id=tx_1' });
    await screen.findByRole('heading', { level: 1, name: 'Deposit is being processed' });
    expect(reports()).toEqual([]);
  });
});

describe('processing page: redirect time-out (SPEC §2, §9)', () => {
  it('counts down processing_page_redirect_timeout and then takes the player to the merchant', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubServer();
    await renderAt(<ResultRoutes />, { address: '/deposit/deposit-processing' });
    // EXAMPLE_DEPOSIT_INIT has processing_page_redirect_timeout 10.
    await screen.findByText('Returning you to the site in 10 s');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByText('Returning you to the site in 9 s')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(8000);
    });
    expect(browserWindow.assign).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    // No processing URL: merchant_redirect_url is absent, so the merchant URL (SPEC §2 order).
    expect(browserWindow.assign).toHaveBeenCalledTimes(1);
    expect(browserWindow.assign).toHaveBeenCalledWith('https://brand0.example.com/');
  });

  it('SPEC §2, §9, WCAG 2.2.1: "Stay on this page" turns the redirect off; the buttons still lead on', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubServer();
    await renderAt(<ResultRoutes />, { address: '/deposit/deposit-processing' });
    await screen.findByText('Returning you to the site in 10 s');
    act(() => {
      vi.advanceTimersByTime(8000);
    });
    act(() => {
      screen.getByRole('button', { name: 'Stay on this page' }).click();
    });
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(browserWindow.assign).not.toHaveBeenCalled();
    expect(
      screen.getByText('You stay on this page. Go back to the game whenever you are ready.'),
    ).toBeTruthy();
    // The player leaves when they choose to.
    act(() => {
      screen.getByRole('button', { name: 'Back to the game' }).click();
    });
    expect(browserWindow.assign).toHaveBeenCalledWith('https://brand0.example.com/');
  });

  it('uses the default 30 s when the init answer is unavailable (SPEC §9)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse({ error_code: '1999', error_message: 'x' }, 500))),
    );
    await renderAt(<ResultRoutes />, { address: '/deposit/deposit-processing' });
    expect(await screen.findByText('Returning you to the site in 30 s')).toBeTruthy();
  });
});
