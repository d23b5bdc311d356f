import type { FieldValue } from '@cashdesk/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { field, Harness, textOf } from '../test-support';
import { maskDateInput } from './date-mask';

const birth = field({
  name: 'birth_date',
  type: 'date',
  label: 'PH.FIELD.BIRTH_DATE',
  is_required: true,
});

async function renderDate(initial: FieldValue = '', language: 'en' | 'uk' = 'en') {
  const values: FieldValue[] = [];
  await renderWithApp(
    <Harness field={birth} initial={initial} onValue={(value) => values.push(value)} />,
    { language },
  );
  return { values, input: screen.getByRole('textbox') };
}

describe('date (SPEC §5 date: DD.MM.YYYY, strict, stored as UTC ISO)', () => {
  it('inserts the dots and stores the ISO string of a valid date', async () => {
    const { input, values } = await renderDate();
    await userEvent.type(input, '29022024');
    expect(input).toHaveProperty('value', '29.02.2024');
    expect(values.at(-1)).toBe('2024-02-29T00:00:00.000Z');
  });

  it('stores an empty value for an impossible date and says Invalid date on blur, translated', async () => {
    const { input, values } = await renderDate('', 'uk');
    await userEvent.type(input, '31022024');
    expect(values.filter((value) => value !== '')).toEqual([]);
    expect(screen.queryByText('Недійсна дата')).toBeNull();
    await userEvent.tab();
    const message = screen.getByText('Недійсна дата');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(message.id);
  });

  it('hides the format hint while the error shows (SPEC §5 text field)', async () => {
    const { input } = await renderDate();
    const hint = await textOf('FIELDS.DATE.FORMAT');
    expect(screen.getByText(hint)).toBeDefined();
    await userEvent.type(input, '99');
    await userEvent.tab();
    expect(screen.queryByText(hint)).toBeNull();
  });

  it('shows an initial YYYY-MM-DD value as DD.MM.YYYY', async () => {
    const { input } = await renderDate('1990-12-31');
    expect(input).toHaveProperty('value', '31.12.1990');
    expect(screen.getByLabelText(await textOf('PH.FIELD.BIRTH_DATE'))).toBe(input);
  });

  it('masks typed digits', () => {
    expect(maskDateInput('1')).toBe('1');
    expect(maskDateInput('123')).toBe('12.3');
    expect(maskDateInput('12.03.19991')).toBe('12.03.1999');
  });
});
