import { EXPIRY_INPUT_MAX, formatExpiryInput } from '@cashdesk/domain';
import { FieldShell } from '../shared/field-shell';
import { TextControl } from '../shared/text-control';
import { useFieldA11y } from '../shared/use-field-a11y';
import { textOf } from '../input/input-field';
import type { FieldViewProps } from '../types';

/**
 * SPEC §2 card expiry date, §5 expiry: typed as MM/YY, the slash inserted after two digits, a
 * space counting as the slash, at most 5 characters (domain formatExpiryInput, given the previous
 * text so that backspace over the slash works). The value is the MM/YY text; the date check and
 * the split into month and year are the method page's (validateExpiry, splitExpiry).
 */
export function ExpiryField({ field, value, error, onChange, onBlur, inputRef }: FieldViewProps) {
  const a11y = useFieldA11y(field, error);
  const display = textOf(value);
  return (
    <FieldShell a11y={a11y}>
      <TextControl
        a11y={a11y}
        display={display}
        onText={(text) => {
          onChange(formatExpiryInput(text, display));
        }}
        onBlur={onBlur}
        inputRef={inputRef}
        inputMode="numeric"
        autoComplete="cc-exp"
        placeholder={field.placeHolder ?? 'MM/YY'}
        disabled={field.isDisabled}
        maxLength={EXPIRY_INPUT_MAX}
        required={field.isRequired}
        ltr
      />
    </FieldShell>
  );
}
