import { describe, expect, it } from 'vitest';
import { COUNTRY_DATA, EXTRA_DIALLING_PREFIXES, PHONECODE_MAIN_COUNTRY } from './country-data';

const MASK_CHARACTERS = /^[X ()-]+$/;

describe('generated country table (SPEC §3 country record)', () => {
  it('holds about 240 countries and territories (SPEC §3)', () => {
    expect(COUNTRY_DATA.length).toBeGreaterThanOrEqual(230);
    expect(COUNTRY_DATA.length).toBeLessThanOrEqual(260);
  });

  it('has unique ids that are the 1-based position in iso order (SPEC §3)', () => {
    expect(COUNTRY_DATA.map((country) => country.id)).toEqual(
      COUNTRY_DATA.map((_, index) => index + 1),
    );
    const isos = COUNTRY_DATA.map((country) => country.iso);
    expect(new Set(isos).size).toBe(isos.length);
    expect(isos).toEqual([...isos].sort());
  });

  it('has well-formed codes and names in every record (SPEC §3)', () => {
    for (const country of COUNTRY_DATA) {
      expect(country.iso).toMatch(/^[A-Z]{2}$/);
      expect(country.iso3).toMatch(/^[A-Z]{3}$/);
      expect(country.phonecode).toMatch(/^\d+$/);
      expect(country.name).toBe(country.nicename.toUpperCase());
      expect(country.nicename.trim()).not.toBe('');
      if (country.numcode !== null) {
        expect(Number.isInteger(country.numcode) && country.numcode > 0).toBe(true);
      }
    }
    expect(new Set(COUNTRY_DATA.map((country) => country.iso3)).size).toBe(COUNTRY_DATA.length);
  });

  it('gives every country at least one mask of X, spaces, dashes and brackets (SPEC §3)', () => {
    for (const country of COUNTRY_DATA) {
      expect(country.telephoneMasks.length).toBeGreaterThan(0);
      for (const mask of country.telephoneMasks) {
        expect(mask).toMatch(MASK_CHARACTERS);
        expect(mask).toContain('X');
      }
      const counts = country.telephoneMasks.map((mask) => mask.replace(/[^X]/g, '').length);
      // One mask per digit count, shortest first: the mask is chosen by digit count (SPEC §5).
      expect(counts).toEqual([...new Set(counts)].sort((a, b) => a - b));
    }
  });

  it.each([
    ['US', 'UNITED STATES', 'United States', 'USA', 840, '1', ['XXX-XXX-XXXX']],
    ['CA', 'CANADA', 'Canada', 'CAN', 124, '1', ['XXX-XXX-XXXX']],
    ['JM', 'JAMAICA', 'Jamaica', 'JAM', 388, '1876', ['XXX-XXXX']],
    ['DO', 'DOMINICAN REPUBLIC', 'Dominican Republic', 'DOM', 214, '1809', ['XXX-XXXX']],
    ['UA', 'UKRAINE', 'Ukraine', 'UKR', 804, '380', ['XX XXX XXXX']],
    ['RU', 'RUSSIA', 'Russia', 'RUS', 643, '7', ['XXX XXX-XX-XX']],
    ['KZ', 'KAZAKHSTAN', 'Kazakhstan', 'KAZ', 398, '7', ['XXX XXX XXXX']],
    ['GB', 'UNITED KINGDOM', 'United Kingdom', 'GBR', 826, '44', ['XXXX XXXXXX']],
    ['DE', 'GERMANY', 'Germany', 'DEU', 276, '49', ['XX XXXXXXXX', 'XXXX XXXXXXX']],
    ['AF', 'AFGHANISTAN', 'Afghanistan', 'AFG', 4, '93', ['XX XXX XXXX']],
    ['XK', 'KOSOVO', 'Kosovo', 'UNK', null, '383', ['XX XXX XXX']],
  ])(
    '%s has name %s, nicename %s, iso3 %s, numcode %s, phonecode %s, masks %j (SPEC §3)',
    (iso, name, nicename, iso3, numcode, phonecode, masks) => {
      const country = COUNTRY_DATA.find((entry) => entry.iso === iso);
      expect(country).toMatchObject({ name, nicename, iso3, numcode, phonecode });
      expect(country?.telephoneMasks).toEqual(masks);
    },
  );

  it('maps extra dialling prefixes to countries whose phonecode they extend (SPEC §5)', () => {
    const byIso = new Map(COUNTRY_DATA.map((country) => [country.iso, country]));
    for (const [prefix, iso] of Object.entries(EXTRA_DIALLING_PREFIXES)) {
      const country = byIso.get(iso);
      expect(prefix).toMatch(/^\d+$/);
      expect(country).toBeDefined();
      expect(prefix.length).toBeGreaterThanOrEqual(country?.phonecode.length ?? Infinity);
      expect(prefix).not.toBe(country?.phonecode);
    }
    expect(EXTRA_DIALLING_PREFIXES['1416']).toBe('CA');
    expect(EXTRA_DIALLING_PREFIXES['77']).toBe('KZ');
  });

  it('names a main country for exactly the phonecodes that several records share (SPEC §5)', () => {
    const members = new Map<string, string[]>();
    for (const country of COUNTRY_DATA) {
      members.set(country.phonecode, [...(members.get(country.phonecode) ?? []), country.iso]);
    }
    const shared = [...members].filter(([, isos]) => isos.length > 1).map(([code]) => code);
    expect(Object.keys(PHONECODE_MAIN_COUNTRY).sort()).toEqual(shared.sort());
    for (const [code, iso] of Object.entries(PHONECODE_MAIN_COUNTRY)) {
      expect(members.get(code)).toContain(iso);
    }
    expect(PHONECODE_MAIN_COUNTRY).toMatchObject({ '1': 'US', '7': 'RU', '44': 'GB' });
  });
});
