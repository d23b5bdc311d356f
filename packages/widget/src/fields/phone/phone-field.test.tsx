import type { FieldValue } from '@cashdesk/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { renderWithApp } from '../../test/render';
import { EUR_CONTEXT, field, Harness, textOf } from '../test-support';
import { countryEntries, filterCountries } from './country-search';
import { flagUrl } from './country-flag';
import { clearPickedCountries } from './picked-country';
import { SelectCountryPage } from './select-country-page';
import { COUNTRY_DATA } from '@cashdesk/domain';

const walletPhone = field({
  name: 'wallet_phone',
  type: 'input',
  extended_type: 'phone_with_country',
  label: 'PH.FIELD.PHONE',
  regexp: '^\\+[0-9]{8,15}$',
  is_required: true,
});

afterEach(() => {
  clearPickedCountries();
});

/** The form with the phone field, and the overlay over it while the address is /select-country. */
function Screen({
  initial,
  onValue,
  onBlur,
}: {
  initial: string;
  onValue: (value: FieldValue) => void;
  onBlur?: () => void;
}) {
  const location = useLocation();
  return (
    <>
      <Harness
        field={walletPhone}
        initial={initial}
        context={{ ...EUR_CONTEXT, phoneCountryIso: 'DE' }}
        onValue={onValue}
        {...(onBlur === undefined ? {} : { onBlur })}
      />
      {location.pathname === '/select-country' ? <SelectCountryPage /> : null}
    </>
  );
}

async function renderPhone(initial = '', onBlur?: () => void) {
  const values: FieldValue[] = [];
  await renderWithApp(
    <Screen
      initial={initial}
      onValue={(value) => values.push(value)}
      {...(onBlur === undefined ? {} : { onBlur })}
    />,
    { route: '/deposit/ewallet' },
  );
  // The phone field's code arrives lazily (fields/field-view.tsx): wait for the control.
  return { values, input: await screen.findByLabelText(await textOf('PH.FIELD.PHONE')) };
}

describe('phone input (SPEC §5 phone: digits and a leading plus, longest code, masks)', () => {
  it('keeps digits and one leading plus, shows the mask and reports the sanitised number', async () => {
    const { input, values } = await renderPhone();
    await userEvent.type(input, '+380 (50) 123-45-67');
    expect(input).toHaveProperty('value', '+380 50 123 4567');
    expect(values.at(-1)).toBe('+380501234567');
  });

  it('drops letters and restarts the number after a second plus', async () => {
    const { input, values } = await renderPhone();
    await userEvent.type(input, '+38a0+44');
    expect(values.at(-1)).toBe('+44');
  });

  it('shows the detected country on the flag button, the user country while empty', async () => {
    await renderPhone('');
    expect(screen.getByRole('button', { name: /Germany \(\+49\)/ })).toBeDefined();
  });

  it('uses the telephone keyboard and autofill', async () => {
    const { input } = await renderPhone();
    expect(input.getAttribute('type')).toBe('tel');
    expect(input.getAttribute('autocomplete')).toBe('tel');
  });
});

describe('country picker overlay (SPEC §2 /select-country, §5 picking a country)', () => {
  it('opens from the flag, searches, picks with the keyboard, replaces the code and validates', async () => {
    const onBlur = vi.fn();
    const { values } = await renderPhone('+380501234567', onBlur);
    await userEvent.click(screen.getByRole('button', { name: /Ukraine \(\+380\)/ }));
    expect(
      screen.getByRole('heading', { level: 1, name: await textOf('FIELDS.COUNTRY.TITLE') }),
    ).toBeDefined();
    const search = screen.getByLabelText(await textOf('FIELDS.COUNTRY.SEARCH'));
    expect(document.activeElement).toBe(search);
    await userEvent.type(search, 'pola');
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Poland+48']);
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(options[0]);
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(values.at(-1)).toBe('+48501234567');
    expect(screen.getByRole('textbox')).toHaveProperty('value', '+48 501 234 567');
    expect(screen.getByRole('button', { name: /Poland \(\+48\)/ })).toBeDefined();
    expect(onBlur).toHaveBeenCalled();
  });

  it('closes with Escape without changing the number', async () => {
    const { values } = await renderPhone('+380501234567');
    await userEvent.click(screen.getByRole('button', { name: /Ukraine/ }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(values).toEqual([]);
  });

  it('finds countries by phone code and by name in the current language', () => {
    const english = countryEntries(COUNTRY_DATA, 'en');
    expect(filterCountries(english, '+38').map((entry) => entry.country.iso)).toEqual(
      expect.arrayContaining(['UA', 'RS', 'XK']),
    );
    const ukrainian = countryEntries(COUNTRY_DATA, 'uk');
    expect(filterCountries(ukrainian, 'польща').map((entry) => entry.country.iso)).toEqual(['PL']);
  });

  it('shows every flag as an SVG image, never as emoji text (SPEC §2 phone with country flag)', async () => {
    await renderPhone('+380501234567');
    const flagButton = screen.getByRole('button', { name: /Ukraine \(\+380\)/ });
    const flag = flagButton.querySelector('img');
    expect(flag?.getAttribute('src')).toMatch(/UA\.svg/);
    expect(flag?.getAttribute('alt')).toBe('');
    expect(flagButton.textContent).toBe('');
    await userEvent.click(flagButton);
    const options = screen.getAllByRole('option');
    expect(options.length).toBeGreaterThan(200);
    for (const option of options) {
      expect(option.textContent).not.toMatch(/\p{Regional_Indicator}|\u{1F3F3}/u);
    }
    const poland = options.find((option) => option.textContent === 'Poland+48');
    expect(poland?.querySelector('img')?.getAttribute('src')).toMatch(/PL\.svg/);
  });

  it('shows a globe, not an emoji or an empty box, for a number of no known country (SPEC §5 unknown country UN)', async () => {
    await renderPhone('+999');
    const flagButton = screen.getByRole('button', {
      name: await textOf('FIELDS.PHONE.COUNTRY_UNKNOWN'),
    });
    expect(flagButton.querySelector('img')).toBeNull();
    expect(flagButton.querySelector('svg.cd-icon')).not.toBeNull();
    expect(flagButton.textContent).toBe('');
  });

  it('has an SVG flag for every country of the picker; the unknown country shows none (SPEC §2 country picker)', () => {
    const missing = COUNTRY_DATA.filter((country) => flagUrl(country.iso) === null).map(
      (country) => country.iso,
    );
    expect(missing).toEqual([]);
    expect(flagUrl('UN')).toBeNull();
    expect(flagUrl(' ua ')).toMatch(/UA\.svg/);
  });
});
