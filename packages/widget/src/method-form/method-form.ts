/**
 * The method page's form, as pure functions over the domain's rules (SPEC §3 method detail, form
 * field, generated amount and CVV fields, deposit form defaults; §4 card form variants, workflow
 * and auto-submit; §5 validation): which fields the page shows and in what order, what they
 * start with, how each is validated, and the submit body. React code only calls these. The
 * deposit and the withdrawal method pages share it: the flow decides the amount rules (the
 * withdrawal's balance rule, SPEC §5) and whether a card form takes a new card (deposits only).
 *
 * @packageDocumentation
 */
import type { DepositMethodDetail, PayoutMethodDetail, SavedCardWire } from '@cashdesk/contract';
import {
  AMOUNT_FIELD_NAME,
  CARD_PARAMETER_NAMES,
  EXPIRATION_DATE_FIELD_NAME,
  SAVE_CARD_FIELD_NAME,
  VALID,
  buildDepositSubmitBody,
  buildPaymentRequestPayload,
  cardFormLayout,
  checkCardNumber,
  cleanCardholderName,
  createAmountField,
  createCvvField,
  defaultAmount,
  depositFormDefaults,
  fieldKind,
  isAutoSubmit,
  isCardholderNameField,
  isEmptyValue,
  mapFields,
  normalizeInitialDate,
  isSavedCardExpired,
  savedCardId,
  selectAutoFillOption,
  splitExpiry,
  unformatCardNumber,
  validateCardNumberOnBlur,
  validateSubmittedField,
  validateSubmittedForm,
} from '@cashdesk/domain';
import { languageSeparators } from '../i18n/format';
import type {
  BrowserData,
  CardFormLayout,
  CardSubmitValues,
  DepositSubmitBody,
  FieldKind,
  FieldValue,
  FormField,
  FormValidation,
  FormValues,
  PayloadResult,
  PaymentRequestPayload,
  SubmitRuleContext,
  Validation,
} from '@cashdesk/domain';

/** SPEC §1: the two payment flows a method form serves. */
export type FormFlow = 'deposit' | 'withdrawal';

/** SPEC §3: the method detail of either flow. */
export type AnyMethodDetail = DepositMethodDetail | PayoutMethodDetail;

/** SPEC §3: the method's form as the page holds it. */
export interface MethodForm {
  readonly flow: FormFlow;
  /** The generated amount field (SPEC §3), shown first with its summary. */
  readonly amountField: FormField;
  /** The method's own fields in the server's order, plus a generated CVV where one is needed. */
  readonly fields: readonly FormField[];
  /** A deposit card payment form (a card number or saved-card field). */
  readonly isCardForm: boolean;
  /** SPEC §4 auto-submit. */
  readonly autoSubmit: boolean;
  readonly currency: string;
  readonly precision: number;
  /** limits.max_recurring_amount (SPEC §5 CVV rule). */
  readonly maxRecurringAmount: string | null;
  /** The server's own CVV definition is required (SPEC §5 CVV rule). */
  readonly cvvFieldRequired: boolean;
}

/** What the form is built from. */
export interface MethodFormInput {
  readonly detail: AnyMethodDetail;
  /** 'deposit' when absent. */
  readonly flow?: FormFlow;
  readonly currency: string;
  readonly precision: number;
}

const CARD_KINDS: ReadonlySet<FieldKind> = new Set<FieldKind>([
  'cardPan',
  'card',
  'expirationDate',
  'cardCvv',
]);

/** SPEC §2 method page "a save-card checkbox" for a card form whose definition has none. */
function saveCardField(): FormField {
  return {
    name: SAVE_CARD_FIELD_NAME,
    key: SAVE_CARD_FIELD_NAME,
    type: 'check',
    dataType: 'Boolean',
    label: SAVE_CARD_LABEL,
    isRequired: false,
    isOtpRequisites: false,
    options: [],
    isDisabled: false,
    isAutoSubmit: false,
  };
}

/** The label key of the generated amount field (deposit-method.json). */
const AMOUNT_LABEL = 'DEPOSIT_METHOD.AMOUNT_LABEL';

/** The server's label key of the save-card check box (messages.json). */
const SAVE_CARD_LABEL = 'PH.FIELD.SAVE_CARD';

