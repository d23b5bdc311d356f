import {
  INVALID_DATE_ERROR,
  formatDisplayDate,
  isDigitChar,
  parseDisplayDate,
} from '@cashdesk/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toFieldError } from '../to-field-error';
import { FieldShell } from '../shared/field-shell';
import { TextControl } from '../shared/text-control';
import { useFieldA11y } from '../shared/use-field-a11y';
import { textOf } from '../input/input-field';
import type { FieldViewProps } from '../types';
import { maskDateInput } from './date-mask';

/** What the field shows and which stored value that text belongs to. */
interface Draft {
  readonly text: string;
  readonly from: string;
}

/**
 * SPEC §2 date, §5 date: shown and typed as DD.MM.YYYY (dots inserted as the digits come),
 * parsed strictly (domain parseDisplayDate); the value reported is the UTC ISO string of a valid
 * date and '' otherwise. A text that does not parse shows the translated "Invalid date" once the
 * player leaves the field. A value set from outside (initial ISO or YYYY-MM-DD, reset) is shown
 * with the domain's formatDisplayDate.
 */
export function DateField({ field, value, error, onChange, onBlur, inputRef }: FieldViewProps) {
  const { t } = useTranslation();
  const stored = textOf(value);
  const [draft, setDraft] = useState<Draft>(() => ({
    text: formatDisplayDate(stored),
    from: stored,
  }));
  const [invalid, setInvalid] = useState(false);
  let text = draft.text;
  if (stored !== draft.from) {
    // The form changed the value itself (reset, auto-fill): show it instead of the draft.
    text = formatDisplayDate(stored);
    setDraft({ text, from: stored });
  }
  const shownError = invalid ? toFieldError(INVALID_DATE_ERROR) : error;
  const a11y = useFieldA11y(field, shownError);
  return (
    <FieldShell a11y={a11y} hint={t('FIELDS.DATE.FORMAT')}>
      <TextControl
        a11y={a11y}
        display={text}
        hasHint
        onText={(typed) => {
          const masked = maskDateInput(typed);
          const parsed = parseDisplayDate(masked);
          const next = parsed.valid ? parsed.value : '';
          setDraft({ text: masked, from: next });
          setInvalid(false);
          if (next !== stored) onChange(next);
        }}
        onBlur={() => {
          setInvalid(!parseDisplayDate(text).valid);
          onBlur();
        }}
        inputRef={inputRef}
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('FIELDS.DATE.PLACEHOLDER')}
        disabled={field.isDisabled}
        required={field.isRequired}
        isSignificant={isDigitChar}
        ltr
      />
    </FieldShell>
  );
}
