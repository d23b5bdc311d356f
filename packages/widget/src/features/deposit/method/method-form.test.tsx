import type { SavedCardWire } from '@cashdesk/contract';
import { MESSAGE_KEYS } from '@cashdesk/domain';
import { EXAMPLE_PAY_SESSION_DECLINED, EXAMPLE_PAY_SESSION_REDIRECT } from '@cashdesk/contract';
import type { PaySession } from '@cashdesk/contract';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStartup } from '../../../startup/startup';
import { createAppStore } from '../../../store/store';
import {
  buildMethodForm,
  canAutoSubmit,
  errorFieldName,
  fieldsShown,
  initialAmount,
  initialValues,
  preferredSavedCardId,
  validateMethodForm,
  validateOnBlur,
  validateOne,
} from '../../../method-form/method-form';
import { followRedirect, submitOutcome } from './submit-outcome';
import { CARD_DETAIL } from './test-fixtures';
import { useAmountReporting } from '../../../method-form/use-amount-reporting';
import { amountReportAction } from './deposit-method-slice';

const form = buildMethodForm({ detail: CARD_DETAIL, currency: 'EUR', precision: 2 });

describe('form from the method detail (SPEC §3 generated fields, deposit form defaults)', () => {
  it('generates the amount field with the detail limits and precision', () => {
    expect(form.amountField).toMatchObject({
      name: 'amount',
      isRequired: true,
      dataType: 'Float',
      currency: 'EUR',
      decimal: 2,
      limits: { min: '10', max: '5000' },
    });
  });

  it('adds the CVV after the card fields and a save-card check box for a card method', () => {
    expect(form.fields.map((field) => field.name)).toEqual([
      'card_id',
      'card_pan',
      'expirationDate',
      'card_cvv',
      'card_cardholder_name',
      'bank',
      'transfer_date',
      'save_card',
    ]);
  });

  it('a retry starts from the declined amount when it still lies within the limits (SPEC §5 amount limits)', () => {
    expect(initialAmount(CARD_DETAIL, '73.50')).toBe('73.5');
    // Outside the limits, or not an amount: the usual default.
    expect(initialAmount(CARD_DETAIL, '0')).toBe('50');
    expect(initialAmount(CARD_DETAIL, '99999999')).toBe('50');
    expect(initialAmount(CARD_DETAIL, 'abc')).toBe('50');
    expect(initialAmount(CARD_DETAIL, null)).toBe('50');
  });

  it('defaults: preset amount, else preselected block, else minimum, else 1 (SPEC §5)', () => {
    expect(initialAmount(CARD_DETAIL)).toBe('50');
    expect(initialAmount({ ...CARD_DETAIL, preset_amount: null })).toBe('20');
    expect(
      initialAmount({ ...CARD_DETAIL, preset_amount: null, preselected_amount_block: null }),
    ).toBe('10');
    expect(
      initialAmount({
        ...CARD_DETAIL,
        preset_amount: null,
        preselected_amount_block: null,
        limits: {},
      }),
    ).toBe('1');
  });

  it('starts with empty card data, save_card off and the preselected option', () => {
    expect(initialValues(form, '50')).toEqual({
      amount: '50',
      card_id: '',
      card_pan: '',
      expirationDate: '',
      card_cvv: '',
      card_cardholder_name: '',
      bank: { label: 'Bank One', value: 'b1', selected: true },
      transfer_date: '',
      save_card: false,
    });
  });

  it('hides number, expiry, holder and save_card for a chosen saved card (SPEC §4 card form variants)', () => {
    const values = { ...initialValues(form, '50'), card_id: 'card_1' };
    const cards = [
      {
        card_id: 'card_1',
        last4: '0101',
        bin: '400000',
        is_card_token_active: false,
        exp_month: '12',
        exp_year: '2030',
        cardholder_name: null,
        card_type: 'visa',
      },
    ];
    expect(fieldsShown(form, values, cards).map((field) => field.name)).toEqual([
      'card_id',
      'bank',
      'transfer_date',
    ]);
    // Above max_recurring_amount the saved card needs its CVV (SPEC §5).
    const above = fieldsShown(form, { ...values, amount: '600' }, cards);
    expect(above.find((field) => field.name === 'card_cvv')?.isRequired).toBe(true);
  });
});

