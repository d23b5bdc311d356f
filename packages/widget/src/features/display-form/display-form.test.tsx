import { getLongValue } from '../../test/long-value';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EXAMPLE_PAY_SESSION_DISPLAY_FORM } from '@cashdesk/contract';
import { findRoute } from '@cashdesk/domain';
import type { RouteDefinition } from '@cashdesk/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderAt, requestUrl } from '../../test/render-at';
import { transactionPushed, transactionsSubscribed } from '../../realtime/realtime-slice';
import { DisplayFormPage } from './display-form-page';

vi.mock('../../host/host-bridge', () => ({ scrollToTop: vi.fn() }));
vi.mock('qrcode', () => ({
  toDataURL: vi.fn(() => Promise.resolve('data:image/png;base64,UVI=')),
}));

const { toDataURL } = await import('qrcode');

function route(): RouteDefinition {
  const found = findRoute('deposit-display-form');
  if (found === null) throw new Error('no display form route');
  return found;
}

const state = { paySession: EXAMPLE_PAY_SESSION_DISPLAY_FORM };

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** What every status answer says of the payment (the details a result page shows). */
const PAYMENT_DETAILS = {
  amount: '50.00',
  currency: 'EUR',
  fee: '0.00',
  tax: '0.00',
  bonus: '0.00',
  method_name: 'Crypto (QR code)',
  reference: 'tx_01HZXA',
  user_balance: '100.00',
};

