/**
 * A button that opens a modal dialog with a form (React Aria's Dialog: focus kept inside, Escape
 * closes, focus back on the button after). The form's submit runs the action; its error shows in
 * the dialog, its success closes it.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import type { Submitted } from './submitted';
import {
  Button,
  Dialog,
  DialogTrigger,
  Form,
  Heading,
  Modal,
  ModalOverlay,
} from 'react-aria-components';
import { useI18n } from '../i18n/i18n';
import { ErrorNotice } from './errors';

interface ActionDialogProps {
  /** The button's text (also the dialog's title unless `title`). */
  readonly label: string;
  readonly title?: string;
  readonly submitLabel: string;
  readonly tone?: 'primary' | 'danger' | 'secondary';
  /** The form's fields. */
  readonly children: ReactNode;
  /** Runs the action; a throw shows its error in the dialog. */
  readonly onSubmit: () => Promise<void>;
  /** Called when the dialog opens (to reset the fields, take a new Idempotency-Key). */
  readonly onOpen?: () => void;
}

export function ActionDialog(props: ActionDialogProps): ReactNode {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const tone = props.tone ?? 'secondary';
  return (
    <DialogTrigger
      isOpen={open}
      onOpenChange={(next) => {
        if (next) {
          setError(undefined);
          props.onOpen?.();
        }
        if (!busy) setOpen(next);
      }}
    >
      <Button className={`bo-button bo-button--${tone}`}>{props.label}</Button>
      <ModalOverlay className="bo-overlay" isDismissable={!busy}>
        <Modal className="bo-modal">
          <Dialog className="bo-dialog">
            <Form
              className="bo-form"
              onSubmit={(event: Submitted) => {
                event.preventDefault();
                setBusy(true);
                setError(undefined);
                props.onSubmit().then(
                  () => {
                    setBusy(false);
                    setOpen(false);
                  },
                  (failure: unknown) => {
                    setBusy(false);
                    setError(failure);
                  },
                );
              }}
            >
              <Heading slot="title" className="bo-h2">
                {props.title ?? props.label}
              </Heading>
              {props.children}
              <ErrorNotice error={error} />
              <div className="bo-dialog__actions">
                <Button className="bo-button bo-button--secondary" slot="close" isDisabled={busy}>
                  {t('action.close')}
                </Button>
                <Button
                  type="submit"
                  className={`bo-button bo-button--${tone === 'secondary' ? 'primary' : tone}`}
                  isDisabled={busy}
                >
                  {props.submitLabel}
                </Button>
              </div>
            </Form>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}
