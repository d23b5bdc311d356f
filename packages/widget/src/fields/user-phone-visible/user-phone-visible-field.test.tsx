import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render';
import { field, Harness, textOf } from '../test-support';

const phone = field({
  name: 'phone',
  type: 'user_phone',
  label: 'PH.FIELD.PHONE',
  is_read_only: true,
});

/** The field's control; its code arrives lazily (fields/field-view.tsx), so wait for it. */
async function findPhone() {
  return screen.findByLabelText(await textOf('PH.FIELD.PHONE'));
}

describe('read-only visible phone (SPEC §2; §5, §8 empty profile phone)', () => {
  it('shows the profile phone formatted and read-only', async () => {
    await renderWithApp(<Harness field={phone} initial="+380501234567" />);
    const input = await findPhone();
    expect(input).toHaveProperty('value', '+380 50 123 4567');
    expect(input).toHaveProperty('readOnly', true);
  });

  it('shows the empty-phone-in-profile error when the phone is empty and has an error', async () => {
    await renderWithApp(
      <Harness field={phone} initial="" error={{ key: 'PH.ERROR.FIELD_REQUIRED' }} />,
    );
    await findPhone();
    const message = screen.getByText(await textOf('FIELDS.PHONE.EMPTY_IN_PROFILE'));
    expect(screen.getByRole('textbox').getAttribute('aria-describedby')).toBe(message.id);
  });

  it('shows no error for an empty phone without a phone error', async () => {
    await renderWithApp(<Harness field={phone} initial="" />);
    await findPhone();
    expect(screen.queryByText(await textOf('FIELDS.PHONE.EMPTY_IN_PROFILE'))).toBeNull();
  });
});

describe('the way to the account when the profile has no phone (SPEC §1 /my-account redirect)', () => {
  const ownParent = Object.getOwnPropertyDescriptor(window, 'parent');
  afterEach(() => {
    if (ownParent === undefined) Reflect.deleteProperty(window, 'parent');
    else Object.defineProperty(window, 'parent', ownParent);
  });

  /** Puts a host page around the cashier: window.parent becomes a window that records posts. */
  function hostPage() {
    const postMessage = vi.fn<(data: string, origin: string) => void>();
    Object.defineProperty(window, 'parent', { configurable: true, value: { postMessage } });
    return postMessage;
  }

  it('asks the host to open /my-account from an empty profile phone', async () => {
    const posted = hostPage();
    await renderWithApp(<Harness field={phone} initial="" />);
    await findPhone();
    await userEvent.click(
      screen.getByRole('button', { name: await textOf('FIELDS.PHONE.OPEN_ACCOUNT') }),
    );
    expect(posted).toHaveBeenCalledTimes(1);
    const [data, origin] = posted.mock.calls[0] ?? [];
    expect(JSON.parse(String(data))).toEqual({
      target: 'cashier',
      type: 'redirect',
      path: '/my-account',
    });
    expect(origin).toBe('*');
  });

  it('SPEC §8: the button follows the empty-phone message, under the field', async () => {
    hostPage();
    await renderWithApp(
      <Harness field={phone} initial="" error={{ key: 'PH.ERROR.FIELD_REQUIRED' }} />,
    );
    const input = await findPhone();
    const message = screen.getByText(await textOf('FIELDS.PHONE.EMPTY_IN_PROFILE'));
    const button = screen.getByRole('button', { name: await textOf('FIELDS.PHONE.OPEN_ACCOUNT') });
    const follows = (first: Node, second: Node) =>
      (first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    expect(follows(input, message)).toBe(true);
    expect(follows(message, button)).toBe(true);
  });

  it('offers no such button when the profile has a phone', async () => {
    hostPage();
    await renderWithApp(<Harness field={phone} initial="+380501234567" />);
    await findPhone();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers no such button without a host page to hear it', async () => {
    await renderWithApp(<Harness field={phone} initial="" />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