/**
 * SPEC §3: maps the method detail to the page's form: the parameters in order (mapFields), the
 * generated amount field with the detail's limits, currency precision, auto-submit flag and
 * amount_reg_exp_fe (createAmountField), and for a card form without a CVV definition the
 * generated CVV field (createCvvField) after the last card field, whose showing and requiring
 * {@link fieldsShown} decides by cvvRequirement, and a save-card check box when the definition
 * has none (SPEC §2: card methods offer it, on by default).
 */
export function buildMethodForm(input: MethodFormInput): MethodForm {
  const { detail, currency, precision } = input;
  const flow = input.flow ?? 'deposit';
  const mapped = mapFields(detail.parameters).filter((field) => field.name !== AMOUNT_FIELD_NAME);
  const kinds = mapped.map((field) => fieldKind(field));
  // A payout goes to a card already on file (the card field lists them): no card data is typed.
  const isCardForm =
    flow === 'deposit' && kinds.some((kind) => kind === 'cardPan' || kind === 'card');
  const cvvDefinition = mapped.find((field) => fieldKind(field) === 'cardCvv');
  let fields: FormField[] = mapped;
  if (isCardForm && cvvDefinition === undefined) {
    const lastCardIndex = kinds.reduce(
      (last, kind, index) => (CARD_KINDS.has(kind) ? index : last),
      -1,
    );
    fields = [
      ...mapped.slice(0, lastCardIndex + 1),
      createCvvField(),
      ...mapped.slice(lastCardIndex + 1),
    ];
  }
  if (isCardForm && !fields.some((field) => field.name === SAVE_CARD_FIELD_NAME)) {
    fields = [...fields, saveCardField()];
  }
  const autoSubmit = isAutoSubmit(detail);
  const generatedAmount = createAmountField({
    limits: { min: detail.limits.min_amount, max: detail.limits.max_amount },
    currency,
    flowType: flow,
    decimal: precision,
    isAutoSubmit: autoSubmit,
    amountRegExpFe: detail.amount_reg_exp_fe,
  });
  // The generated field has no server label; the page names it in the player's language.
  const amountField: FormField = { ...generatedAmount, label: AMOUNT_LABEL };
  return {
    flow,
    amountField,
    fields,
    isCardForm,
    autoSubmit,
    currency,
    precision,
    maxRecurringAmount: detail.limits.max_recurring_amount ?? null,
    cvvFieldRequired: cvvDefinition?.isRequired ?? false,
  };
}

/**
 * SPEC §5 default amount: the preset amount if valid, else the preselected block, else the
 * minimum, else 1 (domain defaultAmount). A retry's amount (the declined payment's) comes first
 * when it lies within the limits.
 */
export function initialAmount(detail: AnyMethodDetail, retryAmount: string | null = null): string {
  const limits = { min: detail.limits.min_amount, max: detail.limits.max_amount };
  // "Try again" after a decline keeps the amount the player chose, when it still fits.
  if (retryAmount !== null) {
    const retry = defaultAmount({ presetAmount: retryAmount, limits, fallback: '' });
    if (retry.source === 'preset') return retry.amount;
  }
  return defaultAmount({
    presetAmount: detail.preset_amount,
    allowPresetAmount: detail.allow_preset_amount ?? undefined,
    preselectedBlock: detail.preselected_amount_block,
    limits,
  }).amount;
}

/**
 * SPEC §3, §5: the values the form starts with: the deposit form defaults (amount, empty card
 * number and CVV, MM/YY expiry, save_card off until the player ticks it), a select's auto-filled option (its only option or
 * the one marked selected), a profile value (userRequisite; a date only as YYYY-MM-DD or ISO),
 * unticked check boxes, and empty text.
 */
