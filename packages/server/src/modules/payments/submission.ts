/**
 * What deposit and withdrawal submits share before anything is written, so both
 * run one submission pipeline: the submitted values, the one spelling of `error_field`
 * (`body.amount`, `body.parameters.<name>`, `body.card_data.card_id`), the refusal of parameter
 * names the form does not have, the amount check by the domain's rule, and the player and the
 * bet shop as the provider's input names them.
 *
 * @packageDocumentation
 */
import Big from 'big.js';
import {
  CARD_PARAMETER_NAMES,
  CARD_SUBMIT_PARAMETER_NAMES,
  MESSAGE_KEYS,
  bonusForPayGroup,
  decimalPlaces,
  fieldKind,
  parseDecimal,
  paymentCharges,
  userBonusesByPayGroups,
  validateAmount,
  validateSubmittedForm,
} from '@cashdesk/domain';
import type {
  FormField,
  PaymentCharges,
  PaymentFlow,
  RuleError,
  SubmitRuleContext,
} from '@cashdesk/domain';
import type { SubmitRequest } from '@cashdesk/contract';
import { ApiError } from '../../http/api-error';
import type { BetShopRef, CustomerInput } from '../../providers';
import type { Payer } from './payer';
import type { SessionPayGroup } from '../cashier';
import type { SessionContext } from '../../http/sessions';
import { allFieldNames } from './route-fields';
import type { WireField } from './route-fields';

/** A submitted form value. */
export type SubmittedValue = string | boolean;

/** Submitted form values by field name. */
export type Submitted = Readonly<Record<string, SubmittedValue>>;

/**
 * SPEC §5: the fields of a form by the domain's submit rules, the table the widget checks the
 * same form with before it submits (validateSubmittedForm: the generic rules, phone, cardholder
 * name, card number, CVV, expiry, amount by field kind).
 *
 * @throws {ApiError} invalidField naming the first invalid field with the rule's message key.
 */
export function checkFields(
  fields: readonly FormField[],
  values: Submitted,
  context: SubmitRuleContext,
): void {
  const result = validateSubmittedForm(fields, values, context);
  if (result.valid || result.firstInvalidField === null) return;
  const name = result.firstInvalidField;
  throw fieldError(name, result.errors[name] ?? { key: MESSAGE_KEYS.fieldHasError }, 'form field');
}

/**
 * SPEC §5: the charges of a payment by the domain's one rule (paymentCharges): the merchant user
 * fee the player pays and the method fee the operator absorbs (docs/fees.md), the brand's tax
 * tiers of the flow and, for a deposit, the player's bonus for this pay group (its own, else the
 * general one). The tiers and the bonuses are the payer's (payer.ts loadPayerOf), read with the
 * rest of what the submit reads.
 *
 * @throws {ApiError} invalidAmount on `body.amount` for a withdrawal whose fee and tax leave the
 *   player nothing.
 */
export function chargesOf(
  payer: Pick<Payer, 'entry' | 'taxTiers' | 'bonuses' | 'lostProfit'>,
  flow: PaymentFlow,
  amount: string,
): PaymentCharges {
  const { entry } = payer;
  const offer = bonusForPayGroup(userBonusesByPayGroups(payer.bonuses), entry.group.id);
  const charges = paymentCharges({
    flow,
    amount,
    precision: entry.currency.precision,
    fee: entry.limits.fee,
    merchantUserFee: {
      percentage: entry.group.merchantFeePercentage,
      fix: entry.group.merchantFeeFix,
    },
    taxTiers: payer.taxTiers,
    bonus: offer?.info ?? null,
    // The lost-profit bonus the ribbon advertises is paid on its pay group's deposits (0116).
    lostProfitTiers: payer.lostProfit?.pay_group === entry.group.id ? payer.lostProfit.tiers : null,
  });
  if (charges === null) {
    throw new ApiError('invalidAmount', { field: AMOUNT_ERROR_FIELD, detail: 'no charges' });
  }
  // docs/fees.md: a withdrawal whose fee (and tax) take the whole amount pays the player nothing
  // or less: refused, never sent to the provider.
  if (flow === 'withdrawal' && !new Big(charges.net).gt(0)) {
    throw new ApiError('invalidAmount', {
      field: AMOUNT_ERROR_FIELD,
      detail: 'the fee takes the whole amount',
    });
  }
  return charges;
}

/**
 * What every payment's transaction records of where it was made and what it moves: the session's
 * player and brand, the pay group, the flow, the amount in the session currency, the method
 * kind, and the fee the player pays (never the method fee: docs/fees.md) and tax of the charges.
 */
export function transactionBase(
  session: SessionContext,
  entry: SessionPayGroup,
  flow: PaymentFlow,
  amount: string,
  charges: Pick<PaymentCharges, 'fee' | 'tax'>,
) {
  return {
    playerId: session.playerId,
    brandId: session.brandId,
    sessionId: session.sessionId,
    payGroupId: entry.group.id,
    flow,
    amount,
    currency: entry.currency.alpha3,
    providerKind: entry.group.providerKind,
    // Resolved to a configured connector when the payment is submitted (pipeline.ts).
    connector: entry.group.connector,
    fee: charges.fee,
    tax: charges.tax,
  };
}

