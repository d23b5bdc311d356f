import { getLongValue } from '../../test/long-value';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  EXAMPLE_PAYMENT_HISTORY,
  EXAMPLE_PAYOUT_INIT,
  EXAMPLE_PAY_SESSION_DISPLAY_FORM,
  EXAMPLE_PAY_SESSION_REDIRECT,
  PaySession as PaySessionSchema,
  PaymentHistoryResponse,
} from '@cashdesk/contract';
import type { PaymentHistoryItem, PaySession } from '@cashdesk/contract';
import { findRoute, innerResultMessage } from '@cashdesk/domain';
import type { RouteDefinition } from '@cashdesk/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderAt, requestUrl } from '../../test/render-at';
import type * as HostBridge from '../../host/host-bridge';
import { PaymentHistoryPage } from './payment-history-page';
import { resumeStep, statusKey } from './resume';

vi.mock('../../host/host-bridge', async (importOriginal) => ({
  ...(await importOriginal<typeof HostBridge>()),
  scrollToTop: vi.fn(),
}));

function routeOf(id: string): RouteDefinition {
  const route = findRoute(id);
  if (route === null) throw new Error(`no route ${id}`);
  return route;
}

/** The example as the widget reads it (parsed, so tests can vary it). */
const HISTORY: PaymentHistoryResponse = PaymentHistoryResponse.parse(EXAMPLE_PAYMENT_HISTORY);

function itemOf(overrides: Partial<PaymentHistoryItem>): PaymentHistoryItem {
  const base = HISTORY.payments[0];
  if (base === undefined) throw new Error('no example item');
  return { ...base, ...overrides };
}

/** An open payment whose pay session is `session`. */
function openItem(session: PaySession, id = session.transaction_id): PaymentHistoryItem {
  return itemOf({
    transaction_id: id,
    transaction_status: session.transaction_status,
    result_status: session.result_status,
    reference: id,
    pay_session: { ...session, transaction_id: id },
  });
}

const CHALLENGE: PaySession = {
  ...PaySessionSchema.parse(EXAMPLE_PAY_SESSION_REDIRECT),
  action: 'iframe',
  redirect_data: { url: 'https://bank.example/3ds/abc', method: 'GET', fields: {} },
};

