import { getLongValue } from '../../test/long-value';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  EXAMPLE_DEPOSIT_INIT,
  EXAMPLE_PAY_SESSION_REDIRECT,
  EXAMPLE_PAYOUT_INIT,
} from '@cashdesk/contract';
import { ROUTES } from '@cashdesk/domain';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { textOf } from '../../fields/test-support';
import { ResultPage } from './result-page';
import { jsonResponse, renderAt, requestUrl } from '../../test/render-at';

vi.mock('../../host/host-bridge', () => ({
  scrollToTop: vi.fn(),
  requestReInit: vi.fn(() => true),
  reportPaymentResult: vi.fn(() => true),
}));

function ResultRoutes() {
  return (
    <Routes>
      {ROUTES.filter((route) => route.resultStatus !== null).map((route) => (
        <Route key={route.id} path={route.path} element={<ResultPage route={route} />} />
      ))}
      <Route path="*" element={null} />
    </Routes>
  );
}

const VOUCHER = {
  code: 'K7Q4-92XD',
  bet_shop: {
    id: 'shop_alex',
    name: 'Alexanderplatz',
    address: 'Alexanderplatz 1',
    city: 'Berlin',
    working_hours: [1, 2, 3, 4, 5].map((day) => ({ day, opens: '09:00', closes: '21:00' })),
  },
  expires_at: '2031-05-20T18:30:00.000Z',
  amount: '120.00',
  currency: 'EUR',
};

/** The pay session of a bet-shop withdrawal (step voucher). */
function voucherSession(result: 'success' | 'processing', voucher: unknown = VOUCHER) {
  return {
    ...EXAMPLE_PAY_SESSION_REDIRECT,
    transaction_id: 'tx_voucher',
    step: 'voucher',
    action: 'none',
    result_status: result,
    transaction_status: result,
    redirect_data: null,
    voucher,
    amount: '120.00',
  };
}

/** What the status answer says of the payment besides its status. */
const PAYMENT_FIGURES = {
  amount: '120.00',
  currency: 'EUR',
  fee: '0.00',
  tax: '0.00',
  bonus: '0.00',
  method_name: 'Cash at a bet shop',
  reference: '3f2a9c1e-8b7d-4e21-9a0f-5c6d7e8f9a0b',
  user_balance: '500.00',
};

/** Stubs fetch: the init answers and a status answer that keeps the payment `pending`. */
function stubServer(pending: 'processing' | 'await' = 'processing', figures: object = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: unknown) => {
      const url = requestUrl(input);
      if (url.includes('/payments/status/')) {
        return Promise.resolve(
          jsonResponse({
            transaction_id: 'tx_voucher',
            transaction_status: pending,
            result_status: pending,
            terminal: false,
            next_poll_ms: 5000,
            ...figures,
          }),
        );
      }
      if (url.endsWith('/payments/groups/init')) {
        return Promise.resolve(jsonResponse(EXAMPLE_DEPOSIT_INIT));
      }
      return Promise.resolve(jsonResponse(EXAMPLE_PAYOUT_INIT));
    }),
  );
}

