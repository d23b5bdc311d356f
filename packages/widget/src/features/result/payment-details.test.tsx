import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  EXAMPLE_DEPOSIT_INIT,
  EXAMPLE_PAY_SESSION_DECLINED,
  EXAMPLE_PAYOUT_INIT,
} from '@cashdesk/contract';
import { ROUTES } from '@cashdesk/domain';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResultPage } from './result-page';
import { jsonResponse, renderAt, requestUrl } from '../../test/render-at';

vi.mock('../../host/host-bridge', () => ({
  scrollToTop: vi.fn(),
  requestReInit: vi.fn(() => true),
  reportPaymentResult: vi.fn(() => true),
}));

function ResultRoutes() {
  return (
    <Routes>
      {ROUTES.filter((route) => route.resultStatus !== null).map((route) => (
        <Route key={route.id} path={route.path} element={<ResultPage route={route} />} />
      ))}
      <Route path="*" element={null} />
    </Routes>
  );
}

/** The status answer of tx_7 (with the fields the result page's details show). */
function statusAnswer(result: string, overrides: Record<string, unknown> = {}) {
  const terminal = result === 'success' || result === 'error';
  return {
    transaction_id: 'tx_7',
    transaction_status: result,
    result_status: result,
    terminal,
    next_poll_ms: terminal ? null : 2000,
    amount: '1500.00',
    currency: 'EUR',
    fee: '15.00',
    tax: '0.00',
    bonus: '50.00',
    method_name: 'Visa / Mastercard',
    reference: 'tx_7',
    user_balance: '1750.00',
    ...overrides,
  };
}

