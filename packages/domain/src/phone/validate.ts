/**
 * Phone validation of SPEC §5: required and pattern, with the field message keys of SPEC §8.
 *
 * @packageDocumentation
 */
import type { Validation } from '../messages';
import { MESSAGE_KEYS, VALID, invalid } from '../messages';
import { matchesFieldPattern } from '../fields/field-pattern';
import { sanitizePhoneInput } from './sanitize';

/** SPEC §5: the rules of a phone field, as the form field definition carries them. */
export interface PhoneRules {
  /** The field is required (form field `isRequired`). */
  readonly required?: boolean | undefined;
  /** The field's `regexp`; blank or missing means no pattern check. */
  readonly pattern?: string | null | undefined;
  /**
   * A message key that replaces PH.ERROR.FIELD_HAS_ERROR on a pattern failure (SPEC §5: a
   * custom pattern message takes precedence), e.g. the field's `validationMsgKey`.
   */
  readonly patternMessageKey?: string | null | undefined;
}

/**
 * SPEC §5 phone validation. The value is sanitised first (as the field's input does). With no
 * digits the field is empty (a lone plus is no number): PH.ERROR.FIELD_REQUIRED when required,
 * otherwise valid without a pattern check. A value that fails the pattern gives
 * PH.ERROR.FIELD_HAS_ERROR, or `patternMessageKey` when given. The pattern goes through the
 * generic fields' matchesFieldPattern and its one compiler, compileFieldPattern (a leading `+`
 * is the literal plus, the rest a regex; a blank pattern is none; an invalid one passes, the
 * generic default), tested against the sanitised value with its plus, unanchored, as the
 * server's regexp is written.
 */
export function validatePhone(value: string, rules: PhoneRules = {}): Validation {
  const sanitized = sanitizePhoneInput(value).value;
  if (sanitized.replace('+', '') === '') {
    return rules.required === true ? invalid(MESSAGE_KEYS.fieldRequired) : VALID;
  }
  if (!matchesFieldPattern(rules.pattern ?? '', sanitized)) {
    const key = rules.patternMessageKey?.trim();
    return invalid(key === undefined || key === '' ? MESSAGE_KEYS.fieldHasError : key);
  }
  return VALID;
}
