import { ICON_SIZE_REGULAR_BUTTON } from '@cashdesk/domain';
import { useCallback, useState } from 'react';
import { copyText } from './copy-text';
import { Icon } from './icon';
import { Toast } from './toast';

/**
 * SPEC §2 copy buttons: an icon button that writes `text` to the clipboard, then the success or
 * failure toast for 2 seconds (SPEC §9). `label` names what it copies for assistive technology.
 */
export function CopyButton({
  text,
  label,
  copied,
  failed,
  className,
}: {
  readonly text: string;
  readonly label: string;
  /** The toast after a copy. */
  readonly copied: string;
  /** The toast when the browser refused (no clipboard in a cross-origin frame, an old web view). */
  readonly failed: string;
  readonly className?: string;
}) {
  const [toast, setToast] = useState<'copied' | 'failed' | null>(null);
  // Stable, so a re-render while the toast shows does not restart its 2 seconds.
  const hideToast = useCallback(() => {
    setToast(null);
  }, []);
  return (
    <>
      <button
        type="button"
        className={className === undefined ? 'cd-icon-button' : `cd-icon-button ${className}`}
        aria-label={label}
        onClick={() => {
          void copyText(text).then((ok) => {
            setToast(ok ? 'copied' : 'failed');
          });
        }}
      >
        <Icon name="copy" size={ICON_SIZE_REGULAR_BUTTON} />
      </button>
      {toast === null ? null : (
        <Toast text={toast === 'copied' ? copied : failed} onDone={hideToast} />
      )}
    </>
  );
}
