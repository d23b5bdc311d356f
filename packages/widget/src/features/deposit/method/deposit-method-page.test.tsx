import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { announce } from '../../../ui/announcer';
import { CheckoutPage, DepositMethodPage } from './deposit-method-page';
import {
  AUTO_DETAIL,
  CARD_DETAIL,
  SAVED_CARD,
  paySession,
  stubCashierFetch,
} from './test-fixtures';

vi.mock('../../../fields', async () => {
  const fixtures = await import('./test-fixtures');
  const { amountCharged } = await import('../../../fields/amount/summary-lines');
  return {
    // The figure the submit button says is the real rule's.
    amountCharged,
    FieldView: fixtures.StubFieldView,
    // The stub fields have no code of their own to wait for.
    useFieldCode: () => true,
    AmountSummary: () => null,
    toFieldError: (error: { key: string; params?: Record<string, string> }) => ({
      key: error.key,
      ...(error.params === undefined ? {} : { params: error.params }),
    }),
  };
});
vi.mock('../../../ui/announcer', () => ({ announce: vi.fn() }));

/** Shows where the page navigated and with what router state. */
function Probe() {
  const location = useLocation();
  const state: unknown = location.state;
  return (
    <output data-testid="probe">
      {JSON.stringify({ path: location.pathname, search: location.search, state })}
    </output>
  );
}

function probe(): { path: string; search: string; state: unknown } {
  const parsed: unknown = JSON.parse(screen.getByTestId('probe').textContent);
  if (typeof parsed !== 'object' || parsed === null) throw new Error('no probe');
  return {
    path: String(Reflect.get(parsed, 'path')),
    search: String(Reflect.get(parsed, 'search')),
    state: Reflect.get(parsed, 'state'),
  };
}

async function renderPage(provider = '101', state?: unknown) {
  const view = await renderWithApp(
    <Routes>
      <Route path="/deposit/:provider" element={<DepositMethodPage />} />
      <Route path="/deposit/deposit-success" element={<Probe />} />
      <Route path="/deposit/deposit-error" element={<Probe />} />
      <Route path="/deposit/deposit-await" element={<Probe />} />
      <Route path="/deposit/deposit-display-form" element={<Probe />} />
    </Routes>,
    { route: `/deposit/${provider}`, ...(state === undefined ? {} : { state }) },
  );
  return view;
}

async function fillNewCard(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('card_pan'), '4000 0000 0000 0101');
  await user.type(screen.getByLabelText('expirationDate'), '12/30');
  await user.type(screen.getByLabelText('card_cvv'), '123');
  await user.type(screen.getByLabelText('card_cardholder_name'), 'John  Doe');
  await user.type(screen.getByLabelText('transfer_date'), '2024-05-01');
}

const DEPOSIT_50 = { name: 'Pay 50.95 EUR' } as const;

