/**
 * Submit payloads of SPEC §3: the form field parameters, the deposit submit body, the payment
 * request payload and the deposit form defaults.
 *
 * Card data is never read from the generic form values: the card number, code, expiry, holder,
 * BIN and saved-card id come only from the already split {@link CardSubmitValues} (built by the
 * card rules) and are written only under the names the payload requires. Values of names that
 * are not field definitions are dropped, so nothing typed into the form travels under an
 * unexpected name.
 *
 * @packageDocumentation
 */
import Big from 'big.js';
import { MESSAGE_KEYS } from '../messages';
import type { RuleError } from '../messages';
import { parseDecimal } from '../money/decimal';
import type { BrowserData } from './browser-data';
import { toIsoDate } from './date-field';
import { CARD_DATA_EXTENDED_TYPES } from './field-enums';
import type { ExtendedType, FieldKind } from './field-enums';
import { AMOUNT_FIELD_NAME } from '../amount/amount-messages';
import {
  CVV_FIELD_NAME,
  EXPIRATION_DATE_FIELD_NAME,
  SAVE_CARD_FIELD_NAME,
  fieldKind,
} from './field-kind';
import type { FieldValue, FormField, FormValues } from './field-types';
import { optional } from './map-field';

/** SPEC §3: which submit the parameters are for; it decides the card field names. */
export type SubmitFlow = 'deposit' | 'checkout';

/** SPEC §3: one submitted parameter value. */
export type PayloadValue = string | boolean;

/** SPEC §3: submitted form field parameters keyed by name. */
export type SubmitParameters = Readonly<Record<string, PayloadValue>>;

/**
 * SPEC §3: the card values of a submit, already split and cleaned by the card rules (digits-only
 * number, two-digit month and year, cleaned holder name).
 */
export interface CardSubmitValues {
  /** The saved card's id; not sent for a new card. */
  readonly cardId?: string | undefined;
  /** Marks a new card even if an id is present (SPEC §4: a selected card without id is new). */
  readonly isNew?: boolean | undefined;
  readonly bin?: string | undefined;
  readonly pan?: string | undefined;
  /** Sent for checkout only. */
  readonly isTokenActive?: boolean | undefined;
  readonly cardholderName?: string | undefined;
  readonly expMonth?: string | undefined;
  readonly expYear?: string | undefined;
  /** Sent as `card_cvv` only when the form has a CVV field. */
  readonly cvv?: string | undefined;
  /** The save-card check box; sent as `save_card` for a new card only. */
  readonly saveCard?: boolean | undefined;
}

/** SPEC §3: what the form field parameters are built from. */
export interface SubmitFieldsInput {
  /** The form's field definitions, in display order. */
  readonly fields: readonly FormField[];
  readonly values: FormValues;
  readonly flow: SubmitFlow;
  readonly card?: CardSubmitValues | undefined;
}

/** SPEC §3: the wire names of the card parameters per flow. */
export const CARD_PARAMETER_NAMES = {
  cardId: 'card_id',
  bin: 'card_bin',
  pan: 'card_pan',
  isTokenActive: 'is_card_token_active',
  cardholderName: 'card_cardholder_name',
  cvv: CVV_FIELD_NAME,
  saveCard: SAVE_CARD_FIELD_NAME,
  expiry: {
    checkout: { month: 'card_exp_month', year: 'card_exp_year' },
    deposit: { month: 'month', year: 'year' },
  },
} as const;

/**
 * SPEC §3 "Submit payload form fields": every name a card form submits besides its own fields:
 * the saved card's id, BIN, number, token flag, holder, CVV, the save flag, the expiry as month
 * and year in both spellings (deposit `month`/`year`, checkout `card_exp_month`/`card_exp_year`)
 * and the combined expirationDate. The server accepts exactly these beside a card form's fields.
 */
