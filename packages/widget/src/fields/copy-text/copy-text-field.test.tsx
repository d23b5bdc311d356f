import { getLongValue } from '../../test/long-value';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render';
import { field, Harness, textOf } from '../test-support';

const iban = field({
  name: 'beneficiary_iban',
  type: 'info',
  extended_type: 'disabled_input_copy',
  label: 'PH.FIELD.BENEFICIARY_IBAN',
  user_requisite: 'DE89 3704 0044 0532 0130 00',
  is_read_only: true,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('copyable disabled text (SPEC §2 copy button and toast; §9 2 seconds)', () => {
  it('copies the text with navigator.clipboard.writeText and shows the success toast for 2 s', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const label = await textOf('PH.FIELD.BENEFICIARY_IBAN');
    const buttonName = await textOf('FIELDS.COPY.BUTTON', { label });
    const done = await textOf('FIELDS.COPY.DONE');
    await renderWithApp(<Harness field={iban} />);
    // Shown whole, as text (no input to cut it off), in the group its label names.
    const box = screen.getByRole('group', { name: label });
    expect(getLongValue(box, 'DE89 3704 0044 0532 0130 00').textContent).toBe(
      'DE89 3704 0044 0532 0130 00',
    );
    expect(box.querySelector('input')).toBeNull();
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: buttonName }));
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith('DE89 3704 0044 0532 0130 00');
    expect(screen.getByRole('status').textContent).toBe(done);
    act(() => {
      vi.advanceTimersByTime(1900);
    });
    expect(screen.queryByRole('status')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the failure toast when the clipboard refuses', async () => {
    const writeText = vi.fn(() => Promise.reject(new Error('denied')));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderWithApp(<Harness field={iban} />);
    await userEvent.click(screen.getByRole('button'));
    expect((await screen.findByRole('status')).textContent).toBe(
      await textOf('FIELDS.COPY.FAILED'),
    );
  });
});
