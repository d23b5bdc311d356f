/**
 * Phone validation of SPEC §5: required and pattern, with the field message keys of SPEC §8.
 *
 * @packageDocumentation
 */
import type { Validation } from '../messages';
import { MESSAGE_KEYS, VALID, invalid } from '../messages';
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
 * SPEC §5 ("A pattern starting with + is escaped literally, otherwise used as a regex if
 * valid"): the RegExp of a field pattern, or `null` when there is nothing to check. A leading
 * plus is taken as the literal plus of an international number (`'+380\d{9}'` tests for
 * `+380` and nine digits) instead of the quantifier that would make the pattern invalid; the
 * rest is regex source. A pattern that still does not compile is ignored (`null`), like any
 * invalid pattern. Kept local to the phone rules on purpose: the generic field rules own their
 * own copy of the SPEC §5 pattern rule.
 */
export function compilePhonePattern(pattern: string | null | undefined): RegExp | null {
  if (typeof pattern !== 'string' || pattern.trim() === '') return null;
  const source = pattern.startsWith('+') ? `\\+${pattern.slice(1)}` : pattern;
  try {
    return new RegExp(source);
  } catch {
    return null;
  }
}

/**
 * SPEC §5 phone validation. The value is sanitised first (as the field's input does). With no
 * digits the field is empty (a lone plus is no number): PH.ERROR.FIELD_REQUIRED when required,
 * otherwise valid without a pattern check. A value that fails the pattern gives
 * PH.ERROR.FIELD_HAS_ERROR, or `patternMessageKey` when given. The pattern is tested against
 * the sanitised value with its plus, unanchored, as the server's regexp is written.
 */
export function validatePhone(value: string, rules: PhoneRules = {}): Validation {
  const sanitized = sanitizePhoneInput(value).value;
  if (sanitized.replace('+', '') === '') {
    return rules.required === true ? invalid(MESSAGE_KEYS.fieldRequired) : VALID;
  }
  const pattern = compilePhonePattern(rules.pattern);
  if (pattern !== null && !pattern.test(sanitized)) {
    const key = rules.patternMessageKey?.trim();
    return invalid(key === undefined || key === '' ? MESSAGE_KEYS.fieldHasError : key);
  }
  return VALID;
}
