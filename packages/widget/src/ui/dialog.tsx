import { useEffect, useId, useRef, useState } from 'react';
import type { ReactNode, RefObject } from 'react';

export interface DialogProps {
  readonly open: boolean;
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
  /** Buttons of the dialog's footer. */
  readonly actions?: ReactNode;
  /** 'alertdialog' for errors and confirmations that need an answer. */
  readonly role?: 'dialog' | 'alertdialog';
  /**
   * The control that has the focus when the dialog opens (a confirmation's safe answer); without
   * it the browser's choice, the first focusable control.
   */
  readonly initialFocus?: RefObject<HTMLElement | null>;
  /**
   * Where the focus goes when the dialog closes, when it holds an element at that moment (the
   * list's heading once the row that opened the dialog is deleted); otherwise the control that
   * had the focus when it opened.
   */
  readonly finalFocus?: RefObject<HTMLElement | null>;
}

/** Focuses an element when it is still on the page (a deleted row's button is not). */
function focusIfPresent(element: Element | null): boolean {
  if (!(element instanceof HTMLElement) || !element.isConnected) return false;
  element.focus();
  return true;
}

/**
 * A modal dialog on the native <dialog> element: showModal() gives the focus trap, the inert
 * page behind and Escape to close, which hand-written modals tend to get wrong. Escape is a
 * request to close (onClose): the owner decides, and the dialog follows its `open`. When the
 * browser closes the dialog by itself (Chromium does on a second Escape without a click in
 * between, even when the first was refused), the owner is asked too, and an owner that keeps it
 * open gets it shown again. Focus goes to `initialFocus` when it opens and, when it closes, to
 * `finalFocus` or else back to where it was; this happens after the dialog has closed, since
 * nothing behind a modal dialog can take the focus. Width 474 px on desktop (SPEC §9), full
 * width below.
 */
export function Dialog({
  open,
  title,
  onClose,
  children,
  actions,
  role = 'dialog',
  initialFocus,
  finalFocus,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  /** The control focused before the dialog opened; null while it is closed. */
  const opener = useRef<Element | null>(null);
  /** Counts the browser's own closings, so that an owner keeping the dialog open gets it back. */
  const [closedByBrowser, setClosedByBrowser] = useState(0);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    if (open && !dialog.open) {
      opener.current ??= document.activeElement;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      initialFocus?.current?.focus();
      return;
    }
    if (!open && opener.current !== null) {
      if (dialog.open) {
        if (typeof dialog.close === 'function') dialog.close();
        else dialog.removeAttribute('open');
      }
      const back = opener.current;
      opener.current = null;
      if (!focusIfPresent(finalFocus?.current ?? null)) focusIfPresent(back);
    }
  }, [open, closedByBrowser, initialFocus, finalFocus]);
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
      onClose={() => {
        if (!open) return;
        onClose();
        setClosedByBrowser((count) => count + 1);
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