/** The pay session of a bet-shop cash deposit (step voucher): waiting for the cash. */
function depositVoucherSession(result: 'await' | 'success', voucher: unknown = VOUCHER) {
  return {
    ...voucherSession('success', voucher),
    result_status: result,
    transaction_status: result,
    session_status: result === 'await' ? 'active' : 'completed',
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function voucherSection(title = 'RESULT.VOUCHER.TITLE') {
  return screen.findByRole('region', { name: await textOf(title) });
}

const VALID_UNTIL = new Intl.DateTimeFormat('en', {
  dateStyle: 'medium',
  timeStyle: 'short',
}).format(new Date(VOUCHER.expires_at));

describe('bet-shop voucher on the withdrawal result page (SPEC §1 cash pick-up, §2 result page)', () => {
  it('shows the pick-up code, the shop, the valid-until date, the amount and the instruction (SPEC §2)', async () => {
    stubServer();
    await renderAt(<ResultRoutes />, {
      address: '/withdrawal/withdrawal-success',
      state: { paySession: voucherSession('success') },
    });
    const section = await voucherSection();
    const code = getLongValue(section, 'K7Q4-92XD');
    expect(code.closest('.cd-voucher__code')).not.toBeNull();
    expect(code.getAttribute('dir')).toBe('ltr');
    const text = section.textContent;
    expect(text).toContain('Alexanderplatz');
    expect(text).toContain('Alexanderplatz 1, Berlin');
    expect(text).toContain(await textOf('RESULT.VOUCHER.HOURS', { hours: 'Mon–Fri 09:00–21:00' }));
    const validUntil = new Intl.DateTimeFormat('en', {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(new Date(VOUCHER.expires_at));
    expect(text).toContain(validUntil);
    expect(text).toContain('120.00');
    expect(text).toContain(await textOf('RESULT.VOUCHER.INSTRUCTION'));
  });

  it('copies the code and confirms with a toast (SPEC §2 copy, §9 2-second toast)', async () => {
    stubServer();
    const user = userEvent.setup();
    await renderAt(<ResultRoutes />, {
      address: '/withdrawal/withdrawal-success',
      state: { paySession: voucherSession('success') },
    });
    const section = await voucherSection();
    await user.click(
      within(section).getByRole('button', { name: await textOf('RESULT.VOUCHER.COPY') }),
    );
    expect(await navigator.clipboard.readText()).toBe('K7Q4-92XD');
    expect(await screen.findByText(await textOf('RESULT.VOUCHER.COPIED'))).toBeDefined();
  });

  it('shows the failure toast when the clipboard refuses (SPEC §8 copy failure)', async () => {
    stubServer();
    const user = userEvent.setup();
    await renderAt(<ResultRoutes />, {
      address: '/withdrawal/withdrawal-success',
      state: { paySession: voucherSession('success') },
    });
    const section = await voucherSection();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
    await user.click(
      within(section).getByRole('button', { name: await textOf('RESULT.VOUCHER.COPY') }),
    );
    expect(await screen.findByText(await textOf('RESULT.VOUCHER.COPY_FAILED'))).toBeDefined();
  });

  it('shows it on the processing page too, with "any shop" when the voucher names none (SPEC §2)', async () => {
    stubServer();
    await renderAt(<ResultRoutes />, {
      address: '/withdrawal/withdrawal-processing',
      state: { paySession: voucherSession('processing', { ...VOUCHER, bet_shop: null }) },
    });
    const section = await voucherSection();
    expect(getLongValue(section, 'K7Q4-92XD')).toBeDefined();
    expect(section.textContent).toContain(await textOf('RESULT.VOUCHER.ANY_SHOP'));
  });

  it('SPEC §1 cash pick-up: the page says to collect the cash, not that it reaches an account', async () => {
    stubServer();
    await renderAt(<ResultRoutes />, {
      address: '/withdrawal/withdrawal-success',
      state: { paySession: voucherSession('success') },
    });
    await voucherSection();
    expect(screen.getByText(await textOf('RESULT.WITHDRAWAL.VOUCHER_TEXT'))).toBeDefined();
    expect(screen.queryByText(await textOf('RESULT.WITHDRAWAL.SUCCESS.TEXT'))).toBeNull();
    expect(document.body.textContent).not.toMatch(/reach your account/);
  });

  it('shows no voucher on a withdrawal without one (SPEC §2 result page)', async () => {
    stubServer();
    await renderAt(<ResultRoutes />, {
      address: '/withdrawal/withdrawal-success',
      state: { paySession: voucherSession('success', null) },
    });
    expect(await screen.findByRole('heading', { level: 1 })).toBeDefined();
    expect(screen.queryByText(await textOf('RESULT.VOUCHER.TITLE'))).toBeNull();
  });
});

describe('bet-shop voucher of a cash deposit (SPEC §1 cash at a betting shop, §2 /deposit/deposit-await)', () => {
  it('shows the payment code, where to pay, until when, the amount to pay and what to do at the counter', async () => {
    stubServer('await');
    await renderAt(<ResultRoutes />, {
      address: '/deposit/deposit-await?transaction_id=tx_voucher',
      state: { paySession: depositVoucherSession('await'), payGroupId: '7' },
    });
    const section = await voucherSection('RESULT.VOUCHER.DEPOSIT.TITLE');
    expect(getLongValue(section, 'K7Q4-92XD').getAttribute('dir')).toBe('ltr');
    const text = section.textContent;
    expect(text).toContain(await textOf('RESULT.VOUCHER.DEPOSIT.SHOP'));
    expect(text).toContain('Alexanderplatz');
    expect(text).toContain('Alexanderplatz 1, Berlin');
    expect(text).toContain(await textOf('RESULT.VOUCHER.VALID_UNTIL'));
    expect(text).toContain(VALID_UNTIL);
    expect(text).toContain(await textOf('RESULT.VOUCHER.DEPOSIT.AMOUNT'));
    expect(text).toContain('120.00');
    expect(text).toContain(await textOf('RESULT.VOUCHER.DEPOSIT.INSTRUCTION'));
    // A deposit pays cash in: none of the pick-up wording of a withdrawal.
    expect(text).not.toContain(await textOf('RESULT.VOUCHER.INSTRUCTION'));
    expect(screen.getByText(await textOf('RESULT.DEPOSIT.VOUCHER_TEXT'))).toBeDefined();
    expect(screen.queryByText(await textOf('RESULT.DEPOSIT.AWAIT.TEXT'))).toBeNull();
  });

  it("shows one code, the voucher's, and one primary action (no payment reference beside it)", async () => {
    stubServer('await', PAYMENT_FIGURES);
    await renderAt(<ResultRoutes />, {
      address: '/deposit/deposit-await?transaction_id=tx_voucher',
      state: { paySession: depositVoucherSession('await'), payGroupId: '7' },
    });
    const section = await voucherSection('RESULT.VOUCHER.DEPOSIT.TITLE');
    // The status answer is there (its method shows) and its reference is left out.
    expect(await screen.findByText('Cash at a bet shop')).toBeDefined();
    expect(screen.queryByText(await textOf('RESULT.DETAILS.REFERENCE'))).toBeNull();
    expect(document.querySelectorAll('.cd-long-value')).toHaveLength(1);
    expect(getLongValue(section, 'K7Q4-92XD')).toBeDefined();
    expect(document.querySelectorAll('.cd-result__actions .cd-button--primary')).toHaveLength(1);
    const [primary] = document.querySelectorAll('.cd-result__actions .cd-button');
    expect(primary?.textContent).toBe(await textOf('RESULT.BUTTON.INTO_GAME'));
  });

  it('copies the payment code (SPEC §2 copy, §9 2-second toast)', async () => {
    stubServer('await');
    const user = userEvent.setup();
    await renderAt(<ResultRoutes />, {
      address: '/deposit/deposit-await?transaction_id=tx_voucher',
      state: { paySession: depositVoucherSession('await') },
    });
    const section = await voucherSection('RESULT.VOUCHER.DEPOSIT.TITLE');
    await user.click(
      within(section).getByRole('button', { name: await textOf('RESULT.VOUCHER.DEPOSIT.COPY') }),
    );
    expect(await navigator.clipboard.readText()).toBe('K7Q4-92XD');
    expect(await screen.findByText(await textOf('RESULT.VOUCHER.COPIED'))).toBeDefined();
  });

  it('says "any of our bet shops" when the voucher names no shop', async () => {
    stubServer('await');
    await renderAt(<ResultRoutes />, {
      address: '/deposit/deposit-await?transaction_id=tx_voucher',
      state: { paySession: depositVoucherSession('await', { ...VOUCHER, bet_shop: null }) },
    });
    const section = await voucherSection('RESULT.VOUCHER.DEPOSIT.TITLE');
    expect(section.textContent).toContain(await textOf('RESULT.VOUCHER.ANY_SHOP'));
  });

  it('hides the code once the cash is paid: the success page shows no voucher', async () => {
    stubServer();
    await renderAt(<ResultRoutes />, {
      address: '/deposit/deposit-success',
      state: { paySession: depositVoucherSession('success') },
    });
    expect(await screen.findByRole('heading', { level: 1 })).toBeDefined();
    expect(screen.queryByText('K7Q4-92XD')).toBeNull();
    expect(screen.queryByText(await textOf('RESULT.VOUCHER.DEPOSIT.TITLE'))).toBeNull();
  });
});