beforeEach(() => {
  vi.mocked(announce).mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('method page (SPEC §2 method page, §3 method detail)', () => {
  it('SPEC §2 result page retry: "Try again" after a decline opens the form with the declined amount and the card, but not its CVV', async () => {
    const declined = paySession({
      result_status: 'error',
      transaction_status: 'error',
      error_code: '1301',
    });
    stubCashierFetch({
      details: { '101': CARD_DETAIL },
      submitAnswers: [{ status: 200, body: declined }],
    });
    const user = userEvent.setup();
    const first = await renderPage();
    await fillNewCard(user);
    await user.click(screen.getByRole('button', DEPOSIT_50));
    await screen.findByTestId('probe');
    expect(probe().path).toBe('/deposit/deposit-error');
    // Never in the page's history: the result page gets the pay session, not the card.
    expect(JSON.stringify(probe().state)).not.toContain('4000');
    first.unmount();

    await renderPage('101', { retry: true, payGroupId: '101', retryAmount: '73.50' });
    const pan = await screen.findByLabelText('card_pan');
    expect(screen.getByLabelText('amount')).toHaveProperty('value', '73.5');
    expect(pan).toHaveProperty('value', '4000 0000 0000 0101');
    expect(screen.getByLabelText('expirationDate')).toHaveProperty('value', '12/30');
    expect(screen.getByLabelText('card_cardholder_name')).toHaveProperty('value', 'John  Doe');
    expect(screen.getByLabelText('card_cvv')).toHaveProperty('value', '');
    // Other fields start as on any opening.
    expect(screen.getByLabelText('transfer_date')).toHaveProperty('value', '');
    expect(screen.getByRole('button', { name: 'Pay 74.80 EUR' })).toBeTruthy();
  });

  it('the card is not kept beyond its retry: a form opened otherwise, or after a success, starts empty', async () => {
    stubCashierFetch({
      details: { '101': CARD_DETAIL },
      submitAnswers: [
        { status: 200, body: paySession({ result_status: 'error', transaction_status: 'error' }) },
        { status: 200, body: paySession() },
      ],
    });
    const user = userEvent.setup();
    const first = await renderPage();
    await fillNewCard(user);
    await user.click(screen.getByRole('button', DEPOSIT_50));
    await screen.findByTestId('probe');
    first.unmount();
    // Opened from the method list, not by "Try again": the card is forgotten.
    const plain = await renderPage();
    expect(await screen.findByLabelText('card_pan')).toHaveProperty('value', '');
    plain.unmount();
    const retry = await renderPage('101', { retry: true, payGroupId: '101' });
    expect(await screen.findByLabelText('card_pan')).toHaveProperty('value', '');
    retry.unmount();

    // A success forgets the card too.
    const again = await renderPage();
    await fillNewCard(user);
    await user.click(screen.getByRole('button', DEPOSIT_50));
    await screen.findByTestId('probe');
    expect(probe().path).toBe('/deposit/deposit-success');
    again.unmount();
    await renderPage('101', { retry: true, payGroupId: '101' });
    expect(await screen.findByLabelText('card_pan')).toHaveProperty('value', '');
  });

  it('shows the method name, a back link keeping the query, the fields in order and the amount on the button', async () => {
    stubCashierFetch({ details: { '101': CARD_DETAIL } });
    await renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Visa / Mastercard' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to deposit methods' }).getAttribute('href')).toBe(
      '/deposit?session_id=test-session&lang=en-brand0',
    );
    await screen.findByLabelText('card_pan');
    // SPEC §2 body data attributes: the open method's pay group and currency.
    expect(document.body.dataset.payGroupId).toBe('101');
    expect(document.body.dataset.currency).toBe('EUR');
    const labels = Array.from(document.querySelectorAll('form label')).map((l) => l.textContent);
    // Generated amount first; the generated CVV after the last card field (the expiry);
    // the generated save_card (off until the player ticks it) last.
    expect(labels).toEqual([
      'amount',
      'card_id',
      'card_pan',
      'expirationDate',
      'card_cvv',
      'card_cardholder_name',
      'bank',
      'transfer_date',
      'save_card',
    ]);
    expect(screen.getByLabelText<HTMLInputElement>('amount').value).toBe('50');
    expect(screen.getByLabelText<HTMLInputElement>('bank').value).toBe('b1');
    expect(screen.getByLabelText<HTMLInputElement>('save_card').checked).toBe(false);
    expect(screen.getByRole('button', DEPOSIT_50)).toBeTruthy();
  });

  it('says so when the pay group is not the player’s', async () => {
    stubCashierFetch({ details: {} });
    await renderPage('999');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Payment method not available' }),
    ).toBeTruthy();
  });
});

