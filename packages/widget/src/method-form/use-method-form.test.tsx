import {
  EXAMPLE_CARD_PAY_GROUP,
  EXAMPLE_DEPOSIT_INIT,
  EXAMPLE_PAY_SESSION_REDIRECT,
  PaySession,
} from '@cashdesk/contract';
import type { DepositMethodDetail, PayGroup } from '@cashdesk/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import { findRouteMethod } from './method-page-parts';
import { buildMethodForm, formSubmitBody } from './method-form';
import { MethodFormLayout } from './method-form-layout';
import { useMethodForm } from './use-method-form';
import type { MethodFormPolicy } from './use-method-form';
import { balanceChanged } from '../store/session-slice';
import type { SubmitArgs } from './use-submit-once';

const DETAIL: DepositMethodDetail = {
  currency: 'EUR',
  limits: { min_amount: '10', max_amount: '1000', max_recurring_amount: null },
  amount_blocks: [],
  parameters: [{ name: 'wallet_id', type: 'input', label: 'Wallet', is_required: true }],
  view_data: [],
  workflow_type: 'form',
};

const FORM = buildMethodForm({ detail: DETAIL, flow: 'deposit', currency: 'EUR', precision: 2 });

const SESSION = PaySession.parse({
  ...EXAMPLE_PAY_SESSION_REDIRECT,
  step: 'result',
  action: 'none',
  result_status: 'error',
  redirect_data: null,
  user_balance: '321.00',
});

/** A submit call that answers with `answer` and records what it was sent. */
function submitCall(answer: () => { data: PaySession } | { error: unknown }) {
  const sent: SubmitArgs[] = [];
  const call = (args: SubmitArgs) => {
    sent.push(args);
    return Object.assign(Promise.resolve(answer()), { abort: () => undefined });
  };
  return { sent, call };
}

const noUpload = () => Promise.resolve({ error: new Error('no uploads here') });

type Steps = Partial<MethodFormPolicy>;

/** One form run by the controller with a policy made of `steps` (each step recorded). */
function Harness({
  steps,
  call,
  group = EXAMPLE_CARD_PAY_GROUP,
}: {
  steps: Steps;
  call: ReturnType<typeof submitCall>['call'];
  group?: PayGroup;
}) {
  const found = findRouteMethod(
    [group],
    EXAMPLE_DEPOSIT_INIT,
    String(EXAMPLE_CARD_PAY_GROUP.id),
    { channel: 'DESKTOP_AIR_PM', platform: 'WEB', device: 'desktop' },
    [],
  );
  if (found === null) throw new Error('the example pay group maps to a method');
  const controller = useMethodForm({
    payGroupId: '7',
    form: FORM,
    detail: DETAIL,
    method: found.method,
    init: EXAMPLE_DEPOSIT_INIT,
    cards: [],
    submitCall: call,
    uploadCall: noUpload,
    policy: {
      texts: {
        submit: 'DEPOSIT_METHOD.SUBMIT',
        submitWithFee: 'DEPOSIT_METHOD.SUBMIT_WITH_FEE',
        submitNoAmount: 'DEPOSIT_METHOD.SUBMIT_NO_AMOUNT',
        submitting: 'DEPOSIT_METHOD.SUBMITTING',
      },
      buildRequest: ({ values, shown, documents }) => {
        const built = formSubmitBody(FORM, shown, values, [], documents);
        if (!built.ok) return built;
        return {
          ok: true,
          payload: {
            payGroupId: '7',
            body: built.payload,
            snapshot: { amount: built.payload.amount, parameters: built.payload.fields },
          },
        };
      },
      onAnswer: () => undefined,
      ...steps,
    },
  });
  return (
    <MethodFormLayout form={FORM} detail={DETAIL} method={found.method} controller={controller} />
  );
}

async function fillAndSubmit() {
  await userEvent.type(screen.getByRole('textbox', { name: /Wallet/ }), 'W-42');
  await userEvent.click(screen.getByRole('button', { name: /^Pay / }));
}