export function initialValues(
  form: MethodForm,
  amount: string,
  savedCards: readonly SavedCardWire[] = [],
  now: number = Date.now(),
): Record<string, FieldValue> {
  const defaults = new Map<string, FieldValue>(Object.entries(depositFormDefaults(amount)));
  const values: Record<string, FieldValue> = { [AMOUNT_FIELD_NAME]: amount };
  for (const field of form.fields) {
    const kind = fieldKind(field);
    if (kind === 'card') {
      values[field.name] = preferredSavedCardId(savedCards, now);
    } else if (defaults.has(field.name)) {
      values[field.name] = defaults.get(field.name);
    } else if (kind === 'select') {
      values[field.name] = selectAutoFillOption(field.options);
    } else if (kind === 'date') {
      values[field.name] = normalizeInitialDate(field.userRequisite);
    } else if (kind === 'check' || kind === 'checkbox') {
      values[field.name] = false;
    } else {
      values[field.name] = field.userRequisite ?? '';
    }
  }
  return values;
}

/**
 * SPEC §4 card form variants: the card chosen when a card form opens: the newest saved card
 * that has not expired (the list comes newest first), so paying again asks for the CVV at most;
 * '' (a new card) when there is none.
 */
export function preferredSavedCardId(cards: readonly SavedCardWire[], now: number): string {
  const usable = cards.find((card) => !isSavedCardExpired(card, now));
  return usable === undefined ? '' : (savedCardId(usable) ?? '');
}

/** The text of a value ('' for anything that is not text). */
export function textOf(value: FieldValue): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null) return value.value;
  return '';
}

/** SPEC §4: the saved card the card field names, if it is one of the player's cards. */
export function chosenSavedCard(
  values: FormValues,
  fields: readonly FormField[],
  cards: readonly SavedCardWire[],
): SavedCardWire | null {
  const cardField = fields.find((field) => fieldKind(field) === 'card');
  if (cardField === undefined) return null;
  const id = textOf(values[cardField.name]).trim();
  if (id === '') return null;
  return cards.find((card) => savedCardId(card) === id) ?? null;
}

/** SPEC §4, §5: the card form layout for the chosen card and the amount. */
export function cardLayout(
  form: MethodForm,
  values: FormValues,
  cards: readonly SavedCardWire[],
): CardFormLayout {
  return cardFormLayout({
    selectedCard: chosenSavedCard(values, form.fields, cards),
    amount: textOf(values[AMOUNT_FIELD_NAME]).replace(/\s+/g, ''),
    maxRecurringAmount: form.maxRecurringAmount,
    cvvFieldRequired: form.cvvFieldRequired,
  });
}

/**
 * SPEC §4 card form variants: the fields shown, in order. With a saved card chosen the card
 * number, expiry and holder are on file and hidden; the CVV shows and is required as
 * cvvRequirement says (its required flag is set to match), or when the server's recurring check
 * asks for it; save_card only for a new card.
 */
export function fieldsShown(
  form: MethodForm,
  values: FormValues,
  cards: readonly SavedCardWire[],
  /** The recurring check said this saved card needs its CVV for this amount (SPEC §5, §7). */
  serverAsksCvv = false,
): FormField[] {
  if (!form.isCardForm) return [...form.fields];
  const layout = cardLayout(form, values, cards);
  const newCard = layout.variant === 'full';
  return form.fields.flatMap((field): FormField[] => {
    const kind = fieldKind(field);
    if (kind === 'cardPan') return layout.showCardNumberInput ? [field] : [];
    if (kind === 'expirationDate') return layout.showExpiry ? [field] : [];
    if (isCardholderNameField(field)) return layout.showCardholderName ? [field] : [];
    if (kind === 'cardCvv') {
      if (serverAsksCvv) return [{ ...field, isRequired: true }];
      return layout.cvv.shown ? [{ ...field, isRequired: layout.cvv.required }] : [];
    }
    if (field.name === SAVE_CARD_FIELD_NAME) return newCard ? [field] : [];
    return [field];
  });
}

/** What validation needs beyond the field and its value. */
export interface ValidationContext {
  readonly form: MethodForm;
  /** The card number typed, for the CVV length of its type. */
  readonly values: FormValues;
  /** The player's saved cards: a chosen one gives the CVV length of its type (SPEC §5). */
  readonly cards?: readonly SavedCardWire[];
  /** "Now" for the expiry check; the current time when absent. */
  readonly now?: number;
  /** SPEC §5: the player's balance, which a withdrawal may not exceed (decimal text). */
  readonly balance?: string | null;
}

/** The value of the first field of a kind (the card number's name is the server's choice). */
function valueOfKind(fields: readonly FormField[], values: FormValues, kind: FieldKind): string {
  const field = fields.find((candidate) => fieldKind(candidate) === kind);
  return field === undefined ? '' : textOf(values[field.name]);
}

