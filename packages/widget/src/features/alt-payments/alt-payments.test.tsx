import { act, screen, waitFor } from '@testing-library/react';
import { EXAMPLE_INTERACTION, EXAMPLE_PAY_SESSION_DECLINED } from '@cashdesk/contract';
import { findRoute } from '@cashdesk/domain';
import type { RouteDefinition } from '@cashdesk/domain';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderAt, requestUrl } from '../../test/render-at';
import type * as HostBridge from '../../host/host-bridge';
import { transactionPushed, transactionsSubscribed } from '../../realtime/realtime-slice';
import { AltPaymentPage } from './alt-payment-page';
import { nextPollDelay, POLL_GIVE_UP_MS, POLL_MAX_MS } from './poll-delay';
import { altTransactionId } from './transaction-id';

vi.mock('../../host/host-bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof HostBridge>()),
  scrollToTop: vi.fn(),
}));

function routeOf(id: string): RouteDefinition {
  const route = findRoute(id);
  if (route === null) throw new Error(`no route ${id}`);
  return route;
}

function AltRoutes() {
  return (
    <Routes>
      {[
        'payments-interaction',
        'payments-status',
        'payments-3ds-result',
        '3ds-result',
        '3ds-result-session',
      ].map((id) => {
        const route = routeOf(id);
        return <Route key={id} path={route.path} element={<AltPaymentPage route={route} />} />;
      })}
      <Route path="*" element={null} />
    </Routes>
  );
}

/** What every status answer says of the payment (the details a result page shows). */
const PAYMENT_DETAILS = {
  amount: '50.00',
  currency: 'EUR',
  fee: '0.00',
  tax: '0.00',
  bonus: '0.00',
  method_name: 'Sandbox Wallet',
  reference: 'tx_1',
  user_balance: '100.00',
};

function statusAnswer(transactionStatus: string, resultStatus: string, nextPollMs: number | null) {
  return {
    transaction_id: 'tx_1',
    transaction_status: transactionStatus,
    result_status: resultStatus,
    terminal: nextPollMs === null,
    next_poll_ms: nextPollMs,
    ...PAYMENT_DETAILS,
  };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('status poll pacing (SPEC §7 status poll)', () => {
  it.each([
    [0, null, 2000],
    [1, null, 3000],
    [2, null, 4500],
    [0, 5000, 5000],
    [3, 500, 6750],
    [20, null, POLL_MAX_MS],
    [20, 120_000, 120_000],
  ])('attempt %i with next_poll_ms %s waits %i ms', (attempt, hint, expected) => {
    expect(nextPollDelay(attempt, hint)).toBe(expected);
  });
});

describe('alternative payment identifier (SPEC §7 "identifier from the last path segment")', () => {
  it('takes transaction_id of the query first (the server return address)', () => {
    expect(altTransactionId('?transaction_id=tx_9&session_id=s', 'sandbox')).toBe('tx_9');
  });
  it('else the last path segment', () => {
    expect(altTransactionId('?session_id=s', 'tx_7')).toBe('tx_7');
  });
  it('else none', () => {
    expect(altTransactionId('', undefined)).toBeNull();
  });
});

describe('status page (SPEC §2 /payments/status/{provider})', () => {
  it('polls with the backoff until the status is final, then shows the result page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [
      statusAnswer('processing', 'processing', 500),
      statusAnswer('await', 'await', 500),
      statusAnswer('success', 'success', null),
    ];
    const fetchMock = vi.fn<(input: unknown) => Promise<Response>>(() =>
      Promise.resolve(jsonResponse(answers.shift())),
    );
    vi.stubGlobal('fetch', fetchMock);
    await renderAt(<AltRoutes />, { address: '/payments/status/sandbox?transaction_id=tx_1' });
    expect(await screen.findByText(/Your payment is being processed/)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Waiting for the confirmation of your payment…')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2500);
    });
    // The second wait is 3000 ms (backoff 2000 × 1.5; the server asked for only 500).
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    await waitFor(() => {
      expect(screen.getByTestId('location').textContent).toBe(
        '/deposit/deposit-success?transaction_id=tx_1&session_id=test-session&lang=en-brand0',
      );
    });
    expect(fetchMock.mock.calls.map(([input]) => requestUrl(input))).toEqual([
      '/api/cashier-service/v1.0/payments/status/tx_1',
      '/api/cashier-service/v1.0/payments/status/tx_1',
      '/api/cashier-service/v1.0/payments/status/tx_1',
    ]);
  });

  it('goes on polling after a failed call', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [
      jsonResponse({ error_code: '1999', error_message: 'boom' }, 500),
      jsonResponse(statusAnswer('error', 'error', null)),
    ];
    const fetchMock = vi.fn(() => Promise.resolve(answers.shift()));
    vi.stubGlobal('fetch', fetchMock);
    await renderAt(<AltRoutes />, { address: '/payments/status/tx_1' });
    expect(
      await screen.findByText('The status could not be checked; trying again shortly.'),
    ).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    await waitFor(() => {
      expect(screen.getByTestId('location').textContent).toBe(
        '/deposit/deposit-error?session_id=test-session&lang=en-brand0&transaction_id=tx_1',
      );
    });
  });
});