describe('validation (SPEC §5)', () => {
  it('flags an invalid card number on blur with PH.ERROR.INCORRECT_CARD_NUMBER', async () => {
    stubCashierFetch({ details: { '101': CARD_DETAIL } });
    const user = userEvent.setup();
    await renderPage();
    const pan = await screen.findByLabelText('card_pan');
    await user.type(pan, '4000 0000 0000 0102');
    expect(pan.getAttribute('aria-invalid')).toBe('false');
    await user.tab();
    expect(pan.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('PH.ERROR.INCORRECT_CARD_NUMBER').id).toBe(
      pan.getAttribute('aria-describedby'),
    );
  });

  it('does not flag an untouched empty field on blur', async () => {
    stubCashierFetch({ details: { '101': CARD_DETAIL } });
    const user = userEvent.setup();
    await renderPage();
    await user.click(await screen.findByLabelText('card_cardholder_name'));
    await user.tab();
    expect(screen.getByLabelText('card_cardholder_name').getAttribute('aria-invalid')).toBe(
      'false',
    );
  });

  it('on a failed submit sends nothing, focuses the first invalid field and announces the count', async () => {
    const { submits } = stubCashierFetch({ details: { '101': CARD_DETAIL } });
    const user = userEvent.setup();
    await renderPage();
    await user.type(await screen.findByLabelText('expirationDate'), '12/30');
    await user.click(screen.getByRole('button', DEPOSIT_50));
    expect(submits).toEqual([]);
    expect(document.activeElement).toBe(screen.getByLabelText('card_pan'));
    expect(screen.getByLabelText('card_pan').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('PH.ERROR.FIELD_REQUIRED')).toHaveLength(4);
    expect(announce).toHaveBeenCalledWith(
      'The form has 4 errors. Please correct them.',
      'assertive',
    );
  });

  it('errors of a failed submit stay while the player tabs through the empty fields, and go as each is fixed', async () => {
    stubCashierFetch({ details: { '101': CARD_DETAIL } });
    const user = userEvent.setup();
    await renderPage();
    await user.type(await screen.findByLabelText('expirationDate'), '12/30');
    await user.click(screen.getByRole('button', DEPOSIT_50));
    expect(screen.getAllByText('PH.ERROR.FIELD_REQUIRED')).toHaveLength(4);
    // Focus is on the card number; leaving it and the next empty fields untouched keeps them all.
    await user.tab();
    await user.tab();
    await user.tab();
    expect(screen.getAllByText('PH.ERROR.FIELD_REQUIRED')).toHaveLength(4);
    expect(screen.getByLabelText('card_pan').getAttribute('aria-invalid')).toBe('true');
    await user.type(screen.getByLabelText('card_pan'), '4000 0000 0000 0101');
    expect(screen.getByLabelText('card_pan').getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.getAllByText('PH.ERROR.FIELD_REQUIRED')).toHaveLength(3);
  });
});

