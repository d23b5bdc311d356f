/**
 * SPEC §2 result status charity-success: a provider's return (or a host) opens the charity
 * success page of either flow by its address; the server calls the payment a success, and the
 * page stays the charity page (it is no other result) with its thanks and the payment's details.
 */
import { screen, waitFor } from '@testing-library/react';
import { EXAMPLE_DEPOSIT_INIT, EXAMPLE_PAYOUT_INIT } from '@cashdesk/contract';
import { ROUTES } from '@cashdesk/domain';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserWindow } from './finish';
import { ResultPage } from './result-page';
import { jsonResponse, renderAt, requestUrl } from '../../test/render-at';

vi.mock('../../host/host-bridge', () => ({
  scrollToTop: vi.fn(),
  requestReInit: vi.fn(() => true),
  reportPaymentResult: vi.fn(() => true),
}));

const { reportPaymentResult } = await import('../../host/host-bridge');

function ResultRoutes() {
  return (
    <Routes>
      {ROUTES.filter((route) => route.resultStatus !== null).map((route) => (
        <Route key={route.id} path={route.path} element={<ResultPage route={route} />} />
      ))}
    </Routes>
  );
}

/** The server's answers: the init of either flow and a final success of transaction tx_9. */
function stubServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: unknown) => {
      const url = requestUrl(input);
      if (url.endsWith('/payments/groups/init')) {
        return Promise.resolve(jsonResponse(EXAMPLE_DEPOSIT_INIT));
      }
      if (url.endsWith('/payouts/groups/init')) {
        return Promise.resolve(jsonResponse(EXAMPLE_PAYOUT_INIT));
      }
      if (url.includes('/payments/status/tx_9')) {
        return Promise.resolve(
          jsonResponse({
            transaction_id: 'tx_9',
            transaction_status: 'success',
            result_status: 'success',
            terminal: true,
            next_poll_ms: null,
            amount: '20.00',
            currency: 'EUR',
            fee: '0.00',
            tax: '0.00',
            bonus: '0.00',
            method_name: 'Card',
            reference: 'tx_9',
            user_balance: '120.00',
          }),
        );
      }
      return Promise.resolve(jsonResponse({ error_code: '1008', error_message: 'not found' }, 404));
    }),
  );
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  vi.spyOn(browserWindow, 'assign').mockImplementation(() => undefined);
  vi.spyOn(browserWindow, 'open').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('charity success page (SPEC §2 result statuses)', () => {
  it.each([
    ['en', 'deposit', 'Thank you for your donation', 'Your payment went through'],
    ['ar', 'deposit', 'شكرًا لتبرعك', 'تمت عملية الدفع'],
    ['en', 'withdrawal', 'Thank you for your donation', 'Your withdrawal went through'],
  ] as const)(
    'SPEC §2 charity-success (%s, %s): the address opens the charity page, which a server success keeps, with the amount, and the host hears a success',
    async (language, flow, title, text) => {
      stubServer();
      const path = `/${flow}/${flow}-charity-success`;
      await renderAt(<ResultRoutes />, { address: `${path}?transaction_id=tx_9`, language });
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
      expect(screen.getByText(text, { exact: false })).toBeTruthy();
      // The server's success is this page's own status: the page does not move to /…-success.
      await waitFor(() => {
        expect(document.querySelector('.cd-result__detail--amount')?.textContent).toContain(
          '20.00',
        );
      });
      expect(screen.getByTestId('location').textContent.startsWith(path)).toBe(true);
      await waitFor(() => {
        expect(reportPaymentResult).toHaveBeenCalled();
      });
      expect(JSON.stringify(vi.mocked(reportPaymentResult).mock.calls[0])).toContain('success');
    },
  );
});
