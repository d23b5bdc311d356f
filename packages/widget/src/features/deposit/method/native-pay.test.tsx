/**
 * Apple Pay and Google Pay (SPEC §6, docs/decisions/0122) in the widget, with a fake Payment
 * Request API: the method list offers a wallet only where the platform rule allows it and the
 * browser's canMakePayment() says yes; the wallet's page builds the request with the exact
 * total, sends the token to the deposit submit, closes the sheet with the server's answer and
 * keeps the player on the form, charged nothing, when the sheet is closed.
 */
import { EXAMPLE_CARD_PAY_GROUP, EXAMPLE_DEPOSIT_INIT } from '@cashdesk/contract';
import type { DepositMethodDetail, PaySessionInput } from '@cashdesk/contract';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { DepositHomePage } from '../home/deposit-home-page';
import { DepositMethodPage } from './deposit-method-page';
import { walletToken } from './native-pay-form';
import { paySession } from './test-fixtures';

const GOOGLE = 201;
const APPLE = 202;

const WALLET_GROUPS = [
  {
    ...EXAMPLE_CARD_PAY_GROUP,
    id: GOOGLE,
    short_name: 'google_pay',
    public_name: 'Google Pay',
    native_pay_type: 'google_pay',
    popular: false,
    show_in_carousel: false,
  },
  {
    ...EXAMPLE_CARD_PAY_GROUP,
    id: APPLE,
    short_name: 'apple_pay',
    public_name: 'Apple Pay',
    native_pay_type: 'apple_pay',
    popular: false,
    show_in_carousel: false,
  },
];

const INIT = {
  ...EXAMPLE_DEPOSIT_INIT,
  user_bonuses: [],
  lost_profit_merchant_bonus: null,
  payment_groups: [...EXAMPLE_DEPOSIT_INIT.payment_groups, ...WALLET_GROUPS],
};

const GOOGLE_DATA = { environment: 'TEST', apiVersion: 2 };

const WALLET_DETAIL: DepositMethodDetail = {
  currency: 'EUR',
  limits: { min_amount: '5', max_amount: '5000', max_recurring_amount: null },
  amount_blocks: ['10', '25'],
  experiment_amount_blocks: null,
  preselected_amount_block: '10',
  parameters: [],
  view_data: [],
  merchant_user_fee: { percentage: '2', fix: null },
  native_pay_data: JSON.stringify(GOOGLE_DATA),
};

interface SheetAnswer {
  readonly details?: unknown;
  readonly error?: DOMException;
}

/** A Payment Request API of its own per test: what it was asked and what its sheet answers. */
function fakePaymentRequest(canPay: boolean, sheet: SheetAnswer = {}) {
  const asked: string[] = [];
  const built: { methods: unknown; details: unknown }[] = [];
  const complete = vi.fn<(result: string) => Promise<void>>(() => Promise.resolve());
  class FakePaymentRequest {
    readonly #methods: readonly { supportedMethods: string }[];
    constructor(methods: readonly { supportedMethods: string }[], details: unknown) {
      this.#methods = methods;
      built.push({ methods, details });
    }
    canMakePayment(): Promise<boolean> {
      asked.push(...this.#methods.map((method) => method.supportedMethods));
      return Promise.resolve(canPay);
    }
    show(): Promise<unknown> {
      if (sheet.error !== undefined) return Promise.reject(sheet.error);
      return Promise.resolve({ details: sheet.details, complete });
    }
  }
  vi.stubGlobal('PaymentRequest', FakePaymentRequest);
  return { asked, built, complete };
}

/** The cashier service: init, the wallet's select and a queue of submit answers. */
function stubService(submitAnswers: (PaySessionInput | 'network')[] = [], init: unknown = INIT) {
  const submits: unknown[] = [];
  const keys: (string | null)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, request?: RequestInit) => {
      const url = input instanceof Request ? input.url : input.toString();
      if (url.endsWith('/payments/groups/init')) return Promise.resolve(Response.json(init));
      if (/\/payments\/groups\/\d+\/select$/.test(url)) {
        return Promise.resolve(Response.json(WALLET_DETAIL));
      }
      if (/\/payments\/groups\/\d+\/submit$/.test(url)) {
        const body = request?.body;
        submits.push(typeof body === 'string' ? JSON.parse(body) : body);
        keys.push(new Headers(request?.headers).get('idempotency-key'));
        const answer = submitAnswers.shift() ?? paySession();
        if (answer === 'network') return Promise.reject(new TypeError('Failed to fetch'));
        return Promise.resolve(Response.json(answer));
      }
      return Promise.resolve(Response.json({ error_code: '1000' }, { status: 404 }));
    }),
  );
  return { submits, keys };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

