import { formatAmountInput, isDigitChar, readAmountInput } from '@cashdesk/domain';
import type { RuleError } from '@cashdesk/domain';
import { useState } from 'react';
import { languageSeparators, numberLanguage } from '../../i18n/format';
import { toFieldError } from '../to-field-error';
import type { FieldError } from '../types';

/** Characters an amount keeps (for the caret): digits of any script and the marks it reads. */
export const isAmountChar = (char: string): boolean =>
  isDigitChar(char) || char === '.' || char === ',' || char === '\u066b' || char === '\u066c';

/**
 * What the field shows instead of the stored amount while the player types: the text as typed
 * when it holds a mark the reading interpreted or could not read, and which stored value it
 * belongs to (a value the form sets itself, a chosen block, replaces it).
 */
interface Draft {
  readonly text: string;
  readonly from: string;
  /** The message of an amount that can be read more than one way, else null. */
  readonly unclear: RuleError | null;
}

/** What an amount field needs from {@link useAmountText}. */
export interface AmountText {
  /** The raw amount stored ("1234.5"), through the field's mask. */
  readonly raw: string;
  /** What the control shows. */
  readonly display: string;
  /** The error to show: an unclear amount's own message, else the form's. */
  readonly error: FieldError | null;
  readonly onText: (text: string) => void;
  readonly onBlur: () => void;
}

/**
 * SPEC §5 amount input, for every field a player types an amount into: what is typed is read by
 * the domain's one rule in the player's language (readAmountInput), and the field reports the
 * raw amount ("1234.5") or, for text that reads more than one way, no amount ('') and the
 * message PH.ERROR.AMOUNT_UNCLEAR, shown once the player leaves the field or the form shows its
 * errors. Text with a mark the rule interpreted ("1,000" in English) stays as typed until the
 * player leaves the field, so a mark never turns into another under the fingers; then the amount
 * shows the language's way ("1 000").
 */
export function useAmountText(options: {
  readonly value: string;
  readonly decimalDigits: number | undefined;
  readonly error: FieldError | null;
  readonly onChange: (raw: string) => void;
  readonly onBlur: () => void;
}): AmountText {
  const { value, decimalDigits, error, onChange } = options;
  const { decimalSeparator } = languageSeparators();
  const raw = formatAmountInput(value, { decimalDigits }).raw;
  const [draft, setDraft] = useState<Draft | null>(null);
  const [left, setLeft] = useState(false);
  let current = draft;
  if (draft !== null && draft.from !== value) {
    // The form changed the value itself (a block, a clamp, a reset): show it instead.
    current = null;
    setDraft(null);
  }
  const unclear = current?.unclear ?? null;
  return {
    raw,
    display: current?.text ?? formatAmountInput(raw, { decimalDigits, decimalSeparator }).display,
    error: unclear !== null && (left || error !== null) ? toFieldError(unclear) : error,
    onText: (text) => {
      const reading = readAmountInput(text, { language: numberLanguage(), decimalDigits });
      setLeft(false);
      if (reading.status === 'unclear') {
        // Never guessed: no amount until the player writes it one way.
        setDraft({ text: reading.asTyped, from: '', unclear: reading.error });
        onChange('');
        return;
      }
      setDraft(
        reading.asTyped === null
          ? null
          : { text: reading.asTyped, from: reading.raw, unclear: null },
      );
      onChange(reading.raw);
    },
    onBlur: () => {
      // Leaving the field shows a clear amount the language's way ("1,000" becomes "1 000").
      if (current?.unclear === null) setDraft(null);
      setLeft(true);
      options.onBlur();
    },
  };
}
