import type { DepositMethodDetail } from '@cashdesk/contract';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { DepositMethodPage } from './deposit-method-page';
import { OneTimeCodeSender } from './one-time-code-sender';
import { stubCashierFetch } from './test-fixtures';
import type { RecordedCall } from './test-fixtures';

vi.mock('../../../fields', async () => {
  const fixtures = await import('./test-fixtures');
  const { amountCharged } = await import('../../../fields/amount/summary-lines');
  return {
    // The figure the submit button says is the real rule's.
    amountCharged,
    FieldView: fixtures.StubFieldView,
    useFieldCode: () => true,
    AmountSummary: () => null,
    toFieldError: (error: { key: string; params?: Record<string, string> }) => ({
      key: error.key,
      ...(error.params === undefined ? {} : { params: error.params }),
    }),
  };
});
vi.mock('../../../ui/announcer', () => ({ announce: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
});

const BASE = {
  currency: 'EUR',
  limits: { min_amount: '5', max_amount: '5000' },
  amount_blocks: ['10', '20'],
  view_data: [],
  preset_amount: '20',
} satisfies Partial<DepositMethodDetail>;

/** A routable bank list: the chosen bank's fields come from the route call. */
const ROUTABLE: DepositMethodDetail = {
  ...BASE,
  is_routable: true,
  parameters: [
    {
      name: 'bank',
      type: 'select',
      is_required: true,
      options: [
        { label: 'Bank One', value: 'b1' },
        { label: 'Bank Two', value: 'b2' },
      ],
      items: [{ when: 'b2', fields: [{ name: 'account_number', type: 'input' }] }],
    },
  ],
};

/** A phone wallet confirmed by a code sent to the phone. */
const CONFIRMED: DepositMethodDetail = {
  ...BASE,
  parameters: [
    {
      name: 'wallet_phone',
      type: 'input',
      extended_type: 'phone_with_country',
      regexp: '^\\+[0-9]{8,15}$',
      is_required: true,
      is_otp_requisites: true,
    },
    { name: 'otp', type: 'input', label: 'otp', regexp: '^[0-9]{6}$', is_required: true },
  ],
};

function bodyOf(call: RecordedCall): Record<string, unknown> {
  const body = call.body;
  if (typeof body !== 'object' || body === null) throw new Error('no JSON body');
  return { ...body };
}

async function renderMethod(provider: string) {
  return renderWithApp(
    <Routes>
      <Route path="/deposit/:provider" element={<DepositMethodPage />} />
    </Routes>,
    { route: `/deposit/${provider}` },
  );
}

describe('routable methods (SPEC §7 route: "response has parameters, mapped as form fields")', () => {
  it('SPEC §7: a choice in a routable form posts the form to route, and the answer’s fields join the form and the submit', async () => {
    const routes: RecordedCall[] = [];
    const stub = stubCashierFetch({
      details: { '101': ROUTABLE },
      other: (call) => {
        if (!call.url.endsWith('/api/cashier-service/payments/groups/101/route')) return undefined;
        routes.push(call);
        const bank: unknown = Reflect.get(Object(bodyOf(call).parameters), 'bank');
        return {
          status: 200,
          body: {
            parameters: [
              {
                name: 'bank',
                type: 'select',
                is_required: true,
                options: [
                  { label: 'Bank One', value: 'b1', is_selected: bank === 'b1' },
                  { label: 'Bank Two', value: 'b2', is_selected: bank === 'b2' },
                ],
              },
              ...(bank === 'b2' ? [{ name: 'account_number', type: 'input' }] : []),
            ],
            view_data: [],
            card_data: null,
          },
        };
      },
    });
    const user = userEvent.setup();
    await renderMethod('101');
    const bank = await screen.findByLabelText('bank');
    expect(screen.queryByLabelText('account_number')).toBeNull();
    await user.clear(bank);
    await user.type(bank, 'b2');
    const account = await screen.findByLabelText('account_number');
    const last = routes.at(-1);
    if (last === undefined) throw new Error('no route call');
    expect(bodyOf(last)).toMatchObject({
      currency: 'EUR',
      amount: '20',
      parameters: { bank: 'b2' },
    });
    await user.type(account, '12345678');
    await user.click(screen.getByRole('button', { name: /^Pay / }));
    await waitFor(() => {
      expect(stub.submits).toHaveLength(1);
    });
    const submitted = stub.submits[0];
    if (submitted === undefined) throw new Error('no submit');
    expect(bodyOf(submitted).fields).toMatchObject({ bank: 'b2', account_number: '12345678' });
  });

  it('SPEC §7: a method that is not routable never calls route', async () => {
    const stub = stubCashierFetch({
      details: { '101': { ...ROUTABLE, is_routable: false } },
    });
    const user = userEvent.setup();
    await renderMethod('101');
    await user.type(await screen.findByLabelText('bank'), 'b2');
    expect(stub.calls.filter((call) => call.url.endsWith('/route'))).toEqual([]);
  });
});

describe('one-time codes on payments (SPEC §3 one-time code, §4 fieldName, §7 payments otp)', () => {
  it('SPEC §4, §7: the send under the code field checks the requisite first, then asks for a code for that field and says where it went', async () => {
    const sends: RecordedCall[] = [];
    stubCashierFetch({
      details: { '101': CONFIRMED },
      other: (call) => {
        if (!call.url.endsWith('/payments/groups/101/otp')) return undefined;
        sends.push(call);
        return {
          status: 200,
          body: {
            status: 'sent',
            error: false,
            can_resend: true,
            error_code: null,
            error_message: null,
            resend_after: 30,
            field_name: 'otp',
          },
        };
      },
    });
    const user = userEvent.setup();
    await renderMethod('101');
    const send = await screen.findByRole('button', { name: 'Send me a code' });
    // No phone yet: nothing is sent, the phone says why.
    await user.click(send);
    expect(sends).toEqual([]);
    expect(screen.getByLabelText('wallet_phone').getAttribute('aria-invalid')).toBe('true');

    await user.type(screen.getByLabelText('wallet_phone'), '+4915199887766');
    await user.click(send);
    await screen.findByText(/We sent a code to \+4915199887766\. Type it into “otp”\./);
    expect(sends).toHaveLength(1);
    expect(bodyOf(sends[0] ?? { url: '', method: '', headers: {}, body: null })).toEqual({
      currency: 'EUR',
      amount: '20',
      parameters: { wallet_phone: '+4915199887766', otp: '' },
      field_name: 'otp',
    });
    // Asked again too soon is not possible: the button waits resend_after.
    expect(screen.getByRole('button', { name: 'Send a new code' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByText(/new code in 30 s/)).not.toBeNull();
  });

  it('SPEC §3: a form without a requisite offers no code', async () => {
    stubCashierFetch({
      details: { '101': { ...CONFIRMED, parameters: CONFIRMED.parameters.slice(1) } },
    });
    await renderMethod('101');
    await screen.findByLabelText('otp');
    expect(screen.queryByRole('button', { name: 'Send me a code' })).toBeNull();
  });
});

describe('OneTimeCodeSender (SPEC §7 payments otp answer)', () => {
  it('SPEC §7: a refused send shows the server’s message, waits resend_after, then may ask again; a block without a wait stays blocked', async () => {
    const waits: { ms: number; run: () => void }[] = [];
    const schedule = (run: () => void, ms: number) => {
      waits.push({ ms, run });
      return () => undefined;
    };
    const answers = [
      {
        status: 'failed' as const,
        error: true,
        can_resend: true,
        error_code: '1403',
        error_message: 'CASHIER.ERROR.OTP_RESEND_TOO_SOON',
        resend_after: 12,
        field_name: 'otp',
      },
      {
        status: 'blocked' as const,
        error: true,
        can_resend: false,
        error_code: '1402',
        error_message: 'CASHIER.ERROR.OTP_BLOCKED',
        resend_after: 0,
        field_name: 'otp',
      },
    ];
    const send = vi.fn(() => {
      const answer = answers.shift();
      if (answer === undefined) throw new Error('asked too often');
      return Promise.resolve({ kind: 'answered' as const, answer });
    });
    const user = userEvent.setup();
    await act(async () => {
      render(
        <OneTimeCodeSender
          send={send}
          requisite="+4915199887766"
          fieldLabel="Code"
          schedule={schedule}
        />,
      );
      await Promise.resolve();
    });
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await screen.findByText(/Please wait a little before asking for a new code\./);
    expect(screen.getByRole('button', { name: 'Send me a code' })).toHaveProperty('disabled', true);
    expect(waits.map((wait) => wait.ms)).toEqual([12_000]);
    act(() => {
      waits[0]?.run();
    });
    expect(screen.getByRole('button', { name: 'Send me a code' })).toHaveProperty(
      'disabled',
      false,
    );
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await screen.findByText(/Too many attempts/);
    expect(screen.getByRole('button', { name: 'Send me a code' })).toHaveProperty('disabled', true);
    expect(send).toHaveBeenCalledTimes(2);
  });
});
