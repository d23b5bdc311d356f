import type { HTMLAttributes, ReactNode } from 'react';
import { describedBy } from './field-shell';
import type { FieldA11y } from './use-field-a11y';
import { useCaretKeeper } from './use-caret-keeper';

export interface TextControlProps {
  readonly a11y: FieldA11y;
  /** The text shown (already formatted). */
  readonly display: string;
  /** Receives the text as typed; the field formats it and reports its value. */
  readonly onText: (text: string) => void;
  readonly onBlur: () => void;
  readonly inputRef?: ((element: HTMLElement | null) => void) | undefined;
  readonly hasHint?: boolean;
  readonly inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  readonly autoComplete?: string;
  readonly placeholder?: string | undefined;
  readonly disabled?: boolean;
  readonly readOnly?: boolean;
  readonly maxLength?: number | undefined;
  readonly required?: boolean;
  readonly type?: 'text' | 'email' | 'tel';
  /** Characters the formatter keeps, for the caret (see useCaretKeeper); default: all. */
  readonly isSignificant?: (char: string) => boolean;
  /** Shown inside the control's frame at its end (a brand icon, a copy button). */
  readonly end?: ReactNode;
  /** Shown inside the control's frame at its start (a flag button). */
  readonly start?: ReactNode;
  /** Left-to-right content (numbers, codes) even in right-to-left languages. */
  readonly ltr?: boolean;
}

const ANY = (): boolean => true;

/**
 * The text input of the field kinds (SPEC §2): labelled by the field's label, described by its
 * error or hint, aria-invalid while an error shows. Formatting stays with each kind.
 */
export function TextControl({
  a11y,
  display,
  onText,
  onBlur,
  inputRef,
  hasHint = false,
  inputMode,
  autoComplete,
  placeholder,
  disabled = false,
  readOnly = false,
  maxLength,
  required = false,
  type = 'text',
  isSignificant = ANY,
  end,
  start,
  ltr = false,
}: TextControlProps) {
  const caret = useCaretKeeper(display, isSignificant);
  return (
    <div className={`cd-input${a11y.error === null ? '' : ' cd-input--invalid'}`}>
      {start}
      <input
        ref={(element) => {
          caret.attach(element);
          inputRef?.(element);
        }}
        id={a11y.id}
        className="cd-input__control"
        type={type}
        value={display}
        dir={ltr ? 'ltr' : undefined}
        inputMode={inputMode}
        autoComplete={autoComplete}
        placeholder={placeholder}
        disabled={disabled}
        readOnly={readOnly}
        maxLength={maxLength}
        aria-required={required || undefined}
        aria-invalid={a11y.error !== null}
        aria-describedby={describedBy(a11y, hasHint)}
        onChange={(event) => {
          caret.remember(event);
          onText(event.target.value);
        }}
        onBlur={onBlur}
      />
      {end}
    </div>
  );
}
