import {
  detectCardType,
  formatCardNumberInput,
  isDigitChar,
  unformatCardNumber,
} from '@cashdesk/domain';
import { FieldShell } from '../shared/field-shell';
import { TextControl } from '../shared/text-control';
import { useFieldA11y } from '../shared/use-field-a11y';
import { textOf } from '../input/input-field';
import type { FieldViewProps } from '../types';
import { CardMark } from '../../ui/card-mark';

/**
 * SPEC §2 card number, §5 card number input: digits only (of any script, read as Latin), grouped by 4 with spaces, at most 19
 * digits (domain formatCardNumberInput: the longest card numbers are typed whole); the value
 * reported is the digits without spaces (domain unformatCardNumber). The brand detected so far
 * (domain detectCardType) shows as an icon whose alt text is the brand name. Numeric keyboard,
 * cc-number autofill. The Luhn check runs on blur in the method page (validateCardNumberOnBlur).
 * The number is never stored or logged here.
 */
export function CardNumberField({
  field,
  value,
  error,
  onChange,
  onBlur,
  inputRef,
}: FieldViewProps) {
  const a11y = useFieldA11y(field, error);
  const display = formatCardNumberInput(textOf(value));
  const brand = display === '' ? null : detectCardType(display);
  return (
    <FieldShell a11y={a11y}>
      <TextControl
        a11y={a11y}
        display={display}
        onText={(text) => {
          onChange(unformatCardNumber(formatCardNumberInput(text)));
        }}
        onBlur={onBlur}
        inputRef={inputRef}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder={field.placeHolder}
        disabled={field.isDisabled}
        required={field.isRequired}
        isSignificant={isDigitChar}
        ltr
        end={brand === null ? null : <CardMark type={brand.type} name={brand.niceType} />}
      />
    </FieldShell>
  );
}
