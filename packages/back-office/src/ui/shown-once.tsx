/**
 * A secret or a link the server answers this once (an API key, an invitation or a reset link):
 * shown in a modal dialog with a copy button and a plain warning that it will not be shown again.
 * The dialog is open while `value` is set; closing it drops the value, and with it the secret.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useI18n } from '../i18n/i18n';

interface ShownOnceProps {
  readonly title: string;
  /** What the value is, above it. */
  readonly lead: string;
  /** The label of the value (the key, the link). */
  readonly label: string;
  /** The value; the dialog is open while it is set. */
  readonly value: string | undefined;
  readonly onClose: () => void;
  /** More to do in the dialog (a rotation's "revoke the old key"). */
  readonly children?: ReactNode;
}

export function ShownOnce(props: ShownOnceProps): ReactNode {
  const { t } = useI18n();
  const [copied, setCopied] = useState<'yes' | 'no' | undefined>(undefined);
  return (
    <ModalOverlay
      className="bo-overlay"
      isOpen={props.value !== undefined}
      onOpenChange={(open) => {
        if (!open) {
          setCopied(undefined);
          props.onClose();
        }
      }}
    >
      <Modal className="bo-modal">
        <Dialog className="bo-dialog bo-form" role="alertdialog">
          <Heading slot="title" className="bo-h2">
            {props.title}
          </Heading>
          <p className="bo-lead">{props.lead}</p>
          <div className="bo-notice bo-notice--warning">{t('once.warning')}</div>
          <div className="bo-secret">
            <span className="bo-label">{props.label}</span>
            <code data-testid="shown-once">{props.value}</code>
          </div>
          <div className="bo-row-actions">
            <Button
              className="bo-button bo-button--primary"
              onPress={() => {
                navigator.clipboard.writeText(props.value ?? '').then(
                  () => {
                    setCopied('yes');
                  },
                  () => {
                    setCopied('no');
                  },
                );
              }}
            >
              {t('once.copy')}
            </Button>
            <span role="status" className="bo-help">
              {copied === undefined ? '' : t(copied === 'yes' ? 'once.copied' : 'once.notCopied')}
            </span>
          </div>
          {props.children}
          <div className="bo-dialog__actions">
            <Button className="bo-button bo-button--secondary" slot="close">
              {t('once.done')}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