async function renderList(channel: string) {
  // The player came back on purpose: the list is shown, not a method chosen for them.
  window.sessionStorage.setItem('phSkipLasUsedMethod', 'true');
  await renderWithApp(<DepositHomePage />, { route: `/deposit?xChannel=${channel}` });
  await screen.findByRole('heading', { level: 2, name: 'Popular' });
}

const shown = (name: string) => screen.queryAllByText(name).length > 0;

describe('SPEC §6: which wallet the method list offers', () => {
  it.each([
    ['MOBILE_NATIVE_ANDROID', true, ['https://google.com/pay'], 'Google Pay'],
    ['MOBILE_NATIVE_IOS', true, ['https://apple.com/apple-pay'], 'Apple Pay'],
    ['MOBILE_NATIVE_ANDROID', false, ['https://google.com/pay'], null],
    ['MOBILE_NATIVE_IOS', false, ['https://apple.com/apple-pay'], null],
    ['DESKTOP_AIR_PM', true, [], null],
    ['MOBILE_WEB', true, [], null],
  ] as const)(
    'SPEC §6: on %s with canMakePayment %s it asks about %j and shows %s',
    async (channel, canPay, identifiers, wallet) => {
      const fake = fakePaymentRequest(canPay);
      stubService();
      await renderList(channel);
      if (wallet !== null) {
        await waitFor(() => {
          expect(shown(wallet)).toBe(true);
        });
      }
      await act(async () => {
        await Promise.resolve();
      });
      expect(fake.asked).toEqual(identifiers);
      expect(shown('Google Pay')).toBe(wallet === 'Google Pay');
      expect(shown('Apple Pay')).toBe(wallet === 'Apple Pay');
      expect(shown(EXAMPLE_CARD_PAY_GROUP.public_name)).toBe(true);
    },
  );

  it('SPEC §4, §6: the automatic choice waits for the browser, so a preselected Google Pay opens', async () => {
    fakePaymentRequest(true);
    // No last used card to choose first (SPEC §4 order): the pay_group parameter decides.
    stubService([], {
      ...INIT,
      payment_groups: INIT.payment_groups.map((group) => ({ ...group, last_used: false })),
    });
    await renderWithApp(
      <Routes>
        <Route path="/deposit" element={<DepositHomePage />} />
        <Route path="/deposit/:provider" element={<Probe />} />
      </Routes>,
      { route: `/deposit?xChannel=MOBILE_NATIVE_ANDROID&pay_group=${String(GOOGLE)}` },
    );
    expect((await screen.findByTestId('probe')).textContent).toBe(`/deposit/${String(GOOGLE)}`);
  });

  it('SPEC §6: a browser without the Payment Request API shows neither wallet, even on Android', async () => {
    stubService();
    await renderList('MOBILE_NATIVE_ANDROID');
    await act(async () => {
      await Promise.resolve();
    });
    expect(shown('Google Pay')).toBe(false);
    expect(shown('Apple Pay')).toBe(false);
  });
});

function Probe() {
  const location = useLocation();
  return <output data-testid="probe">{location.pathname}</output>;
}

async function renderWalletPage(channel = 'MOBILE_NATIVE_ANDROID', id = GOOGLE) {
  return renderWithApp(
    <Routes>
      <Route path="/deposit/:provider" element={<DepositMethodPage />} />
      <Route path="/deposit/deposit-success" element={<Probe />} />
      <Route path="/deposit/deposit-error" element={<Probe />} />
    </Routes>,
    { route: `/deposit/${String(id)}?xChannel=${channel}` },
  );
}

const PAY_BUTTON = { name: /^Pay .*10\.20.* with Google Pay$/ };
const GOOGLE_TOKEN = { paymentMethodData: { tokenizationData: { token: 'tok-approve' } } };

