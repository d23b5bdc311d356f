import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PayoutVerificationState } from '../../route-state/payout-verification';
import { announce } from '../../ui/announcer';
import {
  HAND_OVER,
  payoutDetail,
  probedLocation,
  QUERY,
  renderScreen,
  stubAccountCalls,
} from './test-support';
import { VerifyAccountPage } from './verify-account-page';

vi.mock('../../ui/announcer', () => ({ announce: vi.fn() }));

const NEW_ACCOUNT: PayoutVerificationState = {
  payoutVerification: {
    ...HAND_OVER.payoutVerification,
    newAccount: { requisiteType: '3', value: 'DE89370400440532013000', fieldName: 'account' },
    requisiteId: null,
  },
};

const SENT = {
  success: true,
  max_request_count: 3,
  block_duration: 900,
  resend_after: 42,
  masked_contact: '+3569****456',
};

function bodiesOf(calls: readonly { path: string; body: unknown }[], suffix: string): unknown[] {
  return calls.filter((call) => call.path.endsWith(suffix)).map((call) => call.body);
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.mocked(announce).mockClear();
});

describe('payout account verification (SPEC §2 /withdrawal-verify-account, §4, §7 otp)', () => {
  it('SPEC §4: without the hand-over in router state it asks to start the withdrawal again', async () => {
    const calls = stubAccountCalls({});
    await renderScreen(<VerifyAccountPage />, `/withdrawal-verify-account${QUERY}`);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Start your withdrawal again' }),
    ).toBeDefined();
    expect(
      screen.getByRole('link', { name: 'Go to the withdrawal methods' }).getAttribute('href'),
    ).toBe(`/withdrawal${QUERY}`);
    expect(calls).toHaveLength(0);
  });

  it('SPEC §2, §7: the chosen contact gets the code (otp/send {contact_type, requisite_id})', async () => {
    const calls = stubAccountCalls({ '/otp/send': [{ body: SENT }] });
    const user = userEvent.setup();
    await renderScreen(<VerifyAccountPage />, `/withdrawal-verify-account${QUERY}`, HAND_OVER);
    const group = await screen.findByRole('group', { name: 'Where should we send the code?' });
    expect(group).toBeDefined();
    expect(screen.getByText(/DE89 \*\*\*\* 3000/)).toBeDefined();
    const email = screen.getByRole('radio', { name: 'Email to j***@example.com' });
    const phone = screen.getByRole('radio', { name: 'Text message to +3569****456' });
    expect(email).toHaveProperty('checked', true);
    await user.click(phone);
    expect(phone).toHaveProperty('checked', true);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('We sent a code to +3569****456.')).toBeDefined();
    expect(bodiesOf(calls, '/otp/send')).toEqual([
      { contact_type: 'phone', requisite_id: 'req_7QpX2' },
    ]);
    const code = screen.getByRole('textbox', { name: 'Code' });
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
  });

  it('SPEC §7: a new account is created once with requisite/create and its id is verified', async () => {
    const calls = stubAccountCalls({
      '/requisite/create': [
        {
          body: { requisite_id: 'req_new1', masked: 'DE89 **** 3000', verification_required: true },
        },
      ],
      '/otp/send': [{ body: SENT }],
    });
    const user = userEvent.setup();
    await renderScreen(<VerifyAccountPage />, `/withdrawal-verify-account${QUERY}`, NEW_ACCOUNT);
    await user.click(await screen.findByRole('button', { name: 'Send code' }));
    await screen.findByText('We sent a code to +3569****456.');
    expect(bodiesOf(calls, '/requisite/create')).toEqual([
      { pay_group_id: 21, requisite_type: '3', value: 'DE89370400440532013000' },
    ]);
    expect(bodiesOf(calls, '/otp/send')).toEqual([
      { contact_type: 'email', requisite_id: 'req_new1' },
    ]);
    // The created account replaces the new one in the router state: a reload does not create it again.
    expect(probedLocation().state).toMatchObject({
      payoutVerification: { newAccount: null, requisiteId: 'req_new1' },
      maskedAccount: 'DE89 **** 3000',
    });
  });

  it('SPEC §7: a refused requisite/create shows a translated error with a way back', async () => {
    stubAccountCalls({
      '/requisite/create': [
        {
          status: 400,
          body: { error_code: '1002', error_message: 'invalid', error_field: 'body.value' },
        },
      ],
    });
    await renderScreen(<VerifyAccountPage />, `/withdrawal-verify-account${QUERY}`, NEW_ACCOUNT);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This account was not accepted.',
    );
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(
      `/withdrawal/21${QUERY}`,
    );
  });

  it('SPEC §3 isShowTimerReceiveCode: "Send a new code in 0:42" counts down, then offers a new code', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const calls = stubAccountCalls({ '/otp/send': [{ body: SENT }] });
    await renderScreen(<VerifyAccountPage />, `/withdrawal-verify-account${QUERY}`, HAND_OVER);
    fireEvent.click(await screen.findByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Send a new code in 0:42')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Send a new code' })).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByText('Send a new code in 0:41')).toBeDefined();
    act(() => {
      vi.advanceTimersByTime(40_000);
    });
    expect(screen.getByText('Send a new code in 0:01')).toBeDefined();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByText(/Send a new code in/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => {
      expect(bodiesOf(calls, '/otp/send')).toHaveLength(2);
    });
  });

  it('SPEC §7 otp/send 1403: a send asked too soon is refused with a translated message and the timer', async () => {
    stubAccountCalls({
      '/otp/send': [
        {
          status: 429,
          body: { error_code: '1403', error_message: 'too soon', resend_after: 30 },
        },
      ],
    });
    const user = userEvent.setup();
    await renderScreen(<VerifyAccountPage />, `/withdrawal-verify-account${QUERY}`, HAND_OVER);
    await user.click(await screen.findByRole('button', { name: 'Send code' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A code was sent a moment ago. You can ask for a new one when the timer runs out.',
    );
    expect(screen.getByText('Send a new code in 0:30')).toBeDefined();
  });

  it('SPEC §2 confirm a one-time code: opened again within the resend wait, the screen offers the field for the code already sent, and it verifies', async () => {
    const calls = stubAccountCalls({
      '/otp/send': [
        {
          status: 429,
          body: {
            error_code: '1403',
            error_message: 'too soon',
            resend_after: 42,
            masked_contact: '+49157*****233',
            contact_type: 'phone',
          },
        },
      ],
      '/otp/verify': [{ body: { verified: true, attempts_left: 2 } }],
    });
    const user = userEvent.setup();
    await renderScreen(<VerifyAccountPage />, `/withdrawal-verify-account${QUERY}`, HAND_OVER);
    await user.click(await screen.findByRole('button', { name: 'Send code' }));
    const code = await screen.findByRole('textbox', { name: 'Code' });
    const sentence =
      'A code was sent to +49157*****233 a moment ago and is still valid. Type it below.';
    expect(screen.getByText(sentence)).toBeDefined();
    expect(announce).toHaveBeenCalledWith(sentence, 'polite');
    // Not an error: the player has a code to type; a new one only after the wait.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Send a new code in 0:42')).toBeDefined();
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => {
      expect(bodiesOf(calls, '/otp/verify')).toEqual([
        { otp: '654321', requisite_id: 'req_7QpX2' },
      ]);
    });
  });

  it('SPEC §4: a wrong code shows the attempts left on the code field, keeps focus there and announces it', async () => {
    const calls = stubAccountCalls({
      '/otp/send': [{ body: SENT }],
      '/otp/verify': [
        {
          status: 400,
          body: {
            error_code: '1401',
            error_message: 'wrong',
            error_field: 'body.otp',
            attempts_left: 2,
          },
        },
      ],
    });
    const user = userEvent.setup();
    await renderScreen(<VerifyAccountPage />, `/withdrawal-verify-account${QUERY}`, HAND_OVER);
    await user.click(await screen.findByRole('button', { name: 'Send code' }));
    const code = await screen.findByRole('textbox', { name: 'Code' });
    await user.type(code, '12a3456');
    expect(code).toHaveProperty('value', '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const message = 'This code is not right. Attempts left: 2.';
    expect(await screen.findByText(message)).toBeDefined();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(code.getAttribute('aria-describedby')).toContain(screen.getByText(message).id);
    expect(document.activeElement).toBe(code);
    expect(announce).toHaveBeenCalledWith(message, 'assertive');
    expect(bodiesOf(calls, '/otp/verify')).toEqual([{ otp: '123456', requisite_id: 'req_7QpX2' }]);
  });

  it('SPEC §4: a code of the wrong length is refused before any call', async () => {
    const calls = stubAccountCalls({ '/otp/send': [{ body: SENT }] });
    const user = userEvent.setup();
    await renderScreen(<VerifyAccountPage />, `/withdrawal-verify-account${QUERY}`, HAND_OVER);
    await user.click(await screen.findByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByRole('textbox', { name: 'Code' }), '123');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Enter the code: 4 to 8 digits.')).toBeDefined();
    expect(bodiesOf(calls, '/otp/verify')).toHaveLength(0);
  });

  it('SPEC §4: a block (otp/verify 1402 with block_until) goes to the blocked page with the instant', async () => {
    const until = '2030-01-01T12:00:00.000Z';
    stubAccountCalls({
      '/otp/send': [{ body: SENT }],
      '/otp/verify': [
        {
          status: 429,
          body: { error_code: '1402', error_message: 'blocked', block_until: until },
        },
      ],
    });
    const user = userEvent.setup();
    await renderScreen(<VerifyAccountPage />, `/withdrawal-verify-account${QUERY}`, HAND_OVER);
    await user.click(await screen.findByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByRole('textbox', { name: 'Code' }), '654321');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => {
      expect(probedLocation().path).toBe(`/account-management-blocked${QUERY}`);
    });
    expect(probedLocation().state).toEqual({
      payoutVerification: HAND_OVER.payoutVerification,
      blockedUntil: until,
      maskedAccount: 'DE89 **** 3000',
    });
  });

  it('SPEC §4: a block in the method detail goes to the blocked page at once', async () => {
    const until = '2030-01-01T12:00:00.000Z';
    stubAccountCalls(
      {},
      payoutDetail({
        payout_account_verification_blocked: true,
        payout_account_verification_blocked_until: until,
      }),
    );
    await renderScreen(<VerifyAccountPage />, `/withdrawal-verify-account${QUERY}`, HAND_OVER);
    await waitFor(() => {
      expect(probedLocation().path).toBe(`/account-management-blocked${QUERY}`);
    });
    expect(probedLocation().state).toMatchObject({ blockedUntil: until });
  });

  it('SPEC §4: a verified code hands the account and the stored amount to the success page', async () => {
    stubAccountCalls({
      '/otp/send': [{ body: SENT }],
      '/otp/verify': [{ body: { verified: true, attempts_left: 2 } }],
    });
    const user = userEvent.setup();
    await renderScreen(<VerifyAccountPage />, `/withdrawal-verify-account${QUERY}`, HAND_OVER);
    await user.click(await screen.findByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByRole('textbox', { name: 'Code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => {
      expect(probedLocation().path).toBe(`/account-management/status/success${QUERY}`);
    });
    expect(probedLocation().state).toMatchObject({
      verifiedAccount: { requisiteId: 'req_7QpX2', amount: '150.00' },
      returnTo: `/withdrawal/21${QUERY}`,
    });
  });

  it('SPEC §2: support is offered: the support page in a new tab and verification by message', async () => {
    stubAccountCalls({});
    await renderScreen(<VerifyAccountPage />, `/withdrawal-verify-account${QUERY}`, HAND_OVER);
    const support = await screen.findByRole('link', { name: /Contact support/ });
    expect(support.getAttribute('href')).toBe('https://brand0.example.com/support');
    expect(support.getAttribute('target')).toBe('_blank');
    expect(support.getAttribute('rel')).toContain('noopener');
    const byMessage = screen.getByRole('link', { name: 'Verify through a support message' });
    expect(byMessage.getAttribute('href')).toBe(`/account-management/support${QUERY}`);
  });
});
