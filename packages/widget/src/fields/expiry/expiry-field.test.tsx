import type { FieldValue } from '@cashdesk/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { field, Harness, textOf } from '../test-support';

const expiry = field({
  name: 'expirationDate',
  type: 'input',
  label: 'PH.FIELD.EXPIRY',
  is_required: true,
});

async function renderExpiry() {
  const values: FieldValue[] = [];
  await renderWithApp(<Harness field={expiry} onValue={(value) => values.push(value)} />);
  return { values, input: screen.getByLabelText(await textOf('PH.FIELD.EXPIRY')) };
}

describe('expiry date (SPEC §2, §5 expiry typed as MM/YY)', () => {
  it('inserts the slash after two digits and stops at 5 characters', async () => {
    const { input, values } = await renderExpiry();
    await userEvent.type(input, '12345');
    expect(input).toHaveProperty('value', '12/34');
    expect(values.at(-1)).toBe('12/34');
  });

  it('reads a space as the slash and pads a one-digit month', async () => {
    const { input } = await renderExpiry();
    await userEvent.type(input, '3 29');
    expect(input).toHaveProperty('value', '03/29');
  });

  it('lets backspace remove the automatic slash', async () => {
    const { input } = await renderExpiry();
    await userEvent.type(input, '12');
    expect(input).toHaveProperty('value', '12/');
    await userEvent.type(input, '{Backspace}');
    expect(input).toHaveProperty('value', '12');
  });

  it('uses the numeric keyboard, cc-exp autofill and shows PH.ERROR.INCORRECT_EXP_DATE', async () => {
    const error = { key: 'PH.ERROR.INCORRECT_EXP_DATE' };
    await renderWithApp(<Harness field={expiry} initial="13/20" error={error} />);
    const input = screen.getByRole('textbox');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('cc-exp');
    expect(screen.getByText(await textOf(error.key))).toBeDefined();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});