// A server hint far past the test's timeout, yet short of the poll's give-up (SPEC §9 timeout S).
const LONG_MS = POLL_GIVE_UP_MS / 2;

describe('status page and realtime pushes (SPEC §4 realtime)', () => {
  it('SPEC §4: a push naming the transaction polls at once instead of after the back-off delay', async () => {
    // The server asks for the next poll minutes later: the push alone can cause the second call.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [
      statusAnswer('processing', 'processing', LONG_MS),
      statusAnswer('success', 'success', null),
    ];
    const fetchMock = vi.fn<(input: unknown) => Promise<Response>>(() =>
      Promise.resolve(jsonResponse(answers.shift())),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { store } = await renderAt(<AltRoutes />, {
      address: '/payments/status/sandbox?transaction_id=tx_1',
    });
    expect(await screen.findByText(/Your payment is being processed/)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    act(() => {
      store.dispatch(transactionPushed('tx_other'));
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    act(() => {
      store.dispatch(transactionPushed('tx_1'));
    });
    await waitFor(() => {
      expect(screen.getByTestId('location').textContent).toBe(
        '/deposit/deposit-success?transaction_id=tx_1&session_id=test-session&lang=en-brand0',
      );
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('SPEC §4: a push heard while a poll is out polls again as soon as that poll answers', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answerFirst: (response: Response) => void = () => undefined;
    const answers = [
      new Promise<Response>((resolve) => {
        answerFirst = resolve;
      }),
      Promise.resolve(jsonResponse(statusAnswer('success', 'success', null))),
    ];
    const fetchMock = vi.fn<(input: unknown) => Promise<Response>>(
      () => answers.shift() ?? Promise.reject(new Error('no more answers')),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { store } = await renderAt(<AltRoutes />, {
      address: '/payments/status/sandbox?transaction_id=tx_1',
    });
    await waitFor(() => {
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
    act(() => {
      store.dispatch(transactionPushed('tx_1'));
    });
    // The first poll, sent before the move, answers "processing" and asks for minutes of quiet.
    answerFirst(jsonResponse(statusAnswer('processing', 'processing', LONG_MS)));
    await waitFor(() => {
      expect(screen.getByTestId('location').textContent).toBe(
        '/deposit/deposit-success?transaction_id=tx_1&session_id=test-session&lang=en-brand0',
      );
    });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('SPEC §4: a resubscribe of the transactions channel reads the status again (missed pushes are not replayed)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [
      statusAnswer('processing', 'processing', LONG_MS),
      statusAnswer('await', 'await', LONG_MS),
    ];
    const fetchMock = vi.fn<(input: unknown) => Promise<Response>>(() =>
      Promise.resolve(jsonResponse(answers.shift())),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { store } = await renderAt(<AltRoutes />, {
      address: '/payments/status/sandbox?transaction_id=tx_1',
    });
    expect(await screen.findByText(/Your payment is being processed/)).toBeTruthy();
    act(() => {
      store.dispatch(transactionsSubscribed());
    });
    expect(await screen.findByText('Waiting for the confirmation of your payment…')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('interaction page (SPEC §2 /payments/interaction/{provider}, §7)', () => {
  it('shows the instructions as text and a continue button to the provider page', async () => {
    const fetchMock = vi.fn<(input: unknown) => Promise<Response>>(() =>
      Promise.resolve(jsonResponse({ ...EXAMPLE_INTERACTION, transaction_id: 'tx_1' })),
    );
    vi.stubGlobal('fetch', fetchMock);
    await renderAt(<AltRoutes />, { address: '/payments/interaction/sandbox?transaction_id=tx_1' });
    expect(await screen.findByText('Open the Sandbox Wallet page.')).toBeTruthy();
    expect(screen.getByText('Confirm the payment of 50.00 EUR.')).toBeTruthy();
    expect(screen.getByText('Amount: 50.00 EUR')).toBeTruthy();
    const link = screen.getByRole('link', {
      name: 'Continue to the payment page (opens a new window)',
    });
    expect(link.getAttribute('href')).toBe('https://cashier.example.com/sandbox/wallet/tx_01HZXB');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(requestUrl(fetchMock.mock.calls[0]?.[0])).toBe(
      '/api/cashier-service/v1.0/payments/interaction/tx_1',
    );
  });
});

describe('3-D Secure result of an alternative payment (SPEC §2 /payments/3ds_result, §7)', () => {
  it('posts payments/3ds-result once and shows the final result page with the pay session', async () => {
    const paySession = { ...EXAMPLE_PAY_SESSION_DECLINED, transaction_id: 'tx_1' };
    const fetchMock = vi.fn<(input: unknown, init?: RequestInit) => Promise<Response>>(() =>
      Promise.resolve(jsonResponse(paySession)),
    );
    vi.stubGlobal('fetch', fetchMock);
    await renderAt(<AltRoutes />, {
      address: '/payments/3ds_result/sandbox?transaction_id=tx_1&session_id=s_1&status=error',
    });
    await waitFor(() => {
      expect(screen.getByTestId('location').textContent).toBe(
        '/deposit/deposit-error?transaction_id=tx_1&session_id=s_1&status=error&lang=en-brand0',
      );
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [input, init] = fetchMock.mock.calls[0] ?? [];
    expect(requestUrl(input)).toBe('/api/cashier-service/v1.0/payments/3ds-result');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ transaction_id: 'tx_1', session_id: 's_1' }));
    const state: unknown = JSON.parse(
      screen.getByTestId('location').getAttribute('data-state') ?? 'null',
    );
    expect(state).toEqual({ paySession: { ...paySession, action: 'redirect' } });
  });
});

describe('3-D Secure result naming its session in the path (SPEC §7 payments/3ds-result)', () => {
  it('calls payments/3ds-result with the session of the last path segment', async () => {
    const paySession = { ...EXAMPLE_PAY_SESSION_DECLINED, transaction_id: 'tx_5' };
    const fetchMock = vi.fn<(input: unknown, init?: RequestInit) => Promise<Response>>(() =>
      Promise.resolve(jsonResponse(paySession)),
    );
    vi.stubGlobal('fetch', fetchMock);
    // No session_id in the query: start-up takes it from the path.
    await renderAt(<AltRoutes />, {
      address: '/3ds_result/s_from_path?transaction_id=tx_5',
      sessionId: null,
    });
    await waitFor(() => {
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
    const [input, init] = fetchMock.mock.calls[0] ?? [];
    expect(requestUrl(input)).toBe('/api/cashier-service/v1.0/payments/3ds-result');
    expect(new Headers(init?.headers).get('x-session-id')).toBe('s_from_path');
  });
});

describe('3-D Secure result of a card inside the cashier (SPEC §2 /3ds_result, result message)', () => {
  const ownParent = Object.getOwnPropertyDescriptor(window, 'parent');
  afterEach(() => {
    if (ownParent === undefined) Reflect.deleteProperty(window, 'parent');
    else Object.defineProperty(window, 'parent', ownParent);
  });

  /** Puts this page in a frame whose parent is `parent`. */
  function framedBy(parent: { location: { origin: string }; postMessage: unknown }) {
    Object.defineProperty(window, 'parent', { configurable: true, value: parent });
  }

  it('inside the method page frame: hands the result to the cashier around it and stays', async () => {
    const paySession = { ...EXAMPLE_PAY_SESSION_DECLINED, transaction_id: 'tx_7' };
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse(paySession))),
    );
    const postMessage = vi.fn<(data: unknown, origin: string) => void>();
    framedBy({ location: { origin: window.location.origin }, postMessage });
    await renderAt(<AltRoutes />, { address: '/3ds_result?transaction_id=tx_7&status=error' });
    await waitFor(() => {
      expect(postMessage).toHaveBeenCalledTimes(1);
    });
    expect(postMessage).toHaveBeenCalledWith(
      {
        target: 'cashier',
        type: 'result',
        paymentType: 'deposit',
        status: 'error',
        transactionId: 'tx_7',
      },
      window.location.origin,
    );
    await screen.findByText('Done. Returning to the cashier…');
    expect(screen.getByTestId('location').textContent).toMatch(/^\/3ds_result\?/);
  });

  it('in a brand page of another origin (a redirect, not the cashier frame): shows the result itself', async () => {
    const paySession = { ...EXAMPLE_PAY_SESSION_DECLINED, transaction_id: 'tx_8' };
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse(paySession))),
    );
    const postMessage = vi.fn();
    const brandPage = {
      get location(): { origin: string } {
        throw new DOMException('Blocked a frame with origin', 'SecurityError');
      },
      postMessage,
    };
    framedBy(brandPage);
    await renderAt(<AltRoutes />, { address: '/3ds_result?transaction_id=tx_8' });
    await waitFor(() => {
      expect(screen.getByTestId('location').textContent).toMatch(
        /^\/deposit\/deposit-error\?transaction_id=tx_8/,
      );
    });
    expect(postMessage).not.toHaveBeenCalledWith(
      expect.objectContaining({ type: 'result' }),
      expect.anything(),
    );
  });
});