describe('display form (SPEC §2 display form)', () => {
  it('draws the QR code of qr_payload with a text alternative and a PNG download', async () => {
    await renderAt(<DisplayFormPage route={route()} />, {
      address: '/deposit/deposit-display-form',
      state,
    });
    const image = await screen.findByRole('img', {
      name: 'QR code to pay 50.00 EUR, reference REF-7K2M9',
    });
    expect(image.getAttribute('src')).toBe('data:image/png;base64,UVI=');
    expect(vi.mocked(toDataURL).mock.calls[0]?.[0]).toBe(
      EXAMPLE_PAY_SESSION_DISPLAY_FORM.display_form.qr_payload,
    );
    const download = screen.getByRole('link', { name: 'Download QR code' });
    expect(download.getAttribute('href')).toBe('data:image/png;base64,UVI=');
    expect(download.getAttribute('download')).toBe('payment-REF-7K2M9.png');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Scan to pay');
  });

  it('shows each copy field once, labelled, with the reference first', async () => {
    await renderAt(<DisplayFormPage route={route()} />, {
      address: '/deposit/deposit-display-form',
      state,
    });
    // Each value whole, in the group its label names, in groups a line may break between.
    const reference = screen.getByRole('group', { name: 'Payment reference' });
    expect(getLongValue(reference, 'REF-7K2M9').textContent).toBe('REF-7K2M9');
    const iban = screen.getByRole('group', { name: 'IBAN' });
    expect(getLongValue(iban, 'DE89370400440532013000').textContent).toBe(
      'DE89 3704 0044 0532 0130 00',
    );
    expect(screen.queryByRole('group', { name: 'Reference' })).toBeNull();
  });

  it("says what the payment is for, labels the provider's fields in Arabic and offers the way back", async () => {
    await renderAt(<DisplayFormPage route={route()} />, {
      address: '/deposit/deposit-display-form?session_id=s1',
      language: 'ar',
      state: {
        paySession: {
          ...EXAMPLE_PAY_SESSION_DISPLAY_FORM,
          display_form: {
            ...EXAMPLE_PAY_SESSION_DISPLAY_FORM.display_form,
            copy_fields: [
              { name: 'wallet', label: 'Wallet', value: 'SANDBOX-WALLET-0001' },
              { name: 'amount', label: 'Amount (EUR)', value: '50.00' },
              { name: 'memo', label: 'Memo', value: 'M-1' },
            ],
          },
        },
        payGroupId: '104',
        methodName: 'Crypto (QR code)',
        choices: [{ label: 'PH.FIELD.NETWORK', value: 'Bitcoin' }],
      },
    });
    // The method (its English name marked as such) and the network chosen on its form.
    const method = screen.getByText('Crypto (QR code)');
    expect(method.getAttribute('lang')).toBe('en');
    expect(method.closest('dd')?.previousElementSibling?.textContent).toBe('طريقة الدفع');
    expect(screen.getByText('Bitcoin').closest('dd')?.previousElementSibling?.textContent).toBe(
      'الشبكة',
    );
    // The provider's fields the cashier knows by name are labelled in Arabic; another keeps the
    // provider's label, marked as English.
    expect(screen.getByRole('group', { name: 'المحفظة' })).toBeDefined();
    expect(screen.getByRole('group', { name: 'المبلغ (EUR)' })).toBeDefined();
    expect(screen.queryByText('Wallet')).toBeNull();
    expect(screen.queryByText('Amount (EUR)')).toBeNull();
    expect(screen.getByText('Memo').getAttribute('lang')).toBe('en');
    // The way back to the methods, above and below.
    expect(
      screen.getByRole('link', { name: 'العودة إلى طرق الإيداع' }).getAttribute('href'),
    ).toMatch(/^\/deposit\?/);
    expect(screen.getByRole('link', { name: 'الدفع بطريقة أخرى' }).getAttribute('href')).toMatch(
      /^\/deposit\?/,
    );
  });

  it('copies a field and shows the success toast for 2 seconds (SPEC §9 copy toast 2000 ms)', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderAt(<DisplayFormPage route={route()} />, {
      address: '/deposit/deposit-display-form',
      state,
    });
    await user.click(screen.getByRole('button', { name: 'Copy IBAN' }));
    expect(await navigator.clipboard.readText()).toBe('DE89370400440532013000');
    expect(await screen.findByText('Copied')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(1900);
    });
    expect(screen.getByText('Copied')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('Copied')).toBeNull();
  });

  it('shows the failure toast when the clipboard refuses', async () => {
    const user = userEvent.setup();
    await renderAt(<DisplayFormPage route={route()} />, {
      address: '/deposit/deposit-display-form',
      state,
    });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(
      await screen.findByText('Could not copy. Select the text and copy it by hand.'),
    ).toBeTruthy();
  });

  it('the made-payment button opens the status poll of the transaction, keeping the query', async () => {
    await renderAt(<DisplayFormPage route={route()} />, {
      address: '/deposit/deposit-display-form?pay_group=5',
      state,
    });
    await userEvent.click(screen.getByRole('button', { name: 'I have made the payment' }));
    await waitFor(() => {
      expect(screen.getByTestId('location').textContent).toBe(
        '/payments/status/tx_01HZXA?pay_group=5&session_id=test-session&lang=en-brand0&transaction_id=tx_01HZXA',
      );
    });
  });

  it('SPEC §4 realtime: a push naming the payment reads its status and opens its result page once it is final; a resubscribe, another payment or a status still open does not', async () => {
    const answers = [
      {
        transaction_status: 'await',
        result_status: 'processing',
        terminal: false,
        next_poll_ms: 2000,
      },
      {
        transaction_status: 'success',
        result_status: 'success',
        terminal: true,
        next_poll_ms: null,
      },
    ];
    const fetchStub = vi.fn<typeof fetch>(() => {
      const answer = answers.shift();
      if (answer === undefined) throw new Error('no more status answers');
      return Promise.resolve(
        jsonResponse({ transaction_id: 'tx_01HZXA', ...PAYMENT_DETAILS, ...answer }),
      );
    });
    vi.stubGlobal('fetch', fetchStub);
    const { store } = await renderAt(<DisplayFormPage route={route()} />, {
      address: '/deposit/deposit-display-form?pay_group=5',
      state,
    });
    const location = () => screen.getByTestId('location').textContent;
    const before = location();
    act(() => {
      store.dispatch(transactionsSubscribed());
      store.dispatch(transactionPushed('tx_other'));
    });
    expect(fetchStub).not.toHaveBeenCalled();
    // The submit's own move to await, heard after the page opened: the QR stays.
    act(() => {
      store.dispatch(transactionPushed('tx_01HZXA'));
    });
    await waitFor(() => {
      expect(fetchStub).toHaveBeenCalledTimes(1);
    });
    expect(requestUrl(fetchStub.mock.calls[0]?.[0])).toContain('/payments/status/tx_01HZXA');
    expect(location()).toBe(before);
    expect(screen.queryByRole('img')).not.toBeNull();
    // Paid: the next push reads a final status and the page moves on.
    act(() => {
      store.dispatch(transactionPushed('tx_01HZXA'));
    });
    await waitFor(() => {
      expect(location()).toBe(
        '/deposit/deposit-success?pay_group=5&session_id=test-session&lang=en-brand0&transaction_id=tx_01HZXA',
      );
    });
  });

  it('SPEC §4 realtime: pushes heard before the page painted (the payment settled within the submit) read the status once on mount and open the result page', async () => {
    const fetchStub = vi.fn<typeof fetch>(() =>
      Promise.resolve(
        jsonResponse({
          transaction_id: 'tx_01HZXA',
          transaction_status: 'success',
          result_status: 'success',
          terminal: true,
          next_poll_ms: null,
          ...PAYMENT_DETAILS,
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchStub);
    await renderAt(<DisplayFormPage route={route()} />, {
      address: '/deposit/deposit-display-form?pay_group=5',
      state,
      before: [transactionPushed('tx_01HZXA'), transactionPushed('tx_01HZXA')],
    });
    await waitFor(() => {
      expect(screen.getByTestId('location').textContent).toBe(
        '/deposit/deposit-success?pay_group=5&session_id=test-session&lang=en-brand0&transaction_id=tx_01HZXA',
      );
    });
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  it('SPEC §4 realtime: with no push yet the page reads nothing on mount (the QR waits for the player or a push)', async () => {
    const fetchStub = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchStub);
    await renderAt(<DisplayFormPage route={route()} />, {
      address: '/deposit/deposit-display-form?pay_group=5',
      state,
      before: [transactionPushed('tx_other'), transactionsSubscribed()],
    });
    await screen.findByRole('img');
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('without the pay session in router state, says so instead of showing an empty form', async () => {
    await renderAt(<DisplayFormPage route={route()} />, {
      address: '/deposit/deposit-display-form',
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Payment details unavailable',
    );
    expect(screen.queryByRole('img')).toBeNull();
  });
});
