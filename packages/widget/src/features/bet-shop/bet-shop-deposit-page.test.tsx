import {
  EXAMPLE_BANK_PAY_GROUP,
  EXAMPLE_CARD_PAY_GROUP,
  EXAMPLE_DEPOSIT_DETAIL,
  EXAMPLE_DEPOSIT_INIT,
} from '@cashdesk/contract';
import type { BetShop } from '@cashdesk/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { textOf } from '../../fields/test-support';
import { renderWithApp } from '../../test/render';
import { BetShopDepositPage } from './bet-shop-deposit-page';

const SHOPS: BetShop[] = [
  {
    id: 'shop_alex',
    name: 'Alexanderplatz',
    address: 'Alexanderplatz 1',
    city: 'Berlin',
    working_hours: [1, 2, 3, 4, 5].map((day) => ({ day, opens: '09:00', closes: '21:00' })),
  },
  {
    id: 'shop_reep',
    name: 'Reeperbahn',
    address: 'Reeperbahn 50',
    city: 'Hamburg',
    working_hours: [],
  },
];

const BET_SHOP_GROUP = {
  ...EXAMPLE_BANK_PAY_GROUP,
  id: 150,
  short_name: 'betshop_cash',
  public_name: 'Cash at a bet shop',
  pay_method_type: 'bet_shops',
};

function requestUrl(input: unknown): string {
  if (typeof input === 'string') return input;
  if (input instanceof URL) return input.href;
  if (input instanceof Request) return input.url;
  return '';
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** Stubs the deposit init (with or without the bet-shop method) and that method's select. */
function stubServer(options: { withMethod?: boolean; selectFails?: boolean } = {}) {
  const groups =
    options.withMethod === false
      ? [EXAMPLE_CARD_PAY_GROUP]
      : [EXAMPLE_CARD_PAY_GROUP, BET_SHOP_GROUP];
  const fetchMock = vi.fn((input: unknown) => {
    const url = requestUrl(input);
    if (url.endsWith('/payments/groups/init')) {
      return Promise.resolve(json({ ...EXAMPLE_DEPOSIT_INIT, payment_groups: groups }));
    }
    if (url.endsWith('/payments/groups/150/select')) {
      return Promise.resolve(
        options.selectFails === true
          ? json({ error_code: '1999', error_message: 'CASHIER.ERROR.INTERNAL' }, 500)
          : json({ ...EXAMPLE_DEPOSIT_DETAIL, bet_shops: SHOPS }),
      );
    }
    return Promise.resolve(json({ error_code: '1008', error_message: 'not found' }, 404));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/betshop-deposit (SPEC §2 bet shop flows)', () => {
  it('lists the bet shops of the cash deposit method with name, address and working hours (SPEC §2, §7 select)', async () => {
    const fetchMock = stubServer();
    await renderWithApp(<BetShopDepositPage />, { route: '/betshop-deposit?user=player-42' });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: await textOf('BET_SHOP.DEPOSIT.TITLE'),
      }),
    ).toBeDefined();
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0] ?? document.body).getByRole('heading', { level: 2 }).textContent).toBe(
      'Alexanderplatz',
    );
    expect(items[0]?.textContent).toContain('Alexanderplatz 1, Berlin');
    expect(items[0]?.textContent).toContain(
      await textOf('BET_SHOP.DEPOSIT.HOURS', { hours: 'Mon–Fri 09:00–21:00' }),
    );
    expect(items[1]?.textContent).toContain(await textOf('BET_SHOP.DEPOSIT.HOURS_UNKNOWN'));
    // The shops come from the method detail the server already answers (no extra endpoint).
    const selects = fetchMock.mock.calls.filter(([input]) =>
      requestUrl(input).endsWith('/payments/groups/150/select'),
    );
    expect(selects).toHaveLength(1);
  });

  it('tells the player to show their player id at the counter (SPEC §2)', async () => {
    stubServer();
    await renderWithApp(<BetShopDepositPage />, { route: '/betshop-deposit?user=player-42' });
    expect(
      await screen.findByText(
        await textOf('BET_SHOP.DEPOSIT.PLAYER_ID_NOTE_WITH_ID', { id: 'player-42' }),
      ),
    ).toBeDefined();
  });

  it('links back to /deposit keeping the query (SPEC §2 routes)', async () => {
    stubServer();
    await renderWithApp(<BetShopDepositPage />, { route: '/betshop-deposit' });
    const back = await screen.findByRole('link', { name: await textOf('BET_SHOP.DEPOSIT.BACK') });
    expect(back.getAttribute('href')).toBe('/deposit?session_id=test-session&lang=en-brand0');
    expect(screen.getByText(await textOf('BET_SHOP.DEPOSIT.PLAYER_ID_NOTE'))).toBeDefined();
  });

  it('says so when the brand takes no cash deposits at bet shops (SPEC §2)', async () => {
    stubServer({ withMethod: false });
    await renderWithApp(<BetShopDepositPage />, { route: '/betshop-deposit' });
    expect(await screen.findByText(await textOf('BET_SHOP.DEPOSIT.NONE'))).toBeDefined();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows a failure with a retry when the shops cannot be loaded (SPEC §8)', async () => {
    stubServer({ selectFails: true });
    await renderWithApp(<BetShopDepositPage />, { route: '/betshop-deposit' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      await textOf('BET_SHOP.DEPOSIT.FAILED'),
    );
    stubServer();
    await userEvent.click(
      screen.getByRole('button', { name: await textOf('BET_SHOP.DEPOSIT.TRY_AGAIN') }),
    );
    expect(await screen.findByText('Reeperbahn')).toBeDefined();
  });
});
