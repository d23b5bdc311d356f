import { TOOLTIP_TEXT_MAX, TOOLTIP_TITLE_MAX, ICON_SIZE_REGULAR_BUTTON } from '@cashdesk/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/icon';
import { truncateText } from '../../ui/truncate';
import './cvv-tooltip.css';

/**
 * SPEC §2 CVV info: an info icon button that opens a tooltip with a title
 * (PH.TOOLTIP.CVV.TITLE, truncated at 60 characters), body text (PH.TOOLTIP.CVV.BODY, at 160) and
 * an accept button (PH.BUTTON.ACCEPT), at most 328 px wide (SPEC §9). It is a non-modal dialog:
 * focus moves to the accept button on opening and back to the icon on closing; Escape closes.
 */
export function CvvTooltip() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const accept = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const titleId = useId();
  useEffect(() => {
    if (!open) return undefined;
    accept.current?.focus();
    // Escape closes from anywhere while the tooltip is open (it is not modal, so no <dialog>).
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <span className="cd-tooltip-anchor">
      <button
        ref={button}
        type="button"
        className="cd-icon-button"
        aria-label={t('FIELDS.CVV.INFO')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setOpen((was) => !was);
        }}
      >
        <Icon name="info" size={ICON_SIZE_REGULAR_BUTTON} />
      </button>
      {open ? (
        <div id={panelId} className="cd-tooltip" role="dialog" aria-labelledby={titleId}>
          <p id={titleId} className="cd-tooltip__title">
            {truncateText(t('PH.TOOLTIP.CVV.TITLE'), TOOLTIP_TITLE_MAX)}
          </p>
          <p className="cd-tooltip__body">
            {truncateText(t('PH.TOOLTIP.CVV.BODY'), TOOLTIP_TEXT_MAX)}
          </p>
          {/* A native button: the shared Button takes no ref, and focus must land here. */}
          <button
            ref={accept}
            type="button"
            className="cd-button cd-button--primary"
            onClick={close}
          >
            {t('PH.BUTTON.ACCEPT')}
          </button>
        </div>
      ) : null}
    </span>
  );
}
