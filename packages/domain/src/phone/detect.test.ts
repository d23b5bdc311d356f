import { describe, expect, it } from 'vitest';
import type { Country } from '../countries/country';
import { COUNTRY_DATA } from '../countries/country-data';
import {
  UNKNOWN_PHONE_COUNTRY,
  defaultPhoneCountry,
  detectPhoneCountry,
  splitPhoneNumber,
} from './detect';

function country(iso: string, phonecode: string, id: number): Country {
  return {
    id,
    iso,
    name: iso,
    nicename: iso,
    iso3: `${iso}X`,
    numcode: id,
    phonecode,
    telephoneMasks: ['XXX XXX'],
  };
}

describe('phone country detection by the longest code (SPEC §5)', () => {
  it.each([
    ['+380501234567', 'UA'],
    ['380501234567', 'UA'],
    ['+380 50', 'UA'],
    ['+48501234567', 'PL'],
    ['+12125551234', 'US'],
    ['+1', 'US'],
    ['+14165551234', 'CA'],
    ['+18762101234', 'JM'],
    ['+18092345678', 'DO'],
    ['+18292345678', 'DO'],
    ['+19392345678', 'PR'],
    ['+79123456789', 'RU'],
    ['+7', 'RU'],
    ['+77710009998', 'KZ'],
    ['+447400123456', 'GB'],
    ['+358412345678', 'FI'],
    ['+358181234567', 'AX'],
    ['+390669812345', 'VA'],
    ['+393123456789', 'IT'],
    ['+38344123456', 'XK'],
    ['+380+48501', 'PL'],
  ])('%j is %s', (value, iso) => {
    expect(detectPhoneCountry(value)?.iso).toBe(iso);
  });

  it.each([[''], ['+'], ['abc'], ['+999'], ['+3'], ['0501234567']])(
    '%j has no country',
    (value) => {
      expect(detectPhoneCountry(value)).toBeNull();
    },
  );

  it.each([
    ['+447400123456', 'GG', 'GG'],
    ['+447400123456', 'gg', 'GG'],
    ['+447400123456', 'UA', 'GB'],
    ['+79123456789', 'KZ', 'KZ'],
    ['+77710009998', 'RU', 'KZ'],
    ['+14165551234', 'US', 'CA'],
    ['+447400123456', null, 'GB'],
  ])('%j with %j picked is %s: the pick wins only a tie (SPEC §5)', (value, pickedIso, iso) => {
    expect(detectPhoneCountry(value, { pickedIso })?.iso).toBe(iso);
  });

  it('uses the table, prefixes and main countries it is given (SPEC §5)', () => {
    const table = [country('AA', '12', 1), country('BB', '12', 2), country('CC', '1', 3)];
    expect(detectPhoneCountry('+1299', { countries: table, mainCountries: {} })?.iso).toBe('AA');
    expect(
      detectPhoneCountry('+1299', { countries: table, mainCountries: { '12': 'BB' } })?.iso,
    ).toBe('BB');
    expect(detectPhoneCountry('+1399', { countries: table })?.iso).toBe('CC');
    expect(
      detectPhoneCountry('+1399', { countries: table, extraPrefixes: { '139': 'AA' } })?.iso,
    ).toBe('AA');
    // A prefix of a country that is not in the table is ignored.
    expect(
      detectPhoneCountry('+1399', { countries: table, extraPrefixes: { '139': 'ZZ' } })?.iso,
    ).toBe('CC');
    // A prefix no longer than the country's own code changes nothing.
    expect(
      detectPhoneCountry('+1299', {
        countries: table,
        extraPrefixes: { '1': 'BB' },
        mainCountries: {},
      })?.iso,
    ).toBe('AA');
  });
});

describe('phone number split at its code (SPEC §5)', () => {
  it.each([
    ['+380501234567', 'UA', '380', '501234567'],
    ['+380', 'UA', '380', ''],
    ['+14165551234', 'CA', '1', '4165551234'],
    ['+18292345678', 'DO', '1829', '2345678'],
    ['+77710009998', 'KZ', '7', '7710009998'],
    ['+999123', null, '', '999123'],
    ['', null, '', ''],
  ])('%j is %s + %j + %j', (value, iso, code, national) => {
    const parts = splitPhoneNumber(value);
    expect({ iso: parts.country?.iso ?? null, code: parts.code, national: parts.national }).toEqual(
      { iso, code, national },
    );
  });
});

describe('default phone country from the user country (SPEC §5)', () => {
  it.each([
    ['UA', 'UA'],
    ['de', 'DE'],
    ['ZZ', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('user country %j gives %s', (userCountry, iso) => {
    expect(defaultPhoneCountry(userCountry)?.iso ?? null).toBe(iso);
  });

  it('looks in the table it is given', () => {
    expect(defaultPhoneCountry('UA', [country('AA', '1', 1)])).toBeNull();
    expect(defaultPhoneCountry('UA', COUNTRY_DATA)?.phonecode).toBe('380');
  });

  it('names the unknown flag UN (SPEC §5)', () => {
    expect(UNKNOWN_PHONE_COUNTRY).toBe('UN');
  });
});