function stubHistory(...pages: PaymentHistoryResponse[]) {
  const fetchMock = vi.fn((input: unknown) => {
    const url = new URL(requestUrl(input), 'http://cashier.test');
    if (!url.pathname.endsWith('/payments/history')) {
      return Promise.resolve(jsonResponse({ error_code: '1008', error_message: 'no' }, 404));
    }
    const cursor = url.searchParams.get('cursor');
    const page = cursor === null ? pages[0] : pages[Number(cursor)];
    return Promise.resolve(jsonResponse(page));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function location() {
  return screen.getByTestId('location').textContent;
}

function locationState(): unknown {
  return JSON.parse(screen.getByTestId('location').getAttribute('data-state') ?? 'null');
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('pending payments and history (/deposit-history, /withdrawal-history)', () => {
  it('lists open payments first under In progress, then recent ones, each with amount, method, status, date and reference', async () => {
    stubHistory(HISTORY);
    await renderAt(<PaymentHistoryPage route={routeOf('deposit-history')} />, {
      address: '/deposit-history',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your payments' })).toBeTruthy();
    const open = await screen.findByRole('region', { name: 'In progress' });
    const recent = screen.getByRole('region', { name: 'Recent payments' });
    // The open part comes first in the page.
    expect(open.compareDocumentPosition(recent) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(open).getByText('Bank transfer')).toBeTruthy();
    expect(within(open).getByText('50.00 EUR')).toBeTruthy();
    expect(within(open).getByText('Waiting for your payment by QR code')).toBeTruthy();
    expect(getLongValue(open, 'REF-7K2M9')).toBeTruthy();
    expect(
      within(open).getByRole('button', { name: 'Continue Bank transfer, 50.00 EUR' }),
    ).toBeTruthy();
    expect(within(recent).getByText('Visa / Mastercard')).toBeTruthy();
    expect(within(recent).getByText('Not completed')).toBeTruthy();
    expect(getLongValue(recent, 'tx_01HZX9')).toBeTruthy();
    expect(within(recent).queryByRole('button', { name: /^Continue/ })).toBeNull();
    const time = recent.querySelector('time');
    expect(time?.getAttribute('dateTime')).toBe('2030-01-30T09:30:00.000Z');
    expect(time?.textContent).toMatch(/2030/);
  });

  it('resumes a QR code payment on the display form with its pay session (SPEC §2 display form)', async () => {
    const user = userEvent.setup();
    stubHistory(HISTORY);
    await renderAt(<PaymentHistoryPage route={routeOf('deposit-history')} />, {
      address: '/deposit-history',
    });
    await user.click(await screen.findByRole('button', { name: /^Continue Bank transfer/ }));
    await waitFor(() => {
      expect(location()).toBe(
        '/deposit/deposit-display-form?session_id=test-session&lang=en-brand0&transaction_id=tx_01HZXA',
      );
    });
    // The QR page says what the payment is for: the method, by the name the history has.
    expect(locationState()).toEqual({
      paySession: EXAMPLE_PAY_SESSION_DISPLAY_FORM,
      payGroupId: '102',
      methodName: 'Bank transfer',
    });
  });

  it('opens a 3-D Secure challenge again in the cashier and follows its result (SPEC §2 3ds)', async () => {
    const user = userEvent.setup();
    stubHistory({ payments: [openItem(CHALLENGE, 'tx_3ds')], next_cursor: null });
    await renderAt(<PaymentHistoryPage route={routeOf('deposit-history')} />, {
      address: '/deposit-history',
    });
    expect(
      await screen.findByText('Waiting for your bank’s confirmation (3-D Secure)'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^Continue/ }));
    const frame = document.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe('https://bank.example/3ds/abc');
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: innerResultMessage('deposit', 'success', 'tx_3ds'),
          source: frame?.contentWindow ?? null,
          origin: window.location.origin,
        }),
      );
    });
    await waitFor(() => {
      expect(location()).toMatch(/^\/deposit\/deposit-success\?.*transaction_id=tx_3ds/);
    });
  });

  it('resumes a payment under way on the result page of its flow, and a provider redirect on the interaction page', () => {
    const awaiting = openItem({
      ...PaySessionSchema.parse(EXAMPLE_PAY_SESSION_DISPLAY_FORM),
      step: 'await',
      display_form: null,
    });
    expect(resumeStep(awaiting, awaiting.pay_session ?? CHALLENGE)).toMatchObject({
      kind: 'screen',
      pathname: '/deposit/deposit-await',
    });
    const payout: PaymentHistoryItem = { ...awaiting, flow: 'withdrawal' };
    expect(resumeStep(payout, awaiting.pay_session ?? CHALLENGE)).toMatchObject({
      pathname: '/withdrawal/withdrawal-await',
    });
    const redirect = openItem(PaySessionSchema.parse(EXAMPLE_PAY_SESSION_REDIRECT), 'tx_r');
    expect(resumeStep(redirect, redirect.pay_session ?? CHALLENGE)).toEqual({
      kind: 'screen',
      pathname: '/payments/interaction/tx_r',
      state: null,
    });
    expect(statusKey(redirect)).toBe('HISTORY.STATUS.REDIRECT');
    expect(statusKey({ ...awaiting, open: false, transaction_status: 'success' })).toBe(
      'HISTORY.STATUS.SUCCESS',
    );
  });

  it('SPEC §4 withdrawal reversal: a withdrawal the player cancelled is listed as cancelled by them, back on the balance; one cancelled by another as cancelled; a failure as not completed', async () => {
    const ended = (cancelledBy: PaymentHistoryItem['cancelled_by'], id: string) =>
      itemOf({
        transaction_id: id,
        reference: id,
        flow: 'withdrawal',
        method_name: 'Payout to card',
        open: false,
        transaction_status: 'error',
        result_status: 'error',
        cancelled_by: cancelledBy,
        pay_session: null,
      });
    stubHistory({
      payments: [
        ended('player', 'tx_reversed'),
        ended('other', 'tx_cancelled'),
        ended(null, 'tx_failed'),
      ],
      next_cursor: null,
    });
    await renderAt(<PaymentHistoryPage route={routeOf('withdrawal-history')} />, {
      address: '/withdrawal-history',
    });
    const recent = await screen.findByRole('region', { name: 'Recent payments' });
    // The reference is shown in groups (LongValue): the row is the one whose text holds it.
    const rowOf = (id: string) =>
      within(recent)
        .getAllByRole('listitem')
        .find((row) => row.textContent.includes(id));
    expect(rowOf('tx_reversed')?.textContent).toContain(
      'Cancelled by you, the amount is back on your balance',
    );
    expect(rowOf('tx_reversed')?.textContent).not.toContain('Not completed');
    expect(rowOf('tx_cancelled')?.textContent).toContain('Cancelled');
    expect(rowOf('tx_cancelled')?.textContent).not.toContain('Not completed');
    expect(rowOf('tx_failed')?.textContent).toContain('Not completed');
  });

  it('shows a voucher code of an open cash payment', async () => {
    const voucher: PaySession = {
      ...PaySessionSchema.parse(EXAMPLE_PAY_SESSION_DISPLAY_FORM),
      step: 'voucher',
      display_form: null,
      voucher: {
        code: 'VCH-42',
        bet_shop: null,
        expires_at: '2030-02-01T12:00:00.000Z',
        amount: '30.00',
        currency: 'EUR',
      },
    };
    stubHistory({ payments: [openItem(voucher, 'tx_v')], next_cursor: null });
    await renderAt(<PaymentHistoryPage route={routeOf('deposit-history')} />, {
      address: '/deposit-history',
    });
    await screen.findByText('Waiting for your cash payment');
    expect(getLongValue(document.body, 'VCH-42')).toBeTruthy();
    expect(screen.getByText('Waiting for your cash payment')).toBeTruthy();
  });

  it('copies a reference and says so', async () => {
    const user = userEvent.setup();
    stubHistory(HISTORY);
    await renderAt(<PaymentHistoryPage route={routeOf('deposit-history')} />, {
      address: '/deposit-history',
    });
    await user.click(await screen.findByRole('button', { name: 'Copy reference tx_01HZX9' }));
    expect(await navigator.clipboard.readText()).toBe('tx_01HZX9');
    expect(await screen.findByText('Copied')).toBeTruthy();
  });

  it('loads earlier payments on request, after the ones shown', async () => {
    const user = userEvent.setup();
    const older = itemOf({
      transaction_id: 'tx_old',
      open: false,
      transaction_status: 'success',
      result_status: 'success',
      method_name: 'E-wallet',
      reference: 'tx_old',
      pay_session: null,
    });
    const fetchMock = stubHistory(
      { ...HISTORY, next_cursor: '1' },
      { payments: [older], next_cursor: null },
    );
    await renderAt(<PaymentHistoryPage route={routeOf('withdrawal-history')} />, {
      address: '/withdrawal-history',
    });
    await user.click(await screen.findByRole('button', { name: 'Show earlier payments' }));
    expect(await screen.findByText('E-wallet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show earlier payments' })).toBeNull();
    expect(requestUrl(fetchMock.mock.calls.at(-1)?.[0])).toContain('cursor=1');
    expect(screen.getByRole('link', { name: 'Back to payment methods' }).getAttribute('href')).toBe(
      '/withdrawal?session_id=test-session&lang=en-brand0',
    );
  });

  it('says when there are no payments, and when they could not be loaded', async () => {
    stubHistory({ payments: [], next_cursor: null });
    await renderAt(<PaymentHistoryPage route={routeOf('deposit-history')} />, {
      address: '/deposit-history',
    });
    expect(await screen.findByText('You have not made any payments yet.')).toBeTruthy();
  });

  it('is laid out right to left in Arabic, with amounts and references kept left to right (SPEC §1)', async () => {
    stubHistory(HISTORY);
    await renderAt(<PaymentHistoryPage route={routeOf('deposit-history')} />, {
      address: '/deposit-history',
      language: 'ar',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'مدفوعاتك' })).toBeTruthy();
    // The heading comes before the history's answer: wait for the list itself.
    expect(await screen.findByRole('region', { name: 'قيد التنفيذ' })).toBeTruthy();
    expect(getLongValue(document.body, 'REF-7K2M9').getAttribute('dir')).toBe('ltr');
    expect(screen.getAllByText(/50\.00/)[0]?.closest('[dir="ltr"]')).not.toBeNull();
  });
});

