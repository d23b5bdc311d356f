import { ICON_SIZE_REGULAR_BUTTON } from '@cashdesk/domain';
import { Icon } from './icon';
import { LongValue } from './long-value';

/**
 * SPEC §2 copy-input (the copyable disabled text of a form, the copy-inputs of the display form):
 * a read-only value shown whole in a box, wrapping between its groups (LongValue), with its copy
 * button at the end. The box is a group named by the label (`labelId`), so a screen reader hears
 * the label, the value and the button together; the caller copies and says how it went.
 */
export function CopyBox({
  labelId,
  value,
  copyLabel,
  onCopy,
  buttonRef,
}: {
  readonly labelId: string;
  readonly value: string;
  /** The copy button's name ("Copy the IBAN"). */
  readonly copyLabel: string;
  readonly onCopy: () => void;
  /** The button, for a form that moves the focus to its fields. */
  readonly buttonRef?: ((element: HTMLElement | null) => void) | undefined;
}) {
  return (
    <div className="cd-copy-box" role="group" aria-labelledby={labelId}>
      <LongValue value={value} className="cd-copy-box__value" />
      <button
        ref={buttonRef}
        type="button"
        className="cd-icon-button cd-copy-box__copy"
        aria-label={copyLabel}
        onClick={onCopy}
      >
        <Icon name="copy" size={ICON_SIZE_REGULAR_BUTTON} />
      </button>
    </div>
  );
}
