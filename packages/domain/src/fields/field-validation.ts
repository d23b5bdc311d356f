/**
 * Generic field validation of SPEC §5 "Generic fields": required, min, max, minLength,
 * maxLength and pattern, plus the data-type and postal-code rules.
 *
 * @packageDocumentation
 */
import type Big from 'big.js';
import { POSTAL_CODE_MIN_LENGTH } from '../constants';
import { MESSAGE_KEYS, VALID } from '../messages';
import type { RuleError, Validation } from '../messages';
import { parseDecimal } from '../money/decimal';
import { INVALID_DATE_ERROR, toIsoDate } from './date-field';
import type { DataType, FieldKind } from './field-enums';
import { fieldKind } from './field-kind';
import { DEFAULT_INVALID_PATTERN_POLICY, matchesFieldPattern } from './field-pattern';
import type { InvalidPatternPolicy } from './field-pattern';
import type { FieldValue, FormField } from './field-types';
import { optional } from './map-field';

/** SPEC §5: a rule's bound, optionally with the rule's own message (shown as-is). */
export type RuleSpec<T> = T | { readonly value: T; readonly message: string };

/**
 * SPEC §5: the rules one value is checked against. Bounds `min` and `max` are decimal strings;
 * `patternMessageKey` is the custom message key of a failed pattern (the field's
 * `validationMsgKey`), which takes precedence over `PH.ERROR.FIELD_HAS_ERROR`.
 */
export interface FieldRules {
  readonly required?: RuleSpec<boolean>;
  readonly dataType?: DataType;
  readonly min?: RuleSpec<string>;
  readonly max?: RuleSpec<string>;
  readonly minLength?: RuleSpec<number>;
  readonly maxLength?: RuleSpec<number>;
  readonly pattern?: RuleSpec<string>;
  readonly patternMessageKey?: string;
}

/** SPEC §5: options of generic validation. */
export interface FieldValidationOptions {
  /** What an invalid server pattern does; default `pass` (see {@link DEFAULT_INVALID_PATTERN_POLICY}). */
  readonly invalidPattern?: InvalidPatternPolicy;
  /** Which fields are postal codes; default {@link isPostalCodeField}. */
  readonly isPostalCode?: (field: Pick<FormField, 'name' | 'key'>) => boolean;
}

function ruleValue<T>(spec: RuleSpec<T> | undefined): T | undefined {
  if (spec === undefined) return undefined;
  return typeof spec === 'object' && spec !== null && 'value' in spec ? spec.value : spec;
}

function ruleMessage<T>(spec: RuleSpec<T> | undefined): string | undefined {
  return typeof spec === 'object' && spec !== null && 'message' in spec ? spec.message : undefined;
}

function failure(
  key: string,
  message: string | undefined,
  params?: Readonly<Record<string, string>>,
): Validation {
  const error: RuleError = {
    key,
    ...optional('params', params),
    ...optional('message', message),
  };
  return { valid: false, error };
}

/**
 * SPEC §5: whether a value counts as missing for the required rule: nothing, text (or a select
 * option's value) that is empty after trimming, or an unticked check box.
 */
export function isEmptyValue(value: FieldValue): boolean {
  if (value === null || value === undefined || value === false) return true;
  if (value === true) return false;
  // A select is empty when its option's value is.
  return (typeof value === 'string' ? value : value.value).trim() === '';
}

const INTEGER_TEXT = /^[+-]?\d+$/;

/** Number text without the space grouping of SPEC §9 ("1 000.50" is 1000.50). */
function numberText(text: string): string {
  return text.replace(/\s+/g, '');
}

function numericValue(text: string, dataType: DataType | undefined): Big | null {
  const compact = numberText(text);
  if (dataType === 'Integer' && !INTEGER_TEXT.test(compact)) return null;
  return parseDecimal(compact);
}

function checkBound(
  value: Big | null,
  spec: RuleSpec<string> | undefined,
  side: 'min' | 'max',
): Validation {
  const bound = parseDecimal(ruleValue(spec));
  if (bound === null) return VALID;
  const outside = value === null || (side === 'min' ? value.lt(bound) : value.gt(bound));
  return outside
    ? failure(MESSAGE_KEYS.fieldHasError, ruleMessage(spec), { [side]: bound.toFixed() })
    : VALID;
}

function checkLength(
  text: string,
  spec: RuleSpec<number> | undefined,
  side: 'minLength' | 'maxLength',
): Validation {
  const bound = ruleValue(spec);
  if (bound === undefined || !Number.isFinite(bound)) return VALID;
  // A minimum is met by content, not padding; a maximum counts what would be sent. Lengths are
  // UTF-16 units, as the input element's own maxlength counts them.
  const length = (side === 'minLength' ? text.trim() : text).length;
  const outside = side === 'minLength' ? length < bound : length > bound;
  return outside
    ? failure(MESSAGE_KEYS.fieldHasError, ruleMessage(spec), { [side]: String(bound) })
    : VALID;
}

