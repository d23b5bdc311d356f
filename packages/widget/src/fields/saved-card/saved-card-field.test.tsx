import type { SavedCardWire } from '@cashdesk/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render';
import { EUR_CONTEXT, field, Harness } from '../test-support';

const cardField = field({
  name: 'card_id',
  type: 'select',
  extended_type: 'card_id',
  label: 'PH.FIELD.SAVED_CARD',
  placeholder_empty_list: 'PH.FIELD.NO_SAVED_CARDS',
});

const VISA: SavedCardWire = {
  card_id: 'card_1',
  last4: '0101',
  bin: '400000',
  is_card_token_active: true,
  exp_month: '01',
  exp_year: '2030',
  cardholder_name: 'Ada Lovelace',
  card_type: 'visa',
};
const OLD_MASTERCARD: SavedCardWire = {
  ...VISA,
  card_id: 'card_2',
  last4: '0107',
  bin: '510000',
  exp_month: '03',
  exp_year: '2024',
  card_type: 'mastercard',
};
const NOW = Date.parse('2026-06-01T00:00:00Z');

describe('saved card choice (SPEC §2 method page card list, §4 card form variants)', () => {
  it('lists each card masked, with its expiry, and a new card, as one radio group', async () => {
    await renderWithApp(
      <Harness
        field={cardField}
        initial="card_1"
        context={{ ...EUR_CONTEXT, savedCards: [VISA, OLD_MASTERCARD], now: NOW }}
      />,
    );
    const group = screen.getByRole('group', { name: 'Saved card' });
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('aria-label') ?? '')).toEqual([
      'Visa ending in 0101, expires 01/2030',
      'Mastercard ending in 0107, expires 03/2024',
      '',
    ]);
    expect(group.textContent).toContain('4000 00•• •••• 0101');
    expect(screen.getByRole('radio', { name: /Visa ending in 0101/ })).toHaveProperty(
      'checked',
      true,
    );
    // SPEC §5: an expired card cannot pay; it shows as expired and cannot be chosen.
    expect(screen.getByRole('radio', { name: /Mastercard/ })).toHaveProperty('disabled', true);
    expect(group.textContent).toContain('Expired 03/2024');
    expect(screen.getByRole('radio', { name: 'A new card' })).toHaveProperty('checked', false);
    expect(screen.getByRole('link', { name: 'Manage saved cards' }).getAttribute('href')).toMatch(
      /^\/cards/,
    );
  });

  it('a new card has the value "" (SPEC §4: a selected card without id is new)', async () => {
    const onValue = vi.fn();
    await renderWithApp(
      <Harness
        field={cardField}
        initial="card_1"
        onValue={onValue}
        context={{ ...EUR_CONTEXT, savedCards: [VISA], now: NOW }}
      />,
    );
    await userEvent.click(screen.getByRole('radio', { name: 'A new card' }));
    expect(onValue).toHaveBeenLastCalledWith('');
    await userEvent.click(screen.getByRole('radio', { name: /Visa/ }));
    expect(onValue).toHaveBeenLastCalledWith('card_1');
  });

  it('shows its error under the group and links it', async () => {
    await renderWithApp(
      <Harness
        field={cardField}
        initial="card_1"
        error={{ key: 'CARDS.NOT_ALLOWED' }}
        context={{ ...EUR_CONTEXT, savedCards: [VISA], now: NOW }}
      />,
    );
    const group = screen.getByRole('group', { name: 'Saved card' });
    const message = screen.getByText(
      'This card cannot pay this amount. Choose another card or enter a new one.',
    );
    expect(group.getAttribute('aria-describedby')).toBe(message.id);
    expect(group.getAttribute('aria-invalid')).toBe('true');
  });

  it('with no saved cards there is nothing to choose: no lone "new card" Tab stop, no link to manage cards', async () => {
    const { container } = await renderWithApp(
      <Harness
        field={cardField}
        initial=""
        context={{ ...EUR_CONTEXT, savedCards: [], now: NOW }}
      />,
    );
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Saved card' })).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.querySelector('input, button, a')).toBeNull();
  });

  it('without saved cards in its context it is the picker of its own options', async () => {
    await renderWithApp(<Harness field={cardField} initial={null} />);
    expect(screen.getByRole('combobox', { name: 'Saved card' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('radio')).toBeNull();
  });
});
