import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FieldValue } from '@cashdesk/domain';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { field, Harness, textOf } from '../test-support';

describe('generic text input (SPEC §2, §5 text field)', () => {
  it('is labelled by its translated label and keeps the text as typed', async () => {
    const email = field({ name: 'email', type: 'user_email', label: 'PH.FIELD.EMAIL' });
    await renderWithApp(<Harness field={email} />);
    const input = screen.getByLabelText(await textOf('PH.FIELD.EMAIL'));
    await userEvent.type(input, 'a@b.c');
    expect(input).toHaveProperty('value', 'a@b.c');
    expect(input.getAttribute('type')).toBe('email');
  });

  it('falls back to the field name as label', async () => {
    await renderWithApp(<Harness field={field({ name: 'iban', type: 'input' })} />);
    expect(screen.getByLabelText('iban')).toBeDefined();
  });

  it('shows the error, aria-invalid and linked, when enabled', async () => {
    const error = { key: 'PH.ERROR.FIELD_HAS_ERROR' };
    await renderWithApp(<Harness field={field({ name: 'iban', type: 'input' })} error={error} />);
    const input = screen.getByRole('textbox');
    const message = screen.getByText(await textOf(error.key));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(message.id);
  });

  it('hides the error on a disabled field (SPEC §5)', async () => {
    const error = { key: 'PH.ERROR.FIELD_HAS_ERROR' };
    const locked = field({ name: 'iban', type: 'input', is_read_only: true });
    await renderWithApp(<Harness field={locked} initial="DE00" error={error} />);
    expect(screen.queryByText(await textOf(error.key))).toBeNull();
    expect(screen.getByRole('textbox').getAttribute('aria-invalid')).toBe('false');
  });

  it('shows a rule’s own message as-is (SPEC §5)', async () => {
    const error = { key: 'PH.ERROR.FIELD_HAS_ERROR', message: 'IBAN must start with DE' };
    await renderWithApp(<Harness field={field({ name: 'iban', type: 'input' })} error={error} />);
    expect(screen.getByText('IBAN must start with DE')).toBeDefined();
  });

  it('counts the characters, 99+ from 100 on (SPEC §5 counter)', async () => {
    const note = field({ name: 'note', type: 'input', max_length: 200 });
    await renderWithApp(<Harness field={note} initial={'x'.repeat(99)} />);
    expect(screen.getByText('99')).toBeDefined();
    await userEvent.type(screen.getByRole('textbox'), 'y');
    expect(screen.getByText('99+')).toBeDefined();
  });

  it.each([
    ['Float', '1,250.5', '1250.5', '1 250.5'],
    ['Float', '٣٫٥', '3.5', '3.5'],
    ['Integer', '2,000', '2000', '2 000'],
  ])(
    'SPEC §3, §5: a %s input reads %j by the amount rule as %j',
    async (dataType, typed, raw, shown) => {
      const values: FieldValue[] = [];
      const number = field({ name: 'limit', type: 'input', data_type: dataType });
      await renderWithApp(<Harness field={number} onValue={(value) => values.push(value)} />);
      const input = screen.getByRole('textbox');
      await userEvent.type(input, typed);
      await userEvent.tab();
      expect(values.at(-1)).toBe(raw);
      expect(input).toHaveProperty('value', shown);
    },
  );
});
