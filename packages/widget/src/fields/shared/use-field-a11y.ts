import { isFieldErrorShown } from '@cashdesk/domain';
import type { FormField } from '@cashdesk/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../types';
import { errorText } from './error-text';

/** What every field needs to label itself and link its error (SPEC §2, §5). */
export interface FieldA11y {
  /** The control's id, for `<label htmlFor>`. */
  readonly id: string;
  readonly errorId: string;
  readonly hintId: string;
  /** The field's label in the current language. */
  readonly label: string;
  /** The translated error, or null when none is shown (hidden on a disabled field, SPEC §5). */
  readonly error: string | null;
}

/**
 * SPEC §5 text field: ids for the control, its hint and its error; the label translated from the
 * field's label key (its name when it has none); the error text only when it is shown.
 */
export function useFieldA11y(field: FormField, error: FieldError | null): FieldA11y {
  const { t } = useTranslation();
  const base = useId();
  const shown = isFieldErrorShown(error !== null, field.isDisabled);
  return {
    id: `${base}-control`,
    errorId: `${base}-error`,
    hintId: `${base}-hint`,
    label: t(field.label ?? field.name),
    error: shown && error !== null ? errorText(t, error) : null,
  };
}
