/**
 * Whole-form validation (SPEC §4 auto-submit "the form is validated", SPEC §5 rules).
 *
 * @packageDocumentation
 */
import type { RuleError, Validation } from '../messages';
import type { FieldKind } from './field-enums';
import { fieldKind } from './field-kind';
import type { FieldValue, FormField, FormValues } from './field-types';
import { validateField } from './field-validation';
import type { FieldValidationOptions } from './field-validation';

/** SPEC §5: a rule for one field kind, supplied by its own area (card, amount, phone rules). */
export type FieldValidator = (field: FormField, value: FieldValue) => Validation;

/** SPEC §5: options of {@link validateForm}. */
export interface FormValidationOptions extends FieldValidationOptions {
  /**
   * Validators that replace the generic rules for a kind, e.g. the card number, CVV, expiry,
   * amount and phone rules. Kinds without one get {@link validateField}.
   */
  readonly validators?: Readonly<Partial<Record<FieldKind, FieldValidator>>>;
}

/** SPEC §5: the outcome of validating a whole form. */
export interface FormValidation {
  readonly valid: boolean;
  /** Errors keyed by field name; only invalid fields appear. */
  readonly errors: Readonly<Record<string, RuleError>>;
  /** The first invalid field in field order (the widget focuses it); `null` when valid. */
  readonly firstInvalidField: string | null;
}

/**
 * SPEC §5: one field's rule within a form: the validator its kind is given in `options`, else
 * the generic rules ({@link validateField}).
 */
export function validateFormField(
  field: FormField,
  value: FieldValue,
  options: FormValidationOptions = {},
): Validation {
  const custom = options.validators?.[fieldKind(field)];
  return custom === undefined ? validateField(field, value, options) : custom(field, value);
}

/**
 * SPEC §4, §5: validates every field of a form, in field order, and reports each field's error
 * and the first invalid field. `info` fields hold no input and are skipped. Disabled fields are
 * validated too: their value is submitted, and the server would refuse it anyway. When two
 * definitions share a name the first error is kept.
 */
export function validateForm(
  fields: readonly FormField[],
  values: FormValues,
  options: FormValidationOptions = {},
): FormValidation {
  const errors = new Map<string, RuleError>();
  for (const field of fields) {
    if (field.type === 'info' || errors.has(field.name)) continue;
    const value = Object.hasOwn(values, field.name) ? values[field.name] : undefined;
    const outcome = validateFormField(field, value, options);
    if (!outcome.valid) errors.set(field.name, outcome.error);
  }
  const [first] = errors.keys();
  return {
    valid: errors.size === 0,
    errors: Object.fromEntries(errors),
    firstInvalidField: first ?? null,
  };
}
