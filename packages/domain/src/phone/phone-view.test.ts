import { describe, expect, it } from 'vitest';
import type { DescribePhoneOptions, VisiblePhoneInput } from './phone-view';
import { describePhone, visiblePhoneField } from './phone-view';

describe('phone field with a flag (SPEC §5)', () => {
  it.each<[string, DescribePhoneOptions, string, string | null, string, string]>([
    ['+380501234567', {}, 'UA', 'XX XXX XXXX', '+380 50 123 4567', '+380501234567'],
    [
      '+380501234567',
      { userCountryIso: 'PL' },
      'UA',
      'XX XXX XXXX',
      '+380 50 123 4567',
      '+380501234567',
    ],
    ['+38050', {}, 'UA', 'XX XXX XXXX', '+380 50', '+38050'],
    ['+380 50 12a', {}, 'UA', 'XX XXX XXXX', '+380 50 12', '+3805012'],
    ['+4915123456789', {}, 'DE', 'XXXX XXXXXXX', '+49 1512 3456789', '+4915123456789'],
    ['+491512345678', {}, 'DE', 'XX XXXXXXXX', '+49 15 12345678', '+491512345678'],
    ['', { userCountryIso: 'ua' }, 'UA', null, '', ''],
    ['+', { userCountryIso: 'UA' }, 'UA', null, '', '+'],
    ['', {}, 'UN', null, '', ''],
    ['', { userCountryIso: 'ZZ' }, 'UN', null, '', ''],
    ['+999', { userCountryIso: 'UA' }, 'UN', null, '+999', '+999'],
    ['+447400123456', { pickedIso: 'GG' }, 'GG', 'XXXX XXXXXX', '+44 7400 123456', '+447400123456'],
  ])(
    '%j (%j) shows the flag %s, mask %j, display %j',
    (value, options, flag, mask, display, clean) => {
      const view = describePhone(value, options);
      expect(view).toEqual({
        value: clean,
        country: view.country,
        flagIso: flag,
        mask,
        display,
      });
      expect(view.country?.iso ?? 'UN').toBe(flag);
    },
  );

  it('works without options', () => {
    expect(describePhone('+48501234567').flagIso).toBe('PL');
  });
});

describe('read-only visible phone from the profile (SPEC §5, §8 empty profile phone)', () => {
  it.each<[VisiblePhoneInput, string, string | null]>([
    [{ profilePhone: '+380501234567' }, '+380 50 123 4567', null],
    [{ profilePhone: '380501234567', phoneError: null }, '+380 50 123 4567', null],
    [{ profilePhone: '', phoneError: 'PH.ERROR.EMPTY_PHONE' }, '', 'PH.ERROR.EMPTY_PHONE'],
    [{ profilePhone: null, phoneError: ' Phone is empty ' }, '', 'Phone is empty'],
    [
      { profilePhone: undefined, phoneError: 'x', emptyPhoneMessage: 'PH.USER_PHONE_EMPTY' },
      '',
      'PH.USER_PHONE_EMPTY',
    ],
    [{ profilePhone: '', phoneError: 'x', emptyPhoneMessage: '  ' }, '', 'x'],
    [{ profilePhone: '', phoneError: '   ', emptyPhoneMessage: 'PH.USER_PHONE_EMPTY' }, '', null],
    [{ profilePhone: '' }, '', null],
    [{}, '', null],
  ])('%j shows %j with error %j', (input, display, error) => {
    expect(visiblePhoneField(input)).toEqual({ display, error });
  });

  it('formats with the detection data it is given', () => {
    expect(visiblePhoneField({ profilePhone: '+447400123456' }, { pickedIso: 'GG' })).toEqual({
      display: '+44 7400 123456',
      error: null,
    });
  });
});
