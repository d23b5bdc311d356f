/**
 * SPEC §3 "Form field": the field definitions the server sends in a method detail's
 * `parameters` and a route response's `parameters`. Wire names follow @cashdesk/domain's
 * `ReceivedField` (which chose snake_case names for the properties SPEC §3 shows only in
 * camelCase). `type`, `extended_type` and `data_type` are open text so a kind added later
 * degrades to the defaults instead of failing the whole response.
 *
 * @packageDocumentation
 */
import { DATA_TYPES, EXTENDED_TYPES, FIELD_TYPES } from '@cashdesk/domain';
import * as z from 'zod/mini';
import { Currency } from './common';

/** A number that may also come as text (limits, option values, ids). */
export const WireNumeric = z.union([z.string().check(z.maxLength(64)), z.number()]);

/** SPEC §3: one option of a select field. */
export const FieldOption = z
  .object({
    label: z
      .nullish(z.string().check(z.maxLength(500)))
      .check(z.describe('The text the option shows (a message key or plain text).')),
    value: WireNumeric.check(z.describe('The value the option submits (text or number).')),
    is_selected: z
      .nullish(z.boolean())
      .check(z.describe('Chosen when the form opens; default false.')),
  })
  .check(
    z.meta({
      id: 'FieldOption',
      description:
        'One option of a select field (SPEC §3): label, value (text or number) and is_selected (mapped to selected).',
    }),
  );
/** SPEC §3: a select option. */
export type FieldOption = z.infer<typeof FieldOption>;

/** SPEC §3: month and year pair of `custom_reg_exp` and `validation_keys`. */
export const MonthYear = z
  .object({
    month: z
      .nullish(z.string().check(z.maxLength(500)))
      .check(
        z.describe(
          'For the month part: a pattern (custom_reg_exp) or a message key (validation_keys).',
        ),
      ),
    year: z
      .nullish(z.string().check(z.maxLength(500)))
      .check(
        z.describe(
          'For the year part: a pattern (custom_reg_exp) or a message key (validation_keys).',
        ),
      ),
  })
  .check(
    z.meta({
      id: 'MonthYear',
      description:
        'A month and year pair (SPEC §3 customRegExp and validationKeys of the expiry field).',
    }),
  );
/** The type of {@link MonthYear}. */
export type MonthYear = z.infer<typeof MonthYear>;

/** SPEC §3: limits a field carries. */
export const FieldLimits = z
  .object({
    min: z
      .nullish(WireNumeric)
      .check(z.describe('The smallest value allowed (a decimal string; numbers tolerated).')),
    max: z
      .nullish(WireNumeric)
      .check(z.describe('The largest value allowed (a decimal string; numbers tolerated).')),
  })
  .check(
    z.meta({
      id: 'FieldLimits',
      description:
        'Bounds a field carries (SPEC §3 limits {min, max}); decimal strings (numbers tolerated).',
    }),
  );
/** The type of {@link FieldLimits}. */
export type FieldLimits = z.infer<typeof FieldLimits>;

