import { describedBy, FieldShell } from '../shared/field-shell';
import { useFieldA11y } from '../shared/use-field-a11y';
import type { FieldViewProps } from '../types';

/**
 * SPEC §2 checkbox (save card, save requisites) and the check kind (yes/no fields, SPEC §3): a
 * native check box inside its label. The value is a boolean; anything else reads as unchecked.
 */
export function CheckboxField({ field, value, error, onChange, onBlur, inputRef }: FieldViewProps) {
  const a11y = useFieldA11y(field, error);
  return (
    <FieldShell a11y={a11y} hideLabel>
      <label className="cd-checkbox" htmlFor={a11y.id}>
        <input
          ref={inputRef}
          id={a11y.id}
          className="cd-checkbox__input"
          type="checkbox"
          checked={value === true}
          disabled={field.isDisabled}
          aria-invalid={a11y.error !== null}
          aria-required={field.isRequired || undefined}
          aria-describedby={describedBy(a11y, false)}
          onChange={(event) => {
            onChange(event.target.checked);
          }}
          onBlur={onBlur}
        />
        <span>{a11y.label}</span>
      </label>
    </FieldShell>
  );
}
