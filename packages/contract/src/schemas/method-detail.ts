/**
 * SPEC §3 "Method detail": the answer of `payments/groups/{payGroupId}/select` and
 * `payouts/groups/{payGroupId}/select` (SPEC §7), and the select request.
 *
 * @packageDocumentation
 */
import * as z from 'zod/mini';
import { CONTACT_TYPES, Currency, Decimal, DateTime, OpaqueId, Url } from './common';
import { FieldDefinition, WithdrawalFieldDefinition } from './fields';
import { FeePercent, MerchantUserFee } from './pay-group';
import { ViewData } from './cashier';

/** SPEC §7: the select request body. */
export const SelectRequest = z.object({ currency: Currency }).check(
  z.meta({
    id: 'SelectRequest',
    description:
      'Body of payments/groups/{payGroupId}/select and payouts/groups/{payGroupId}/select (SPEC §7): the currency the player pays or withdraws in.',
  }),
);
/** SPEC §7: select request. */
export type SelectRequest = z.infer<typeof SelectRequest>;

/** SPEC §3: method detail limits. */
export const MethodLimits = z
  .object({
    min_amount: z.nullish(Decimal),
    max_amount: z.nullish(Decimal),
    max_recurring_amount: z.nullish(Decimal),
  })
  .check(
    z.meta({
      id: 'MethodLimits',
      description:
        'Amount limits of a method in the selected currency (SPEC §3 method detail limits); above max_recurring_amount a saved-card payment needs its CVV (SPEC §5). A missing or null bound is not set.',
    }),
  );
/** SPEC §3: method limits. */
export type MethodLimits = z.infer<typeof MethodLimits>;

/** SPEC §4 "Workflow types" as wire values. */
export const WORKFLOW_TYPES = ['form', 'host_to_host', 'display_form'] as const;

/** A working-hours slot of a bet shop (designed). */
export const WorkingHours = z
  .object({
    day: z.number().check(z.int(), z.gte(1), z.lte(7)),
    opens: z.string().check(z.regex(/^(?:[01][0-9]|2[0-3]):[0-5][0-9]$/, 'HH:MM')),
    closes: z.string().check(z.regex(/^(?:[01][0-9]|2[0-4]):[0-5][0-9]$/, 'HH:MM')),
  })
  .check(
    z.meta({
      id: 'WorkingHours',
      description:
        'Opening hours of a bet shop on one ISO weekday (1 Monday ... 7 Sunday), local shop time HH:MM (designed).',
    }),
  );
/** The type of {@link WorkingHours}. */
export type WorkingHours = z.infer<typeof WorkingHours>;

/** A betting shop for cash deposits and pick-ups (designed). */
export const BetShop = z
  .object({
    id: OpaqueId,
    name: z.string().check(z.minLength(1), z.maxLength(200)),
    address: z.string().check(z.maxLength(500)),
    city: z.string().check(z.maxLength(100)),
    working_hours: z.array(WorkingHours),
  })
  .check(
    z.meta({
      id: 'BetShop',
      description:
        'A betting shop where the player pays in or picks up cash (SPEC §1, §2 bet-shop picker: title, selected shop label and working hours; shape designed). A bet_shop field (extended_type bet_shop) submits the shop id as its value.',
    }),
  );
/** A bet shop. */
export type BetShop = z.infer<typeof BetShop>;

const detailShape = {
  currency: Currency,
  limits: MethodLimits,
  amount_blocks: z.array(Decimal),
  experiment_amount_blocks: z.nullish(z.array(Decimal)),
  preselected_amount_block: z.nullish(Decimal),
  view_data: ViewData,
  processing_currency: z.nullish(Currency),
  show_processing_currency: z.nullish(z.boolean()),
  processing_currency_rate: z.nullish(Decimal),
  amount_reg_exp_fe: z.nullish(z.string().check(z.maxLength(500))),
  auto_submit: z.nullish(z.boolean()),
  preset_behavior: z.nullish(z.string().check(z.maxLength(50))),
  preset_amount: z.nullish(Decimal),
  preset_currency: z.nullish(Currency),
  allow_preset_amount: z.nullish(z.boolean()),
  merchant_user_fee: z.nullish(MerchantUserFee),
  processing_time_translation_key: z.nullish(z.string().check(z.maxLength(200))),
  workflow_type: z.nullish(z.enum(WORKFLOW_TYPES)),
  info: z.nullish(z.string().check(z.maxLength(2048))),
  fee: z.nullish(FeePercent),
  is_routable: z.nullish(z.boolean()),
  bet_shops: z.optional(z.array(BetShop)),
};