export const CARD_SUBMIT_PARAMETER_NAMES: readonly string[] = [
  CARD_PARAMETER_NAMES.cardId,
  CARD_PARAMETER_NAMES.bin,
  CARD_PARAMETER_NAMES.pan,
  CARD_PARAMETER_NAMES.isTokenActive,
  CARD_PARAMETER_NAMES.cardholderName,
  CARD_PARAMETER_NAMES.cvv,
  CARD_PARAMETER_NAMES.saveCard,
  CARD_PARAMETER_NAMES.expiry.deposit.month,
  CARD_PARAMETER_NAMES.expiry.deposit.year,
  CARD_PARAMETER_NAMES.expiry.checkout.month,
  CARD_PARAMETER_NAMES.expiry.checkout.year,
  EXPIRATION_DATE_FIELD_NAME,
];

/**
 * Names that only ever carry card data (or the card's save flag), whatever the definition says:
 * the card parameters but the deposit's plain `month` and `year`, which a form may use for
 * fields of its own.
 */
const CARD_NAMES: ReadonlySet<string> = new Set(
  CARD_SUBMIT_PARAMETER_NAMES.filter(
    (name) =>
      name !== CARD_PARAMETER_NAMES.expiry.deposit.month &&
      name !== CARD_PARAMETER_NAMES.expiry.deposit.year,
  ),
);

const CARD_KINDS: ReadonlySet<FieldKind> = new Set<FieldKind>([
  'cardPan',
  'cardCvv',
  'expirationDate',
]);
const CARD_EXTENDED: ReadonlySet<ExtendedType> = new Set<ExtendedType>(CARD_DATA_EXTENDED_TYPES);

function carriesCardData(field: FormField, kind: FieldKind): boolean {
  return (
    CARD_KINDS.has(kind) ||
    CARD_NAMES.has(field.name) ||
    (field.extendedType !== undefined && CARD_EXTENDED.has(field.extendedType))
  );
}

function payloadValue(value: FieldValue, kind: FieldKind): PayloadValue | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'object') return value.value;
  if (kind === 'date') return toIsoDate(value) ?? undefined;
  return value;
}

