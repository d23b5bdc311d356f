import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';
import { Dialog } from './dialog';

/** A list of one card with its delete button and a confirmation, as the screens use it. */
function CardList({ fails = false, onCancel }: { fails?: boolean; onCancel?: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [asked, setAsked] = useState(false);
  const [present, setPresent] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        Saved cards
      </h1>
      {present ? (
        <button
          type="button"
          onClick={() => {
            setFailure(null);
            setAsked(true);
          }}
        >
          Remove Visa 0101
        </button>
      ) : null}
      <ConfirmDialog
        open={asked}
        title="Delete this card?"
        confirmLabel="Delete card"
        cancelLabel="Keep card"
        busy={false}
        failure={failure}
        onConfirm={() => {
          if (fails) {
            setFailure('The card could not be deleted.');
            return;
          }
          setAsked(false);
          setPresent(false);
        }}
        onCancel={() => {
          onCancel?.();
          setAsked(false);
        }}
        focusAfterConfirm={heading}
      >
        <p>Visa ending in 0101</p>
      </ConfirmDialog>
    </>
  );
}

/** What the browser does on Escape: a cancelable cancel event on the open dialog. */
function pressEscapeOn(dialog: HTMLElement): void {
  fireEvent(dialog, new Event('cancel', { cancelable: true }));
}

async function openDialog() {
  const user = userEvent.setup();
  const opener = screen.getByRole('button', { name: 'Remove Visa 0101' });
  await user.click(opener);
  const dialog = screen.getByRole('alertdialog', { name: 'Delete this card?' });
  return { user, opener, dialog };
}

describe('delete confirmations (SPEC §2 delete-account and saved-card popups; focus)', () => {
  it('opens with the focus on the safe answer (Keep), not on Delete', async () => {
    render(<CardList />);
    const { dialog } = await openDialog();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep card' }));
    // A stray Enter answers Keep: nothing is deleted and the focus is back on the row's button.
    const user = userEvent.setup();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove Visa 0101' }));
  });

  it('Escape cancels and gives the focus back to the control that opened it', async () => {
    const onCancel = vi.fn();
    render(<CardList onCancel={onCancel} />);
    const { opener, dialog } = await openDialog();
    act(() => {
      pressEscapeOn(dialog);
    });
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('once the thing is deleted, the focus goes to focusAfterConfirm (its button went with it)', async () => {
    render(<CardList />);
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Delete card' }));
    expect(screen.queryByRole('button', { name: 'Remove Visa 0101' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Saved cards' }));
  });

  it('a failed deletion answered with Keep gives the focus back to the opener', async () => {
    render(<CardList fails />);
    const { user, opener, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Delete card' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('The card could not be deleted.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep card' }));
    expect(document.activeElement).toBe(opener);
    // Asked again, it opens on Keep again.
    await user.click(opener);
    expect(document.activeElement).toBe(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Keep card' }),
    );
  });

  it('a dialog the browser closed by itself is a cancel (Chromium closes on a second Escape)', async () => {
    const onCancel = vi.fn();
    render(<CardList onCancel={onCancel} />);
    const { opener, dialog } = await openDialog();
    act(() => {
      dialog.removeAttribute('open');
      fireEvent(dialog, new Event('close'));
    });
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(opener);
  });

  it('an owner that keeps the dialog open (a call in flight) gets it shown again after the browser closed it', () => {
    const onClose = vi.fn();
    render(
      <Dialog open title="Cancelling" onClose={onClose}>
        <p>Busy</p>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Cancelling' });
    expect(dialog.hasAttribute('open')).toBe(true);
    act(() => {
      dialog.removeAttribute('open');
      fireEvent(dialog, new Event('close'));
    });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog.hasAttribute('open')).toBe(true);
  });
});
