import type { BetShop } from '@cashdesk/contract';
import type { FieldValue } from '@cashdesk/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import { renderWithApp } from '../../test/render';
import { EUR_CONTEXT, Harness, textOf } from '../test-support';
import type { FieldContext } from '../types';
import { betShop, SHOPS } from './test-support';
import { filterBetShops, SelectBetShopPage } from './select-bet-shop-page';
import { readSelectBetShopState } from './select-bet-shop-state';

const MANY_SHOPS: BetShop[] = [
  ...SHOPS,
  { id: '13', name: 'Harbour', address: 'Kai 3', city: 'Hamburg', working_hours: [] },
  { id: '14', name: 'Market', address: 'Markt 4', city: 'Hamburg', working_hours: [] },
  { id: '15', name: 'Old Town', address: 'Altstadt 5', city: 'Munich', working_hours: [] },
  { id: '16', name: 'Airport', address: 'Terminal 6', city: 'Munich', working_hours: [] },
];

const WITHDRAWAL: FieldContext = { ...EUR_CONTEXT, flow: 'withdrawal', betShops: SHOPS };

/** The page an overlay opened over, read from router state as app-routes.tsx does. */
function backgroundOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const background: unknown = Reflect.get(state, 'background');
  if (typeof background !== 'object' || background === null) return null;
  const pathname: unknown = Reflect.get(background, 'pathname');
  const search: unknown = Reflect.get(background, 'search');
  if (typeof pathname !== 'string') return null;
  return `${pathname}${typeof search === 'string' ? search : ''}`;
}

/**
 * The withdrawal form with the bet-shop field, and the overlay over it while the address is
 * /betshop-withdrawal: the form is rendered at its background address, so it stays mounted.
 */
function Screen({
  context,
  initial,
  onValue,
  onBlur,
}: {
  context: FieldContext;
  initial?: FieldValue;
  onValue: (value: FieldValue) => void;
  onBlur?: () => void;
}) {
  const location = useLocation();
  const background = backgroundOf(location.state);
  return (
    <>
      <Routes location={background ?? location}>
        <Route
          path="/withdrawal/:provider"
          element={
            <Harness
              field={betShop}
              context={context}
              initial={initial}
              onValue={onValue}
              {...(onBlur === undefined ? {} : { onBlur })}
            />
          }
        />
        <Route path="*" element={null} />
      </Routes>
      {background === null ? null : (
        <Routes>
          <Route path="/betshop-withdrawal" element={<SelectBetShopPage />} />
          <Route path="*" element={null} />
        </Routes>
      )}
      <output data-testid="address">{location.pathname}</output>
    </>
  );
}

async function renderForm(
  options: { context?: FieldContext; initial?: FieldValue; onBlur?: () => void } = {},
) {
  const values: FieldValue[] = [];
  await renderWithApp(
    <Screen
      context={options.context ?? WITHDRAWAL}
      initial={options.initial}
      onValue={(value) => values.push(value)}
      {...(options.onBlur === undefined ? {} : { onBlur: options.onBlur })}
    />,
    { route: '/withdrawal/betshop_payout' },
  );
  const control = screen.getByRole('combobox', { name: await textOf('PH.FIELD.BET_SHOP') });
  return { values, control };
}

function address(): string | null {
  return screen.getByTestId('address').textContent;
}

