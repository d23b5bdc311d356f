/**
 * Display rules of the text field and its counter (SPEC §5 "Text field"), as pure functions.
 *
 * @packageDocumentation
 */
import { TEXT_COUNTER_CAP } from '../constants';

/** SPEC §5: an error is shown only on a field that has one and is not disabled. */
export function isFieldErrorShown(hasError: boolean, isDisabled: boolean): boolean {
  return hasError && !isDisabled;
}

/** SPEC §5: a hint is shown only when the field has one and no error is showing. */
export function isFieldHintShown(hasHint: boolean, isErrorShown: boolean): boolean {
  return hasHint && !isErrorShown;
}

/** SPEC §5: options of {@link formatCounter}. */
export interface CounterOptions {
  /** Writes the plus before the capped value (`+99`) instead of after it (`99+`). */
  readonly plusPrefix?: boolean;
}

/**
 * SPEC §5: the counter text: the count itself below 100, `99+` at 100 or more (`+99` with the
 * plus prefix). The spec only places the plus of the capped value, so a count below the cap is
 * shown plain either way. A negative or non-finite count shows 0 and a fraction is dropped.
 */
export function formatCounter(count: number, options: CounterOptions = {}): string {
  const whole = Number.isFinite(count) ? Math.max(0, Math.trunc(count)) : 0;
  if (whole < TEXT_COUNTER_CAP) return String(whole);
  const shown = String(TEXT_COUNTER_CAP - 1);
  return options.plusPrefix === true ? `+${shown}` : `${shown}+`;
}
