import {
  EXAMPLE_CARD_PAY_GROUP,
  EXAMPLE_PAYOUT_INIT,
  EXAMPLE_PAY_SESSION_REDIRECT,
  EXAMPLE_USER_CARDS,
} from '@cashdesk/contract';
import type { PayoutMethodDetail } from '@cashdesk/contract';
import type * as z from 'zod/mini';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { WithdrawalMethodPage } from './withdrawal-method-page';

const EUR = EXAMPLE_CARD_PAY_GROUP.currencies[0];

type PayoutMethodDetailInput = z.input<typeof PayoutMethodDetail>;

/** The seeded e-wallet payout (verifies new accounts) and a plain one, as the service sends them. */
const INIT = {
  ...EXAMPLE_PAYOUT_INIT,
  withdrawal_reverse: null,
  user_balance: '500.00',
  widget_settings: { ...EXAMPLE_PAYOUT_INIT.widget_settings, currency_display_setting_id: 1 },
  tax: {
    tiers: [
      { from: '0', to: '100', percent_value: '0', absolute_value: '0' },
      { from: '100', to: '1000', percent_value: '10', absolute_value: '0' },
      { from: '1000', percent_value: '15', absolute_value: '0' },
    ],
  },
  payout_groups: [
    {
      ...EXAMPLE_CARD_PAY_GROUP,
      id: 201,
      short_name: 'ewallet_payout',
      public_name: 'E-Wallet payout',
      currencies: [{ ...EUR, fee: '0%', limits: { min_amount: '10', max_amount: '1000' } }],
    },
    {
      ...EXAMPLE_CARD_PAY_GROUP,
      id: 202,
      short_name: 'card_payout',
      public_name: 'Payout to card',
      currencies: [{ ...EUR, fee: '0%', limits: { min_amount: '10', max_amount: '1000' } }],
    },
  ],
};

const WALLET_DETAIL: PayoutMethodDetailInput = {
  currency: 'EUR',
  limits: { min_amount: '10', max_amount: '1000', max_recurring_amount: null },
  amount_blocks: [],
  parameters: [
    {
      name: 'wallet_id',
      type: 'input',
      label: 'PH.FIELD.WALLET_ADDRESS',
      is_required: true,
      user_requisite_type_id: 2,
      verify_new_payout_account: true,
    },
  ],
  view_data: [],
  workflow_type: 'form',
  payout_account_verification_blocked: false,
  payout_account_verification_blocked_until: null,
  support_url: null,
  trusted_contacts: [{ contact_type: 'email', masked_contact: 'j***@example.com' }],
  allow_new_payout_account: true,
  payout_accounts: [
    {
      id: 'acc-1',
      label: 'Main wallet',
      masked: 'W-****-0042',
      verified: true,
      requisite_type: '2',
    },
    {
      id: 'acc-2',
      label: 'Old wallet',
      masked: 'W-****-0077',
      verified: false,
      requisite_type: '2',
    },
  ],
};

/** The e-wallet detail after the player confirmed acc-2 with a one-time code. */
const CONFIRMED_DETAIL: PayoutMethodDetailInput = {
  ...WALLET_DETAIL,
  payout_accounts: WALLET_DETAIL.payout_accounts.map((account) => ({ ...account, verified: true })),
};

const CARD_DETAIL: PayoutMethodDetailInput = {
  ...WALLET_DETAIL,
  parameters: [
    {
      name: 'card_id',
      type: 'select',
      extended_type: 'card_id',
      label: 'PH.FIELD.PAYOUT_CARD',
      placeholder_empty_list: 'PH.FIELD.NO_SAVED_CARDS',
      placeholder_empty_list_error: 'PH.FIELD.ADD_CARD_FIRST',
      is_required: true,
      user_requisite_type_id: 1,
      verify_new_payout_account: false,
    },
  ],
  payout_accounts: [],
};

interface Recorded {
  readonly url: string;
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body: unknown;
}