/**
 * SPEC §5: checks one value against generic rules, in this order: required
 * (`PH.ERROR.FIELD_REQUIRED`); then, only for a non-empty text, data type, min, max, minLength,
 * maxLength and pattern (each `PH.ERROR.FIELD_HAS_ERROR`; a failed pattern uses
 * `patternMessageKey` when given). A rule given with its own message puts that message in
 * `RuleError.message`, shown as-is.
 *
 * Numbers: `Float` and `Integer` values must be decimal numbers (space grouping allowed, no
 * exponent); `Integer` refuses any fraction, even `10.0`, because the server parses it as an
 * integer. `min` and `max` compare with big.js and, when set, refuse a value that is not a number
 * whatever the data type. A bound that is not a number is ignored. An empty value that is not
 * required is valid; a boolean or an option is only checked for required.
 */
export function validateValue(
  value: FieldValue,
  rules: FieldRules,
  options: FieldValidationOptions = {},
): Validation {
  if (isEmptyValue(value)) {
    return ruleValue(rules.required) === true
      ? failure(MESSAGE_KEYS.fieldRequired, ruleMessage(rules.required))
      : VALID;
  }
  const text = typeof value === 'string' ? value : null;
  if (text === null) return VALID;

  const numeric = numericValue(text, rules.dataType);
  const needsNumber = rules.dataType === 'Float' || rules.dataType === 'Integer';
  if (needsNumber && numeric === null) return failure(MESSAGE_KEYS.fieldHasError, undefined);

  const checks = [
    () => checkBound(numeric, rules.min, 'min'),
    () => checkBound(numeric, rules.max, 'max'),
    () => checkLength(text, rules.minLength, 'minLength'),
    () => checkLength(text, rules.maxLength, 'maxLength'),
    () => checkPattern(text, rules, options.invalidPattern ?? DEFAULT_INVALID_PATTERN_POLICY),
  ];
  for (const check of checks) {
    const outcome = check();
    if (!outcome.valid) return outcome;
  }
  return VALID;
}

function checkPattern(
  text: string,
  rules: FieldRules,
  onInvalid: InvalidPatternPolicy,
): Validation {
  const pattern = ruleValue(rules.pattern);
  if (pattern === undefined || matchesFieldPattern(pattern, text, onInvalid)) {
    return VALID;
  }
  return failure(rules.patternMessageKey ?? MESSAGE_KEYS.fieldHasError, ruleMessage(rules.pattern));
}

const POSTAL_CODE_NAME = /postal|post_?code|zip/i;

/**
 * SPEC §5: whether a field is a postal code, by its name or key (`postal_code`, `postcode`,
 * `zip`, `billing_zip_code`...). The spec does not say how a postal code is recognised; pass
 * your own predicate in {@link FieldValidationOptions} to change it.
 */
export function isPostalCodeField(field: Pick<FormField, 'name' | 'key'>): boolean {
  return POSTAL_CODE_NAME.test(field.name) || POSTAL_CODE_NAME.test(field.key);
}

/**
 * SPEC §5: the generic rules of a mapped field: required, data type, min, max, minLength,
 * maxLength and pattern from the definition, with `validationMsgKey` as the custom pattern
 * message. A postal code gets a minimum length of at least 3.
 */
export function fieldRules(field: FormField, options: FieldValidationOptions = {}): FieldRules {
  const isPostalCode = options.isPostalCode ?? isPostalCodeField;
  const minLength = isPostalCode(field)
    ? Math.max(field.minLength ?? 0, POSTAL_CODE_MIN_LENGTH)
    : field.minLength;
  return {
    required: field.isRequired,
    dataType: field.dataType,
    ...optional('min', field.min),
    ...optional('max', field.max),
    ...optional('minLength', minLength),
    ...optional('maxLength', field.maxLength),
    ...optional('pattern', field.regexp),
    ...optional('patternMessageKey', field.validationMsgKey),
  };
}

/** Kinds whose value is chosen, not typed: only the required rule applies to them. */
const CHOSEN_VALUE_KINDS: ReadonlySet<FieldKind> = new Set<FieldKind>([
  'select',
  'check',
  'checkbox',
  'card',
  'betShop',
  'file_upload',
]);

/**
 * SPEC §5: validates one field's value by the generic rules. Selects, check boxes, saved or
 * payout cards, bet shops and uploads are only checked for required. A date must be empty or a
 * date (`Invalid date` otherwise), its pattern and lengths do not apply to the stored ISO text.
 * Card, amount and phone rules of their own areas are not applied here.
 */
export function validateField(
  field: FormField,
  value: FieldValue,
  options: FieldValidationOptions = {},
): Validation {
  const kind = fieldKind(field);
  if (CHOSEN_VALUE_KINDS.has(kind)) {
    return validateValue(value, { required: field.isRequired }, options);
  }
  if (kind === 'date') {
    const required = validateValue(value, { required: field.isRequired }, options);
    if (!required.valid || isEmptyValue(value)) return required;
    return typeof value === 'string' && toIsoDate(value) !== null
      ? VALID
      : { valid: false, error: INVALID_DATE_ERROR };
  }
  return validateValue(value, fieldRules(field, options), options);
}
