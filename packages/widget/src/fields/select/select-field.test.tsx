import type { FieldValue } from '@cashdesk/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { field, Harness, textOf } from '../test-support';

const operator = field({
  name: 'operator',
  type: 'select',
  label: 'PH.FIELD.OPERATOR',
  is_required: true,
  options: [
    { label: 'Operator A', value: 'operator_a' },
    { label: 'Operator B', value: 'operator_b' },
  ],
});

describe('select (SPEC §2 "select (read-only, opens a picker)", §3 options)', () => {
  it('is a labelled read-only control that opens a listbox and picks with the keyboard', async () => {
    const values: FieldValue[] = [];
    await renderWithApp(<Harness field={operator} onValue={(value) => values.push(value)} />);
    const control = screen.getByRole('combobox', { name: await textOf('PH.FIELD.OPERATOR') });
    expect(control.textContent).toBe(await textOf('FIELDS.SELECT.PLACEHOLDER'));
    control.focus();
    await userEvent.keyboard('{Enter}');
    expect(control.getAttribute('aria-expanded')).toBe('true');
    const list = screen.getByRole('listbox');
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Operator A', 'Operator B']);
    expect(document.activeElement).toBe(options[0]);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(values).toEqual([{ label: 'Operator B', value: 'operator_b', selected: false }]);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(control.textContent).toBe('Operator B');
  });

  it('marks the chosen option selected when reopened, and picks by click', async () => {
    const values: FieldValue[] = [];
    await renderWithApp(
      <Harness
        field={operator}
        initial={{ label: 'Operator A', value: 'operator_a', selected: true }}
        onValue={(value) => values.push(value)}
      />,
    );
    await userEvent.click(screen.getByRole('combobox'));
    const chosen = screen.getByRole('option', { selected: true });
    expect(chosen.textContent).toBe('Operator A');
    await userEvent.click(screen.getByRole('option', { name: 'Operator B' }));
    expect(values).toEqual([{ label: 'Operator B', value: 'operator_b', selected: false }]);
  });

  it('shows the required error and is disabled with the empty-list text when there are no options', async () => {
    const error = { key: 'PH.ERROR.FIELD_REQUIRED' };
    await renderWithApp(<Harness field={operator} error={error} />);
    expect(screen.getByRole('combobox').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(await textOf(error.key))).toBeDefined();
  });

  it('disables a saved-card select without cards and shows its empty-list text (card kind)', async () => {
    const savedCard = field({
      name: 'card_id',
      type: 'select',
      extended_type: 'card_id',
      label: 'PH.FIELD.SAVED_CARD',
      placeholder_empty_list: 'PH.FIELD.NO_SAVED_CARDS',
    });
    await renderWithApp(<Harness field={savedCard} />);
    const control = screen.getByRole('combobox', { name: await textOf('PH.FIELD.SAVED_CARD') });
    expect(control).toHaveProperty('disabled', true);
    expect(control.textContent).toBe(await textOf('PH.FIELD.NO_SAVED_CARDS'));
  });
});
