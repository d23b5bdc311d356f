import type { FieldValue } from '@cashdesk/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { field, Harness, textOf } from '../test-support';

const saveCard = field({ name: 'save_card', type: 'check', label: 'PH.FIELD.SAVE_CARD' });

describe('checkbox (SPEC §2 save-card checkbox, §3 check kind)', () => {
  it('is labelled and toggles a boolean, also with the space key', async () => {
    const values: FieldValue[] = [];
    await renderWithApp(
      <Harness field={saveCard} initial={true} onValue={(value) => values.push(value)} />,
    );
    const box = screen.getByRole('checkbox', { name: await textOf('PH.FIELD.SAVE_CARD') });
    expect(box).toHaveProperty('checked', true);
    await userEvent.click(box);
    expect(values).toEqual([false]);
    await userEvent.keyboard(' ');
    expect(values).toEqual([false, true]);
  });

  it('shows a required error linked to the box', async () => {
    const consent = field({ name: 'consent', type: 'check', label: 'Consent', is_required: true });
    const error = { key: 'PH.ERROR.FIELD_REQUIRED' };
    await renderWithApp(<Harness field={consent} error={error} />);
    const box = screen.getByRole('checkbox', { name: 'Consent' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toBe(screen.getByText(await textOf(error.key)).id);
  });
});
