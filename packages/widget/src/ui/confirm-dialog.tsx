import { useEffect, useRef } from 'react';
import type { ReactNode, RefObject } from 'react';
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
  /**
   * Where the focus goes once the action is done and the dialog closed: the control that opened
   * it went with the thing it removed (the list's heading or legend). After Keep or Escape the
   * focus goes back to that control.
   */
  readonly focusAfterConfirm: RefObject<HTMLElement | null>;
  /** What is asked about. */
  readonly children: ReactNode;
}

/**
 * A question that needs an answer before something is undone (SPEC §2 deleting a saved card or
 * a payout account): an alertdialog on {@link Dialog} with the confirm and the cancel button, a
 * busy state while the action runs and the failure line when it did not work. It opens with the
 * focus on the cancel button (a stray Enter or Space must not delete anything; the WAI-ARIA alert
 * dialog pattern puts the focus on the least destructive answer), Escape is the cancel button, and
 * the focus goes back to the control that opened it, or to `focusAfterConfirm` once the action is
 * done.
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
  focusAfterConfirm,
  children,
}: ConfirmDialogProps) {
  const keep = useRef<HTMLButtonElement>(null);
  /** Where the focus goes on closing: set when the player confirms, cleared when they cancel. */
  const closingFocus = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (open) closingFocus.current = null;
  }, [open]);
  const cancel = () => {
    closingFocus.current = null;
    onCancel();
  };
  return (
    <Dialog
      open={open}
      title={title}
      role="alertdialog"
      onClose={cancel}
      initialFocus={keep}
      finalFocus={closingFocus}
      actions={
        <>
          <Button
            onClick={() => {
              closingFocus.current = focusAfterConfirm.current;
              onConfirm();
            }}
            disabled={busy}
            aria-busy={busy}
          >
            {confirmLabel}
          </Button>
          <Button ref={keep} variant="secondary" onClick={cancel}>
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
