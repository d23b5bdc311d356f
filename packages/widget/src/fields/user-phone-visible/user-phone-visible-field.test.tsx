import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { field, Harness, textOf } from '../test-support';

const phone = field({
  name: 'phone',
  type: 'user_phone',
  label: 'PH.FIELD.PHONE',
  is_read_only: true,
});

describe('read-only visible phone (SPEC §2; §5, §8 empty profile phone)', () => {
  it('shows the profile phone formatted and read-only', async () => {
    await renderWithApp(<Harness field={phone} initial="+380501234567" />);
    const input = screen.getByLabelText(await textOf('PH.FIELD.PHONE'));
    expect(input).toHaveProperty('value', '+380 50 123 4567');
    expect(input).toHaveProperty('readOnly', true);
  });

  it('shows the empty-phone-in-profile error when the phone is empty and has an error', async () => {
    await renderWithApp(
      <Harness field={phone} initial="" error={{ key: 'PH.ERROR.FIELD_REQUIRED' }} />,
    );
    const message = screen.getByText(await textOf('FIELDS.PHONE.EMPTY_IN_PROFILE'));
    expect(screen.getByRole('textbox').getAttribute('aria-describedby')).toBe(message.id);
  });

  it('shows no error for an empty phone without a phone error', async () => {
    await renderWithApp(<Harness field={phone} initial="" />);
    expect(screen.queryByText(await textOf('FIELDS.PHONE.EMPTY_IN_PROFILE'))).toBeNull();
  });
});