describe('the pending withdrawal and its cancel (SPEC §2 cancel-withdrawal popup)', () => {
  it('is offered on the pending payments too; once cancelled the list is read again', async () => {
    const user = userEvent.setup();
    const calls: string[] = [];
    let reversed = false;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: unknown) => {
        const url = new URL(requestUrl(input), 'http://cashier.test');
        calls.push(url.pathname);
        if (url.pathname.endsWith('/payments/history'))
          return Promise.resolve(jsonResponse(HISTORY));
        if (url.pathname.endsWith('/payouts/groups/init')) {
          return Promise.resolve(
            jsonResponse({
              ...EXAMPLE_PAYOUT_INIT,
              withdrawal_reverse: reversed ? null : { amount: '20.15', currency: 'EUR' },
            }),
          );
        }
        if (url.pathname.endsWith('/payments/reverse-pending-withdrawal')) {
          reversed = true;
          return Promise.resolve(
            jsonResponse({ success_amount: '20.15', fail_amount: null, currency: 'EUR' }),
          );
        }
        return Promise.resolve(jsonResponse({ error_code: '1008', error_message: 'no' }, 404));
      }),
    );
    await renderAt(<PaymentHistoryPage route={routeOf('withdrawal-history')} />, {
      address: '/withdrawal-history',
    });
    await screen.findByText(/You have a pending withdrawal of .*20\.15/);
    const histories = () => calls.filter((path) => path.endsWith('/payments/history')).length;
    const before = histories();
    await user.click(screen.getByRole('button', { name: 'Cancel withdrawal' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel your withdrawal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => {
      expect(histories()).toBe(before + 1);
    });
    await waitFor(() => {
      expect(screen.queryByText(/You have a pending withdrawal/)).toBeNull();
    });
  });
});
