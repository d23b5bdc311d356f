import { describe, expect, it } from 'vitest';
import { fieldKind } from './field-kind';
import { createAmountField, createCvvField } from './generated-fields';

describe('generated amount field (SPEC §3)', () => {
  it('is named amount, required, Float, and carries everything it was given (SPEC §3)', () => {
    expect(
      createAmountField({
        limits: { min: 10, max: '5000.50' },
        currency: 'EUR',
        flowType: 'deposit',
        isDisabled: true,
        decimal: 2,
        isAutoSubmit: true,
        amountRegExpFe: '^\\d+(\\.\\d{1,2})?$',
      }),
    ).toStrictEqual({
      name: 'amount',
      key: 'amount',
      type: 'input',
      dataType: 'Float',
      regexp: '^\\d+(\\.\\d{1,2})?$',
      isRequired: true,
      isOtpRequisites: false,
      options: [],
      isDisabled: true,
      isAutoSubmit: true,
      currency: 'EUR',
      decimal: 2,
      flowType: 'deposit',
      limits: { min: '10', max: '5000.5' },
    });
  });

  it('leaves out what was not given or is unusable (SPEC §3)', () => {
    expect(
      createAmountField({
        currency: 'USD',
        flowType: 'withdrawal',
        amountRegExpFe: '',
        decimal: -1,
        limits: { min: null },
      }),
    ).toStrictEqual({
      name: 'amount',
      key: 'amount',
      type: 'input',
      dataType: 'Float',
      isRequired: true,
      isOtpRequisites: false,
      options: [],
      isDisabled: false,
      isAutoSubmit: false,
      currency: 'USD',
      flowType: 'withdrawal',
    });
    expect(
      createAmountField({ currency: 'USD', flowType: 'deposit', amountRegExpFe: null }).regexp,
    ).toBeUndefined();
  });

  it('renders as the amount kind (SPEC §3)', () => {
    expect(fieldKind(createAmountField({ currency: 'EUR', flowType: 'deposit' }))).toBe('amount');
  });
});

describe('generated cvv field (SPEC §3)', () => {
  it('is named card_cvv, optional, String, and renders as the card code (SPEC §3)', () => {
    const field = createCvvField();
    expect(field).toStrictEqual({
      name: 'card_cvv',
      key: 'card_cvv',
      type: 'input',
      extendedType: 'card_cvv',
      dataType: 'String',
      isRequired: false,
      isOtpRequisites: false,
      options: [],
      isDisabled: false,
      isAutoSubmit: false,
    });
    expect(fieldKind(field)).toBe('cardCvv');
  });
});
