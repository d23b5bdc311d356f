import { ICON_SIZE_REGULAR_BUTTON } from '@cashdesk/domain';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/icon';
import { Toast } from '../../ui/toast';
import { FieldShell } from '../shared/field-shell';
import { TextControl } from '../shared/text-control';
import { useFieldA11y } from '../shared/use-field-a11y';
import { textOf } from '../input/input-field';
import type { FieldViewProps } from '../types';

/**
 * SPEC §2 copyable disabled text (extended type disabled_input_copy): the text, read-only, with a
 * copy button that writes it with navigator.clipboard.writeText, then a success or failure toast
 * for 2 seconds (SPEC §8, §9 COPY_TOAST_MS, in the shared Toast). The value is the text (the
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
  const copy = async () => {
    try {
      // Without a clipboard (an insecure context, an old web view) this throws: the failure toast.
      await navigator.clipboard.writeText(text);
      setToast('copied');
    } catch {
      setToast('failed');
    }
  };
  return (
    <FieldShell a11y={a11y}>
      <TextControl
        a11y={a11y}
        display={text}
        onText={() => undefined}
        onBlur={() => undefined}
        inputRef={inputRef}
        readOnly
        ltr
        end={
          <button
            type="button"
            className="cd-icon-button"
            aria-label={t('FIELDS.COPY.BUTTON', { label: a11y.label })}
            onClick={() => {
              void copy();
            }}
          >
            <Icon name="copy" size={ICON_SIZE_REGULAR_BUTTON} />
          </button>
        }
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
