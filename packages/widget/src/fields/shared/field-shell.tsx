import { isFieldHintShown } from '@cashdesk/domain';
import type { ReactNode } from 'react';
import type { FieldA11y } from './use-field-a11y';
import './fields.css';

export interface FieldShellProps {
  readonly a11y: FieldA11y;
  readonly children: ReactNode;
  /** A hint under the control; hidden while an error shows (SPEC §5). */
  readonly hint?: ReactNode;
  /** Something at the end of the label row (a counter, an info button). */
  readonly labelEnd?: ReactNode;
  /** Set when the control labels itself (a check box inside its own label). */
  readonly hideLabel?: boolean;
  readonly className?: string;
  /** Something below the error (an action that helps with it, such as "Open my account"). */
  readonly after?: ReactNode;
}

/**
 * The frame of every field (SPEC §2 fields, §5 text field): the label bound to the control, the
 * control, the hint (only while no error shows) and the error, which the control references
 * with aria-describedby (see {@link describedBy}).
 */
export function FieldShell({
  a11y,
  children,
  hint,
  labelEnd,
  hideLabel = false,
  className,
  after,
}: FieldShellProps) {
  const hasHint = hint !== undefined && hint !== null && hint !== '';
  const hintShown = isFieldHintShown(hasHint, a11y.error !== null);
  return (
    <div className={`cd-field${className === undefined ? '' : ` ${className}`}`}>
      {hideLabel ? null : (
        <div className="cd-field__label-row">
          <label className="cd-field__label" htmlFor={a11y.id}>
            {a11y.label}
          </label>
          {labelEnd}
        </div>
      )}
      {children}
      {hintShown ? (
        <div id={a11y.hintId} className="cd-field__hint">
          {hint}
        </div>
      ) : null}
      {a11y.error === null ? null : (
        <p id={a11y.errorId} className="cd-field__error">
          {a11y.error}
        </p>
      )}
      {after}
    </div>
  );
}

/**
 * The aria-describedby of a control: its error when one shows, else its hint when there is one.
 * `undefined` leaves the attribute out.
 */
export function describedBy(a11y: FieldA11y, hasHint: boolean): string | undefined {
  if (a11y.error !== null) return a11y.errorId;
  return hasHint ? a11y.hintId : undefined;
}
