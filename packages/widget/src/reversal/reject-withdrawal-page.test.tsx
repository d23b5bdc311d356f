import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportPaymentResult } from '../host/host-bridge';
import { renderWithApp } from '../test/render';
import { announce } from '../ui/announcer';
import { RejectWithdrawalPage } from './reject-withdrawal-page';
import { NOTHING_TO_REVERSE, payoutInit, stubCashier } from './reversal-test-support';

vi.mock('../ui/announcer', () => ({ announce: vi.fn() }));
vi.mock('../host/host-bridge', () => ({
  scrollToTop: vi.fn(),
  reportPaymentResult: vi.fn(() => true),
}));

const PENDING = payoutInit({ amount: '40.00', currency: 'EUR' });
const NOTHING = payoutInit(null);
const ADDRESS = '/reject-withdrawal?session_id=s1&lang=en-brand0';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(announce).mockClear();
  vi.mocked(reportPaymentResult).mockClear();
});

describe('/reject-withdrawal (SPEC §2 route, §4 reversal result, §7)', () => {
  it('SPEC §2: shows the pending amount, confirms once and shows the success (SPEC §4)', async () => {
    const cashier = stubCashier([PENDING, NOTHING], {
      status: 200,
      body: { success_amount: '40.00', fail_amount: null, currency: 'EUR' },
    });
    const user = userEvent.setup();
    await renderWithApp(<RejectWithdrawalPage />, { route: ADDRESS });
    expect(screen.getByRole('heading', { level: 1, name: 'Cancel a withdrawal' })).toBeDefined();
    expect(document.title).toBe('Cancel a withdrawal');
    expect(await screen.findByText('You have a pending withdrawal of €40.00.')).toBeDefined();
    expect(screen.getByText('Return €40.00 to your balance?')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Keep it' }).getAttribute('href')).toBe(
      '/withdrawal?session_id=s1&lang=en-brand0',
    );

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const result = await screen.findByText('€40.00 returned to your balance.');
    expect(announce).toHaveBeenCalledWith('€40.00 returned to your balance.', 'polite');
    // The result stays although the refreshed init has nothing pending any more.
    await waitFor(() => {
      expect(cashier.initCalls()).toBe(2);
    });
    expect(screen.getByText('€40.00 returned to your balance.')).toBe(result);
    expect(screen.queryByText('You have no pending withdrawal to cancel.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(
      screen.getByRole('link', { name: 'Back to withdrawal methods' }).getAttribute('href'),
    ).toBe('/withdrawal?session_id=s1&lang=en-brand0');
    expect(document.activeElement?.contains(result)).toBe(true);
    expect(cashier.reversalCalls()).toBe(1);
    // The host page hears of it once, with the returned amount (embed SDK result event).
    expect(vi.mocked(reportPaymentResult).mock.calls).toEqual([
      [
        {
          target: 'cashier',
          type: 'paymentResult',
          flow: 'withdrawal',
          status: 'reversed',
          amount: '40.00',
          currency: 'EUR',
          transactionId: null,
        },
      ],
    ]);
  });

  it('SPEC §4: a reversal without success_amount failed, and the page says what was paid out', async () => {
    stubCashier([PENDING], {
      status: 200,
      body: { success_amount: null, fail_amount: '40.00', currency: 'EUR' },
    });
    const user = userEvent.setup();
    await renderWithApp(<RejectWithdrawalPage />, { route: ADDRESS });
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your withdrawal could not be cancelled.');
    expect(alert.textContent).toContain('€40.00 could not be cancelled: it is already paid out.');
    expect(screen.queryByText(/returned to your balance/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to withdrawal methods' })).toBeDefined();
    expect(announce).not.toHaveBeenCalled();
    // Nothing went back to the balance: nothing to tell the host page.
    expect(reportPaymentResult).not.toHaveBeenCalled();
  });

  it('SPEC §8: error 1501 on the page says nothing is pending any more', async () => {
    stubCashier([PENDING, NOTHING], NOTHING_TO_REVERSE);
    const user = userEvent.setup();
    await renderWithApp(<RejectWithdrawalPage />, { route: ADDRESS });
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'There is no pending withdrawal to cancel any more.',
    );
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
  });

  it('SPEC §2: says so when no withdrawal is pending, and sends nothing', async () => {
    const cashier = stubCashier([NOTHING], { status: 200, body: {} });
    await renderWithApp(<RejectWithdrawalPage />, { route: ADDRESS });
    expect(await screen.findByText('You have no pending withdrawal to cancel.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(
      screen.getByRole('link', { name: 'Back to withdrawal methods' }).getAttribute('href'),
    ).toBe('/withdrawal?session_id=s1&lang=en-brand0');
    expect(cashier.reversalCalls()).toBe(0);
  });
});