describe('deposit submit (SPEC §3 deposit submit body, §7 submit)', () => {
  it('sends the exact body with an Idempotency-Key and goes to the result page (SPEC §2)', async () => {
    const { submits } = stubCashierFetch({ details: { '101': CARD_DETAIL } });
    const user = userEvent.setup();
    const { store } = await renderPage();
    await fillNewCard(user);
    await user.click(screen.getByRole('button', DEPOSIT_50));
    await screen.findByTestId('probe');
    expect(submits).toHaveLength(1);
    const [call] = submits;
    expect(call?.url).toBe('/api/cashier-service/v1.0/payments/groups/101/submit');
    expect(call?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(call?.headers['x-session-id']).toBe('test-session');
    expect(call?.body).toEqual({
      amount: '50',
      currency: 'EUR',
      fields: {
        bank: 'b1',
        transfer_date: '2024-05-01T00:00:00.000Z',
        card_pan: '4000000000000101',
        card_cardholder_name: 'John Doe',
        month: '12',
        year: '30',
        card_cvv: '123',
        save_card: false,
      },
      browser_data: {
        color_depth: window.screen.colorDepth,
        language: navigator.language,
        time_zone: new Date().getTimezoneOffset(),
        timezone_name: Intl.DateTimeFormat().resolvedOptions().timeZone,
        java_enabled: false,
        screen_height: window.screen.height,
        screen_width: window.screen.width,
        window_height: window.innerHeight,
        window_width: window.innerWidth,
        user_agent: navigator.userAgent,
        java_script_enabled: true,
      },
      display_params: { lang: 'en-brand0' },
    });
    expect(probe().path).toBe('/deposit/deposit-success');
    expect(probe().search).toBe('?session_id=test-session&lang=en-brand0&transaction_id=tx_1');
    expect(probe().state).toEqual({ paySession: { ...paySession() }, payGroupId: '101' });
    expect(localStorage.getItem('phLastUsedMethodId')).toBe('101');
    expect(store.getState().session.userBalance).toBe('300.00');
  });

  it("sends the display parameters of the cashier's address, for the addresses that bring the player back (SPEC §2)", async () => {
    const { submits } = stubCashierFetch({ details: { '101': CARD_DETAIL } });
    const user = userEvent.setup();
    await renderPage(
      '101?lang=ar-brand0&theme=brand1&width=390&host_origin=https%3A%2F%2Fbrand.example&pay_group=7',
    );
    await fillNewCard(user);
    await user.click(screen.getByRole('button', DEPOSIT_50));
    await screen.findByTestId('probe');
    expect(Reflect.get(Object(submits[0]?.body), 'display_params')).toEqual({
      lang: 'ar-brand0',
      theme: 'brand1',
      width: '390',
      host_origin: 'https://brand.example',
    });
  });

  it('re-sends the same body under the same key after a network failure, a new key for new data', async () => {
    const { submits } = stubCashierFetch({
      details: { '101': CARD_DETAIL },
      submitAnswers: [{ network: true }, { network: true }, { network: true }],
    });
    const user = userEvent.setup();
    const { store } = await renderPage();
    await fillNewCard(user);
    await user.click(screen.getByRole('button', DEPOSIT_50));
    await waitFor(() => {
      expect(store.getState().ui.errorPopup.isOpen).toBe(true);
    });
    expect(store.getState().ui.errorPopup.error.message).toBe('DEPOSIT_METHOD.NETWORK_ERROR');
    // Typed values are kept.
    expect(screen.getByLabelText<HTMLInputElement>('card_pan').value).toBe('4000 0000 0000 0101');
    await user.click(screen.getByRole('button', DEPOSIT_50));
    await waitFor(() => {
      expect(submits).toHaveLength(2);
    });
    expect(submits[1]?.headers['idempotency-key']).toBe(submits[0]?.headers['idempotency-key']);
    expect(submits[1]?.body).toEqual(submits[0]?.body);
    await waitFor(() => {
      expect(screen.getByRole('button', DEPOSIT_50).hasAttribute('disabled')).toBe(false);
    });
    await user.clear(screen.getByLabelText('amount'));
    await user.type(screen.getByLabelText('amount'), '60');
    await user.click(screen.getByRole('button', { name: 'Pay 61.10 EUR' }));
    await waitFor(() => {
      expect(submits).toHaveLength(3);
    });
    expect(submits[2]?.headers['idempotency-key']).not.toBe(submits[0]?.headers['idempotency-key']);
  });

  it('is busy while in flight: the button is disabled and a second click sends nothing', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => undefined;
    const pending = new Promise<{ status: number; body: unknown }>((resolve) => {
      answer = resolve;
    });
    const { submits } = stubCashierFetch({
      details: { '101': CARD_DETAIL },
      submitAnswers: [{ pending }],
    });
    const user = userEvent.setup();
    await renderPage();
    await fillNewCard(user);
    const button = screen.getByRole('button', DEPOSIT_50);
    await user.click(button);
    const busy = await screen.findByRole('button', { name: 'Processing your deposit…' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(busy.hasAttribute('disabled')).toBe(true);
    busy.closest('form')?.requestSubmit();
    expect(submits).toHaveLength(1);
    answer({ status: 200, body: paySession() });
    await screen.findByTestId('probe');
    expect(submits).toHaveLength(1);
  });
});

describe('auto-submit (SPEC §4)', () => {
  it('submits a valid form with no empty required field without a click', async () => {
    const { submits } = stubCashierFetch({ details: { '103': AUTO_DETAIL } });
    await renderPage('103');
    await screen.findByTestId('probe');
    expect(submits).toHaveLength(1);
    expect(submits[0]?.body).toMatchObject({
      amount: '20',
      currency: 'EUR',
      fields: { operator: 'operator_a' },
    });
  });

  it('shows the form (without errors) when a required field is empty', async () => {
    const { submits } = stubCashierFetch({
      details: {
        '103': {
          ...AUTO_DETAIL,
          auto_submit: null,
          preset_behavior: 'autosubmit',
          parameters: [{ name: 'reference', type: 'input', is_required: true }],
        },
      },
    });
    await renderPage('103');
    const field = await screen.findByLabelText('reference');
    expect(field.getAttribute('aria-invalid')).toBe('false');
    expect(submits).toEqual([]);
  });
});

describe('submit outcomes (SPEC §3 pay session, §8 errors)', () => {
  it('opens the display form with its data in router state', async () => {
    const session = paySession({
      step: 'display_form',
      action: 'none',
      result_status: 'await',
      session_status: 'active',
      transaction_status: 'await',
      display_form: {
        qr_payload: 'cashdesk-sandbox://pay?x=1',
        expires_at: '2030-01-31T12:15:00.000Z',
        reference: 'REF-1',
        amount: '20.00',
        currency: 'EUR',
        copy_fields: [],
      },
    });
    const [operator] = AUTO_DETAIL.parameters;
    if (operator === undefined) throw new Error('no operator field');
    stubCashierFetch({
      details: {
        '103': {
          ...AUTO_DETAIL,
          auto_submit: false,
          parameters: [{ ...operator, label: 'Operator' }],
        },
      },
      submitAnswers: [{ status: 200, body: session }],
    });
    const user = userEvent.setup();
    await renderPage('103');
    await user.click(await screen.findByRole('button', { name: 'Pay 20.50 EUR' }));
    await screen.findByTestId('probe');
    expect(probe().path).toBe('/deposit/deposit-display-form');
    expect(probe().search).toContain('transaction_id=tx_1');
    // With what the QR page says it is for: the method and what was chosen on its form.
    expect(probe().state).toMatchObject({
      displayForm: session.display_form,
      payGroupId: '103',
      methodName: 'Mobile money',
      choices: [{ label: 'Operator', value: 'Operator A' }],
    });
  });

  it('goes to the await page for a step await', async () => {
    stubCashierFetch({
      details: { '103': { ...AUTO_DETAIL, auto_submit: false } },
      submitAnswers: [{ status: 200, body: paySession({ step: 'await', result_status: 'await' }) }],
    });
    const user = userEvent.setup();
    await renderPage('103');
    await user.click(await screen.findByRole('button', { name: 'Pay 20.50 EUR' }));
    await screen.findByTestId('probe');
    expect(probe().path).toBe('/deposit/deposit-await');
    expect(localStorage.getItem('phLastUsedMethodId')).toBeNull();
  });

  it('puts an error naming parameters.<field> on that field and keeps the values', async () => {
    stubCashierFetch({
      details: { '101': CARD_DETAIL },
      submitAnswers: [
        {
          status: 400,
          body: {
            error_code: '1002',
            error_message: 'PH.ERROR.INCORRECT_CVV',
            error_field: 'parameters.card_cvv',
          },
        },
      ],
    });
    const user = userEvent.setup();
    await renderPage();
    await fillNewCard(user);
    await user.click(screen.getByRole('button', DEPOSIT_50));
    expect(await screen.findByText('PH.ERROR.INCORRECT_CVV')).toBeTruthy();
    const cvv = screen.getByLabelText<HTMLInputElement>('card_cvv');
    expect(cvv.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(cvv);
    expect(cvv.value).toBe('123');
  });

  it('puts body.amount on the amount field', async () => {
    stubCashierFetch({
      details: { '101': CARD_DETAIL },
      submitAnswers: [
        {
          status: 400,
          body: {
            error_code: '1003',
            error_message: 'PH.DEPOSIT.ERROR.INCORRECT_AMOUNT',
            error_field: 'body.amount',
          },
        },
      ],
    });
    const user = userEvent.setup();
    await renderPage();
    await fillNewCard(user);
    await user.click(screen.getByRole('button', DEPOSIT_50));
    expect(await screen.findByText('PH.DEPOSIT.ERROR.INCORRECT_AMOUNT')).toBeTruthy();
    expect(screen.getByLabelText('amount').getAttribute('aria-invalid')).toBe('true');
  });

  it('opens the error popup for an error without a field', async () => {
    stubCashierFetch({
      details: { '101': CARD_DETAIL },
      submitAnswers: [
        {
          status: 409,
          body: { error_code: '1010', error_message: 'CASHIER.ERROR.METHOD_UNAVAILABLE' },
        },
      ],
    });
    const user = userEvent.setup();
    const { store } = await renderPage();
    await fillNewCard(user);
    await user.click(screen.getByRole('button', DEPOSIT_50));
    await waitFor(() => {
      expect(store.getState().ui.errorPopup.isOpen).toBe(true);
    });
    expect(store.getState().ui.errorPopup.error).toEqual({
      errorCode: '1010',
      message: 'CASHIER.ERROR.METHOD_UNAVAILABLE',
    });
  });

  it('leaves code 17 to the session expiry (no popup)', async () => {
    stubCashierFetch({
      details: { '101': CARD_DETAIL },
      submitAnswers: [
        { status: 401, body: { error_code: '17', error_message: 'CASHIER.PH2.ERROR_MESSAGE.17' } },
      ],
    });
    const user = userEvent.setup();
    const { store } = await renderPage();
    await fillNewCard(user);
    await user.click(screen.getByRole('button', DEPOSIT_50));
    await waitFor(() => {
      expect(store.getState().session.isSessionExpired).toBe(true);
    });
    expect(store.getState().ui.errorPopup.isOpen).toBe(false);
  });
});

describe('saved cards on the method page (SPEC §4 card form variants, §7 recurring check)', () => {
  it('chooses the newest usable saved card, hides its number and pays after the recurring check', async () => {
    const { submits, recurringChecks } = stubCashierFetch({
      details: { '101': CARD_DETAIL },
      cards: [SAVED_CARD],
    });
    const user = userEvent.setup();
    await renderPage();
    expect(await screen.findByLabelText('card_id')).toHaveProperty('value', 'card_1');
    // SPEC §4: a saved card with last4 hides the number, expiry and holder; a token that is not
    // active and an amount under max_recurring_amount (500) ask for no CVV.
    expect(screen.queryByLabelText('card_pan')).toBeNull();
    expect(screen.queryByLabelText('expirationDate')).toBeNull();
    expect(screen.queryByLabelText('card_cvv')).toBeNull();
    expect(screen.queryByLabelText('save_card')).toBeNull();
    await user.type(screen.getByLabelText('transfer_date'), '2024-05-01');
    await user.click(screen.getByRole('button', DEPOSIT_50));
    await screen.findByTestId('probe');
    expect(recurringChecks.map((call) => call.body)).toEqual([
      { user_card_id: 'card_1', amount: '50' },
    ]);
    expect(submits).toHaveLength(1);
    const fields: unknown = Reflect.get(Object(submits[0]?.body), 'fields');
    expect(fields).toMatchObject({ card_id: 'card_1' });
    expect(fields).not.toHaveProperty('card_pan');
  });

  it('a card the check refuses gets the error on the card choice and nothing is charged', async () => {
    const { submits } = stubCashierFetch({
      details: { '101': CARD_DETAIL },
      cards: [SAVED_CARD],
      recurring: { status: 200, body: { allowed: false, cvv_required: false } },
    });
    const user = userEvent.setup();
    await renderPage();
    await user.type(await screen.findByLabelText('transfer_date'), '2024-05-01');
    await user.click(screen.getByRole('button', DEPOSIT_50));
    await waitFor(() => {
      expect(screen.getByLabelText('card_id').getAttribute('aria-invalid')).toBe('true');
    });
    expect(screen.getByText('CARDS.NOT_ALLOWED')).toBeDefined();
    expect(submits).toHaveLength(0);
  });

  it('asks for the CVV when the check wants it, then sends it', async () => {
    const { submits, recurringChecks } = stubCashierFetch({
      details: { '101': CARD_DETAIL },
      cards: [SAVED_CARD],
      recurring: { status: 200, body: { allowed: true, cvv_required: true } },
    });
    const user = userEvent.setup();
    await renderPage();
    await user.type(await screen.findByLabelText('transfer_date'), '2024-05-01');
    await user.click(screen.getByRole('button', DEPOSIT_50));
    const cvv = await screen.findByLabelText('card_cvv');
    await waitFor(() => {
      expect(document.activeElement).toBe(cvv);
    });
    expect(cvv.getAttribute('aria-invalid')).toBe('true');
    expect(submits).toHaveLength(0);
    await user.type(cvv, '123');
    await user.click(screen.getByRole('button', DEPOSIT_50));
    await screen.findByTestId('probe');
    expect(recurringChecks).toHaveLength(2);
    expect(Reflect.get(Object(submits[0]?.body), 'fields')).toMatchObject({
      card_id: 'card_1',
      card_cvv: '123',
    });
  });

  it('SPEC §7 phAltMethods: a payment that leaves for the provider keeps the method it left with', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    stubCashierFetch({
      details: { '101': CARD_DETAIL },
      submitAnswers: [
        {
          status: 200,
          body: paySession({
            transaction_id: 'tx_alt_1',
            step: 'redirect',
            action: 'redirect',
            result_status: 'processing',
            transaction_status: 'await',
            redirect_data: { url: 'https://psp.example/pay/tx_alt_1', method: 'GET', fields: {} },
          }),
        },
      ],
    });
    const user = userEvent.setup();
    await renderPage();
    await fillNewCard(user);
    await user.click(screen.getByRole('button', DEPOSIT_50));
    await waitFor(() => {
      expect(JSON.parse(localStorage.getItem('phAltMethods') ?? '{}')).toEqual({ tx_alt_1: '101' });
    });
  });

  it('a new card is one choice away: the full form comes back', async () => {
    stubCashierFetch({ details: { '101': CARD_DETAIL }, cards: [SAVED_CARD] });
    const user = userEvent.setup();
    await renderPage();
    const choice = await screen.findByLabelText('card_id');
    await user.clear(choice);
    expect(await screen.findByLabelText('card_pan')).toBeDefined();
    expect(screen.getByLabelText('card_cvv')).toBeDefined();
    expect(screen.getByLabelText('save_card')).toBeDefined();
  });
});

describe('card checkout (SPEC §2 route checkout, §3 payment request payload, §4 host-to-host)', () => {
  const HOST_TO_HOST = { ...CARD_DETAIL, workflow_type: 'host_to_host' } as const;

  async function renderCheckoutFlow() {
    return renderWithApp(
      <Routes>
        <Route path="/deposit/:provider" element={<DepositMethodPage />} />
        <Route path="/checkout" element={<CheckoutPage />} />
        <Route path="/deposit/deposit-success" element={<Probe />} />
      </Routes>,
      { route: '/deposit/101' },
    );
  }

  it('hands a host-to-host method to /checkout and sends the payment request payload', async () => {
    localStorage.setItem('PH_fingerprint', 'fp-42');
    const { submits } = stubCashierFetch({ details: { '101': HOST_TO_HOST } });
    const user = userEvent.setup();
    await renderCheckoutFlow();
    await fillNewCard(user);
    await user.click(screen.getByRole('button', DEPOSIT_50));
    await screen.findByTestId('probe');
    expect(submits).toHaveLength(1);
    const body: unknown = submits[0]?.body;
    expect(body).toMatchObject({
      amount: 50,
      currency: 'EUR',
      fingerprint: 'fp-42',
      parameters: {
        bank: 'b1',
        card_pan: '4000000000000101',
        card_bin: '400000',
        is_card_token_active: false,
        card_cardholder_name: 'John Doe',
        card_exp_month: '12',
        card_exp_year: '30',
        card_cvv: '123',
        save_card: false,
      },
    });
    const parameters: unknown = Reflect.get(Object(body), 'parameters');
    // SPEC §3: no card_id for a new card, and the deposit's month/year names are not used.
    expect(parameters).not.toHaveProperty('card_id');
    expect(parameters).not.toHaveProperty('month');
    expect(Reflect.get(Object(body), 'browser_data')).toMatchObject({ java_script_enabled: true });
    expect(Reflect.get(Object(body), 'display_params')).toEqual({ lang: 'en-brand0' });
  });

  it('pays a saved card in checkout with its id and token state, no card number', async () => {
    const { submits } = stubCashierFetch({
      details: { '101': HOST_TO_HOST },
      cards: [{ ...SAVED_CARD, is_card_token_active: true }],
    });
    const user = userEvent.setup();
    await renderCheckoutFlow();
    await user.type(await screen.findByLabelText('card_cvv'), '321');
    await user.type(screen.getByLabelText('transfer_date'), '2024-05-01');
    await user.click(screen.getByRole('button', DEPOSIT_50));
    await screen.findByTestId('probe');
    const body: unknown = submits[0]?.body;
    expect(body).toMatchObject({
      card_data: { card_id: 'card_1' },
      parameters: {
        card_id: 'card_1',
        card_bin: '400000',
        is_card_token_active: true,
        card_cvv: '321',
      },
    });
    expect(Reflect.get(Object(body), 'parameters')).not.toHaveProperty('card_pan');
  });
});

describe('analytics click events of the method page (SPEC §4)', () => {
  it('toggling save card and the submit button each send their own click event', async () => {
    stubCashierFetch({ details: { '101': CARD_DETAIL } });
    const user = userEvent.setup();
    const { store } = await renderPage();
    const saveCard = await screen.findByLabelText('save_card');
    expect(saveCard).toHaveProperty('checked', false);
    await user.click(saveCard);
    expect(store.getState().depositMethod?.lastClick).toEqual({
      element: 'save_card',
      payGroupId: '101',
      checked: true,
    });
    await user.click(screen.getByRole('button', DEPOSIT_50));
    expect(store.getState().depositMethod?.lastClick).toEqual({
      element: 'submit_button',
      payGroupId: '101',
    });
    expect(store.getState().depositMethod?.clicks).toBe(2);
    // SPEC §4, §7: both reach the clickstream queue as click events of the pay group.
    const clicks = store
      .getState()
      .realtime.clickstreamQueue.filter((event) => event.type === 'click');
    expect(clicks.map((event) => event.data)).toEqual([
      { target: 'save_card', checked: true },
      { target: 'submit_button' },
    ]);
    expect(clicks[0]).toMatchObject({ pay_group: 101, session_type: 'deposit' });
  });
});
