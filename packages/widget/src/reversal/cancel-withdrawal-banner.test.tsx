import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePayoutInitQuery } from '../api/cashier-api';
import { renderWithApp } from '../test/render';
import { announce } from '../ui/announcer';
import { CancelWithdrawalBanner } from './cancel-withdrawal-banner';
import { NOTHING_TO_REVERSE, payoutInit, stubCashier } from './reversal-test-support';
import type { ReversalReply } from './reversal-test-support';

vi.mock('../ui/announcer', () => ({ announce: vi.fn() }));

const PENDING = payoutInit({ amount: '40.00', currency: 'EUR' });
const NOTHING = payoutInit(null);

/** The withdrawal homepage's part: the init answer's withdrawal_reverse handed to the banner. */
function Home() {
  const init = usePayoutInitQuery(undefined);
  if (init.data === undefined) return <p>loading</p>;
  return (
    <CancelWithdrawalBanner
      reverse={init.data.withdrawal_reverse}
      display="symbol-amount"
      precision={2}
    />
  );
}

async function openPopup(inits: readonly unknown[], reply: ReversalReply) {
  const cashier = stubCashier(inits, reply);
  const user = userEvent.setup();
  const rendered = await renderWithApp(<Home />, { route: '/withdrawal' });
  expect(await screen.findByText('You have a pending withdrawal of €40.00.')).toBeDefined();
  await user.click(screen.getByRole('button', { name: 'Cancel withdrawal' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Cancel your withdrawal?' });
  return { cashier, user, dialog, ...rendered };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(announce).mockClear();
  document.documentElement.dir = '';
});

describe('cancel-withdrawal popup (SPEC §2 homepage, §3 reject state, §4 reversal result, §7)', () => {
  it('SPEC §2: shows nothing when no withdrawal is pending', async () => {
    const cashier = stubCashier([NOTHING], { status: 200, body: {} });
    await renderWithApp(<Home />, { route: '/withdrawal' });
    await waitFor(() => {
      expect(screen.queryByText('loading')).toBeNull();
    });
    expect(screen.queryByRole('button', { name: 'Cancel withdrawal' })).toBeNull();
    expect(screen.queryByText(/pending withdrawal/)).toBeNull();
    expect(cashier.reversalCalls()).toBe(0);
    const { container } = await renderWithApp(
      <CancelWithdrawalBanner reverse={null} display="amount-code" precision={2} />,
    );
    expect(container.innerHTML).toBe('');
  });

  it('SPEC §2: asks before returning the amount; keeping it sends nothing', async () => {
    const { cashier, user, dialog } = await openPopup([PENDING], { status: 200, body: {} });
    expect(within(dialog).getByText('Return €40.00 to your balance?')).toBeDefined();
    // The popup opens on the safe answer, not on the button that cancels the withdrawal.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep it' }));
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(cashier.reversalCalls()).toBe(0);
    // The notice stays, and asks again.
    await user.click(screen.getByRole('button', { name: 'Cancel withdrawal' }));
    expect(await screen.findByRole('alertdialog')).toBeDefined();
  });

  it('SPEC §4: success_amount present is a success; init is refreshed and the notice goes', async () => {
    const { cashier, user, dialog } = await openPopup([PENDING, NOTHING], {
      status: 200,
      body: { success_amount: '40.00', fail_amount: null, currency: 'EUR' },
    });
    expect(cashier.initCalls()).toBe(1);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await within(dialog).findByRole('heading', { name: 'Withdrawal cancelled' }),
    ).toBeDefined();
    expect(within(dialog).getByText('€40.00 returned to your balance.')).toBeDefined();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(announce).toHaveBeenCalledWith('€40.00 returned to your balance.', 'polite');
    // The 'Init' tag was invalidated: the balance and withdrawal_reverse are asked again.
    await waitFor(() => {
      expect(cashier.initCalls()).toBe(2);
    });
    await waitFor(() => {
      expect(screen.queryByRole('button', { name: 'Cancel withdrawal' })).toBeNull();
    });
    // The popup outlives the notice; closing it leaves the result said, with the focus on it.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    const note = screen.getByText('€40.00 returned to your balance.');
    expect(document.activeElement).toBe(note);
    expect(cashier.reversalCalls()).toBe(1);
  });

  it('SPEC §4: a success also names the part already paid out (fail_amount)', async () => {
    const { user, dialog } = await openPopup([PENDING], {
      status: 200,
      body: { success_amount: '25.00', fail_amount: '15.00', currency: 'EUR' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('€25.00 returned to your balance.')).toBeDefined();
    expect(
      within(dialog).getByText('€15.00 could not be cancelled: it is already paid out.'),
    ).toBeDefined();
  });

  it('SPEC §4: a reversal without success_amount failed', async () => {
    const { cashier, user, dialog } = await openPopup([PENDING], {
      status: 200,
      body: { success_amount: null, fail_amount: '40.00', currency: 'EUR' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Your withdrawal could not be cancelled.');
    expect(alert.textContent).toContain('€40.00 could not be cancelled: it is already paid out.');
    expect(within(dialog).getByRole('heading', { name: 'Withdrawal not cancelled' })).toBeDefined();
    expect(within(dialog).queryByText(/returned to your balance/)).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(announce).not.toHaveBeenCalled();
    // Any answer changes the server's state: init is asked again.
    await waitFor(() => {
      expect(cashier.initCalls()).toBe(2);
    });
  });

  it('SPEC §8: error 1501 says nothing is pending any more, in the popup', async () => {
    const { cashier, user, dialog } = await openPopup([PENDING, NOTHING], NOTHING_TO_REVERSE);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'There is no pending withdrawal to cancel any more.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeDefined();
    await waitFor(() => {
      expect(cashier.initCalls()).toBe(2);
    });
  });

  it('SPEC §8: without an answer the popup says so and lets the player try again', async () => {
    const { cashier, user, dialog } = await openPopup([PENDING], { network: true });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Your withdrawal could not be cancelled right now. Please try again.',
    );
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    expect(confirm).toHaveProperty('disabled', false);
    // Asked again, the focus is on Keep, not on the button that cancels.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep it' }));
    await user.click(confirm);
    await waitFor(() => {
      expect(cashier.reversalCalls()).toBe(2);
    });
    expect(cashier.initCalls()).toBe(1);
  });

  it('SPEC §3 isFetching: the popup is busy and never sends twice', async () => {
    const { cashier, user, dialog } = await openPopup([PENDING], {
      held: true,
      status: 200,
      body: { success_amount: '40.00', fail_amount: null, currency: 'EUR' },
    });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    await user.click(confirm);
    await waitFor(() => {
      expect(confirm.getAttribute('aria-busy')).toBe('true');
    });
    expect(confirm).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('status').textContent).toBe('Cancelling your withdrawal…');
    await user.click(confirm);
    await user.keyboard('{Enter}');
    // Escape while busy keeps the popup where the answer will show.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBe(dialog);
    expect(cashier.reversalCalls()).toBe(1);
    act(() => {
      cashier.release();
    });
    expect(await within(dialog).findByText('€40.00 returned to your balance.')).toBeDefined();
    expect(cashier.reversalCalls()).toBe(1);
  });

  it('SPEC §1 right-to-left: the amount is one left-to-right run in Arabic', async () => {
    document.documentElement.dir = 'rtl';
    await renderWithApp(
      <CancelWithdrawalBanner
        reverse={{ amount: '1234.5', currency: 'EUR' }}
        display="amount-code"
        precision={2}
      />,
      { route: '/withdrawal', language: 'ar' },
    );
    expect(screen.getByText(/لديك عملية سحب/).textContent).toContain('\u20661 234.50 EUR\u2069');
  });
});