const fieldShape = {
  name: z
    .string()
    .check(z.minLength(1), z.maxLength(100))
    .check(z.describe("The field's name: the key its value is submitted under.")),
  key: z
    .nullish(z.string().check(z.maxLength(100)))
    .check(z.describe("The field's key, when it differs from name (SPEC §3 key); default name.")),
  type: z
    .nullish(z.string().check(z.maxLength(50)))
    .check(
      z.describe(
        'The kind of control (SPEC §3 field types, default input); an unknown value shows an input.',
      ),
    ),
  extended_type: z
    .nullish(z.string().check(z.maxLength(50)))
    .check(
      z.describe(
        'A refinement of type (SPEC §3 extended types: card number, expiry, CVV, phone, amount, …).',
      ),
    ),
  data_type: z
    .nullish(z.string().check(z.maxLength(20)))
    .check(z.describe("The value's data type (SPEC §3), default String.")),
  regexp: z
    .nullish(z.string().check(z.maxLength(1000)))
    .check(z.describe('A regular expression the value must match.')),
  label: z
    .nullish(z.string().check(z.maxLength(500)))
    .check(z.describe("The field's label: a message key or plain text.")),
  placeholder: z
    .nullish(z.string().check(z.maxLength(500)))
    .check(
      z.describe('The placeholder shown while the field is empty: a message key or plain text.'),
    ),
  placeholder_empty_list: z
    .nullish(z.string().check(z.maxLength(500)))
    .check(z.describe('The placeholder of a select field without options.')),
  placeholder_empty_list_error: z
    .nullish(z.string().check(z.maxLength(500)))
    .check(z.describe('The error shown for a select field without options.')),
  is_required: z
    .nullish(z.boolean())
    .check(z.describe('The field must be filled in; default false.')),
  is_otp_requisites: z
    .nullish(z.boolean())
    .check(
      z.describe("The field's value is confirmed with a one-time code (SPEC §5); default false."),
    ),
  options: z
    .nullish(z.array(FieldOption))
    .check(z.describe('The options of a select field (SPEC §3 options).')),
  user_requisite: z
    .nullish(z.string().check(z.maxLength(500)))
    .check(z.describe("The player's stored value that pre-fills the field (a text value).")),
  validation_msg_key: z
    .nullish(z.string().check(z.maxLength(200)))
    .check(z.describe('The message key shown when the value is invalid.')),
  is_read_only: z
    .nullish(z.boolean())
    .check(z.describe('Shown but not editable (mapped to isDisabled); default false.')),
  items: z
    .nullish(z.array(z.unknown()))
    .check(
      z.describe(
        'SPEC §3 items, passed through untouched: for a routable method (is_routable), its route branches.',
      ),
    ),
  custom_reg_exp: z
    .nullish(MonthYear)
    .check(z.describe('Patterns of the month and year parts of an expiry field.')),
  validation_keys: z
    .nullish(MonthYear)
    .check(z.describe('Message keys for an invalid month and year of an expiry field.')),
  auto_submit: z
    .nullish(z.boolean())
    .check(z.describe('Submits the form as soon as this field is filled in; default false.')),
  currency: z.nullish(Currency).check(z.describe('The currency of an amount field.')),
  decimal: z
    .nullish(z.number().check(z.int(), z.gte(0), z.lte(10)))
    .check(
      z.describe(
        'Decimal digits the value may have (SPEC §5: amount digits, overridable per field).',
      ),
    ),
  flow_type: z
    .nullish(z.string().check(z.maxLength(20)))
    .check(
      z.describe(
        'The flow the field belongs to (deposit or withdrawal), for the messages of an amount field.',
      ),
    ),
  limits: z
    .nullish(FieldLimits)
    .check(z.describe('Bounds of the value (SPEC §3 limits {min, max}).')),
  min: z
    .nullish(WireNumeric)
    .check(z.describe('The smallest value allowed (a decimal string; numbers tolerated).')),
  max: z
    .nullish(WireNumeric)
    .check(z.describe('The largest value allowed (a decimal string; numbers tolerated).')),
  min_length: z
    .nullish(z.number().check(z.int(), z.gte(0)))
    .check(z.describe('The fewest characters the value may have.')),
  max_length: z
    .nullish(z.number().check(z.int(), z.gte(0)))
    .check(z.describe('The most characters the value may have.')),
};

const KNOWN_VALUES = `Known type values: ${FIELD_TYPES.join(', ')}. Known extended_type values: ${EXTENDED_TYPES.join(', ')}. data_type: ${DATA_TYPES.join(', ')}.`;

/** SPEC §3: a deposit form field definition. */
export const FieldDefinition = z.object(fieldShape).check(
  z.meta({
    id: 'FieldDefinition',
    description: `A form field definition (SPEC §3 "Form field"). Wire names for properties the spec shows only in camelCase were chosen in @cashdesk/domain: placeholder, placeholder_empty_list, placeholder_empty_list_error, validation_msg_key, is_read_only (becomes isDisabled), custom_reg_exp, validation_keys, auto_submit, flow_type, min_length, max_length. type defaults to input and data_type to String. ${KNOWN_VALUES} items are passed through untouched (the spec does not show their shape).`,
  }),
);
/** SPEC §3: a field definition. */
export type FieldDefinition = z.infer<typeof FieldDefinition>;

/** SPEC §3: a withdrawal form field definition (adds the payout-account properties). */
export const WithdrawalFieldDefinition = z
  .object({
    ...fieldShape,
    user_requisite_type_id: z
      .nullish(WireNumeric)
      .check(
        z.describe(
          'The kind of payout account the field holds (matching PayoutAccount.requisite_type).',
        ),
      ),
    verify_new_payout_account: z
      .nullish(z.boolean())
      .check(
        z.describe('A new payout account entered here must be confirmed with a one-time code.'),
      ),
  })
  .check(
    z.meta({
      id: 'WithdrawalFieldDefinition',
      description:
        'A withdrawal form field definition (SPEC §3): a FieldDefinition plus user_requisite_type_id (the kind of payout account the field holds, matching PayoutAccount.requisite_type) and verify_new_payout_account (whether a new account entered here must be verified by a one-time code).',
    }),
  );
/** SPEC §3: a withdrawal field definition. */
export type WithdrawalFieldDefinition = z.infer<typeof WithdrawalFieldDefinition>;