/** Stubs fetch: the flow's init answer and the status answer (`null`: the call fails). */
function stubServer(status: unknown, init: unknown = EXAMPLE_DEPOSIT_INIT) {
  const fetchMock = vi.fn((input: unknown) => {
    const url = requestUrl(input);
    if (url.endsWith('/groups/init')) return Promise.resolve(jsonResponse(init));
    if (url.includes('/payments/status/') && status !== null) {
      return Promise.resolve(jsonResponse(status));
    }
    return Promise.resolve(jsonResponse({ error_code: '1008', error_message: 'not found' }, 404));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The details list as label → value pairs, in order. */
function detailRows(): [string, string][] {
  const list = document.querySelector('dl.cd-result__details');
  if (!(list instanceof HTMLElement)) return [];
  return within(list)
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent ?? '']);
}

async function detailsShown(label: string, value: string) {
  await waitFor(() => {
    expect(detailRows()).toContainEqual([label, value]);
  });
}

const paySession = {
  ...EXAMPLE_PAY_SESSION_DECLINED,
  transaction_id: 'tx_7',
  result_status: 'success',
  transaction_status: 'success',
  session_status: 'completed',
  decline_page_settings: null,
  error_code: null,
  error_message: null,
  error_fatal: false,
  amount: '1500.00',
  currency: 'EUR',
  user_balance: '1700.00',
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('result page details (SPEC §2 result page, §3 pay session)', () => {
  it('a deposit success shows amount, method, reference, fee, bonus and the new balance read from the server', async () => {
    stubServer(statusAnswer('success'));
    await renderAt(<ResultRoutes />, {
      address: '/deposit/deposit-success?transaction_id=tx_7',
      state: { paySession, payGroupId: '42' },
    });
    await detailsShown('Payment method', 'Visa / Mastercard');
    expect(detailRows()).toEqual([
      ['Amount', '1 500.00 EUR'],
      ['Payment method', 'Visa / Mastercard'],
      ['Reference', 'tx_7'],
      ['Fee', '15.00 EUR'],
      ['Bonus', '50.00 EUR'],
      // The server's balance wins over the pay session's (1 700.00): read after the credit.
      ['New balance', '1 750.00 EUR'],
    ]);
  });

  it('a page loaded from a return address (only the transaction id) shows the same details', async () => {
    stubServer(statusAnswer('success'));
    await renderAt(<ResultRoutes />, { address: '/deposit/deposit-success?transaction_id=tx_7' });
    await detailsShown('Reference', 'tx_7');
    expect(detailRows()).toEqual([
      ['Amount', '1 500.00 EUR'],
      ['Payment method', 'Visa / Mastercard'],
      ['Reference', 'tx_7'],
      ['Fee', '15.00 EUR'],
      ['Bonus', '50.00 EUR'],
      ['New balance', '1 750.00 EUR'],
    ]);
  });

  it('a decline shows amount, method, reference and the balance, but no fee or bonus (nothing was charged)', async () => {
    stubServer(statusAnswer('error'));
    await renderAt(<ResultRoutes />, {
      address: '/deposit/deposit-error?transaction_id=tx_7',
      state: {
        paySession: { ...EXAMPLE_PAY_SESSION_DECLINED, transaction_id: 'tx_7' },
        payGroupId: '42',
      },
    });
    await detailsShown('Payment method', 'Visa / Mastercard');
    expect(detailRows()).toEqual([
      ['Amount', '1 500.00 EUR'],
      ['Payment method', 'Visa / Mastercard'],
      ['Reference', 'tx_7'],
      ['Balance', '1 750.00 EUR'],
    ]);
  });

  it('a processing page shows the details with the balance as it stands', async () => {
    stubServer(statusAnswer('processing', { bonus: '0.00' }));
    await renderAt(<ResultRoutes />, {
      address: '/deposit/deposit-processing?transaction_id=tx_7',
    });
    await detailsShown('Reference', 'tx_7');
    expect(detailRows()).toEqual([
      ['Amount', '1 500.00 EUR'],
      ['Payment method', 'Visa / Mastercard'],
      ['Reference', 'tx_7'],
      ['Fee', '15.00 EUR'],
      ['Balance', '1 750.00 EUR'],
    ]);
  });

  it('a withdrawal success shows amount, method, where it goes, reference, fee, tax, what the player receives and the new balance, never a bonus', async () => {
    stubServer(
      statusAnswer('success', {
        amount: '200.00',
        fee: '2.00',
        tax: '9.80',
        bonus: '5.00',
        received: '188.20',
        destination: 'DE89 **** **** 3000',
      }),
      EXAMPLE_PAYOUT_INIT,
    );
    await renderAt(<ResultRoutes />, {
      address: '/withdrawal/withdrawal-success?transaction_id=tx_7',
    });
    await detailsShown('Reference', 'tx_7');
    expect(detailRows()).toEqual([
      // EXAMPLE_PAYOUT_INIT's brand writes amounts with the symbol after them (setting 3).
      ['Amount', '200.00 €'],
      ['Payment method', 'Visa / Mastercard'],
      ['Sent to', 'DE89 **** **** 3000'],
      ['Reference', 'tx_7'],
      ['Fee', '2.00 €'],
      ['Tax withheld', '9.80 €'],
      ['You receive', '188.20 €'],
      ['New balance', '1 750.00 €'],
    ]);
    // The way back names the withdrawal methods, not payment methods.
    expect(screen.getByRole('button', { name: 'All withdrawal methods' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'All payment methods' })).toBeNull();
  });

  it('a declined withdrawal says where it was to go, but no amount received', async () => {
    stubServer(
      statusAnswer('error', {
        amount: '200.00',
        received: '188.20',
        destination: 'Visa •••• 1111',
      }),
      EXAMPLE_PAYOUT_INIT,
    );
    await renderAt(<ResultRoutes />, {
      address: '/withdrawal/withdrawal-error?transaction_id=tx_7',
    });
    await detailsShown('Sent to', 'Visa •••• 1111');
    expect(detailRows().map(([label]) => label)).not.toContain('You receive');
  });

  it('what is not known is left out, never shown as an empty row', async () => {
    // The status call fails: the pay session gives the amount and balance, nothing else.
    stubServer(null);
    await renderAt(<ResultRoutes />, {
      address: '/deposit/deposit-success?transaction_id=tx_7',
      state: { paySession, payGroupId: '42' },
    });
    await detailsShown('Amount', '1 500.00 EUR');
    expect(detailRows()).toEqual([
      ['Amount', '1 500.00 EUR'],
      ['New balance', '1 700.00 EUR'],
    ]);
    for (const definition of screen.getAllByRole('definition')) {
      expect(definition.textContent.trim()).not.toBe('');
    }
  });

  it('no details list at all without a payment to describe', async () => {
    const fetchMock = stubServer(statusAnswer('success'));
    await renderAt(<ResultRoutes />, { address: '/deposit/deposit-success' });
    await screen.findByRole('heading', { level: 1, name: 'Deposit successful' });
    expect(document.querySelector('dl')).toBeNull();
    expect(
      fetchMock.mock.calls.filter(([input]) => requestUrl(input).includes('/payments/status/')),
    ).toHaveLength(0);
  });

  it("amounts follow the brand's one money format (currency_display_setting_id)", async () => {
    stubServer(statusAnswer('success', { currency: 'USD' }), {
      ...EXAMPLE_DEPOSIT_INIT,
      widget_settings: { ...EXAMPLE_DEPOSIT_INIT.widget_settings, currency_display_setting_id: 4 },
    });
    await renderAt(<ResultRoutes />, { address: '/deposit/deposit-success?transaction_id=tx_7' });
    await detailsShown('Amount', '$1 500.00');
    expect(detailRows()).toContainEqual(['New balance', '$1 750.00']);
  });

  it('the reference is copied with its button, then confirmed (SPEC §2 copy)', async () => {
    stubServer(statusAnswer('success'));
    const user = userEvent.setup();
    await renderAt(<ResultRoutes />, { address: '/deposit/deposit-success?transaction_id=tx_7' });
    await user.click(await screen.findByRole('button', { name: 'Copy the reference' }));
    expect(await navigator.clipboard.readText()).toBe('tx_7');
    expect(await screen.findByText('Reference copied')).toBeDefined();
  });

  it('the balance is read again on every arrival, not kept from an earlier answer', async () => {
    const fetchMock = stubServer(statusAnswer('success'));
    const first = await renderAt(<ResultRoutes />, {
      address: '/deposit/deposit-success?transaction_id=tx_7',
    });
    await detailsShown('New balance', '1 750.00 EUR');
    first.unmount();
    stubServer(statusAnswer('success', { user_balance: '1800.00' }));
    await renderAt(<ResultRoutes />, { address: '/deposit/deposit-success?transaction_id=tx_7' });
    await detailsShown('New balance', '1 800.00 EUR');
    expect(fetchMock).toHaveBeenCalled();
  });

  it("while the operator's wallet does not answer, the page shows the payment without a balance row", async () => {
    stubServer(statusAnswer('success', { user_balance: null }));
    await renderAt(<ResultRoutes />, { address: '/deposit/deposit-success?transaction_id=tx_7' });
    await detailsShown('Amount', '1 500.00 EUR');
    expect(screen.queryByText('New balance')).toBeNull();
  });
});
