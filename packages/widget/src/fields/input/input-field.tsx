import { formatCounter } from '@cashdesk/domain';
import type { FieldType } from '@cashdesk/domain';
import { useTranslation } from 'react-i18next';
import { FieldShell } from '../shared/field-shell';
import { TextControl } from '../shared/text-control';
import { isAmountChar, useAmountText } from '../shared/use-amount-text';
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
 * 99+ from 100 on (domain formatCounter). The value is the text as typed; a number (data type
 * Float or Integer, SPEC §3) is read like the amount, by the domain's one rule
 * ({@link NumberInputField}).
 */
export function InputField(props: FieldViewProps) {
  const { field } = props;
  const numeric =
    !field.isDisabled &&
    field.type !== 'info' &&
    (field.dataType === 'Float' || field.dataType === 'Integer');
  return numeric ? <NumberInputField {...props} /> : <TextInputField {...props} />;
}

function TextInputField({ field, value, error, onChange, onBlur, inputRef }: FieldViewProps) {
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

/**
 * SPEC §3 Float and Integer inputs, §5: a number the player types is read like an amount (domain
 * readAmountInput through useAmountText: digits of every script, the language's marks, unclear
 * text refused with its message); the value reported is the plain number ("1234.5"), an Integer
 * without decimals.
 */
function NumberInputField({ field, value, error, onChange, onBlur, inputRef }: FieldViewProps) {
  const { t } = useTranslation();
  const typed = useAmountText({
    value: textOf(value),
    decimalDigits: field.dataType === 'Integer' ? 0 : field.decimal,
    error,
    onChange,
    onBlur,
  });
  const a11y = useFieldA11y(field, typed.error);
  const placeholder = field.placeHolder === undefined ? undefined : t(field.placeHolder);
  return (
    <FieldShell a11y={a11y}>
      <TextControl
        a11y={a11y}
        display={typed.display}
        onText={typed.onText}
        onBlur={typed.onBlur}
        inputRef={inputRef}
        hasHint={false}
        inputMode={field.dataType === 'Integer' ? 'numeric' : 'decimal'}
        autoComplete="off"
        placeholder={placeholder}
        required={field.isRequired}
        isSignificant={isAmountChar}
        ltr
      />
    </FieldShell>
  );
}