describe('every card form variant (SPEC §4 card form variants, §5 CVV)', () => {
  const card = (overrides: Partial<SavedCardWire> = {}): SavedCardWire => ({
    card_id: 'card_1',
    last4: '0101',
    bin: '400000',
    is_card_token_active: false,
    exp_month: '12',
    exp_year: '2030',
    cardholder_name: null,
    card_type: 'visa',
    ...overrides,
  });
  const shownWith = (
    cards: readonly SavedCardWire[],
    chosen: string,
    amount: string,
    serverAsksCvv = false,
  ) =>
    fieldsShown(form, { ...initialValues(form, amount), card_id: chosen }, cards, serverAsksCvv)
      .filter(
        (field) =>
          field.name.startsWith('card_') ||
          field.name === 'expirationDate' ||
          field.name === 'save_card',
      )
      .map((field) => `${field.name}${field.isRequired ? '*' : ''}`);

  it.each([
    [
      'a new card: the full form',
      [],
      '',
      '50',
      [
        'card_id',
        'card_pan*',
        'expirationDate*',
        'card_cvv*',
        'card_cardholder_name*',
        'save_card',
      ],
    ],
    [
      'a saved card with an active token: number and CVV',
      [card({ is_card_token_active: true })],
      'card_1',
      '50',
      ['card_id', 'card_cvv*'],
    ],
    [
      'a saved card without an active token under max_recurring_amount: number only',
      [card()],
      'card_1',
      '500',
      ['card_id'],
    ],
    [
      'a saved card without an active token above max_recurring_amount: with CVV',
      [card()],
      'card_1',
      '500.01',
      ['card_id', 'card_cvv*'],
    ],
    [
      'a selected card without id: new',
      [card()],
      '',
      '50',
      [
        'card_id',
        'card_pan*',
        'expirationDate*',
        'card_cvv*',
        'card_cardholder_name*',
        'save_card',
      ],
    ],
  ] as const)('%s', (_name, cards, chosen, amount, expected) => {
    expect(shownWith(cards, chosen, amount)).toEqual(expected);
  });

  it('the recurring check may ask for the CVV of a card the form would not ask it for', () => {
    expect(shownWith([card()], 'card_1', '50', true)).toEqual(['card_id', 'card_cvv*']);
  });

  it('starts with the newest saved card that has not expired, else a new card', () => {
    const now = Date.parse('2031-01-01T00:00:00Z');
    const expired = card({ card_id: 'old', exp_year: '2030' });
    const good = card({ card_id: 'good', exp_year: '2033' });
    expect(preferredSavedCardId([expired, good], now)).toBe('good');
    expect(preferredSavedCardId([expired], now)).toBe('');
    expect(preferredSavedCardId([], now)).toBe('');
    expect(initialValues(form, '50', [expired, good], now).card_id).toBe('good');
  });
});