/** The player as the provider's risk checks see them (PaymentProvider CustomerInput). */
export function customerOf(player: {
  readonly id: string;
  readonly country: string | null;
  readonly email: string | null;
  readonly phone: string | null;
}): CustomerInput {
  return {
    playerId: player.id,
    country: player.country ?? '',
    ...(player.email === null ? {} : { email: player.email }),
    ...(player.phone === null ? {} : { phone: player.phone }),
  };
}

/** A bet shop reference for the provider (DepositInput.betShop, PayoutDestination). */
export function betShopRef(shop: { id: number; name: string }): BetShopRef {
  return { id: String(shop.id), name: shop.name };
}

/** The `error_field` of the amount. */
export const AMOUNT_ERROR_FIELD = 'body.amount';

/** The `error_field` of a saved card chosen by id. */
export const CARD_ID_ERROR_FIELD = 'body.card_data.card_id';

/** The `error_field` of a form value. */
export function parameterField(name: string): string {
  return `body.parameters.${name}`;
}

/** The submitted values: `fields` (deposit submit body) merged with `parameters` (winning). */
export function submittedValues(body: SubmitRequest): Record<string, SubmittedValue> {
  return { ...(body.fields ?? {}), ...(body.parameters ?? {}) };
}

/** The text of a submitted value (`undefined` for a flag or nothing). */
export function textOf(values: Submitted, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

/** invalidField for a form value that fails a rule, with the rule's message key. */
export function fieldError(name: string, error: RuleError, detail: string): ApiError {
  return new ApiError('invalidField', {
    field: parameterField(name),
    messageKey: error.key,
    detail,
  });
}

/**
 * Names that carry card data in a submit: never stored, never validated as generic fields. The
 * card parameters of the domain without the saved card's id and the save flag.
 */
export const CARD_DATA_NAMES: ReadonlySet<string> = new Set(
  CARD_SUBMIT_PARAMETER_NAMES.filter(
    (name) => name !== CARD_PARAMETER_NAMES.cardId && name !== CARD_PARAMETER_NAMES.saveCard,
  ),
);

/** Whether a field definition is part of the card block (validated by the card rules). */
export function isCardField(field: FormField): boolean {
  const kind = fieldKind(field);
  return (
    kind === 'cardPan' ||
    kind === 'cardCvv' ||
    kind === 'expirationDate' ||
    kind === 'card' ||
    CARD_DATA_NAMES.has(field.name) ||
    field.name === CARD_PARAMETER_NAMES.cardId
  );
}

/** A saved payout account chosen by its id (SPEC §2 payout entry). */
export const REQUISITE_ID_PARAMETER = 'requisite_id';

/**
 * Refuses a submitted name that is neither a field of the form (or of one of its route branches)
 * nor a card or payout-account parameter the flow takes: a stray name is a client's mistake or a
 * probe, and it must not be stored with the transaction.
 *
 * @throws {ApiError} invalidField naming `body.parameters.<name>`.
 */
export function assertKnownParameters(
  flow: PaymentFlow,
  fields: readonly WireField[],
  values: Submitted,
): void {
  const known = allFieldNames(fields);
  const extra = flow === 'deposit' ? CARD_SUBMIT_PARAMETER_NAMES : [REQUISITE_ID_PARAMETER];
  for (const name of Object.keys(values)) {
    if (!known.has(name) && !extra.includes(name)) {
      throw new ApiError('invalidField', {
        field: parameterField(name),
        detail: 'not a field of this payment method',
      });
    }
  }
}

/**
 * SPEC §5: the amount against the pay group's limits and pattern, the currency precision and, for
 * a withdrawal, the balance (domain validateAmount), with one error spelling for both flows.
 *
 * @returns the amount as plain decimal text ("10.5").
 * @throws {ApiError} insufficientBalance (1206) for the withdrawal balance rule, invalidAmount
 *   (1010) for the others, each naming `body.amount` with the domain's message key.
 */
export function checkAmount(
  amount: string,
  entry: SessionPayGroup,
  flow: PaymentFlow,
  balance?: string,
): string {
  const { limits, currency, group } = entry;
  const value = parseDecimal(amount);
  // Trailing zeros are no extra precision: "10.50" is fine for EUR, "10.505" is not.
  if (value === null || decimalPlaces(value) > currency.precision) {
    throw new ApiError('invalidAmount', {
      field: AMOUNT_ERROR_FIELD,
      detail: `amount has more than ${String(currency.precision)} decimals`,
    });
  }
  const result = validateAmount(amount, {
    flowType: flow,
    limits: { min: limits.minAmount, max: limits.maxAmount },
    ...(flow === 'withdrawal' ? { balance: balance ?? '0' } : {}),
    pattern: group.amountRegExpFe,
    currency: currency.alpha3,
    precision: currency.precision,
  });
  if (!result.valid) {
    throw new ApiError(result.kind === 'balance' ? 'insufficientBalance' : 'invalidAmount', {
      field: AMOUNT_ERROR_FIELD,
      messageKey: result.error.key,
      detail: `${flow} amount refused (${result.kind})`,
    });
  }
  return value.toFixed();
}