describe('SPEC §6: paying with Google Pay', () => {
  it('SPEC §6, §5: the sheet asks the exact total and the token goes to the deposit submit', async () => {
    const fake = fakePaymentRequest(true, { details: GOOGLE_TOKEN });
    const { submits } = stubService([paySession({ amount: '10.00' })]);
    const user = userEvent.setup();
    await renderWalletPage();
    await user.click(await screen.findByRole('button', PAY_BUTTON));
    await screen.findByTestId('probe');
    expect(screen.getByTestId('probe').textContent).toBe('/deposit/deposit-success');
    // The detection request, then the payment's own.
    expect(fake.built.at(-1)).toEqual({
      methods: [{ supportedMethods: 'https://google.com/pay', data: GOOGLE_DATA }],
      details: { total: { label: 'Deposit', amount: { currency: 'EUR', value: '10.20' } } },
    });
    expect(submits).toEqual([
      expect.objectContaining({
        amount: '10',
        currency: 'EUR',
        native_pay: { wallet: 'google_pay', token: 'tok-approve' },
      }),
    ]);
    expect(fake.complete.mock.calls).toEqual([['success']]);
  });

  it('SPEC §6: a declined payment closes the sheet as failed and the result page says so', async () => {
    const fake = fakePaymentRequest(true, { details: GOOGLE_TOKEN });
    stubService([
      paySession({
        result_status: 'error',
        transaction_status: 'error',
        error_code: '1301',
        error_message: 'CASHIER.ERROR.PAYMENT_DECLINED',
      }),
    ]);
    const user = userEvent.setup();
    await renderWalletPage();
    await user.click(await screen.findByRole('button', PAY_BUTTON));
    await screen.findByTestId('probe');
    expect(screen.getByTestId('probe').textContent).toBe('/deposit/deposit-error');
    expect(fake.complete.mock.calls).toEqual([['fail']]);
  });

  it('SPEC §6: a closed sheet (AbortError) sends nothing and keeps the player on the form', async () => {
    fakePaymentRequest(true, { error: new DOMException('closed', 'AbortError') });
    const { submits } = stubService();
    const user = userEvent.setup();
    await renderWalletPage();
    await user.click(await screen.findByRole('button', PAY_BUTTON));
    expect(await screen.findByText('You closed Google Pay. Nothing was charged.')).toBeDefined();
    expect(submits).toEqual([]);
    expect(screen.getByRole('button', PAY_BUTTON)).toBeDefined();
    expect(screen.queryByTestId('probe')).toBeNull();
  });

  it('SPEC §6: an unanswered submit closes the sheet as failed; paying again continues the same payment', async () => {
    const fake = fakePaymentRequest(true, { details: GOOGLE_TOKEN });
    const { submits, keys } = stubService(['network', paySession()]);
    const user = userEvent.setup();
    const { store } = await renderWalletPage();
    await user.click(await screen.findByRole('button', PAY_BUTTON));
    await waitFor(() => {
      expect(store.getState().ui.errorPopup.error.message).toBe('DEPOSIT_METHOD.NETWORK_ERROR');
    });
    expect(fake.complete.mock.calls).toEqual([['fail']]);
    await user.click(screen.getByRole('button', PAY_BUTTON));
    await screen.findByTestId('probe');
    expect(screen.getByTestId('probe').textContent).toBe('/deposit/deposit-success');
    // One payment: the same body under the same Idempotency-Key, so nothing is charged twice.
    expect(submits).toHaveLength(2);
    expect(submits[1]).toEqual(submits[0]);
    expect(keys[1]).toBe(keys[0]);
    expect(fake.complete.mock.calls).toEqual([['fail'], ['success']]);
  });

  it('SPEC §6: Google Pay is not a method on iOS: its address shows the method unavailable', async () => {
    fakePaymentRequest(true);
    stubService();
    await renderWalletPage('MOBILE_NATIVE_IOS', GOOGLE);
    expect(await screen.findByText('Payment method not available')).toBeDefined();
    expect(screen.queryByRole('button', PAY_BUTTON)).toBeNull();
  });
});

describe('SPEC §6: the token of a wallet answer', () => {
  it.each([
    ['Google Pay', GOOGLE_TOKEN, 'tok-approve'],
    [
      'Apple Pay',
      { token: { paymentData: { version: 'EC_v1', data: 'x' } } },
      '{"version":"EC_v1","data":"x"}',
    ],
    ['another shape', { id: 'abc' }, '{"id":"abc"}'],
    ['nothing', {}, null],
    ['no object', 'text', null],
  ] as const)('SPEC §6: the token of %s', (_name, details, token) => {
    expect(walletToken(details)).toBe(token);
  });
});
