/**
 * Test helpers of the method page: a fetch stub answering the cashier-service calls, the method
 * details used by the tests, and a stand-in FieldView (the real field kinds are the fields
 * helper's work and have their own tests; these tests are about the page's form logic).
 */
import { EXAMPLE_DEPOSIT_INIT } from '@cashdesk/contract';
import type { DepositMethodDetail, PaySessionInput, SavedCardWire } from '@cashdesk/contract';
import type { FieldViewProps } from '../../../fields';
import { vi } from 'vitest';

/** A stand-in field: label = field name, the error's key shown and linked. */
export function StubFieldView({ field, value, error, onChange, onBlur, inputRef }: FieldViewProps) {
  const id = `field-${field.name}`;
  const errorId = `${id}-error`;
  if (typeof value === 'boolean') {
    return (
      <div>
        <input
          id={id}
          type="checkbox"
          checked={value}
          ref={inputRef}
          onChange={(event) => {
            onChange(event.target.checked);
          }}
          onBlur={onBlur}
        />
        <label htmlFor={id}>{field.name}</label>
      </div>
    );
  }
  const text =
    typeof value === 'string'
      ? value
      : typeof value === 'object' && value !== null
        ? value.value
        : '';
  return (
    <div>
      <label htmlFor={id}>{field.name}</label>
      <input
        id={id}
        value={text}
        ref={inputRef}
        aria-invalid={error !== null}
        aria-describedby={error === null ? undefined : errorId}
        onChange={(event) => {
          onChange(event.target.value);
        }}
        onBlur={onBlur}
      />
      {error === null ? null : <span id={errorId}>{error.key}</span>}
    </div>
  );
}

/** A card method: card fields, a preselected select, a date; no CVV definition (generated). */
export const CARD_DETAIL: DepositMethodDetail = {
  currency: 'EUR',
  limits: { min_amount: '10', max_amount: '5000', max_recurring_amount: '500' },
  amount_blocks: ['20', '50', '100'],
  experiment_amount_blocks: null,
  preselected_amount_block: '20',
  parameters: [
    { name: 'card_id', type: 'select', extended_type: 'card_id' },
    {
      name: 'card_pan',
      type: 'input',
      extended_type: 'card_pan',
      label: 'PH.FIELD.CARD_NUMBER',
      is_required: true,
    },
    { name: 'expirationDate', type: 'input', is_required: true },
    {
      name: 'card_cardholder_name',
      type: 'input',
      extended_type: 'card_cardholder_name',
      is_required: true,
    },
    {
      name: 'bank',
      type: 'select',
      is_required: true,
      options: [
        { label: 'Bank One', value: 'b1', is_selected: true },
        { label: 'Bank Two', value: 2 },
      ],
    },
    { name: 'transfer_date', type: 'date', is_required: true },
  ],
  view_data: [],
  amount_reg_exp_fe: null,
  auto_submit: false,
  preset_behavior: null,
  preset_amount: '50',
  allow_preset_amount: true,
  info: null,
  fee: '0%',
};

/** A method the server may submit at once (SPEC §4 auto-submit): nothing to type. */
export const AUTO_DETAIL: DepositMethodDetail = {
  currency: 'EUR',
  limits: { min_amount: '5', max_amount: '5000' },
  amount_blocks: ['10', '20'],
  view_data: [],
  auto_submit: true,
  preset_amount: '20',
  parameters: [
    {
      name: 'operator',
      type: 'select',
      is_required: true,
      options: [
        { label: 'Operator A', value: 'operator_a', is_selected: true },
        { label: 'Operator B', value: 'operator_b' },
      ],
    },
  ],
};

/** A saved card of the player (SPEC §3): token not active, good for years. */
export const SAVED_CARD: SavedCardWire = {
  card_id: 'card_1',
  last4: '0101',
  bin: '400000',
  is_card_token_active: false,
  exp_month: '01',
  exp_year: '2099',
  cardholder_name: 'Ada Lovelace',
  card_type: 'visa',
};

