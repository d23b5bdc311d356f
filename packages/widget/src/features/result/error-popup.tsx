import { useEffect, useRef } from 'react';
import { DEFAULT_ERROR_CODE } from '@cashdesk/domain';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { errorPopupClosed } from '../../store/ui-slice';
import { Dialog } from '../../ui/dialog';
import { messageText } from './message-text';

/**
 * SPEC §3 error popup, §8 ("code default "0" plus message; can be shown and closed"): the alert
 * dialog bound to state.ui.errorPopup. A message that is a known key is translated, plain text is
 * shown as it is, an unknown key or no message gives the generic text. The code line shows only a
 * code the server sent ("Error code: 0" would tell the player nothing). Focus moves to the close
 * button when it opens (the native dialog does so in browsers; done here too so every engine
 * agrees) and returns where it was when it closes (the Dialog).
 */
export function ErrorPopup() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const popup = useAppSelector((state) => state.ui.errorPopup);
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (popup.isOpen) closeRef.current?.focus();
  }, [popup.isOpen]);
  const close = () => {
    dispatch(errorPopupClosed());
  };
  // The state's default code "0" (SPEC §3) means the server sent none: no code line then.
  const code = popup.error.errorCode === DEFAULT_ERROR_CODE ? null : popup.error.errorCode;
  return (
    <Dialog
      open={popup.isOpen}
      role="alertdialog"
      title={t('RESULT.ERROR_POPUP.TITLE')}
      onClose={close}
      actions={
        <button
          ref={closeRef}
          type="button"
          className="cd-button cd-button--primary cd-button--block"
          onClick={close}
        >
          {t('RESULT.ERROR_POPUP.CLOSE')}
        </button>
      }
    >
      <p className="cd-error-popup__message">
        {messageText(
          t,
          (key) => i18n.exists(key),
          popup.error.message,
          t('RESULT.ERROR_POPUP.GENERIC'),
        )}
      </p>
      {code === null ? null : (
        <p className="cd-error-popup__code">{t('RESULT.ERROR_CODE', { code })}</p>
      )}
    </Dialog>
  );
}
