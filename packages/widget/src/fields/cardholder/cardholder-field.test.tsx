import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { field, Harness, textOf } from '../test-support';

const holder = field({
  name: 'card_cardholder_name',
  type: 'input',
  extended_type: 'card_cardholder_name',
  label: 'PH.FIELD.CARDHOLDER',
  is_required: true,
});

describe('cardholder name (SPEC §2 card entry, §5 cardholder name, §9 max 255)', () => {
  it('is labelled, has cc-name autofill and a 255 character limit', async () => {
    await renderWithApp(<Harness field={holder} />);
    const input = screen.getByLabelText(await textOf('PH.FIELD.CARDHOLDER'));
    expect(input.getAttribute('autocomplete')).toBe('cc-name');
    expect(input.getAttribute('maxlength')).toBe('255');
  });

  it('keeps the text as typed, spaces included (cleaning is done on submit)', async () => {
    await renderWithApp(<Harness field={holder} />);
    const input = screen.getByRole('textbox');
    await userEvent.type(input, 'Jane  Doe');
    expect(input).toHaveProperty('value', 'Jane  Doe');
  });
});
