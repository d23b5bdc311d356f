import { COUNTRY_DATA } from '@cashdesk/domain';
import { describe, expect, it } from 'vitest';
import { countryEntries, filterCountries } from './country-search';

describe('the country picker (SPEC §2 /select-country)', () => {
  it('lists every country sorted by its name in the page language', () => {
    const german = countryEntries(COUNTRY_DATA, 'de');
    expect(german).toHaveLength(COUNTRY_DATA.length);
    const names = german.map((entry) => entry.name);
    expect(names).toEqual(
      [...names].sort(new Intl.Collator('de', { sensitivity: 'base' }).compare),
    );
  });

  it('still lists the countries when the language tag is one the browser refuses', () => {
    expect(() => new Intl.Collator('no such tag!')).toThrow();
    expect(countryEntries(COUNTRY_DATA, 'no such tag!')).toHaveLength(COUNTRY_DATA.length);
  });

  it('SPEC §5: typing a dialling code lists its main country first, then the others of that code, then longer codes', () => {
    const entries = countryEntries(COUNTRY_DATA, 'en');
    const isos = filterCountries(entries, '+1').map((entry) => entry.country.iso);
    expect(isos.slice(0, 2)).toEqual(['US', 'CA']);
    // Codes that only start with 1 (American Samoa's 1684) come after every exact match.
    const exact = COUNTRY_DATA.filter((country) => country.phonecode === '1').length;
    expect(isos.indexOf('AS')).toBeGreaterThanOrEqual(exact);
    expect(filterCountries(entries, '44')[0]?.country.iso).toBe('GB');
  });

  it('matches a name in the page language or in English, and an ISO code', () => {
    const entries = countryEntries(COUNTRY_DATA, 'de');
    expect(filterCountries(entries, 'oster').map((entry) => entry.country.iso)).toContain('AT');
    expect(filterCountries(entries, 'austria').map((entry) => entry.country.iso)).toEqual(['AT']);
    expect(filterCountries(entries, 'ua').map((entry) => entry.country.iso)).toContain('UA');
  });
});
