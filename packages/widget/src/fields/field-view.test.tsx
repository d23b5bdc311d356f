import { createAmountField, createCvvField } from '@cashdesk/domain';
import type { FormField } from '@cashdesk/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';
import { FieldView } from './field-view';
import { EUR_CONTEXT, field, textOf } from './test-support';
import { toFieldError } from './to-field-error';

async function renderField(definition: FormField, language: 'en' | 'ar' | 'uk' = 'en') {
  return renderWithApp(
    <FieldView
      field={definition}
      value={undefined}
      error={null}
      onChange={() => undefined}
      onBlur={() => undefined}
      context={EUR_CONTEXT}
    />,
    { language },
  );
}

describe('FieldView dispatch by the domain fieldKind (SPEC §3 field kinds)', () => {
  const cases: [string, FormField, () => HTMLElement | null][] = [
    [
      'amount',
      createAmountField({ currency: 'EUR', flowType: 'deposit' }),
      () => document.querySelector('[inputmode="decimal"]'),
    ],
    ['cardCvv', createCvvField(), () => document.querySelector('[autocomplete="cc-csc"]')],
    [
      'cardPan',
      field({ name: 'pan', type: 'input', extended_type: 'card_pan' }),
      () => document.querySelector('[autocomplete="cc-number"]'),
    ],
    [
      'expirationDate',
      field({ name: 'expirationDate', type: 'input' }),
      () => document.querySelector('[autocomplete="cc-exp"]'),
    ],
    [
      'cardholder',
      field({ name: 'holder', type: 'input', extended_type: 'card_cardholder_name' }),
      () => document.querySelector('[autocomplete="cc-name"]'),
    ],
    ['checkbox', field({ name: 'save_card', type: 'check' }), () => screen.queryByRole('checkbox')],
    [
      'select',
      field({ name: 'op', type: 'select', options: [{ value: 'a', label: 'A' }] }),
      () => screen.queryByRole('combobox'),
    ],
    [
      'phone',
      field({ name: 'p', type: 'input', extended_type: 'phone_with_country' }),
      () => document.querySelector('[type="tel"]'),
    ],
    ['date', field({ name: 'd', type: 'date' }), () => screen.queryByPlaceholderText('DD.MM.YYYY')],
    [
      'file_upload',
      field({ name: 'f', type: 'file_upload' }),
      () => document.querySelector('[type="file"]'),
    ],
    ['input', field({ name: 'plain', type: 'input' }), () => screen.queryByRole('textbox')],
  ];

  it.each(cases)('renders the %s kind', async (_kind, definition, find) => {
    await renderField(definition);
    // The phone field's code is loaded on first use, so its control may arrive a moment later.
    await waitFor(() => {
      expect(find()).not.toBeNull();
    });
  });

  it('labels the control in the current language', async () => {
    await renderField(field({ name: 'd', type: 'date', label: 'PH.FIELD.BIRTH_DATE' }), 'ar');
    expect(screen.getByLabelText(await textOf('PH.FIELD.BIRTH_DATE', {}, 'ar'))).toBeDefined();
    expect(screen.getByPlaceholderText('يوم.شهر.سنة')).toBeDefined();
  });

  it('converts a RuleError, keeping params and message only when present', () => {
    expect(toFieldError({ key: 'K' })).toEqual({ key: 'K' });
    expect(toFieldError({ key: 'K', params: { a: '1' }, message: 'm' })).toEqual({
      key: 'K',
      params: { a: '1' },
      message: 'm',
    });
  });
});