/** A pay session answer (SPEC §3). */
export function paySession(overrides: Partial<PaySessionInput> = {}): PaySessionInput {
  return {
    session_id: 'ps_1',
    transaction_id: 'tx_1',
    step: 'result',
    action: 'redirect',
    result_status: 'success',
    session_status: 'completed',
    transaction_status: 'success',
    experiment_user_group: null,
    decline_page_settings: null,
    error_fatal: false,
    error_code: null,
    error_message: null,
    success_url: null,
    fail_url: null,
    processing_url: null,
    merchant_url: null,
    redirect_data: null,
    display_form: null,
    voucher: null,
    amount: '50.00',
    currency: 'EUR',
    user_balance: '300.00',
    ...overrides,
  };
}

/** One recorded request. */
export interface RecordedCall {
  readonly url: string;
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
}

type SubmitAnswer =
  | { readonly status: number; readonly body: unknown }
  | { readonly network: true }
  | { readonly pending: Promise<{ readonly status: number; readonly body: unknown }> };

/** The fetch stub: init, select (per pay group), user cards and a queue of submit answers. */
export function stubCashierFetch(options: {
  readonly details: Readonly<Record<string, DepositMethodDetail>>;
  readonly submitAnswers?: SubmitAnswer[];
  /** The player's saved cards (GET /user-cards); none by default. */
  readonly cards?: readonly SavedCardWire[];
  /** The answer of POST /user-cards/recurring-check; allowed without CVV by default. */
  readonly recurring?: { readonly status: number; readonly body: unknown };
  /** Answers of other calls (route, otp …): undefined leaves the call to the stub's 404. */
  readonly other?: (
    call: RecordedCall,
  ) => { readonly status: number; readonly body: unknown } | undefined;
}) {
  const calls: RecordedCall[] = [];
  const submits: RecordedCall[] = [];
  const recurringChecks: RecordedCall[] = [];
  const answers = [...(options.submitAnswers ?? [])];
  const init = {
    ...EXAMPLE_DEPOSIT_INIT,
    payment_groups: [
      ...EXAMPLE_DEPOSIT_INIT.payment_groups,
      { ...EXAMPLE_DEPOSIT_INIT.payment_groups[0], id: 103, public_name: 'Mobile money' },
    ],
  };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const fetchStub = vi.fn(async (input: RequestInfo | URL, request?: RequestInit) => {
    const url = input instanceof Request ? input.url : input.toString();
    const headers = Object.fromEntries(new Headers(request?.headers).entries());
    const rawBody = request?.body;
    const call: RecordedCall = {
      url,
      method: request?.method ?? 'GET',
      headers,
      body: typeof rawBody === 'string' ? JSON.parse(rawBody) : rawBody,
    };
    calls.push(call);
    if (url.endsWith('/payments/groups/init')) return json(200, init);
    if (url.endsWith('/user-cards')) return json(200, { cards: options.cards ?? [] });
    if (url.endsWith('/user-cards/recurring-check')) {
      recurringChecks.push(call);
      const answer = options.recurring ?? {
        status: 200,
        body: { allowed: true, cvv_required: false },
      };
      return json(answer.status, answer.body);
    }
    const select = /\/payments\/groups\/(\d+)\/select$/.exec(url);
    if (select !== null) {
      const detail = options.details[select[1] ?? ''];
      return detail === undefined
        ? json(404, { error_code: '1004', error_message: 'CASHIER.ERROR.UNKNOWN_PAY_GROUP' })
        : json(200, detail);
    }
    if (/\/payments\/groups\/\d+\/submit$/.test(url)) {
      submits.push(call);
      const answer = answers.shift() ?? { status: 200, body: paySession() };
      if ('network' in answer) throw new TypeError('Failed to fetch');
      if ('pending' in answer) {
        const settled = await answer.pending;
        return json(settled.status, settled.body);
      }
      return json(answer.status, answer.body);
    }
    const other = options.other?.(call);
    if (other !== undefined) return json(other.status, other.body);
    return json(404, { error_code: '1000', error_message: 'not found' });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { calls, submits, recurringChecks };
}
