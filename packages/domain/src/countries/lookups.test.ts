import { describe, expect, it } from 'vitest';
import type { Country } from './country';
import { findCountriesByPhoneCode, findCountryByIso, listCountriesByName } from './lookups';

function country(iso: string, nicename: string, phonecode: string, id = 1): Country {
  return {
    id,
    iso,
    name: nicename.toUpperCase(),
    nicename,
    iso3: `${iso}X`,
    numcode: id,
    phonecode,
    telephoneMasks: ['XXX'],
  };
}

describe('country lookup by iso (SPEC §3, §5)', () => {
  it.each([
    ['UA', 'UA'],
    ['ua', 'UA'],
    [' Ua ', 'UA'],
    ['us', 'US'],
    ['xk', 'XK'],
  ])('%j finds %s', (input, iso) => {
    expect(findCountryByIso(input)?.iso).toBe(iso);
  });

  it.each([[''], ['U'], ['UKR'], ['ZZ'], ['1A'], [null], [undefined]])(
    '%j finds nothing',
    (input) => {
      expect(findCountryByIso(input)).toBeNull();
    },
  );

  it('searches the table it is given (SPEC §3)', () => {
    const only = [country('AA', 'Aland', '9')];
    expect(findCountryByIso('aa', only)).toBe(only[0]);
    expect(findCountryByIso('UA', only)).toBeNull();
  });
});

describe('country lookup by phone code (SPEC §3, §5)', () => {
  it.each([
    ['380', ['UA']],
    ['+380', ['UA']],
    [' 380 ', ['UA']],
    ['1', ['US', 'CA']],
    ['7', ['RU', 'KZ']],
    ['44', ['GB', 'GG', 'IM', 'JE']],
    ['1876', ['JM']],
    ['1416', []],
    ['999', []],
    ['', []],
    ['+', []],
    ['38 0', []],
    ['abc', []],
    [null, []],
    [undefined, []],
  ])('%j gives %j, main country first', (code, isos) => {
    expect(findCountriesByPhoneCode(code).map((entry) => entry.iso)).toEqual(isos);
  });

  it('keeps table order when the code has no main country (SPEC §5)', () => {
    const table = [country('BB', 'Bee', '5', 1), country('AA', 'Ay', '5', 2)];
    expect(findCountriesByPhoneCode('5', table, {}).map((entry) => entry.iso)).toEqual([
      'BB',
      'AA',
    ]);
    expect(findCountriesByPhoneCode('5', table, { '5': 'AA' }).map((e) => e.iso)).toEqual([
      'AA',
      'BB',
    ]);
  });
});

describe('country list sorted by display name (SPEC §2 country picker, §3)', () => {
  it('sorts the whole table by nicename in English collation', () => {
    const names = listCountriesByName().map((entry) => entry.nicename);
    expect(names.slice(0, 3)).toEqual(['Afghanistan', 'Åland Islands', 'Albania']);
    expect(names.at(-1)).toBe('Zimbabwe');
    expect(names.length).toBe(243);
  });

  it.each([
    ['en', ['Aa', 'Öb', 'Zz']],
    ['sv', ['Aa', 'Zz', 'Öb']],
    ['not a locale!', ['Aa', 'Öb', 'Zz']],
  ])('uses the collation of %j, English for a malformed tag', (locale, expected) => {
    const table = [country('ZZ', 'Zz', '1'), country('OB', 'Öb', '2'), country('AA', 'Aa', '3')];
    expect(listCountriesByName(table, locale).map((entry) => entry.nicename)).toEqual(expected);
  });

  it('sorts by the name the player reads when one is given (SPEC §2 /select-country)', () => {
    const table = [country('DE', 'Germany', '49'), country('AT', 'Austria', '43', 2)];
    const german = (entry: Country) => (entry.iso === 'DE' ? 'Deutschland' : 'Österreich');
    expect(listCountriesByName(table, 'de', german).map((entry) => entry.iso)).toEqual([
      'DE',
      'AT',
    ]);
    expect(listCountriesByName(table, 'not a tag!', german).map((entry) => entry.iso)).toEqual([
      'DE',
      'AT',
    ]);
  });

  it('breaks a tie of names by iso and leaves the input untouched', () => {
    const table = [country('BB', 'Same', '1'), country('AA', 'same', '2')];
    expect(listCountriesByName(table).map((entry) => entry.iso)).toEqual(['AA', 'BB']);
    expect(table.map((entry) => entry.iso)).toEqual(['BB', 'AA']);
  });
});