describe('bet-shop overlay (SPEC §2 /betshop-withdrawal: opens as an overlay to pick a cash pick-up shop)', () => {
  it('opens over the withdrawal form, which stays mounted, and lists name, address and working hours (SPEC §2)', async () => {
    const { control } = await renderForm();
    await userEvent.click(control);
    expect(address()).toBe('/betshop-withdrawal');
    expect(
      screen.getByRole('heading', { level: 1, name: await textOf('FIELDS.BET_SHOP.TITLE') }),
    ).toBeDefined();
    // The form under the overlay is the same element: nothing was unmounted.
    expect(control.isConnected).toBe(true);
    const hours = await textOf('FIELDS.BET_SHOP.HOURS', {
      hours: 'Mon–Fri 09:00–18:00, Sat 10:00–14:00',
    });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      `CentralMain St 1, Berlin${hours}`,
      'StationBahnhof 2, Berlin',
    ]);
    // Two shops: no search box ("more than a few" only).
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(document.activeElement).toBe(screen.getAllByRole('option')[0]);
  });

  it('choosing a shop returns to the form, fills the field, validates it and gives the focus back (SPEC §2)', async () => {
    const onBlur = vi.fn();
    const { values, control } = await renderForm({ onBlur });
    await userEvent.click(control);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(address()).toBe('/withdrawal/betshop_payout');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(values).toEqual([{ label: 'Station', value: '12', selected: false }]);
    expect(control.textContent).toBe('StationBahnhof 2, Berlin');
    expect(onBlur).toHaveBeenCalled();
    await waitFor(() => {
      expect(document.activeElement).toBe(control);
    });
  });

  it('marks the chosen shop with a check and starts on it; a click picks another (SPEC §2)', async () => {
    const { values, control } = await renderForm({
      initial: { label: 'Station', value: '12', selected: false },
    });
    await userEvent.click(control);
    const [central, station] = screen.getAllByRole('option');
    expect(station?.getAttribute('aria-selected')).toBe('true');
    expect(station?.querySelector('svg')).not.toBeNull();
    expect(central?.getAttribute('aria-selected')).toBe('false');
    expect(central?.querySelector('svg')).toBeNull();
    expect(document.activeElement).toBe(station);
    if (central === undefined) throw new Error('no option');
    await userEvent.click(central);
    expect(values).toEqual([{ label: 'Central', value: '11', selected: false }]);
  });

  it('Escape returns to the form without a change and the focus goes back to the field button (SPEC §2)', async () => {
    const onBlur = vi.fn();
    const { values, control } = await renderForm({ onBlur });
    await userEvent.click(control);
    expect(address()).toBe('/betshop-withdrawal');
    await userEvent.keyboard('{Escape}');
    expect(address()).toBe('/withdrawal/betshop_payout');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(values).toEqual([]);
    expect(onBlur).not.toHaveBeenCalled();
    await waitFor(() => {
      expect(document.activeElement).toBe(control);
    });
  });

  it('the back button closes without a change too (SPEC §2)', async () => {
    const { values, control } = await renderForm();
    await userEvent.click(control);
    await userEvent.click(
      screen.getByRole('button', { name: await textOf('FIELDS.BET_SHOP.BACK') }),
    );
    expect(address()).toBe('/withdrawal/betshop_payout');
    expect(values).toEqual([]);
  });

  it('offers a search box with more than a few shops and filters by name, street or city (SPEC §2)', async () => {
    const { values, control } = await renderForm({
      context: { ...WITHDRAWAL, betShops: MANY_SHOPS },
    });
    await userEvent.click(control);
    const search = screen.getByRole('searchbox', { name: await textOf('FIELDS.BET_SHOP.SEARCH') });
    expect(document.activeElement).toBe(search);
    await userEvent.type(search, 'munich air');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'AirportTerminal 6, Munich',
    ]);
    await userEvent.keyboard('{Enter}');
    expect(values).toEqual([{ label: 'Airport', value: '16', selected: false }]);

    await userEvent.click(control);
    await userEvent.type(screen.getByRole('searchbox'), 'nowhere');
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(screen.getByText(await textOf('FIELDS.BET_SHOP.NO_MATCH')).getAttribute('role')).toBe(
      'status',
    );
  });

  it('the deposit flow keeps the inline picker and does not navigate (SPEC §2 betting-shop picker)', async () => {
    const { values, control } = await renderForm({ context: { ...WITHDRAWAL, flow: 'deposit' } });
    await userEvent.click(control);
    expect(address()).toBe('/withdrawal/betshop_payout');
    await userEvent.keyboard('{Enter}');
    expect(values).toEqual([{ label: 'Central', value: '11', selected: false }]);
  });
});

describe('overlay router state (SPEC §2: the shops travel with the navigation, nothing is fetched)', () => {
  it('keeps the valid shops and drops malformed ones', () => {
    expect(
      readSelectBetShopState({
        betShopField: 'bet_shop',
        currentShopId: '12',
        shops: [SHOPS[0], { id: '', name: 'broken' }, 'nonsense'],
      }),
    ).toEqual({ betShopField: 'bet_shop', currentShopId: '12', shops: [SHOPS[0]] });
    expect(readSelectBetShopState(null)).toBeNull();
    expect(readSelectBetShopState({ shops: SHOPS })).toBeNull();
  });

  it('filters by every word, in any case', () => {
    expect(filterBetShops(MANY_SHOPS, '  BERLIN  main ', 'en').map((shop) => shop.id)).toEqual([
      '11',
    ]);
    expect(filterBetShops(MANY_SHOPS, '', 'en')).toHaveLength(6);
  });
});