describe('the submit rules are the domain table (SPEC §5 validation)', () => {
  const phoneDetail = {
    ...CARD_DETAIL,
    parameters: [
      ...CARD_DETAIL.parameters,
      {
        name: 'wallet_phone',
        type: 'input',
        extended_type: 'phone_with_country',
        regexp: '+380\\d{9}',
        is_required: true,
      },
    ],
  };
  const phoneForm = buildMethodForm({ detail: phoneDetail, currency: 'EUR', precision: 2 });
  const phoneField = phoneForm.fields.find((field) => field.name === 'wallet_phone');
  if (phoneField === undefined) throw new Error('no phone field');
  const NOW = Date.parse('2025-06-15T12:00:00Z');

  it('SPEC §5: a pattern starting with + keeps the plus literal and the rest a regex (+380\\d{9} accepts +380501234567)', () => {
    const values = { ...initialValues(phoneForm, '50'), wallet_phone: '+380501234567' };
    const context = { form: phoneForm, values, now: NOW };
    expect(validateOne(phoneField, '+380501234567', context)).toEqual({ valid: true });
    expect(validateOne(phoneField, '+3805012', context)).toEqual({
      valid: false,
      error: { key: MESSAGE_KEYS.fieldHasError },
    });
  });

  it('SPEC §5: the CVV of a chosen saved card follows that card’s type (American Express: 4 digits)', () => {
    const amex: SavedCardWire = {
      card_id: 'amex_1',
      last4: '0005',
      bin: '378282',
      is_card_token_active: true,
      exp_month: '12',
      exp_year: '2030',
      cardholder_name: null,
      card_type: 'american-express',
    };
    const base = { ...initialValues(form, '50'), card_id: 'amex_1' };
    const shown = fieldsShown(form, base, [amex]);
    const check = (cvv: string) =>
      validateMethodForm(form, shown, {
        form,
        values: { ...base, card_cvv: cvv },
        cards: [amex],
        now: NOW,
      }).errors.card_cvv;
    expect(check('1234')).toBeUndefined();
    expect(check('123')).toEqual({ key: MESSAGE_KEYS.incorrectCvv });
  });

  it('SPEC §5: a withdrawal amount above the balance is 1206 on blur, on submit and for auto-submit', () => {
    const payout = buildMethodForm({
      detail: { ...CARD_DETAIL, parameters: [] },
      flow: 'withdrawal',
      currency: 'EUR',
      precision: 2,
    });
    const values = { amount: '60' };
    const context = { form: payout, values, balance: '50', now: NOW };
    const error = {
      key: MESSAGE_KEYS.withdrawalBalance,
      params: { amount: '50.00', currency: 'EUR' },
    };
    expect(validateOnBlur(payout.amountField, '60', true, context)).toEqual({
      valid: false,
      error,
    });
    expect(validateMethodForm(payout, [], context).errors).toEqual({ amount: error });
    expect(canAutoSubmit(payout, [], context)).toBe(false);
    expect(canAutoSubmit(payout, [], { ...context, balance: '60' })).toBe(true);
  });
});

describe('server error fields (SPEC §8)', () => {
  const shown = fieldsShown(form, initialValues(form, '50'), []);
  it.each([
    ['body.amount', 'amount'],
    ['parameters.card_cvv', 'card_cvv'],
    ['body.fields.bank', 'bank'],
    ['parameters.month', 'expirationDate'],
    ['body.card_data.card_id', 'card_id'],
    ['parameters.unknown', null],
    [null, null],
  ])('%s names %s', (errorField, name) => {
    expect(errorFieldName(errorField, shown)).toBe(name);
  });
});

describe('outcome of a pay session (SPEC §3 step kinds)', () => {
  const redirect: PaySession = { ...EXAMPLE_PAY_SESSION_REDIRECT };
  it('decides result, redirect, iframe and display form', () => {
    expect(submitOutcome({ ...EXAMPLE_PAY_SESSION_DECLINED, action: 'redirect' })).toEqual({
      kind: 'result',
      status: 'error',
    });
    expect(submitOutcome(redirect)).toEqual({ kind: 'redirect', data: redirect.redirect_data });
    expect(submitOutcome({ ...redirect, action: 'iframe' }).kind).toBe('iframe');
  });

  function fakeEnv(opened: WindowProxy | null, hasHost = true) {
    const assign = vi.fn<(url: string) => void>();
    const open = vi.fn<(url: string, target: string) => WindowProxy | null>(() => opened);
    const redirectToHost = vi.fn<(url: string) => boolean>(() => hasHost);
    return { assign, open, redirectToHost, env: { document, open, assign, redirectToHost } };
  }

  const data = { url: 'https://psp.test/pay/1', method: 'GET' as const, fields: {} };

  it('self assigns the location, blank opens a tab, top asks the host (SPEC §2 target modes)', () => {
    const self = fakeEnv(null);
    expect(followRedirect(data, 'self', '_blank', self.env)).toBe('followed');
    expect(self.assign).toHaveBeenCalledWith('https://psp.test/pay/1');

    const blank = fakeEnv(null);
    expect(followRedirect(data, '_blank', '_self', blank.env)).toBe('blocked');
    expect(blank.open).toHaveBeenCalledWith('https://psp.test/pay/1', '_blank');

    const top = fakeEnv(null);
    expect(followRedirect(data, 'top', '_self', top.env)).toBe('followed');
    expect(top.redirectToHost).toHaveBeenCalledWith('https://psp.test/pay/1');
    expect(top.assign).not.toHaveBeenCalled();

    const noHost = fakeEnv(null, false);
    followRedirect(data, 'parent', '_self', noHost.env);
    expect(noHost.assign).toHaveBeenCalledWith('https://psp.test/pay/1');
  });

  it('posts a hidden form for a POST redirect', () => {
    const submit = vi
      .spyOn(HTMLFormElement.prototype, 'submit')
      .mockImplementation(() => undefined);
    const { env } = fakeEnv(null);
    const forms: HTMLFormElement[] = [];
    submit.mockImplementation(function (this: HTMLFormElement) {
      forms.push(this);
    });
    followRedirect({ ...data, method: 'POST', fields: { PaReq: 'abc' } }, 'self', '_self', env);
    expect(forms).toHaveLength(1);
    expect(forms[0]?.method).toBe('post');
    expect(forms[0]?.action).toBe('https://psp.test/pay/1');
    expect(forms[0]?.target).toBe('_self');
    expect(new FormData(forms[0]).get('PaReq')).toBe('abc');
    submit.mockRestore();
  });
});

