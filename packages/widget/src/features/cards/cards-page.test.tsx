import type { SavedCardWire } from '@cashdesk/contract';
import { findRoute } from '@cashdesk/domain';
import type { RouteDefinition } from '@cashdesk/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderAt, requestUrl } from '../../test/render-at';
import { announce } from '../../ui/announcer';
import { CardsPage } from './cards-page';

vi.mock('../../ui/announcer', () => ({ announce: vi.fn() }));

const VISA: SavedCardWire = {
  card_id: 'card_1',
  last4: '0101',
  bin: '400000',
  is_card_token_active: true,
  exp_month: '01',
  exp_year: '2099',
  cardholder_name: 'Ada Lovelace',
  card_type: 'visa',
};
const MASTERCARD: SavedCardWire = {
  ...VISA,
  card_id: 'card_2',
  last4: '0107',
  bin: '510000',
  card_type: 'mastercard',
};

function routeOf(id: string): RouteDefinition {
  const route = findRoute(id);
  if (route === null) throw new Error(`no route ${id}`);
  return route;
}

interface Recorded {
  readonly url: string;
  readonly method: string;
  readonly body: unknown;
  readonly fingerprint: string | null;
}

/** GET /user-cards answers `cards` (minus the deleted ones); DELETE answers `deleteStatus`. */
function stubCards(cards: readonly SavedCardWire[], deleteStatus = 200) {
  const calls: Recorded[] = [];
  let left = [...cards];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: unknown, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
      const headers = new Headers(init?.headers);
      calls.push({
        url: requestUrl(input),
        method,
        body,
        fingerprint: headers.get('x-fingerprint'),
      });
      if (method === 'DELETE') {
        if (deleteStatus !== 200) {
          return Promise.resolve(
            jsonResponse({ error_code: '1999', error_message: 'internal' }, deleteStatus),
          );
        }
        const id = String(Reflect.get(Object(body), 'card_id'));
        left = left.filter((card) => card.card_id !== id);
        return Promise.resolve(jsonResponse({ card_id: id, deleted: true }));
      }
      return Promise.resolve(jsonResponse({ cards: left }));
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(announce).mockClear();
  localStorage.clear();
});

describe('saved cards screen (SPEC §2 /cards, §4 removing a card, §7 /user-cards)', () => {
  it('lists the cards, asks before deleting, deletes with withholding_type Payment', async () => {
    localStorage.setItem('PH_fingerprint', 'fp-123');
    const calls = stubCards([VISA, MASTERCARD]);
    const user = userEvent.setup();
    await renderAt(<CardsPage route={routeOf('cards')} />, { address: '/cards' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Saved cards' })).toBeDefined();
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('4000 00•• •••• 0101');
    // SPEC §7: the list carries the stored fingerprint.
    expect(calls[0]?.fingerprint).toBe('fp-123');

    await user.click(
      screen.getByRole('button', { name: 'Delete Visa ending in 0101, expires 01/2099' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this card?' });
    // Keeping it sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Keep card' }));
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    await user.click(
      screen.getByRole('button', { name: 'Delete Visa ending in 0101, expires 01/2099' }),
    );
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete card' }),
    );
    await waitFor(() => {
      expect(screen.getAllByRole('listitem')).toHaveLength(1);
    });
    const deletes = calls.filter((call) => call.method === 'DELETE');
    expect(deletes.map((call) => [call.url, call.body])).toEqual([
      ['/api/cashier-service/v1.0/user-cards', { card_id: 'card_1', withholding_type: 'Payment' }],
    ]);
    expect(announce).toHaveBeenCalledWith(
      'Visa ending in 0101, expires 01/2099 was deleted.',
      'polite',
    );
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
  });

  it('SPEC §2 saved cards: the delete confirmation opens on Keep card; Escape keeps the card and the focus goes back to its delete button', async () => {
    const calls = stubCards([VISA, MASTERCARD]);
    const user = userEvent.setup();
    await renderAt(<CardsPage route={routeOf('cards')} />, { address: '/cards' });
    const remove = await screen.findByRole('button', {
      name: 'Delete Mastercard ending in 0107, expires 01/2099',
    });
    await user.click(remove);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this card?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep card' }));
    // The browser's Escape on a modal dialog: a cancelable cancel event.
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    await waitFor(() => {
      expect(screen.queryByRole('alertdialog')).toBeNull();
    });
    expect(document.activeElement).toBe(remove);
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('keeps the card and says so when the deletion fails', async () => {
    stubCards([VISA], 500);
    const user = userEvent.setup();
    await renderAt(<CardsPage route={routeOf('cards')} />, { address: '/cards' });
    await user.click(await screen.findByRole('button', { name: /^Delete Visa/ }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete card' }));
    expect(
      await within(dialog).findByText('The card could not be deleted. Please try again.'),
    ).toBeDefined();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('says there are no saved cards', async () => {
    stubCards([]);
    await renderAt(<CardsPage route={routeOf('cards')} />, { address: '/cards' });
    expect(await screen.findByText(/You have no saved cards/)).toBeDefined();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('/withdrawal-cards shows the same cards and the empty-list placeholder (SPEC §8)', async () => {
    stubCards([]);
    await renderAt(<CardsPage route={routeOf('withdrawal-cards')} />, {
      address: '/withdrawal-cards',
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Cards for withdrawals' }),
    ).toBeDefined();
    expect(await screen.findByText('No saved cards')).toBeDefined();
    expect(
      screen.getByRole('link', { name: 'Back to the payment methods' }).getAttribute('href'),
    ).toMatch(/^\/withdrawal\?/);
  });
});
