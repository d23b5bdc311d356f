import { cvvLengths, formatCvvInput } from '@cashdesk/domain';
import { FieldShell } from '../shared/field-shell';
import { TextControl } from '../shared/text-control';
import { useFieldA11y } from '../shared/use-field-a11y';
import { textOf } from '../input/input-field';
import type { FieldViewProps } from '../types';
import { CvvTooltip } from './cvv-tooltip';

/**
 * SPEC §2 card security code, §5 CVV: digits only, cut at the longest length of the detected
 * card type (3 by default, 4 for American Express; domain formatCvvInput), numeric keyboard,
 * cc-csc autofill, and the info icon opening the CVV tooltip. Whether it is required comes from
 * the context (domain cvvRequirement, in the method page). Never stored or logged.
 */
export function CvvField({
  field,
  value,
  error,
  onChange,
  onBlur,
  inputRef,
  context,
}: FieldViewProps) {
  const a11y = useFieldA11y(field, error);
  const cardType = context.cvv?.cardType ?? null;
  const required = context.cvv?.required ?? field.isRequired;
  return (
    <FieldShell a11y={a11y} labelEnd={<CvvTooltip />}>
      <TextControl
        a11y={a11y}
        display={textOf(value)}
        onText={(text) => {
          onChange(formatCvvInput(text, { cardType }));
        }}
        onBlur={onBlur}
        inputRef={inputRef}
        inputMode="numeric"
        autoComplete="cc-csc"
        disabled={field.isDisabled}
        maxLength={Math.max(...cvvLengths(cardType))}
        required={required}
        ltr
      />
    </FieldShell>
  );
}
