import { describe, expect, it } from 'vitest';
import { mapFields } from './map-field';
import { otpCodeField, otpRequisiteField } from './one-time-code';

const phone = {
  name: 'wallet_phone',
  type: 'input',
  extended_type: 'phone_with_country',
  is_otp_requisites: true,
};

describe('one-time code field (SPEC §3 one-time code fieldName, §4, §7 payments otp)', () => {
  it('SPEC §4: the code goes into the first plain text field after the requisite', () => {
    const fields = mapFields([
      { name: 'note', type: 'input' },
      phone,
      { name: 'save_requisites', type: 'check' },
      { name: 'otp', type: 'input', regexp: '^[0-9]{6}$' },
      { name: 'other', type: 'input' },
    ]);
    expect(otpRequisiteField(fields)?.name).toBe('wallet_phone');
    expect(otpCodeField(fields)?.name).toBe('otp');
  });

  it('SPEC §4: before the requisite when nothing after it can take a code; never card data, selects or read-only fields', () => {
    const fields = mapFields([
      { name: 'code', type: 'input' },
      phone,
      { name: 'card_pan', type: 'input', extended_type: 'card_pan' },
      { name: 'bank', type: 'select', options: [{ label: 'A', value: 'a' }] },
      { name: 'fixed', type: 'input', is_read_only: true },
    ]);
    expect(otpCodeField(fields)?.name).toBe('code');
    expect(otpCodeField(fields.filter((field) => field.name !== 'code'))).toBeUndefined();
  });

  it('SPEC §3: a form without a requisite asks for no code', () => {
    const fields = mapFields([{ name: 'otp', type: 'input' }]);
    expect(otpRequisiteField(fields)).toBeUndefined();
    expect(otpCodeField(fields)).toBeUndefined();
  });
});