function cardTypeOf(form: MethodForm, values: FormValues): string | null {
  const pan = unformatCardNumber(valueOfKind(form.fields, values, 'cardPan'));
  return pan === '' ? null : (checkCardNumber(pan).cardType?.type ?? null);
}

/** SPEC §5: the card type the CVV length follows: the saved card's, else the typed number's. */
export function cvvCardType(
  form: MethodForm,
  values: FormValues,
  cards: readonly SavedCardWire[],
): string | null {
  return chosenSavedCard(values, form.fields, cards)?.card_type ?? cardTypeOf(form, values);
}

/**
 * SPEC §5: the page's context of the domain's submit rules (submitValidators): the form's flow,
 * currency and precision, the withdrawal balance, the CVV's card type, and now with the player's
 * time zone for the expiry.
 */
export function submitRuleContext(context: ValidationContext): SubmitRuleContext {
  const { form, values } = context;
  const now = context.now ?? Date.now();
  return {
    flow: form.flow,
    currency: form.currency,
    precision: form.precision,
    decimalSeparator: languageSeparators().decimalSeparator,
    balance: context.balance,
    cvvCardType: cvvCardType(form, values, context.cards ?? []),
    now,
    // getTimezoneOffset is UTC minus local; the rule wants local minus UTC.
    timeZoneOffsetMinutes: -new Date(now).getTimezoneOffset(),
  };
}

/** SPEC §5: one field's submit rule (the domain's validateSubmittedField). */
export function validateOne(
  field: FormField,
  value: FieldValue,
  context: ValidationContext,
): Validation {
  return validateSubmittedField(field, value, submitRuleContext(context));
}

/**
 * SPEC §5 on blur: the card number gives PH.ERROR.INCORRECT_CARD_NUMBER when not accepted (an
 * empty number passes); other fields their submit rule, except that a field left empty without
 * ever being edited is not flagged (leaving it is not an error yet; the submit says so).
 */
export function validateOnBlur(
  field: FormField,
  value: FieldValue,
  edited: boolean,
  context: ValidationContext,
): Validation {
  if (fieldKind(field) === 'cardPan') return validateCardNumberOnBlur(textOf(value));
  if (!edited && isEmptyValue(value)) return VALID;
  return validateOne(field, value, context);
}

/** SPEC §4, §5: validates the amount and every shown field, in page order. */
export function validateMethodForm(
  form: MethodForm,
  shown: readonly FormField[],
  context: ValidationContext,
): FormValidation {
  return validateSubmittedForm(
    [form.amountField, ...shown],
    context.values,
    submitRuleContext(context),
  );
}

/**
 * SPEC §4 auto-submit: the form may be sent without the player only when it is valid and no
 * required field is empty.
 */
export function canAutoSubmit(
  form: MethodForm,
  shown: readonly FormField[],
  context: ValidationContext,
): boolean {
  const validation = validateMethodForm(form, shown, context);
  const emptyRequired = [form.amountField, ...shown].some(
    (field) => field.isRequired && isEmptyValue(context.values[field.name]),
  );
  return validation.valid && !emptyRequired;
}

/**
 * SPEC §3 card values of the submit: for a saved card its id (and CVV when shown); for a new card
 * the number without spaces, the expiry split into month and year, the cleaned holder name, the
 * CVV and the save-card flag. `undefined` for a form that takes no card.
 */
export function cardSubmitValues(
  form: MethodForm,
  shown: readonly FormField[],
  values: FormValues,
  cards: readonly SavedCardWire[],
): CardSubmitValues | undefined {
  if (!form.isCardForm) return undefined;
  const saved = chosenSavedCard(values, form.fields, cards);
  const cvvShown = shown.some((field) => fieldKind(field) === 'cardCvv');
  const cvv = cvvShown ? valueOfKind(shown, values, 'cardCvv') : undefined;
  if (saved !== null) return { cardId: savedCardId(saved), isNew: false, cvv };
  const expiry = splitExpiry(valueOfKind(shown, values, 'expirationDate'));
  return {
    isNew: true,
    pan: unformatCardNumber(valueOfKind(shown, values, 'cardPan')),
    cardholderName: cleanCardholderName(
      textOf(
        values[shown.find(isCardholderNameField)?.name ?? CARD_PARAMETER_NAMES.cardholderName],
      ),
    ),
    expMonth: expiry?.month,
    expYear: expiry?.year,
    cvv,
    saveCard: values[SAVE_CARD_FIELD_NAME] === true,
  };
}

