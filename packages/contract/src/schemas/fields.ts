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
    label: z.nullish(z.string().check(z.maxLength(500))),
    value: WireNumeric,
    is_selected: z.nullish(z.boolean()),
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
    month: z.nullish(z.string().check(z.maxLength(500))),
    year: z.nullish(z.string().check(z.maxLength(500))),
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
    min: z.nullish(WireNumeric),
    max: z.nullish(WireNumeric),
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
  name: z.string().check(z.minLength(1), z.maxLength(100)),
  key: z.nullish(z.string().check(z.maxLength(100))),
  type: z.nullish(z.string().check(z.maxLength(50))),
  extended_type: z.nullish(z.string().check(z.maxLength(50))),
  data_type: z.nullish(z.string().check(z.maxLength(20))),
  regexp: z.nullish(z.string().check(z.maxLength(1000))),
  label: z.nullish(z.string().check(z.maxLength(500))),
  placeholder: z.nullish(z.string().check(z.maxLength(500))),
  placeholder_empty_list: z.nullish(z.string().check(z.maxLength(500))),
  placeholder_empty_list_error: z.nullish(z.string().check(z.maxLength(500))),
  is_required: z.nullish(z.boolean()),
  is_otp_requisites: z.nullish(z.boolean()),
  options: z.nullish(z.array(FieldOption)),
  user_requisite: z.nullish(z.string().check(z.maxLength(500))),
  validation_msg_key: z.nullish(z.string().check(z.maxLength(200))),
  is_read_only: z.nullish(z.boolean()),
  items: z.nullish(z.array(z.unknown())),
  custom_reg_exp: z.nullish(MonthYear),
  validation_keys: z.nullish(MonthYear),
  auto_submit: z.nullish(z.boolean()),
  currency: z.nullish(Currency),
  decimal: z.nullish(z.number().check(z.int(), z.gte(0), z.lte(10))),
  flow_type: z.nullish(z.string().check(z.maxLength(20))),
  limits: z.nullish(FieldLimits),
  min: z.nullish(WireNumeric),
  max: z.nullish(WireNumeric),
  min_length: z.nullish(z.number().check(z.int(), z.gte(0))),
  max_length: z.nullish(z.number().check(z.int(), z.gte(0))),
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
    user_requisite_type_id: z.nullish(WireNumeric),
    verify_new_payout_account: z.nullish(z.boolean()),
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
