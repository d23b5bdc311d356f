import type { FieldValue } from '@cashdesk/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { EUR_CONTEXT, Harness, textOf } from '../test-support';
import type { FieldContext } from '../types';
import { betShop, SHOPS } from './test-support';
import { shopAddress } from './shop-address';
import { formatWorkingHours } from './working-hours';

const context: FieldContext = { ...EUR_CONTEXT, betShops: SHOPS };

describe('bet-shop picker (SPEC §2: title, selected shop label and working hours, chevron)', () => {
  it('opens the list of shops, picks one and shows its label, address and hours', async () => {
    const values: FieldValue[] = [];
    await renderWithApp(
      <Harness field={betShop} context={context} onValue={(value) => values.push(value)} />,
    );
    const control = screen.getByRole('combobox', { name: await textOf('PH.FIELD.BET_SHOP') });
    expect(control.textContent).toContain(await textOf('FIELDS.BET_SHOP.CHOOSE'));
    await userEvent.click(control);
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'CentralMain St 1, Berlin • Mon–Fri 09:00–18:00, Sat 10:00–14:00',
      'StationBahnhof 2, Berlin',
    ]);
    await userEvent.keyboard('{Enter}');
    expect(values).toEqual([{ label: 'Central', value: '11', selected: false }]);
    const hours = await textOf('FIELDS.BET_SHOP.HOURS', {
      hours: 'Mon–Fri 09:00–18:00, Sat 10:00–14:00',
    });
    expect(control.textContent).toBe(`CentralMain St 1, Berlin${hours}`);
  });

  it('mirrors the chevron in right-to-left layouts (rtlAssets)', async () => {
    localStorage.setItem('phRtlAssets', JSON.stringify({ rtlImages: ['chevron_right'] }));
    await renderWithApp(<Harness field={betShop} context={context} />, { language: 'ar' });
    expect(screen.getByRole('combobox').querySelector('svg')?.getAttribute('class')).toContain(
      'cd-icon--mirrored',
    );
    localStorage.clear();
  });

  it('merges days with the same hours and names days in the current language', () => {
    expect(formatWorkingHours(SHOPS[0]?.working_hours ?? [], 'en')).toBe(
      'Mon–Fri 09:00–18:00, Sat 10:00–14:00',
    );
    expect(formatWorkingHours([{ day: 7, opens: '10:00', closes: '12:00' }], 'uk')).toBe(
      'нд 10:00–12:00',
    );
    expect(formatWorkingHours([], 'en')).toBe('');
  });

  it('lists the days as each language lists them: Arabic with its own comma and "و", never a Latin comma', () => {
    const week = [
      ...[1, 2, 3, 4, 5].map((day) => ({ day, opens: '09:00', closes: '18:00' })),
      { day: 6, opens: '10:00', closes: '14:00' },
      { day: 7, opens: '11:00', closes: '13:00' },
    ];
    const arabic = formatWorkingHours(week, 'ar');
    expect(arabic).not.toContain(',');
    expect(arabic).toBe('الاثنين–الجمعة 09:00–18:00، والسبت 10:00–14:00، والأحد 11:00–13:00');
    expect(formatWorkingHours(week.slice(0, 6), 'ar')).toBe(
      'الاثنين–الجمعة 09:00–18:00 والسبت 10:00–14:00',
    );
    expect(formatWorkingHours(week, 'uk')).toBe(
      'пн–пт 09:00–18:00, сб 10:00–14:00 і нд 11:00–13:00',
    );
    expect(formatWorkingHours(week, 'en')).toBe(
      'Mon–Fri 09:00–18:00, Sat 10:00–14:00, Sun 11:00–13:00',
    );
  });

  it('SPEC §2 working hours: two openings of one day stay together, apart from the next day', () => {
    expect(
      formatWorkingHours(
        [
          { day: 3, opens: '10:00', closes: '20:00' },
          { day: 1, opens: '15:00', closes: '20:00' },
          { day: 1, opens: '10:00', closes: '14:00' },
        ],
        'en',
      ),
    ).toBe('Mon 10:00–14:00 / 15:00–20:00, Wed 10:00–20:00');
  });

  it('SPEC §2 selected shop label: an address that names its city does not get it twice', () => {
    expect(shopAddress({ address: 'Oranienstraße 20, 10999 Berlin', city: 'Berlin' })).toBe(
      'Oranienstraße 20, 10999 Berlin',
    );
    expect(shopAddress({ address: 'Main St 1', city: 'Berlin' })).toBe('Main St 1, Berlin');
    expect(shopAddress({ address: '', city: 'Berlin' })).toBe('Berlin');
  });
});