function stubFetch(
  details: Record<string, PayoutMethodDetailInput>,
  cards: readonly unknown[] = [],
  route?: (body: unknown) => unknown,
) {
  const calls: Recorded[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  let currentDetails = { ...details };
  const fetchStub = vi.fn((input: RequestInfo | URL, request?: RequestInit) => {
    const url = input instanceof Request ? input.url : input.toString();
    const rawBody = request?.body;
    const call: Recorded = {
      url,
      method: request?.method ?? 'GET',
      headers: Object.fromEntries(new Headers(request?.headers).entries()),
      body: typeof rawBody === 'string' ? JSON.parse(rawBody) : rawBody,
    };
    calls.push(call);
    if (url.endsWith('/payouts/groups/init')) return Promise.resolve(json(200, INIT));
    if (url.endsWith('/user-cards')) return Promise.resolve(json(200, { cards }));
    const select = /\/payouts\/groups\/(\d+)\/select$/.exec(url);
    if (select !== null) {
      const detail = currentDetails[select[1] ?? ''];
      return Promise.resolve(
        detail === undefined
          ? json(404, { error_code: '1004', error_message: 'x' })
          : json(200, detail),
      );
    }
    const removed = /\/requisite\/([^/]+)$/.exec(url);
    if (removed !== null && call.method === 'DELETE') {
      const id = removed[1] ?? '';
      currentDetails = Object.fromEntries(
        Object.entries(currentDetails).map(([key, detail]) => [
          key,
          {
            ...detail,
            payout_accounts: detail.payout_accounts.filter((account) => account.id !== id),
          },
        ]),
      );
      return Promise.resolve(json(200, { deleted: true, requisite_id: id }));
    }
    if (route !== undefined && /\/payouts\/groups\/\d+\/route$/.test(url)) {
      return Promise.resolve(json(200, route(call.body)));
    }
    if (/\/payouts\/groups\/\d+\/submit$/.test(url)) {
      return Promise.resolve(
        json(200, {
          ...EXAMPLE_PAY_SESSION_REDIRECT,
          step: 'result',
          action: 'none',
          result_status: 'success',
          redirect_data: null,
          user_balance: '400.00',
        }),
      );
    }
    return Promise.resolve(json(404, { error_code: '1000', error_message: 'unexpected' }));
  });
  vi.stubGlobal('fetch', fetchStub);
  return {
    calls,
    submits: () => calls.filter((call) => call.url.endsWith('/submit')),
  };
}

function stateOf(location: { readonly state: unknown }): unknown {
  return location.state;
}

function Probe() {
  const location = useLocation();
  return (
    <output data-testid="probe">
      {JSON.stringify({ path: location.pathname, state: stateOf(location) })}
    </output>
  );
}

function probe(): { path: string; state: unknown } {
  const parsed: unknown = JSON.parse(screen.getByTestId('probe').textContent);
  return {
    path: String(Reflect.get(Object(parsed), 'path')),
    state: Reflect.get(Object(parsed), 'state'),
  };
}

async function renderPage(provider: string, state?: unknown) {
  const view = await renderWithApp(
    <Routes>
      <Route path="/withdrawal/:provider" element={<WithdrawalMethodPage />} />
      <Route path="/withdrawal/withdrawal-success" element={<Probe />} />
      <Route path="/withdrawal-verify-account" element={<Probe />} />
      <Route path="/account-management-blocked" element={<Probe />} />
    </Routes>,
    { route: `/withdrawal/${provider}`, ...(state === undefined ? {} : { state }) },
  );
  await screen.findByRole('textbox', { name: /Amount/ });
  return view;
}

async function typeAmount(value: string) {
  const amount = screen.getByRole('textbox', { name: /Amount/ });
  await userEvent.clear(amount);
  await userEvent.type(amount, value);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('withdrawal method page (SPEC §2 payout entry, §4 verification, §5 amount rules)', () => {
  it('SPEC §5: an amount above the balance gets CASHIER.PH2.ERROR_MESSAGE.1206 and nothing is sent', async () => {
    const api = stubFetch({ '201': WALLET_DETAIL });
    await renderPage('201');
    await typeAmount('600');
    await userEvent.click(screen.getByRole('button', { name: /^Withdraw/ }));
    expect(await screen.findByText('Your balance is not enough for this withdrawal')).toBeTruthy();
    expect(api.submits()).toHaveLength(0);
  });

  it('SPEC §4 amount reporting, §7 clickstream: the withdrawal form reports its initial amount with the pay group and its limits', async () => {
    stubFetch({ '201': WALLET_DETAIL });
    const { store } = await renderPage('201');
    const amounts = store.getState().realtime.clickstreamQueue.filter((e) => e.type === 'amount');
    expect(amounts).toHaveLength(1);
    expect(amounts[0]).toMatchObject({
      session_type: 'withdrawal',
      pay_group: 201,
      min_amount: '10',
      max_amount: '1000',
      data: { action: 'initial' },
    });
  });

  it('SPEC §2 result page retry, one form controller: "Try again" after a failed withdrawal opens the form with the amount tried, as on a deposit', async () => {
    stubFetch({ '201': WALLET_DETAIL });
    await renderPage('201', { retry: true, payGroupId: '201', retryAmount: '73.50' });
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Amount/ }).value).toBe('73.5');
  });

  it("SPEC §2, one form controller: the withdrawal form shows the method's processing time and info, as the deposit form does", async () => {
    stubFetch({
      '201': {
        ...WALLET_DETAIL,
        processing_time_translation_key: 'PH.PROCESSING_TIME.INSTANT',
        info: 'Payouts reach the wallet within the hour.',
      },
    });
    await renderPage('201');
    const info = screen.getByRole('complementary', { name: 'About this payment method' });
    expect(within(info).getByText('Payouts reach the wallet within the hour.')).toBeTruthy();
    expect(within(info).getByText('Instant')).toBeTruthy();
  });

  it('SPEC §5: an amount above the maximum is clamped to it', async () => {
    stubFetch({ '201': WALLET_DETAIL });
    await renderPage('201');
    await typeAmount('5000');
    const amount = screen.getByRole('textbox', { name: /Amount/ });
    expect(amount instanceof HTMLInputElement ? amount.value.replace(/\s/g, '') : '').toBe('1000');
  });

  it('SPEC §5 tax: shown only above the non-taxable amount and recalculated as the amount changes', async () => {
    stubFetch({ '201': WALLET_DETAIL });
    await renderPage('201');
    await typeAmount('50');
    expect(screen.queryByText('Tax')).toBeNull();
    await typeAmount('150.55');
    const taxRow = async () => {
      const tax = await screen.findByText('Tax');
      return (tax.closest('div, li, tr') ?? tax.parentElement)?.textContent ?? '';
    };
    // (150.55 − 100) × 10 % = 5.055, rounded to 5.06 (domain computeTax).
    expect(await taxRow()).toContain('5.06');
    await typeAmount('200');
    await waitFor(async () => {
      expect(await taxRow()).toContain('10.00');
    });
  });

  it('SPEC §2: a confirmed saved account is paid to by its id, once, and the result page follows', async () => {
    const api = stubFetch({ '201': WALLET_DETAIL });
    await renderPage('201');
    expect(screen.getByRole('radio', { name: /Main wallet/ })).toHaveProperty('checked', true);
    // The account field is on file: not asked for.
    expect(screen.queryByRole('textbox', { name: /Wallet address/i })).toBeNull();
    await typeAmount('50');
    await userEvent.click(screen.getByRole('button', { name: /^Withdraw/ }));
    await screen.findByTestId('probe');
    expect(probe().path).toBe('/withdrawal/withdrawal-success');
    const [sent] = api.submits();
    expect(api.submits()).toHaveLength(1);
    expect(sent?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(Reflect.get(Object(sent?.body), 'amount')).toBe('50');
    expect(Reflect.get(Object(Reflect.get(Object(sent?.body), 'fields')), 'requisite_id')).toBe(
      'acc-1',
    );
  });

  it('SPEC §4: a new account of a verifying method goes to /withdrawal-verify-account with the amount stored', async () => {
    const api = stubFetch({ '201': WALLET_DETAIL });
    await renderPage('201');
    await userEvent.click(screen.getByRole('radio', { name: /A new account/ }));
    await userEvent.type(
      await screen.findByRole('textbox', { name: /Wallet address/i }),
      'W123456',
    );
    await typeAmount('75');
    await userEvent.click(screen.getByRole('button', { name: /^Withdraw/ }));
    await screen.findByTestId('probe');
    const { path, state } = probe();
    expect(path).toBe('/withdrawal-verify-account');
    const handOver: unknown = Reflect.get(Object(state), 'payoutVerification');
    expect(String(Reflect.get(Object(handOver), 'returnTo'))).toMatch(/^\/withdrawal\/201\?/);
    expect({ ...Object(handOver), returnTo: null }).toEqual({
      payGroupId: '201',
      currency: 'EUR',
      amount: '75',
      newAccount: { requisiteType: '2', value: 'W123456', fieldName: 'wallet_id' },
      requisiteId: null,
      returnTo: null,
    });
    expect(api.submits()).toHaveLength(0);
  });

  it('SPEC §4: an unconfirmed saved account is verified first; a blocked verification goes to /account-management-blocked', async () => {
    stubFetch({ '201': { ...WALLET_DETAIL, payout_account_verification_blocked: true } });
    await renderPage('201');
    await userEvent.click(screen.getByRole('radio', { name: /Old wallet/ }));
    await typeAmount('30');
    await userEvent.click(screen.getByRole('button', { name: /^Withdraw/ }));
    await screen.findByTestId('probe');
    expect(probe().path).toBe('/account-management-blocked');
    expect(
      Reflect.get(Object(Reflect.get(Object(probe().state), 'payoutVerification')), 'requisiteId'),
    ).toBe('acc-2');
  });

  it('SPEC §2: deleting an account asks first, then removes it from the list', async () => {
    const api = stubFetch({ '201': WALLET_DETAIL });
    await renderPage('201');
    await userEvent.click(
      screen.getByRole('button', { name: /Delete the account .*W-\*\*\*\*-0042/ }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this account?' });
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => {
      expect(screen.queryByRole('radio', { name: /Main wallet/ })).toBeNull();
    });
    const removal = api.calls.find((call) => call.method === 'DELETE');
    expect(removal?.url).toMatch(/\/requisite\/acc-1$/);
  });

  it('SPEC §2 delete-account popup: the account confirmation opens on Keep, Escape keeps the account and gives the focus back; a deletion leaves it on the legend', async () => {
    const api = stubFetch({ '201': WALLET_DETAIL });
    await renderPage('201');
    const remove = screen.getByRole('button', { name: /Delete the account .*W-\*\*\*\*-0042/ });
    await userEvent.click(remove);
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete this account?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep it' }));
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).toBeNull();
    });
    expect(document.activeElement).toBe(remove);
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await userEvent.click(remove);
    dialog = await screen.findByRole('alertdialog', { name: 'Delete this account?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).toBeNull();
    });
    expect(document.activeElement?.tagName).toBe('LEGEND');
  });

  it('SPEC §3 isNewPamAccount, §7 pam_new_account: a new account handed to verification is marked, and the withdrawal to it once confirmed says is_new_payout_account', async () => {
    stubFetch({ '201': WALLET_DETAIL });
    const handing = await renderPage('201');
    await userEvent.click(screen.getByRole('radio', { name: /A new account/ }));
    await userEvent.type(await screen.findByRole('textbox', { name: /Wallet address/i }), 'W777');
    await userEvent.click(screen.getByRole('button', { name: /^Withdraw/ }));
    await screen.findByTestId('probe');
    expect(sessionStorage.getItem('pam_new_account')).toBe('201');
    handing.unmount();

    const api = stubFetch({ '201': CONFIRMED_DETAIL });
    await renderPage('201', { verifiedAccount: { requisiteId: 'acc-2', amount: '40' } });
    await userEvent.click(screen.getByRole('button', { name: /^Withdraw/ }));
    await screen.findByTestId('probe');
    const body: unknown = api.submits()[0]?.body;
    expect(Reflect.get(Object(body), 'is_new_payout_account')).toBe(true);
    expect(sessionStorage.getItem('pam_new_account')).toBeNull();
  });

  it('SPEC §3 isNewPamAccount: a saved account chosen from the list is not marked new', async () => {
    sessionStorage.removeItem('pam_new_account');
    const api = stubFetch({ '201': CONFIRMED_DETAIL });
    await renderPage('201', { verifiedAccount: { requisiteId: 'acc-2', amount: '40' } });
    await userEvent.click(screen.getByRole('button', { name: /^Withdraw/ }));
    await screen.findByTestId('probe');
    expect(Reflect.get(Object(api.submits()[0]?.body), 'is_new_payout_account')).toBeUndefined();
  });

  it('SPEC §4: coming back from a verification chooses the confirmed account and restores the stored amount', async () => {
    stubFetch({ '201': WALLET_DETAIL });
    await renderPage('201', { verifiedAccount: { requisiteId: 'acc-2', amount: '321' } });
    expect(screen.getByRole('radio', { name: /Old wallet/ })).toHaveProperty('checked', true);
    const amount = screen.getByRole('textbox', { name: /Amount/ });
    expect(amount instanceof HTMLInputElement ? amount.value.replace(/\s/g, '') : '').toBe('321');
  });

  it('SPEC §4 card field in payout: verifyNewPayoutAccount false on a select is disabled with its empty-list error', async () => {
    const api = stubFetch({ '202': CARD_DETAIL });
    await renderPage('202');
    expect(await screen.findByText('No saved cards')).toBeTruthy();
    await typeAmount('50');
    await userEvent.click(screen.getByRole('button', { name: /^Withdraw/ }));
    expect(api.submits()).toHaveLength(0);
    expect(screen.queryByRole('radio', { name: /A new card/ })).toBeNull();
  });

  it('SPEC §4 card field in payout: with saved cards the blocked field cannot be chosen and stops the submit', async () => {
    const api = stubFetch({ '202': CARD_DETAIL }, EXAMPLE_USER_CARDS.cards);
    await renderPage('202');
    const radios = await screen.findAllByRole('radio');
    expect(radios.length).toBeGreaterThan(0);
    for (const radio of radios) expect(radio).toHaveProperty('disabled', true);
    await typeAmount('50');
    await userEvent.click(screen.getByRole('button', { name: /^Withdraw/ }));
    expect(api.submits()).toHaveLength(0);
  });

  it('SPEC §4 card field in payout: a field the server also marks read-only is still blocked and stops the submit', async () => {
    const api = stubFetch(
      {
        '202': {
          ...CARD_DETAIL,
          parameters: CARD_DETAIL.parameters.map((field) => ({ ...field, is_read_only: true })),
        },
      },
      EXAMPLE_USER_CARDS.cards,
    );
    await renderPage('202');
    await screen.findAllByRole('radio');
    await typeAmount('50');
    await userEvent.click(screen.getByRole('button', { name: /^Withdraw/ }));
    expect(api.submits()).toHaveLength(0);
  });

  it('SPEC §2 payout to a card: a saved card is offered without "a new card" and paid to by its id', async () => {
    const api = stubFetch(
      {
        '202': {
          ...CARD_DETAIL,
          parameters: CARD_DETAIL.parameters.map((field) => ({
            ...field,
            verify_new_payout_account: true,
          })),
        },
      },
      EXAMPLE_USER_CARDS.cards,
    );
    await renderPage('202');
    const [first] = await screen.findAllByRole('radio');
    expect(first).toHaveProperty('checked', true);
    expect(screen.queryByRole('radio', { name: /A new card/ })).toBeNull();
    await typeAmount('50');
    await userEvent.click(screen.getByRole('button', { name: /^Withdraw/ }));
    await screen.findByTestId('probe');
    const sent = api.submits()[0]?.body;
    expect(Reflect.get(Object(Reflect.get(Object(sent), 'fields')), 'card_id')).toBe(
      EXAMPLE_USER_CARDS.cards[0].card_id,
    );
  });
});

