import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isOfferedInCountry } from './country-filter';

describe('country filtering (SPEC §3 country_filtering_enabled)', () => {
  it.each([
    [true, ['DE', 'AT'], 'DE', true],
    [true, ['DE', 'AT'], 'at', true],
    [true, ['DE', 'AT'], 'FR', false],
    [true, ['DE'], null, false],
    [true, ['DE'], ' ', false],
    [true, [], 'FR', true],
    [true, [], null, true],
    [false, ['DE'], 'FR', true],
    [false, ['DE'], null, true],
  ])(
    'SPEC §3: filtering %s, pay group countries %j, player %j: offered %s',
    (filtering, countries, playerCountry, expected) => {
      expect(isOfferedInCountry({ filtering, countries, playerCountry })).toBe(expected);
    },
  );

  it('SPEC §3: with filtering off every pay group is offered to every player', () => {
    const code = fc.stringMatching(/^[A-Z]{2}$/);
    fc.assert(
      fc.property(fc.array(code), fc.option(code, { nil: null }), (countries, playerCountry) => {
        expect(isOfferedInCountry({ filtering: false, countries, playerCountry })).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
