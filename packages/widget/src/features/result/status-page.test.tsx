import { screen, waitFor } from '@testing-library/react';
import { EXAMPLE_DEPOSIT_INIT, EXAMPLE_PAY_SESSION_DECLINED } from '@cashdesk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserWindow } from './finish';
import { StatusPage } from './status-page';
import { ResultRoutesOf } from './test-support';
import { jsonResponse, renderAt, requestUrl } from '../../test/render-at';

vi.mock('../../host/host-bridge', () => ({
  scrollToTop: vi.fn(),
  requestReInit: vi.fn(() => false),
  reportPaymentResult: vi.fn(() => true),
  postResultToOuterCashier: vi.fn(() => true),
  sameOriginParentAddress: vi.fn(() => null),
}));

const { postResultToOuterCashier, sameOriginParentAddress } =
  await import('../../host/host-bridge');

/** Every result route of SPEC §2, as app-routes maps them. */
function StatusRoutes() {
  return <ResultRoutesOf page={(route) => <StatusPage route={route} />} />;
}

function stubServer() {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: unknown) => {
      const url = requestUrl(input);
      if (url.endsWith('/payments/groups/init')) {
        return Promise.resolve(jsonResponse(EXAMPLE_DEPOSIT_INIT));
      }
      return Promise.resolve(jsonResponse({ error_code: '1008', error_message: 'x' }, 404));
    }),
  );
}

/** A declined card payment whose page offers every way on (retry, other methods, the game). */
const DECLINED_STATE = {
  paySession: {
    ...EXAMPLE_PAY_SESSION_DECLINED,
    decline_page_settings: {
      retry: true,
      change_method: true,
      all_methods: true,
      into_game: true,
      message_key: null,
    },
  },
  payGroupId: '101',
};

beforeEach(() => {
  vi.spyOn(browserWindow, 'assign').mockImplementation(() => undefined);
  vi.spyOn(browserWindow, 'open').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(sameOriginParentAddress).mockReturnValue(null);
});

describe('status pages (SPEC §2 status-page detection, view statuses and view kinds)', () => {
  it('SPEC §2: a status page detected inside an embedding cashier frame shows nothing and tells the cashier around it the result', async () => {
    vi.mocked(sameOriginParentAddress).mockReturnValue(
      'http://cashier.test/deposit/101?session_id=s1',
    );
    stubServer();
    await renderAt(<StatusRoutes />, { address: '/deposit/deposit-success?transaction_id=tx_7' });
    await waitFor(() => {
      expect(postResultToOuterCashier).toHaveBeenCalledWith({
        target: 'cashier',
        type: 'result',
        paymentType: 'deposit',
        status: 'success',
        transactionId: 'tx_7',
      });
    });
    expect(postResultToOuterCashier).toHaveBeenCalledTimes(1);
    // Blank: a heading for screen readers only, no result page.
    expect(screen.getByRole('heading', { level: 1 }).className).toBe('cd-visually-hidden');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('SPEC §2: the view status fail shows the error page; redirect goes on to the merchant at once', async () => {
    stubServer();
    await renderAt(<StatusRoutes />, {
      address: '/deposit/deposit-fail',
      state: { paySession: EXAMPLE_PAY_SESSION_DECLINED },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Deposit declined' })).toBeTruthy();
    expect(browserWindow.assign).not.toHaveBeenCalled();
  });

  it('SPEC §2: the view status redirect sends the player to the merchant (no processing URL: the merchant URL) without a result page', async () => {
    stubServer();
    await renderAt(<StatusRoutes />, { address: '/deposit/deposit-redirect' });
    await waitFor(() => {
      expect(browserWindow.assign).toHaveBeenCalledWith('https://brand0.example.com/');
    });
    expect(browserWindow.assign).toHaveBeenCalledTimes(1);
  });

  it('SPEC §2: the view kind redirect of a success page sends the player to the merchant success URL', async () => {
    stubServer();
    await renderAt(<StatusRoutes />, { address: '/deposit/deposit-success?view=redirect' });
    await waitFor(() => {
      expect(browserWindow.assign).toHaveBeenCalledWith(
        'https://brand0.example.com/cashier/success',
      );
    });
  });

  it('SPEC §2: in status-page mode the result stands alone, as tall as the parent, with no way back into the cashier', async () => {
    stubServer();
    await renderAt(<StatusRoutes />, {
      address: '/deposit/deposit-fail?mode=status_page&height=640',
      state: DECLINED_STATE,
    });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Deposit declined' });
    expect(heading.closest('section')?.style.minHeight).toBe('640px');
    expect(screen.getByRole('button', { name: 'Back to the game' })).toBeTruthy();
    for (const name of ['Try again', 'Change payment method', 'All payment methods']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });

  it('outside status-page mode the declined page offers the way back into the cashier', async () => {
    stubServer();
    await renderAt(<StatusRoutes />, {
      address: '/deposit/deposit-error',
      state: DECLINED_STATE,
    });
    await screen.findByRole('heading', { level: 1, name: 'Deposit declined' });
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Deposit declined' }).closest('section')?.style
        .minHeight,
    ).toBe('');
  });
});
