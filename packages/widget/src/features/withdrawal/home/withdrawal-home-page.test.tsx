import { EXAMPLE_CARD_PAY_GROUP, EXAMPLE_PAYOUT_INIT } from '@cashdesk/contract';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { WithdrawalHomePage } from './withdrawal-home-page';

const EUR = EXAMPLE_CARD_PAY_GROUP.currencies[0];

function payoutGroup(id: number, name: string, enabled = true) {
  return {
    ...EXAMPLE_CARD_PAY_GROUP,
    id,
    short_name: `payout_${String(id)}`,
    public_name: name,
    show_in_carousel: false,
    popular: false,
    enabled,
    currencies: [{ ...EUR, fee: '0%', limits: { min_amount: '10', max_amount: '1000' } }],
  };
}

function stubInit(init: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify(init), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    ),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

describe('withdrawal homepage (SPEC §2 homepage, §4 enabled and wager)', () => {
  it('SPEC §2: lists the payout methods under their own title, with the balance and the pending withdrawal', async () => {
    stubInit({
      ...EXAMPLE_PAYOUT_INIT,
      user_balance: '480.00',
      widget_settings: { ...EXAMPLE_PAYOUT_INIT.widget_settings, currency_display_setting_id: 1 },
      payout_groups: [payoutGroup(301, 'Bank payout'), payoutGroup(302, 'E-wallet payout')],
    });
    await renderWithApp(<WithdrawalHomePage />, { route: '/withdrawal' });
    expect(await screen.findByRole('heading', { name: 'Withdrawal methods' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Withdraw' })).toBeTruthy();
    expect(screen.getByText('480.00 EUR')).toBeTruthy();
    expect(screen.getByText('Bank payout')).toBeTruthy();
    // EXAMPLE_PAYOUT_INIT has a pending withdrawal of 40.00 EUR (SPEC §3 withdrawal_reverse).
    expect(screen.getByRole('button', { name: 'Cancel withdrawal' })).toBeTruthy();
  });

  it('SPEC §2, §4: a pending withdrawal keeps a new session on the homepage with its cancel; without one the only method opens by itself', async () => {
    stubInit({ ...EXAMPLE_PAYOUT_INIT, payout_groups: [payoutGroup(301, 'Bank payout')] });
    await renderWithApp(
      <>
        <WithdrawalHomePage />
        <LocationProbe />
      </>,
      { route: '/withdrawal' },
    );
    expect(await screen.findByRole('button', { name: 'Cancel withdrawal' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toMatch(/^\/withdrawal\?/);
    cleanup();

    stubInit({
      ...EXAMPLE_PAYOUT_INIT,
      withdrawal_reverse: null,
      payout_groups: [payoutGroup(301, 'Bank payout')],
    });
    await renderWithApp(
      <>
        <WithdrawalHomePage />
        <LocationProbe />
      </>,
      { route: '/withdrawal' },
    );
    await waitFor(() => {
      expect(screen.getByTestId('location').textContent).toMatch(/^\/withdrawal\/301\?/);
    });
  });

  it('SPEC §4 wager: the service disables the methods and the page says how much is left to wager', async () => {
    stubInit({
      ...EXAMPLE_PAYOUT_INIT,
      withdrawal_reverse: null,
      widget_settings: { ...EXAMPLE_PAYOUT_INIT.widget_settings, currency_display_setting_id: 1 },
      view_data: [{ type: 'wager', key: 'wager_amount', value: '35.5' }],
      payout_groups: [payoutGroup(301, 'Bank payout', false), payoutGroup(302, 'Cash', false)],
    });
    await renderWithApp(<WithdrawalHomePage />, { route: '/withdrawal' });
    expect(await screen.findByText('Withdrawals open after wagering', {})).toBeTruthy();
    expect(screen.getByText(/Wager .*35\.50 EUR.* more to unlock withdrawals\./)).toBeTruthy();
    // Waiting does not open withdrawals, wagering does: no "try again later".
    expect(screen.queryByText(/try again later/i)).toBeNull();
    expect(screen.queryByText('All payment methods are unavailable')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel withdrawal' })).toBeNull();
  });

  it('SPEC §2 all-methods-unavailable: without a wager the generic notice stays', async () => {
    stubInit({
      ...EXAMPLE_PAYOUT_INIT,
      withdrawal_reverse: null,
      view_data: [],
      payout_groups: [payoutGroup(301, 'Bank payout', false), payoutGroup(302, 'Cash', false)],
    });
    await renderWithApp(<WithdrawalHomePage />, { route: '/withdrawal' });
    expect(await screen.findByText('All payment methods are unavailable')).toBeTruthy();
    expect(screen.queryByText('Withdrawals open after wagering')).toBeNull();
  });
});
