import { formatCounter } from '@cashdesk/domain';
import type { FieldType } from '@cashdesk/domain';
import { useTranslation } from 'react-i18next';
import { FieldShell } from '../shared/field-shell';
import { TextControl } from '../shared/text-control';
import { useFieldA11y } from '../shared/use-field-a11y';
import type { FieldViewProps } from '../types';

/** Browser autofill hints of the profile field types (SPEC §3 user_* types). */
const AUTOCOMPLETE: Partial<Record<FieldType, string>> = {
  user_email: 'email',
  user_first_name: 'given-name',
  user_last_name: 'family-name',
  user_middle_name: 'additional-name',
  user_country: 'country-name',
};

/** The text a field holds: its value, else the player's stored requisite (SPEC §3 userRequisite). */
export function textOf(value: FieldViewProps['value'], fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

/**
 * SPEC §2 generic text input (and the profile and info types, SPEC §3). SPEC §5 text field: the
 * error is hidden on a disabled field and the hint while an error shows (domain
 * isFieldErrorShown/isFieldHintShown); with a maximum length a counter shows the characters typed,
 * 99+ from 100 on (domain formatCounter). The value is the text as typed.
 */
export function InputField({ field, value, error, onChange, onBlur, inputRef }: FieldViewProps) {
  const { t } = useTranslation();
  const a11y = useFieldA11y(field, error);
  const text = textOf(value);
  const placeholder = field.placeHolder === undefined ? undefined : t(field.placeHolder);
  const counter =
    field.maxLength === undefined ? null : (
      <span className="cd-field__counter" aria-hidden="true">
        {formatCounter(Array.from(text).length)}
      </span>
    );
  return (
    <FieldShell a11y={a11y} labelEnd={counter}>
      <TextControl
        a11y={a11y}
        display={text}
        onText={onChange}
        onBlur={onBlur}
        inputRef={inputRef}
        hasHint={false}
        type={field.type === 'user_email' ? 'email' : 'text'}
        autoComplete={AUTOCOMPLETE[field.type] ?? 'off'}
        placeholder={placeholder}
        disabled={field.isDisabled}
        readOnly={field.type === 'info'}
        maxLength={field.maxLength}
        required={field.isRequired}
      />
    </FieldShell>
  );
}