/**
 * SPEC §3 deposit submit body (domain buildDepositSubmitBody), which the withdrawal submit takes
 * too (SPEC §7: one body shape for both): amount as a decimal string, the shown fields (dates as
 * ISO strings, selects as values, card expiry as month and year, no card_id for a new card) and
 * the currency. An uploaded document travels as its id.
 */
export function formSubmitBody(
  form: MethodForm,
  shown: readonly FormField[],
  values: FormValues,
  cards: readonly SavedCardWire[],
  documents: Readonly<Record<string, string>>,
): PayloadResult<DepositSubmitBody> {
  const withDocuments: Record<string, FieldValue> = { ...values };
  for (const field of shown) {
    if (fieldKind(field) !== 'file_upload') continue;
    const documentId = documents[field.name];
    withDocuments[field.name] = documentId ?? null;
  }
  return buildDepositSubmitBody({
    amount: textOf(values[AMOUNT_FIELD_NAME]),
    currency: form.currency,
    fields: shown,
    values: withDocuments,
    card: cardSubmitValues(form, shown, values, cards),
  });
}

/** What a checkout payload needs from the browser (SPEC §3 payment request payload). */
export interface CheckoutEnvironment {
  readonly browserData: BrowserData;
  /** PH_fingerprint, when stored. */
  readonly fingerprint: string | null;
}

/**
 * SPEC §2 checkout, §3 payment request payload (workflow host-to-host, SPEC §4): amount as a
 * number, currency, card_data (a saved card's id), browser_data, the parameters with the
 * checkout's card names (card_exp_month and card_exp_year, card_bin, card_pan,
 * is_card_token_active, card_cardholder_name; no card_id for a new card) and the fingerprint.
 * The bin of a new card is its first six digits; its token is not active yet.
 */
export function checkoutSubmitBody(
  form: MethodForm,
  shown: readonly FormField[],
  values: FormValues,
  cards: readonly SavedCardWire[],
  environment: CheckoutEnvironment,
): PayloadResult<PaymentRequestPayload> {
  const card = cardSubmitValues(form, shown, values, cards);
  const saved = chosenSavedCard(values, form.fields, cards);
  const checkoutCard =
    card === undefined
      ? undefined
      : saved === null
        ? { ...card, bin: card.pan?.slice(0, 6), isTokenActive: false }
        : { ...card, bin: saved.bin, isTokenActive: saved.is_card_token_active };
  return buildPaymentRequestPayload({
    amount: textOf(values[AMOUNT_FIELD_NAME]),
    currency: form.currency,
    fields: shown,
    values,
    browserData: environment.browserData,
    card: checkoutCard,
    fingerprint: environment.fingerprint ?? undefined,
    flow: 'checkout',
  });
}

/**
 * SPEC §8: the form field a server error names. The server writes `body.amount` for the amount
 * and `parameters.<name>` (or `body.fields.<name>`, `body.parameters.<name>`) for a form field;
 * the deposit expiry's `month`/`year` belong to the expiry field and a saved card's
 * `body.card_data.card_id` to the card field. `null` when no shown field matches.
 */
export function errorFieldName(
  errorField: string | null | undefined,
  shown: readonly FormField[],
): string | null {
  if (errorField === null || errorField === undefined || errorField === '') return null;
  if (errorField === 'body.amount' || errorField === 'amount') return AMOUNT_FIELD_NAME;
  const match = /^(?:body\.)?(?:parameters|fields|card_data)\.(.+)$/.exec(errorField);
  let name = match?.[1] ?? errorField;
  if (name === 'month' || name === 'year') name = EXPIRATION_DATE_FIELD_NAME;
  if (name === 'card_id') {
    return shown.find((field) => fieldKind(field) === 'card')?.name ?? null;
  }
  return shown.some((field) => field.name === name) ? name : null;
}
