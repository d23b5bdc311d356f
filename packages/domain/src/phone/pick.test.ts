import { describe, expect, it } from 'vitest';
import type { Country } from '../countries/country';
import { findCountryByIso } from '../countries/lookups';
import { MESSAGE_KEYS, VALID, invalid } from '../messages';
import type { PickPhoneCountryOptions } from './pick';
import { pickPhoneCountry } from './pick';

function byIso(iso: string): Country {
  const country = findCountryByIso(iso);
  if (country === null) throw new Error(`no ${iso} in the table`);
  return country;
}

describe('picking a phone country prefixes its code (SPEC §5)', () => {
  it.each<[string, string, PickPhoneCountryOptions, string]>([
    // The detected country's code is replaced.
    ['+380501234567', 'PL', {}, '+48501234567'],
    ['+380 50 123 45 67', 'PL', {}, '+48501234567'],
    ['+48501234567', 'UA', {}, '+380501234567'],
    ['+447400123456', 'GG', {}, '+447400123456'],
    ['+14165551234', 'UA', {}, '+3804165551234'],
    ['+18292345678', 'CA', {}, '+12345678'],
    // No digits yet: just the code.
    ['', 'UA', {}, '+380'],
    ['+', 'DE', {}, '+49'],
    // No country recognised: the code goes in front of everything.
    ['+999123', 'UA', {}, '+380999123'],
    // An explicit previous country.
    ['+380501234567', 'PL', { previous: byIso('UA') }, '+48501234567'],
    ['+447400123456', 'FR', { previous: byIso('GG') }, '+337400123456'],
    ['+380501234567', 'PL', { previous: byIso('DE') }, '+48380501234567'],
    ['+380501234567', 'PL', { previous: null }, '+48380501234567'],
    ['+18292345678', 'US', { previous: byIso('DO') }, '+12345678'],
    ['+18092345678', 'US', { previous: byIso('DO') }, '+12345678'],
    ['+14165551234', 'PL', { previous: byIso('US') }, '+484165551234'],
  ])('%j with %s picked (%j) becomes %j', (value, iso, options, next) => {
    const picked = byIso(iso);
    const outcome = pickPhoneCountry(value, picked, options);
    expect(outcome.value).toBe(next);
    expect(outcome.country).toBe(picked);
  });

  it.each<[string, string, PickPhoneCountryOptions, typeof VALID]>([
    ['+48501234567', 'UA', { required: true, pattern: '+380\\d{9}' }, VALID],
    ['', 'UA', { required: true, pattern: '+380\\d{9}' }, invalid(MESSAGE_KEYS.fieldHasError)],
    ['+380501234567', 'PL', { pattern: '+380\\d{9}' }, invalid(MESSAGE_KEYS.fieldHasError)],
    ['+380501234567', 'PL', {}, VALID],
    [
      '+380501234567',
      'PL',
      { pattern: '+380\\d{9}', patternMessageKey: 'PH.ERROR.PHONE' },
      invalid('PH.ERROR.PHONE'),
    ],
  ])('%j with %s picked validates against the pattern (%j)', (value, iso, options, outcome) => {
    expect(pickPhoneCountry(value, byIso(iso), options).validation).toEqual(outcome);
  });

  it('works without options', () => {
    expect(pickPhoneCountry('+380501234567', byIso('PL')).value).toBe('+48501234567');
  });
});
