import { act, screen, waitFor } from '@testing-library/react';
import {
  EXAMPLE_PAYMENT_HISTORY,
  EXAMPLE_PAY_SESSION_DISPLAY_FORM,
  PaymentHistoryResponse,
} from '@cashdesk/contract';
import { TIMEOUT_LONG_MS } from '@cashdesk/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderAt, requestUrl } from '../test/render-at';
import { ResumeAfterReload, paymentInProgress, resumeTarget } from './resume-after-reload';

const NOW = Date.parse('2030-01-31T12:05:00.000Z');

/** The example history with its open payment made `ageMs` before now. */
function historyAged(ageMs: number): PaymentHistoryResponse {
  const history = PaymentHistoryResponse.parse(EXAMPLE_PAYMENT_HISTORY);
  return {
    ...history,
    payments: history.payments.map((payment) =>
      payment.open ? { ...payment, created_at: new Date(NOW - ageMs).toISOString() } : payment,
    ),
  };
}

function stubHistory(history: PaymentHistoryResponse) {
  const fetchMock = vi.fn((input: unknown) =>
    Promise.resolve(
      requestUrl(input).includes('/payments/history')
        ? jsonResponse(history)
        : jsonResponse({ error_code: '1008', error_message: 'no' }, 404),
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a reload in the middle of a payment (lands on the pending payments)', () => {
  it('counts an open payment of the flow made within SPEC §9 timeout L as one in progress', () => {
    expect(paymentInProgress(historyAged(60_000), 'deposit', NOW)).toBe(true);
    expect(paymentInProgress(historyAged(TIMEOUT_LONG_MS + 1), 'deposit', NOW)).toBe(false);
    expect(paymentInProgress(historyAged(60_000), 'withdrawal', NOW)).toBe(false);
    expect(paymentInProgress({ payments: [], next_cursor: null }, 'deposit', NOW)).toBe(false);
    // One of an earlier cashier session was left by the player: a new session is not taken over.
    const earlier = historyAged(60_000);
    const left = earlier.payments.map((payment) => ({ ...payment, this_session: false }));
    expect(paymentInProgress({ ...earlier, payments: left }, 'deposit', NOW)).toBe(false);
    // A payment the provider is processing waits for nobody's action: nothing to resume.
    const processing = historyAged(60_000);
    const underWay = processing.payments.map((payment) =>
      payment.pay_session === null
        ? payment
        : {
            ...payment,
            pay_session: {
              ...payment.pay_session,
              step: 'await' as const,
              transaction_status: 'processing' as const,
            },
          },
    );
    expect(paymentInProgress({ ...processing, payments: underWay }, 'deposit', NOW)).toBe(false);
  });

  it('asks only on a screen a payment is lost on: a homepage, a method form, the display form without its data (SPEC §2 routes)', () => {
    expect(resumeTarget('/deposit/101', null, 'deposit')).toEqual({
      flow: 'deposit',
      pathname: '/deposit-history',
    });
    expect(resumeTarget('/withdrawal/201', null, 'withdrawal')).toEqual({
      flow: 'withdrawal',
      pathname: '/withdrawal-history',
    });
    expect(resumeTarget('/deposit/deposit-display-form', null, 'deposit')?.pathname).toBe(
      '/deposit-history',
    );
    expect(
      resumeTarget(
        '/deposit/deposit-display-form',
        { paySession: EXAMPLE_PAY_SESSION_DISPLAY_FORM },
        'deposit',
      ),
    ).toBeNull();
    expect(resumeTarget('/deposit', null, 'deposit')?.pathname).toBe('/deposit-history');
    expect(resumeTarget('/deposit/deposit-success', null, 'deposit')).toBeNull();
    expect(resumeTarget('/cards', null, 'deposit')).toBeNull();
  });

  it('replaces a method page started with a payment in progress by the pending payments', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const fetchMock = stubHistory(historyAged(60_000));
    await renderAt(<ResumeAfterReload />, { address: '/deposit/101' });
    await waitFor(() => {
      expect(screen.getByTestId('location').textContent).toBe(
        '/deposit-history?session_id=test-session&lang=en-brand0',
      );
    });
    expect(screen.getByTestId('location').getAttribute('data-state')).toBe('{"resumed":true}');
    expect(fetchMock).toHaveBeenCalled();
  });

  it('leaves a new session on its form when the open payment is an earlier session’s', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const earlier = historyAged(60_000);
    const fetchMock = stubHistory({
      ...earlier,
      payments: earlier.payments.map((payment) => ({ ...payment, this_session: false })),
    });
    await renderAt(<ResumeAfterReload />, { address: '/deposit/101' });
    await waitFor(() => {
      expect(fetchMock).toHaveBeenCalled();
    });
    // The answer has been read by the time the call's promise chain settled.
    await Promise.resolve(fetchMock.mock.results[0]?.value);
    await act(() => Promise.resolve());
    expect(screen.getByTestId('location').textContent).toMatch(/^\/deposit\/101\?/);
  });

  it('leaves the page as it is without a payment in progress, and never asks on a result page', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const fetchMock = stubHistory(historyAged(TIMEOUT_LONG_MS * 2));
    await renderAt(<ResumeAfterReload />, { address: '/deposit/101' });
    await waitFor(() => {
      expect(fetchMock).toHaveBeenCalled();
    });
    // The answer has arrived and was read by then.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('location').textContent).toMatch(/^\/deposit\/101\?/);

    fetchMock.mockClear();
    await renderAt(<ResumeAfterReload />, {
      address: '/deposit/deposit-success',
      sessionId: 'other-session',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
