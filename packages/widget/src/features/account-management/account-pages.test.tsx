import { findRoute } from '@cashdesk/domain';
import type { RouteDefinition } from '@cashdesk/domain';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announce } from '../../ui/announcer';
import { AccountBlockedPage } from './account-blocked-page';
import { AccountStatusPage } from './account-status-page';
import { AccountSupportPage } from './account-support-page';
import {
  HAND_OVER,
  payoutDetail,
  probedLocation,
  QUERY,
  renderScreen,
  stubAccountCalls,
} from './test-support';

vi.mock('../../ui/announcer', () => ({ announce: vi.fn() }));

function routeOf(id: string): RouteDefinition {
  const route = findRoute(id);
  if (route === null) throw new Error(`no route ${id}`);
  return route;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.mocked(announce).mockClear();
});

describe('blocked verification (SPEC §2 /account-management-blocked, §4 countdown)', () => {
  it('SPEC §4: the countdown shows hh:mm:ss, ticks every second and reaches 00:00:00, then offers to try again', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2030-01-01T10:00:00.000Z'));
    stubAccountCalls({});
    await renderScreen(<AccountBlockedPage />, `/account-management-blocked${QUERY}`, {
      ...HAND_OVER,
      blockedUntil: '2030-01-01T11:00:02.000Z',
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Account confirmation is paused' }),
    ).toBeDefined();
    const timer = screen.getByRole('timer');
    expect(timer.getAttribute('aria-live')).toBe('off');
    expect(timer.textContent).toBe('01:00:02');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('timer').textContent).toBe('01:00:01');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(announce).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(3600_000);
    });
    expect(screen.getByRole('timer').textContent).toBe('00:00:01');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('timer').textContent).toBe('00:00:00');
    expect(announce).toHaveBeenCalledTimes(1);
    expect(announce).toHaveBeenCalledWith('You can confirm your account again now.', 'polite');
    // It stops at zero.
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.getByRole('timer').textContent).toBe('00:00:00');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(probedLocation()).toEqual({
      path: `/withdrawal/21${QUERY}`,
      state: { payoutVerification: HAND_OVER.payoutVerification },
    });
  });

  it('SPEC §3: without an instant in the state the block end comes from the method detail, with the support link', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2030-01-01T10:00:00.000Z'));
    stubAccountCalls(
      {},
      payoutDetail({
        payout_account_verification_blocked: true,
        payout_account_verification_blocked_until: '2030-01-01T10:15:00.000Z',
      }),
    );
    await renderScreen(<AccountBlockedPage />, `/account-management-blocked${QUERY}`, HAND_OVER);
    expect((await screen.findByRole('timer')).textContent).toBe('00:15:00');
    const support = screen.getByRole('link', { name: /Contact support/ });
    expect(support.getAttribute('href')).toBe('https://brand0.example.com/support');
    expect(support.getAttribute('rel')).toContain('noopener');
    expect(
      screen
        .getAllByRole('link', { name: 'Back to the withdrawal methods' })[0]
        ?.getAttribute('href'),
    ).toBe(`/withdrawal${QUERY}`);
  });
});

describe('account status pages (SPEC §2 /account-management/status…)', () => {
  it('SPEC §4: success hands the confirmed account and stored amount back to the method page (VerifiedAccountState)', async () => {
    const user = userEvent.setup();
    await renderScreen(
      <AccountStatusPage route={routeOf('account-management-status-success')} />,
      `/account-management/status/success${QUERY}`,
      {
        verifiedAccount: { requisiteId: 'req_7QpX2', amount: '150.00' },
        returnTo: `/withdrawal/21${QUERY}`,
      },
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Your account is confirmed' }),
    ).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Continue your withdrawal' }));
    expect(probedLocation()).toEqual({
      path: `/withdrawal/21${QUERY}`,
      state: { verifiedAccount: { requisiteId: 'req_7QpX2', amount: '150.00' } },
    });
  });

  it('SPEC §2: the error page offers to try the verification again and to contact support', async () => {
    const user = userEvent.setup();
    await renderScreen(
      <AccountStatusPage route={routeOf('account-management-status-error')} />,
      `/account-management/status/error${QUERY}`,
      HAND_OVER,
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'We could not confirm your account' }),
    ).toBeDefined();
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe(
      `/account-management/support${QUERY}`,
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(probedLocation()).toEqual({
      path: `/withdrawal-verify-account${QUERY}`,
      state: HAND_OVER,
    });
  });

  it('SPEC §2: the plain status page says the account is being checked', async () => {
    await renderScreen(
      <AccountStatusPage route={routeOf('account-management-status')} />,
      `/account-management/status${QUERY}`,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Checking your account' })).toBeDefined();
    expect(
      screen
        .getByText('We are checking your account. This usually takes a moment.')
        .getAttribute('role'),
    ).toBe('status');
  });
});

describe('verification through a support message (SPEC §2 /account-management/support)', () => {
  it('SPEC §2: shows the support link, a message with the masked account only and the way back', async () => {
    const calls = stubAccountCalls({});
    await renderScreen(<AccountSupportPage />, `/account-management/support${QUERY}`, {
      ...HAND_OVER,
      maskedAccount: 'DE89 **** 3000',
    });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Verify through a support message' }),
    ).toBeDefined();
    const support = await screen.findByRole('link', { name: /Contact support/ });
    expect(support.getAttribute('href')).toBe('https://brand0.example.com/support');
    expect(support.getAttribute('target')).toBe('_blank');
    expect(
      screen.getByText('Please confirm my payout account DE89 **** 3000 for withdrawals.'),
    ).toBeDefined();
    expect(screen.getByText(/Never write your full account or card number/)).toBeDefined();
    fireEvent.click(screen.getByRole('link', { name: 'Back to confirmation by code' }));
    await waitFor(() => {
      expect(probedLocation().path).toBe(`/withdrawal-verify-account${QUERY}`);
    });
    expect(probedLocation().state).toMatchObject(HAND_OVER);
    expect(calls.every((call) => call.path.endsWith('/payouts/groups/21/select'))).toBe(true);
  });

  it('SPEC §2: without router state it still explains the way and leads back to the methods', async () => {
    await renderScreen(<AccountSupportPage />, `/account-management/support${QUERY}`);
    expect(screen.getByText('Open the help or support section of the site.')).toBeDefined();
    expect(
      screen.getByRole('link', { name: 'Back to the withdrawal methods' }).getAttribute('href'),
    ).toBe(`/withdrawal${QUERY}`);
  });
});

describe('blocked page without an account in the hand-over (SPEC §4 new account not allowed)', () => {
  it('SPEC §4: loads the detail by pay group and shows no countdown when no block end is known', async () => {
    const calls = stubAccountCalls({});
    await renderScreen(<AccountBlockedPage />, `/account-management-blocked${QUERY}`, {
      payoutVerification: { ...HAND_OVER.payoutVerification, requisiteId: null },
    });
    expect(await screen.findByRole('link', { name: /Contact support/ })).toBeDefined();
    expect(calls.map((call) => call.path)).toContain(
      '/api/cashier-service/v1.0/payouts/groups/21/select',
    );
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
