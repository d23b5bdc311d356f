import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyBox } from '../../ui/copy-box';
import { copyText } from '../../ui/copy-text';
import { Toast } from '../../ui/toast';
import { FieldShell } from '../shared/field-shell';
import { useFieldA11y } from '../shared/use-field-a11y';
import { textOf } from '../input/input-field';
import type { FieldViewProps } from '../types';

/**
 * SPEC §2 copyable disabled text (extended type disabled_input_copy): the text, read-only and
 * whole (an IBAN a player types by hand must not lose its last digits to the edge of a field:
 * ui/copy-box.tsx), with a copy button that writes it to the clipboard, then a success or failure
 * toast for 2 seconds (SPEC §8, §9 COPY_TOAST_MS, in the shared Toast). The value is the text (the
 * field's userRequisite when the form holds none).
 */
export function CopyTextField({ field, value, error, inputRef }: FieldViewProps) {
  const { t } = useTranslation();
  const a11y = useFieldA11y(field, error);
  const [toast, setToast] = useState<'copied' | 'failed' | null>(null);
  // Stable, so a re-render while the toast shows does not restart its 2 seconds.
  const hideToast = useCallback(() => {
    setToast(null);
  }, []);
  const text = textOf(value, field.userRequisite ?? '');
  const labelId = `${a11y.id}-label`;
  return (
    <FieldShell a11y={a11y} hideLabel>
      <span className="cd-field__label" id={labelId}>
        {a11y.label}
      </span>
      <CopyBox
        labelId={labelId}
        value={text}
        copyLabel={t('FIELDS.COPY.BUTTON', { label: a11y.label })}
        buttonRef={inputRef}
        onCopy={() => {
          // Without a clipboard (an insecure context, an old web view): the failure toast.
          void copyText(text).then((ok) => {
            setToast(ok ? 'copied' : 'failed');
          });
        }}
      />
      {toast === null ? null : (
        <Toast
          text={toast === 'copied' ? t('FIELDS.COPY.DONE') : t('FIELDS.COPY.FAILED')}
          onDone={hideToast}
        />
      )}
    </FieldShell>
  );
}