/** A routable bank payout: a business account asks for its company number (from the route call). */
const ROUTABLE_DETAIL: PayoutMethodDetailInput = {
  ...WALLET_DETAIL,
  is_routable: true,
  parameters: [
    { name: 'iban', type: 'input', label: 'IBAN', is_required: true },
    {
      name: 'business',
      type: 'check',
      label: 'Business account',
      items: [{ when: 'true', fields: [{ name: 'company_number', type: 'input' }] }],
    },
  ],
  payout_accounts: [],
};

describe('routable withdrawal methods (SPEC §7 route, payouts/groups/... when not a deposit page)', () => {
  const routed = (body: unknown) => {
    const business: unknown = Reflect.get(
      Object(Reflect.get(Object(body), 'parameters')),
      'business',
    );
    return {
      parameters: [
        ...ROUTABLE_DETAIL.parameters,
        ...(business === true
          ? [{ name: 'company_number', type: 'input', label: 'Company number', is_required: true }]
          : []),
      ],
      view_data: [],
      card_data: null,
    };
  };

  it('SPEC §7: a choice posts the form to payouts/groups/{id}/route and the fields that depend on it appear and are paid out with', async () => {
    const api = stubFetch({ '201': ROUTABLE_DETAIL }, [], routed);
    await renderPage('201');
    expect(screen.queryByRole('textbox', { name: /Company number/ })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: /Business account/ }));
    const company = await screen.findByRole('textbox', { name: /Company number/ });
    const routes = api.calls.filter((call) => call.url.endsWith('/route'));
    expect(routes.map((call) => call.url)).toEqual([
      expect.stringMatching(/\/api\/cashier-service\/payouts\/groups\/201\/route$/),
    ]);
    expect(routes[0]?.body).toMatchObject({ currency: 'EUR', parameters: { business: true } });
    await userEvent.type(screen.getByRole('textbox', { name: /IBAN/ }), 'DE89370400440532013000');
    await userEvent.type(company, 'HRB 1234');
    await typeAmount('50');
    await userEvent.click(screen.getByRole('button', { name: /^Withdraw/ }));
    await waitFor(() => {
      expect(api.submits()).toHaveLength(1);
    });
    expect(api.submits()[0]?.body).toMatchObject({
      fields: { iban: 'DE89370400440532013000', business: true, company_number: 'HRB 1234' },
    });
  });

  it('SPEC §7: a withdrawal method that is not routable never calls route', async () => {
    const api = stubFetch({ '201': { ...ROUTABLE_DETAIL, is_routable: false } }, [], routed);
    await renderPage('201');
    await userEvent.click(screen.getByRole('checkbox', { name: /Business account/ }));
    expect(api.calls.filter((call) => call.url.endsWith('/route'))).toEqual([]);
  });
});