describe('the one method-form controller (one controller, a policy per flow)', () => {
  it('SPEC §4, §7: a valid form runs the steps in order and sends the policy’s request once; the answer updates the balance and goes to the policy', async () => {
    const order: string[] = [];
    const api = submitCall(() => ({ data: SESSION }));
    const { store } = await renderWithApp(
      <Harness
        call={api.call}
        steps={{
          onSubmitPressed: () => order.push('pressed'),
          beforeSubmit: () => (order.push('before'), true),
          confirm: () => (order.push('confirm'), Promise.resolve(true)),
          onAnswer: (session) => order.push(`answer:${session.transaction_id}`),
        }}
      />,
    );
    await fillAndSubmit();
    await vi.waitFor(() => {
      expect(order).toHaveLength(4);
    });
    expect(order).toEqual(['pressed', 'before', 'confirm', `answer:${SESSION.transaction_id}`]);
    expect(api.sent).toHaveLength(1);
    expect(api.sent[0]?.body).toMatchObject({ fields: { wallet_id: 'W-42' } });
    expect(store.getState().session.userBalance).toBe('321.00');
  });

  it('an answer without a balance (the wallet has not told it after the payment) keeps the balance shown and still goes to the policy', async () => {
    const answered: string[] = [];
    const api = submitCall(() => ({ data: { ...SESSION, user_balance: null } }));
    const { store } = await renderWithApp(
      <Harness
        call={api.call}
        steps={{ onAnswer: (session) => answered.push(session.transaction_id) }}
      />,
    );
    store.dispatch(balanceChanged('40.00'));
    await fillAndSubmit();
    await vi.waitFor(() => {
      expect(answered).toEqual([SESSION.transaction_id]);
    });
    expect(store.getState().session.userBalance).toBe('40.00');
  });

  it('SPEC §5: an invalid form stops before the flow’s steps; nothing is sent', async () => {
    const before = vi.fn(() => true);
    const api = submitCall(() => ({ data: SESSION }));
    await renderWithApp(<Harness call={api.call} steps={{ beforeSubmit: before }} />);
    await userEvent.click(screen.getByRole('button', { name: /^Pay / }));
    expect(before).not.toHaveBeenCalled();
    expect(api.sent).toHaveLength(0);
  });

  it('SPEC §4: a field the flow presents as blocked stops the submit with its manual error, before the flow’s own steps', async () => {
    const before = vi.fn(() => true);
    const api = submitCall(() => ({ data: SESSION }));
    await renderWithApp(
      <Harness
        call={api.call}
        steps={{
          beforeSubmit: before,
          present: (field, error) =>
            field.name === 'wallet_id'
              ? { field, error: { key: 'PH.FIELD.ADD_CARD_FIRST' }, blocked: true }
              : { field, error, blocked: false },
        }}
      />,
    );
    await fillAndSubmit();
    expect(screen.getByText('Make a card deposit first to add a card for payouts')).toBeTruthy();
    expect(before).not.toHaveBeenCalled();
    expect(api.sent).toHaveLength(0);
  });

  it('a flow step that says no (verification first, a refused recurring check) sends nothing', async () => {
    const api = submitCall(() => ({ data: SESSION }));
    const { unmount } = await renderWithApp(
      <Harness call={api.call} steps={{ beforeSubmit: () => false }} />,
    );
    await fillAndSubmit();
    unmount();
    const confirm = vi.fn(() => Promise.resolve(false));
    await renderWithApp(<Harness call={api.call} steps={{ confirm }} />);
    await fillAndSubmit();
    await vi.waitFor(() => {
      expect(confirm).toHaveBeenCalledTimes(1);
    });
    expect(api.sent).toHaveLength(0);
  });

  it('SPEC §8: a failure the flow handles opens no error popup; one it leaves opens the popup with the server’s code', async () => {
    // An ApiError as the cashier's calls give it (SPEC §8).
    const refusal = {
      status: 400,
      data: { error_code: '1301', error_message: 'Refused' },
      errorCode: '1301',
      errorMessage: 'Refused',
    };
    const handled = vi.fn(() => true);
    const api = submitCall(() => ({ error: refusal }));
    const first = await renderWithApp(<Harness call={api.call} steps={{ onFailure: handled }} />);
    await fillAndSubmit();
    await vi.waitFor(() => {
      expect(handled).toHaveBeenCalledTimes(1);
    });
    expect(first.store.getState().ui.errorPopup.isOpen).toBe(false);
    first.unmount();
    const left = vi.fn(() => false);
    const second = await renderWithApp(<Harness call={api.call} steps={{ onFailure: left }} />);
    await fillAndSubmit();
    await vi.waitFor(() => {
      expect(second.store.getState().ui.errorPopup).toMatchObject({
        isOpen: true,
        error: { errorCode: '1301' },
      });
    });
  });

  it('SPEC §2, §5 fee: the submit button says what it charges (the amount and the fee the player pays), and waits while a flow step runs', async () => {
    const api = submitCall(() => ({ data: SESSION }));
    const { unmount } = await renderWithApp(<Harness call={api.call} steps={{}} />);
    // The method's default amount (its minimum, 10.00) plus its fee (1.5 % + 0.20), the figure of
    // "Total to pay", in the brand's currency display (SPEC §5).
    expect(screen.getByRole('button', { name: /^Pay/ }).textContent).toBe('Pay 10.35 EUR');
    unmount();
    await renderWithApp(<Harness call={api.call} steps={{ busy: true }} />);
    const button = screen.getByRole('button');
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });
});

describe('the method information of both forms (SPEC §2 info block)', () => {
  const api = submitCall(() => ({ data: SESSION }));
  const described = (inIframe: boolean) => ({
    ...EXAMPLE_CARD_PAY_GROUP,
    info: 'https://operator.example/methods/card',
    info_in_iframe: inIframe,
  });

  it('SPEC §3 info_in_iframe: the description opens inside the cashier, in a dialog with the page in a sandboxed frame; closing it returns the focus', async () => {
    await renderWithApp(<Harness call={api.call} steps={{}} group={described(true)} />);
    const more = screen.getByRole('button', { name: 'More about this payment method' });
    expect(screen.queryByRole('link', { name: /More about this payment method/ })).toBeNull();
    await userEvent.click(more);
    const dialog = screen.getByRole('dialog');
    const frame = dialog.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe('https://operator.example/methods/card');
    expect(frame?.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-popups');
    expect(frame?.getAttribute('referrerpolicy')).toBe('no-referrer');
    // Should the page refuse to be framed, it opens in a new tab from the dialog.
    expect(
      screen.getByRole('link', { name: /Open this page in a new tab/ }).getAttribute('target'),
    ).toBe('_blank');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(more);
  });

  it('SPEC §3: without info_in_iframe the description is a link', async () => {
    await renderWithApp(<Harness call={api.call} steps={{}} group={described(false)} />);
    const link = screen.getByRole('link', { name: /More about this payment method/ });
    expect(link.getAttribute('href')).toBe('https://operator.example/methods/card');
    expect(screen.queryByRole('button', { name: 'More about this payment method' })).toBeNull();
  });
});
