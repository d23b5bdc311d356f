import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';

export interface DialogProps {
  readonly open: boolean;
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
  /** Buttons of the dialog's footer. */
  readonly actions?: ReactNode;
  /** 'alertdialog' for errors and confirmations that need an answer. */
  readonly role?: 'dialog' | 'alertdialog';
}

/**
 * A modal dialog on the native <dialog> element: showModal() gives the focus trap, the inert
 * page behind and Escape to close, which hand-written modals tend to get wrong. Focus returns
 * to where it was when the dialog closes. Width 474 px on desktop (SPEC §9), full width below.
 */
export function Dialog({ open, title, onClose, children, actions, role = 'dialog' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return undefined;
    if (open && !dialog.open) {
      const previous = document.activeElement;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      return () => {
        if (previous instanceof HTMLElement) previous.focus();
      };
    }
    if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
    return undefined;
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="cd-dialog"
      role={role}
      aria-labelledby={titleId}
      aria-modal="true"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open ? (
        <>
          <h2 id={titleId} className="cd-dialog__title">
            {title}
          </h2>
          {children}
          {actions === undefined ? null : <div className="cd-dialog__actions">{actions}</div>}
        </>
      ) : null}
    </dialog>
  );
}