function filled(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

function cardParameters(
  card: CardSubmitValues,
  flow: SubmitFlow,
  hasCvvField: boolean,
): [string, PayloadValue][] {
  const names = CARD_PARAMETER_NAMES;
  const cardId = card.isNew === true ? undefined : filled(card.cardId);
  const isNewCard = cardId === undefined;
  const entries: [string, PayloadValue | undefined][] = [
    [names.cardId, cardId],
    [names.bin, filled(card.bin)],
    [names.pan, filled(card.pan)],
    [names.isTokenActive, flow === 'checkout' ? card.isTokenActive : undefined],
    [names.cardholderName, filled(card.cardholderName)],
    [names.expiry[flow].month, filled(card.expMonth)],
    [names.expiry[flow].year, filled(card.expYear)],
    [names.cvv, hasCvvField ? filled(card.cvv) : undefined],
    [names.saveCard, isNewCard ? card.saveCard : undefined],
  ];
  return entries.flatMap(([name, value]) =>
    value === undefined ? [] : [[name, value] satisfies [string, PayloadValue]],
  );
}

/**
 * SPEC §3: the form field parameters of a submit, in field order, then the card fields:
 * - the amount field is left out (it travels beside the parameters);
 * - dates are sent as UTC ISO strings (an unparseable date is left out), selects as their
 *   option's value, check boxes as booleans, texts as typed; a field without a value is left out;
 * - fields carrying card data are never taken from the form values; instead, from `card`:
 *   `card_id` (absent for a new card), `card_bin`, `card_pan`, `is_card_token_active` (checkout
 *   only), `card_cardholder_name` (dropped if empty), the expiry as separate month and year
 *   (`card_exp_month` and `card_exp_year` for checkout, `month` and `year` for deposit) in place
 *   of the combined `expirationDate`, `card_cvv` only if the form has a CVV field, and
 *   `save_card` for a new card.
 */
export function buildSubmitParameters(input: SubmitFieldsInput): SubmitParameters {
  const entries = new Map<string, PayloadValue>();
  let hasCvvField = false;
  for (const field of input.fields) {
    const kind = fieldKind(field);
    if (kind === 'cardCvv') hasCvvField = true;
    if (kind === 'amount' || field.name === AMOUNT_FIELD_NAME || carriesCardData(field, kind)) {
      continue;
    }
    const raw = Object.hasOwn(input.values, field.name) ? input.values[field.name] : undefined;
    const value = payloadValue(raw, kind);
    if (value !== undefined) entries.set(field.name, value);
  }
  if (input.card !== undefined) {
    for (const [name, value] of cardParameters(input.card, input.flow, hasCvvField)) {
      entries.set(name, value);
    }
  }
  return Object.fromEntries(entries);
}

/** SPEC §3: the outcome of building a payload: the payload, or the error that prevents it. */
export type PayloadResult<T> =
  { readonly ok: true; readonly payload: T } | { readonly ok: false; readonly error: RuleError };

function positiveAmount(amount: string): Big | null {
  const parsed = parseDecimal(amount.replace(/\s+/g, ''));
  return parsed !== null && parsed.gt(0) ? parsed : null;
}

const INCORRECT_AMOUNT: RuleError = { key: MESSAGE_KEYS.incorrectAmount };

/** SPEC §3, §7: the deposit submit body (`payments/groups/{payGroupId}/submit`). */
export interface DepositSubmitBody {
  /** Plain decimal text, grouping spaces removed. */
  readonly amount: string;
  readonly fields: SubmitParameters;
  readonly currency: string;
}

/** SPEC §3: what the deposit submit body is built from. */
export interface DepositSubmitInput {
  readonly amount: string;
  readonly currency: string;
  readonly fields: readonly FormField[];
  readonly values: FormValues;
  readonly card?: CardSubmitValues | undefined;
}

/**
 * SPEC §3: the deposit submit body: amount as a decimal string, the form field parameters for
 * the deposit flow, and the currency. An amount that is zero, negative or no number gives
 * `PH.DEPOSIT.ERROR.INCORRECT_AMOUNT` (SPEC §5) and no body.
 */
export function buildDepositSubmitBody(
  input: DepositSubmitInput,
): PayloadResult<DepositSubmitBody> {
  const amount = positiveAmount(input.amount);
  if (amount === null) return { ok: false, error: INCORRECT_AMOUNT };
  const fields = buildSubmitParameters({
    fields: input.fields,
    values: input.values,
    flow: 'deposit',
    card: input.card,
  });
  return { ok: true, payload: { amount: amount.toFixed(), fields, currency: input.currency } };
}

/**
 * SPEC §3: `card_data` of the payment request. The spec names it without a shape; it carries
 * only the saved card's reference here, so the card number and code stay in the parameters.
 */
export interface PaymentCardData {
  readonly card_id: string;
}

/** SPEC §3: the payment request payload (wire names). */
export interface PaymentRequestPayload {
  /** A JSON number, as the spec's wire format has it; built only when exact (see below). */
  readonly amount: number;
  readonly currency: string;
  readonly card_data?: PaymentCardData;
  readonly browser_data: BrowserData;
  readonly parameters: SubmitParameters;
  readonly fingerprint?: string;
  readonly is_new_payout_account?: boolean;
}

/** SPEC §3: what the payment request payload is built from. */
export interface PaymentRequestInput {
  readonly amount: string;
  readonly currency: string;
  readonly fields: readonly FormField[];
  readonly values: FormValues;
  readonly browserData: BrowserData;
  readonly card?: CardSubmitValues | undefined;
  readonly fingerprint?: string | undefined;
  readonly isNewPayoutAccount?: boolean | undefined;
  /** Card field naming of the parameters; default `checkout`. */
  readonly flow?: SubmitFlow | undefined;
}

/**
 * SPEC §3: the payment request payload: amount (number), currency, card_data (a saved card's
 * id only), browser_data, the form field parameters without amount, fingerprint and
 * is_new_payout_account (each only when given).
 *
 * The wire wants the amount as a number, so the decimal is converted only when the number
 * represents it exactly; an amount that is not positive, or that a double cannot hold exactly
 * (more than about 15 significant digits), gives `PH.DEPOSIT.ERROR.INCORRECT_AMOUNT` instead of
 * a silently altered amount.
 */
export function buildPaymentRequestPayload(
  input: PaymentRequestInput,
): PayloadResult<PaymentRequestPayload> {
  const amount = positiveAmount(input.amount);
  const asNumber = amount === null ? Number.NaN : Number(amount.toFixed());
  if (amount === null || !Number.isFinite(asNumber) || !new Big(asNumber).eq(amount)) {
    return { ok: false, error: INCORRECT_AMOUNT };
  }
  const parameters = buildSubmitParameters({
    fields: input.fields,
    values: input.values,
    flow: input.flow ?? 'checkout',
    card: input.card,
  });
  const cardId = parameters[CARD_PARAMETER_NAMES.cardId];
  return {
    ok: true,
    payload: {
      amount: asNumber,
      currency: input.currency,
      ...optional('card_data', typeof cardId === 'string' ? { card_id: cardId } : undefined),
      browser_data: input.browserData,
      parameters,
      ...optional('fingerprint', filled(input.fingerprint)),
      ...optional('is_new_payout_account', input.isNewPayoutAccount),
    },
  };
}

/** SPEC §3: the saved card the deposit form starts from. */
export interface DefaultCard {
  readonly id?: string | undefined;
  readonly cardholderName?: string | undefined;
  readonly expMonth?: string | number | undefined;
  readonly expYear?: string | number | undefined;
}

/** SPEC §3: the deposit form's initial values. */
export interface DepositFormDefaults {
  /** MM/YY of the saved card, or empty. */
  readonly expirationDate: string;
  readonly amount: string;
  readonly card_cardholder_name: string;
  readonly card_cvv: '';
  readonly card_id: string;
  readonly save_card: false;
  readonly card_pan: '';
}

/**
 * SPEC §3, §5: the MM/YY text of a month (1-12, one or two digits) and a year (two or four
 * digits); empty when either is not such a value.
 */
export function formatExpiry(
  month: string | number | undefined,
  year: string | number | undefined,
): string {
  const monthText = month === undefined ? '' : String(month).trim();
  const yearText = year === undefined ? '' : String(year).trim();
  if (!/^(0?[1-9]|1[0-2])$/.test(monthText) || !/^(\d{2}|\d{4})$/.test(yearText)) return '';
  return `${monthText.padStart(2, '0')}/${yearText.slice(-2)}`;
}

/**
 * SPEC §3: the deposit form defaults: expirationDate as MM/YY from the saved card, the amount,
 * the cardholder name, an empty CVV, the saved card's id, save_card and an empty card number. The
 * CVV and card number always start empty: they are never pre-filled.
 *
 * save_card starts unticked, where SPEC §3 lists it true: keeping a card for later payments needs
 * the player's agreement, and a box ticked in advance is no agreement (the card schemes' rules on
 * stored credentials ask for the cardholder's consent; EU consent law holds that a pre-ticked box
 * gives none). The player ticks it to save the card.
 */
export function depositFormDefaults(amount: string, card: DefaultCard = {}): DepositFormDefaults {
  return {
    expirationDate: formatExpiry(card.expMonth, card.expYear),
    amount,
    card_cardholder_name: card.cardholderName ?? '',
    card_cvv: '',
    card_id: card.id ?? '',
    save_card: false,
    card_pan: '',
  };
}