describe('amount reporting (SPEC §4, §9 debounce 1000 ms)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('records the initial amount, then reports a change once it settled for 1000 ms', () => {
    vi.useFakeTimers();
    const store = createAppStore(
      readStartup({
        address: 'http://cashier.test/deposit/101?session_id=s',
        windowWidth: 1024,
        windowHeight: 768,
        userAgent: 'vitest',
        inFrame: false,
      }),
    );
    const wrapper = ({ children }: { children: ReactNode }) => (
      <Provider store={store}>{children}</Provider>
    );
    const { rerender } = renderHook(
      ({ amount }) => {
        // The deposit form's policy keeps each report in its slice (SPEC §4).
        useAmountReporting('101', amount, { minAmount: null, maxAmount: null }, (report) =>
          store.dispatch(amountReportAction('101', report)),
        );
      },
      {
        wrapper,
        initialProps: { amount: '50' },
      },
    );
    expect(store.getState().depositMethod?.amountReport).toEqual({
      payGroupId: '101',
      initialAmount: '50',
      amount: '50',
      changes: 0,
    });
    rerender({ amount: '6' });
    vi.advanceTimersByTime(500);
    rerender({ amount: '60' });
    vi.advanceTimersByTime(999);
    expect(store.getState().depositMethod?.amountReport?.changes).toBe(0);
    vi.advanceTimersByTime(1);
    expect(store.getState().depositMethod?.amountReport).toEqual({
      payGroupId: '101',
      initialAmount: '50',
      amount: '60',
      changes: 1,
    });
    // SPEC §4, §7: both reports reach the clickstream queue as amount events.
    expect(
      store.getState().realtime.clickstreamQueue.map((event) => [event.type, event.data]),
    ).toEqual([
      ['amount', { action: 'initial', amount: '50' }],
      ['amount', { action: 'changed', amount: '60', previous_amount: '50' }],
    ]);
  });

  it('SPEC §4, §7: amount events carry the pay group with its limits', () => {
    vi.useFakeTimers();
    const store = createAppStore(
      readStartup({
        address: 'http://cashier.test/deposit/101?session_id=s',
        windowWidth: 1024,
        windowHeight: 768,
        userAgent: 'vitest',
        inFrame: false,
      }),
    );
    const wrapper = ({ children }: { children: ReactNode }) => (
      <Provider store={store}>{children}</Provider>
    );
    renderHook(
      () => {
        useAmountReporting('101', '25', { minAmount: '10.00', maxAmount: '5000.00' });
      },
      { wrapper },
    );
    expect(store.getState().realtime.clickstreamQueue[0]).toMatchObject({
      type: 'amount',
      session_type: 'deposit',
      pay_group: 101,
      min_amount: '10.00',
      max_amount: '5000.00',
      data: { action: 'initial', amount: '25' },
    });
  });
});