const DETAIL_NOTES =
  'amount_blocks are the default amount buttons; experiment_amount_blocks (designed) replace them only if every block lies within the limits, and preselected_amount_block (designed) is the block chosen at start (SPEC §5 default amount). workflow_type: host_to_host opens checkout, display_form the display form, form (or absent) the ordinary form (SPEC §4). preset_behavior "autosubmit" or auto_submit submits at once. processing_currency and processing_currency_rate convert the amount for display. is_routable means the form calls route to get more fields (SPEC §7). bet_shops (designed) lists the shops of a bet_shop field.';

/** SPEC §3 "Method detail" of a deposit method. */
export const DepositMethodDetail = z
  .object({
    ...detailShape,
    parameters: z.array(FieldDefinition),
    native_pay_data: z.nullish(z.string().check(z.maxLength(8192))),
  })
  .check(
    z.meta({
      id: 'DepositMethodDetail',
      description: `Method detail of a deposit pay group (SPEC §3 "Method detail", §7 POST payments/groups/{payGroupId}/select): limits, amount blocks, the form fields (parameters) and display settings. ${DETAIL_NOTES} native_pay_data (designed) is, for an Apple Pay or Google Pay pay group, the JSON text of the payment method data its connector asks the Payment Request API for (merchant and gateway of the wallet); absent when the connector offers none, and the wallet cannot then be paid.`,
    }),
  );
/** SPEC §3: deposit method detail. */
export type DepositMethodDetail = z.infer<typeof DepositMethodDetail>;

/** SPEC §3 enumerations: email or phone. */
export const ContactType = z.enum(CONTACT_TYPES);
/** The type of {@link ContactType}. */
export type ContactType = z.infer<typeof ContactType>;

/** A trusted contact a payout account can be confirmed through (designed). */
export const TrustedContact = z
  .object({
    contact_type: ContactType,
    masked_contact: z.string().check(z.minLength(1), z.maxLength(200)),
  })
  .check(
    z.meta({
      id: 'TrustedContact',
      description:
        'A contact the one-time code can be sent to when verifying a payout account (SPEC §2 payout verification "choose a contact for confirmation"; shape designed): its kind and a masked form such as "j***@example.com" or "+3569****456".',
    }),
  );
/** The type of {@link TrustedContact}. */
export type TrustedContact = z.infer<typeof TrustedContact>;

/** A payout account (requisite) of the player (designed). */
export const PayoutAccount = z
  .object({
    id: OpaqueId,
    label: z.string().check(z.maxLength(200)),
    masked: z.string().check(z.minLength(1), z.maxLength(100)),
    verified: z.boolean(),
    requisite_type: z.string().check(z.minLength(1), z.maxLength(50)),
  })
  .check(
    z.meta({
      id: 'PayoutAccount',
      description:
        'A payout account (requisite) the player has saved (SPEC §2 payout entry: account select; shape designed): id (the requisite id, submitted as the account field value), label, masked number such as "DE89 **** 3000", verified (confirmed by a one-time code) and requisite_type, which equals the user_requisite_type_id of the withdrawal field that lists it (as text). Never carries a full card number.',
    }),
  );
/** A payout account. */
export type PayoutAccount = z.infer<typeof PayoutAccount>;

/** SPEC §3 "Method detail" of a withdrawal method, with the withdrawal additions. */
export const PayoutMethodDetail = z
  .object({
    ...detailShape,
    parameters: z.array(WithdrawalFieldDefinition),
    payout_account_verification_blocked: z.boolean(),
    payout_account_verification_blocked_until: z.nullable(DateTime),
    support_url: z.nullable(Url),
    trusted_contacts: z.array(TrustedContact),
    allow_new_payout_account: z.boolean(),
    payout_accounts: z.array(PayoutAccount),
  })
  .check(
    z.meta({
      id: 'PayoutMethodDetail',
      description: `Method detail of a withdrawal pay group (SPEC §3 "Method detail" with the withdrawal additions, §7 POST payouts/groups/{payGroupId}/select; the spec does not show this path, the deposit shape is mirrored). payout_account_verification_blocked(_until) sends the player to /account-management-blocked (SPEC §4); trusted_contacts are where a one-time code can go; allow_new_payout_account allows adding an account. payout_accounts (designed) fill the account select. ${DETAIL_NOTES}`,
    }),
  );
/** SPEC §3: withdrawal method detail. */
export type PayoutMethodDetail = z.infer<typeof PayoutMethodDetail>;
