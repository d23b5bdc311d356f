import { CARDHOLDER_NAME_MAX } from '@cashdesk/domain';
import { FieldShell } from '../shared/field-shell';
import { TextControl } from '../shared/text-control';
import { useFieldA11y } from '../shared/use-field-a11y';
import { textOf } from '../input/input-field';
import type { FieldViewProps } from '../types';

/**
 * SPEC §2 card entry, cardholder name (extended type card_cardholder_name, SPEC §3): a text input
 * with the browser's cc-name autofill, at most 255 characters (SPEC §9). The value is the text as
 * typed; trimming and collapsing spaces (domain cleanCardholderName) is the submit's job, so the
 * player can type the space between names.
 */
export function CardholderField({
  field,
  value,
  error,
  onChange,
  onBlur,
  inputRef,
}: FieldViewProps) {
  const a11y = useFieldA11y(field, error);
  return (
    <FieldShell a11y={a11y}>
      <TextControl
        a11y={a11y}
        display={textOf(value)}
        onText={onChange}
        onBlur={onBlur}
        inputRef={inputRef}
        autoComplete="cc-name"
        disabled={field.isDisabled}
        maxLength={field.maxLength ?? CARDHOLDER_NAME_MAX}
        required={field.isRequired}
      />
    </FieldShell>
  );
}
