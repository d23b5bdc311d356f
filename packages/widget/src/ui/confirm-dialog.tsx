import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  readonly open: boolean;
  readonly title: string;
  /** The text of the button that does it (Delete). */
  readonly confirmLabel: string;
  /** The text of the button that leaves things as they are (Keep). */
  readonly cancelLabel: string;
  /** While the action runs: the confirm button is disabled and busy. */
  readonly busy: boolean;
  /** Why the action failed, shown as an alert under the text; null when it did not. */
  readonly failure: string | null;
  readonly onConfirm: () => void;
  /** Keep, Escape: closes without doing it. */
  readonly onCancel: () => void;
  /** What is asked about. */
  readonly children: ReactNode;
}

/**
 * A question that needs an answer before something is undone (SPEC §2 deleting a saved card or
 * a payout account): an alertdialog on {@link Dialog} with the confirm and the cancel button, a
 * busy state while the action runs and the failure line when it did not work.
 */
export function ConfirmDialog({
  open,
  title,
  confirmLabel,
  cancelLabel,
  busy,
  failure,
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      title={title}
      role="alertdialog"
      onClose={onCancel}
      actions={
        <>
          <Button onClick={onConfirm} disabled={busy} aria-busy={busy}>
            {confirmLabel}
          </Button>
          <Button variant="secondary" onClick={onCancel}>
            {cancelLabel}
          </Button>
        </>
      }
    >
      {children}
      {failure === null ? null : (
        <p className="cd-field__error" role="alert">
          {failure}
        </p>
      )}
    </Dialog>
  );
}
