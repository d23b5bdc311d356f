/**
 * The deposit policy of the submission pipeline (pipeline.ts; SPEC §7 payments/groups/{id}/submit):
 * the pay group of the session, the amount (SPEC §5), the card (a saved card with its CVV when
 * the domain's cvvRequirement asks for it, or a new card by the domain's card rules), the other
 * fields, the confirmation code of a form with a requisite field, the charges (fee, tax, bonus)
 * and the provider request with its return addresses.
 *
 * An Apple Pay or Google Pay pay group is paid with the wallet token the submit carries
 * (`native_pay`), handed to the provider like a card and, like a card, never stored.
 *
 * Card data (card_pan, card_cvv, expiry, holder) exists only in the request: it is validated,
 * handed to the provider call as {@link CardSecrets} and dropped. It is never stored (the
 * transaction keeps the other form values and the request without the card), never logged and
 * never answered.
 *
 * @packageDocumentation
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import {
  CARD_PARAMETER_NAMES,
  EXPIRATION_DATE_FIELD_NAME,
  MESSAGE_KEYS,
  checkCardNumber,
  cleanCardholderName,
  cvvRequirement,
  fieldKind,
  mapField,
  payGroupWallet,
  resultPagePath,
  splitExpiry,
  validateCardNumberOnSubmit,
  validateCardholderName,
  validateCvv,
  validateExpiryParts,
  withDisplayParams,
} from '@cashdesk/domain';
import type { DisplayParams, FormField, SubmitRuleContext } from '@cashdesk/domain';
import type { SubmitRequest } from '@cashdesk/contract';
import type { ServerConfig } from '../../config';
import type { Database, Executor } from '../../db/open';
import { savedCards } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { cashierThreeDsReturnUrl } from '../../providers';
import type { NewCardInput, ReturnUrls, WalletTokenInput } from '../../providers';
import type { ConnectorRegistry } from '../../providers/connectors';
import {
  payGroupConnector,
  sessionScope,
  formFields,
  withServerValues,
  findBetShop,
  assertAvailable,
} from '../cashier';
import { loadPayerOf, routingOf } from './payer';
import type { SessionContext } from '../../http/sessions';
import { isUuid } from '../../platform/ids';
import { findPlayerDocument } from './uploads';
import { confirmDepositCode, needsDepositCode } from './deposit-code';
import type { PreparedPayment } from './pipeline';
import { depositRequest } from './stored-request';
import type { CardSecrets } from './payment-deps';
import {
  CARD_DATA_NAMES,
  CARD_ID_ERROR_FIELD,
  assertKnownParameters,
  betShopRef,
  chargesOf,
  checkAmount,
  checkFields,
  customerOf,
  fieldError,
  isCardField,
  parameterField,
  submittedValues,
  textOf,
  transactionBase,
} from './submission';
import type { Submitted } from './submission';
import type { ClaimHandle } from '../../http/idempotency';

/** What the card block of a submit produced. */
interface CardChoice {
  readonly card?: NewCardInput;
  readonly savedCard?: typeof savedCards.$inferSelect;
  readonly savedCardCvv?: string;
}

/** The expiry of a new card: month and year (deposit or checkout names), or the combined MM/YY. */
function submittedExpiry(values: Submitted): { month: string; year: string } | null {
  const names = CARD_PARAMETER_NAMES.expiry;
  const month = textOf(values, names.deposit.month) ?? textOf(values, names.checkout.month);
  const year = textOf(values, names.deposit.year) ?? textOf(values, names.checkout.year);
  if (month !== undefined && year !== undefined) return { month, year };
  const combined = textOf(values, EXPIRATION_DATE_FIELD_NAME);
  return combined === undefined ? null : splitExpiry(combined);
}

/** A new card as the provider gets it: the holder's name cleaned (SPEC §5), never stored. */
function newCard(
  pan: string,
  cvv: string,
  expiry: { readonly month: string; readonly year: string },
  holder: string,
): NewCardInput {
  return {
    pan,
    cvv,
    expMonth: expiry.month,
    expYear: expiry.year,
    holder: cleanCardholderName(holder) ?? '',
  };
}

/** The saved card a submit names (card_data.card_id, else the card_id parameter), if any. */
function chosenCardId(body: SubmitRequest, values: Submitted): string | undefined {
  return body.card_data?.card_id ?? textOf(values, CARD_PARAMETER_NAMES.cardId);
}

/**
 * The card of a card payment: a saved card of the player (with its CVV when the domain's
 * cvvRequirement asks for it), or a new card checked by the domain's card rules.
 *
 * @throws {ApiError} notFound (body.card_data.card_id) for a card that is not the player's;
 *   invalidField naming the card field that fails its rule.
 */
async function chooseCard(
  db: Executor,
  input: {
    readonly session: SessionContext;
    readonly fields: readonly FormField[];
    readonly values: Submitted;
    readonly body: SubmitRequest;
    readonly amount: string;
    readonly maxRecurringAmount: string | null;
    readonly now: Date;
  },
): Promise<CardChoice> {
  const { fields, values, body, now } = input;
  const cvvField = fields.find((field) => fieldKind(field) === 'cardCvv');
  const cardId = chosenCardId(body, values);
  if (cardId !== undefined) {
    const [card] = isUuid(cardId)
      ? await db
          .select()
          .from(savedCards)
          .where(
            and(
              eq(savedCards.id, cardId),
              eq(savedCards.playerId, input.session.playerId),
              isNull(savedCards.deletedAt),
            ),
          )
      : [];
    if (card === undefined) {
      throw new ApiError('notFound', {
        field: CARD_ID_ERROR_FIELD,
        detail: 'no such saved card for this player',
      });
    }
    const requirement = cvvRequirement({
      selectedCard: { id: card.id, last4: card.last4, is_card_token_active: card.active },
      amount: input.amount,
      maxRecurringAmount: input.maxRecurringAmount,
      cvvFieldRequired: cvvField?.isRequired ?? false,
    });
    const cvv = textOf(values, CARD_PARAMETER_NAMES.cvv) ?? '';
    if (requirement.required || cvv !== '') {
      const check = validateCvv(cvv, { cardType: card.cardType });
      if (!check.valid) throw fieldError(CARD_PARAMETER_NAMES.cvv, check.error, 'saved card CVV');
    }
    return cvv === '' ? { savedCard: card } : { savedCard: card, savedCardCvv: cvv };
  }

  const pan = (textOf(values, CARD_PARAMETER_NAMES.pan) ?? '').replace(/[\s-]/g, '');
  const panCheck = validateCardNumberOnSubmit(pan);
  if (!panCheck.valid) throw fieldError(CARD_PARAMETER_NAMES.pan, panCheck.error, 'card number');
  const cardType = checkCardNumber(pan).cardType?.type ?? null;

  const expiryField = fields.find((field) => fieldKind(field) === 'expirationDate');
  const expiry = submittedExpiry(values);
  if (expiry === null) {
    throw fieldError(EXPIRATION_DATE_FIELD_NAME, { key: MESSAGE_KEYS.fieldRequired }, 'expiry');
  }
  const expiryCheck = validateExpiryParts(expiry, now, {
    customRegExp: expiryField?.customRegExp,
    validationKeys: expiryField?.validationKeys,
  });
  if (!expiryCheck.valid) {
    throw fieldError(EXPIRATION_DATE_FIELD_NAME, expiryCheck.error, 'expiry');
  }

  const cvv = textOf(values, CARD_PARAMETER_NAMES.cvv) ?? '';
  const cvvCheck = validateCvv(cvv, { cardType, required: true });
  if (!cvvCheck.valid) throw fieldError(CARD_PARAMETER_NAMES.cvv, cvvCheck.error, 'CVV');

  const holderField = fields.find((field) => field.name === CARD_PARAMETER_NAMES.cardholderName);
  const rawHolder = textOf(values, CARD_PARAMETER_NAMES.cardholderName) ?? '';
  if (holderField !== undefined) {
    const holderCheck = validateCardholderName(rawHolder, { required: holderField.isRequired });
    if (!holderCheck.valid) {
      throw fieldError(CARD_PARAMETER_NAMES.cardholderName, holderCheck.error, 'holder');
    }
  }
  return { card: newCard(pan, cvv, expiry, rawHolder) };
}

/**
 * SPEC §3, §6: the wallet token of an Apple Pay or Google Pay pay group (domain payGroupWallet of
 * its `native_pay_type`): required there, and for that pay group's wallet; refused for any other
 * pay group, so a token never reaches a connector as anything but the wallet it was asked for.
 *
 * @throws {ApiError} invalidField (body.native_pay).
 */
function walletTokenOf(
  nativePayType: string | null,
  body: SubmitRequest,
): WalletTokenInput | undefined {
  const wallet = payGroupWallet(nativePayType);
  const sent = body.native_pay;
  if (wallet === null) {
    if (sent === undefined) return undefined;
    throw new ApiError('invalidField', {
      field: 'body.native_pay',
      detail: 'this method is not paid with a wallet',
    });
  }
  if (sent?.wallet !== wallet) {
    throw new ApiError('invalidField', {
      field: 'body.native_pay',
      detail: `this method is paid with ${wallet}: its token is required`,
    });
  }
  return { wallet, token: sent.token };
}

/** What the non-card fields of a submit refer to. */
interface FormRefs {
  readonly betShop: Awaited<ReturnType<typeof findBetShop>>;
  readonly documentIds: readonly string[];
}

/**
 * The non-card fields: the domain's validateForm (required, patterns, lengths, dates), then what
 * only the server can check: a select's value is one of its options, a bet shop exists, an
 * uploaded document is the player's.
 *
 * @throws {ApiError} invalidField naming the first failing field; notFound for a document.
 */
async function checkForm(
  db: Executor,
  session: SessionContext,
  fields: readonly FormField[],
  values: Submitted,
  rules: SubmitRuleContext,
): Promise<FormRefs> {
  const generic = fields.filter((field) => !isCardField(field));
  checkFields(generic, values, rules);
  let betShop: FormRefs['betShop'] = undefined;
  const documentIds: string[] = [];
  for (const field of generic) {
    const value = textOf(values, field.name);
    if (value === undefined || value === '') continue;
    const kind = fieldKind(field);
    if (kind === 'betShop') {
      const shop = await findBetShop(db, session.brandId, value);
      if (shop === undefined) {
        throw fieldError(field.name, { key: MESSAGE_KEYS.fieldHasError }, 'unknown bet shop');
      }
      betShop = shop;
    } else if (kind === 'file_upload') {
      const document = await findPlayerDocument(db, session.playerId, value);
      if (document === undefined) {
        throw new ApiError('notFound', {
          field: parameterField(field.name),
          detail: 'no such document for this player',
        });
      }
      documentIds.push(document.id);
    } else if (kind === 'select' && field.options.length > 0) {
      if (!field.options.some((option) => option.value === value)) {
        throw fieldError(field.name, { key: MESSAGE_KEYS.fieldHasError }, 'not an option');
      }
    }
  }
  return { betShop, documentIds };
}

/** The values kept on the transaction: no card data and no one-time code. */
function storableValues(
  values: Submitted,
  drop: ReadonlySet<string>,
): Record<string, string | boolean> {
  return Object.fromEntries(
    Object.entries(values).filter(([name]) => !CARD_DATA_NAMES.has(name) && !drop.has(name)),
  );
}

/** What a deposit needs besides the request. */
export interface DepositDeps {
  readonly db: Database;
  readonly connectors: Pick<ConnectorRegistry, 'provider' | 'has' | 'resolve'>;
  readonly config: Pick<ServerConfig, 'widgetUrl' | 'secret'>;
}

/** The widget address of a deposit result page, with the session and transaction. */
function resultAddress(
  widgetUrl: string,
  status: 'success' | 'error',
  sessionId: string,
  transactionId: string,
): string {
  const query = new URLSearchParams({ session_id: sessionId, transaction_id: transactionId });
  return `${widgetUrl.replace(/\/+$/, '')}${resultPagePath('deposit', status)}?${query.toString()}`;
}

/** What a deposit's return addresses are built from. */
interface ReturnAddressInput {
  readonly widgetUrl: string;
  readonly session: Pick<SessionContext, 'sessionId' | 'language' | 'brandId' | 'theme'>;
  readonly transactionId: string;
  /** The provider route name of an alternative payment (its 3-D Secure return), none for a card. */
  readonly provider?: string | undefined;
  /** The display parameters of the cashier's address, as the submit sent them. */
  readonly display?: DisplayParams | undefined;
}

/**
 * SPEC §2: the addresses that bring the player back to the cashier after the
 * provider's page: the 3-D Secure return and the deposit's success and fail result pages, each
 * with the session and transaction. Every one carries the display parameters of the cashier's
 * address (domain `withDisplayParams`), so the cashier comes back in the player's language,
 * direction and theme, at the same size and talking to the same host page. The session's own
 * language (as lang-brand) and theme stand in for a submit that sent none; the cashier's address
 * wins, because the host may have switched the language of a running session.
 */
function depositReturnUrls(input: ReturnAddressInput): ReturnUrls {
  const { widgetUrl, session, transactionId } = input;
  const display: DisplayParams = {
    lang: `${session.language}-${session.brandId}`,
    theme: session.theme,
    ...input.display,
  };
  const threeDsReturn = cashierThreeDsReturnUrl({
    widgetUrl,
    transactionId,
    sessionId: session.sessionId,
    provider: input.provider,
  });
  return {
    threeDsReturn: withDisplayParams(threeDsReturn, display),
    success: withDisplayParams(
      resultAddress(widgetUrl, 'success', session.sessionId, transactionId),
      display,
    ),
    fail: withDisplayParams(
      resultAddress(widgetUrl, 'error', session.sessionId, transactionId),
      display,
    ),
  };
}

/**
 * Validates a deposit submit and builds what the pipeline writes and sends (see the module
 * comment). Writes nothing but the confirmation code's try, which counts even when the request
 * then fails.
 *
 * @throws {ApiError} unknownPayGroup, methodUnavailable, invalidField (body.currency,
 *   body.parameters.<name>), invalidAmount, notFound (card or document of another player),
 *   OTP errors of the confirmation code.
 */
export async function prepareDeposit(
  deps: DepositDeps,
  session: SessionContext,
  payGroupId: string,
  body: SubmitRequest,
  now: Date,
  claim?: ClaimHandle,
): Promise<PreparedPayment> {
  const { db } = deps;
  const scope = sessionScope(session, 'deposit', body.currency);
  // The pay group, the player, the brand, the tax tiers and the bonuses in one
  // statement, the brand's part from memory; a blocked player and the brand's verification rules
  // are checked on the way.
  const payer = await loadPayerOf(db, session, scope, payGroupId, now);
  const { entry, player, brand } = payer;
  assertAvailable(entry.group, now);
  const amount = checkAmount(body.amount, entry, 'deposit');
  const wireFields = formFields(entry.group, player);
  const sent = submittedValues(body);
  assertKnownParameters('deposit', wireFields, sent);
  const fields = wireFields.map(mapField);
  const values = withServerValues(fields, sent, isCardField);
  const walletToken = walletTokenOf(entry.group.nativePayType, body);

  const isCardPayment =
    entry.group.providerKind === 'card' &&
    fields.some((field) => fieldKind(field) === 'cardPan' || fieldKind(field) === 'card');
  const card: CardChoice = isCardPayment
    ? await chooseCard(db, {
        session,
        fields,
        values,
        body,
        amount,
        maxRecurringAmount: entry.limits.maxRecurringAmount,
        now,
      })
    : {};
  const refs = await checkForm(db, session, fields, values, {
    flow: 'deposit',
    currency: entry.currency.alpha3,
    precision: entry.currency.precision,
    now: now.getTime(),
  });
  // A code's try is a write a repeat must not make again: the key is claimed first.
  if (needsDepositCode(fields)) await claim?.claimNow();
  const codeField = await confirmDepositCode(deps, session, entry.group.id, fields, values, now);
  const charges = chargesOf(payer, 'deposit', amount);
  const saveCard =
    card.card !== undefined &&
    (body.save_card === true || values[CARD_PARAMETER_NAMES.saveCard] === true);

  const id = randomUUID();
  const widgetUrl = deps.config.widgetUrl;
  const returnUrls = depositReturnUrls({
    widgetUrl,
    session,
    transactionId: id,
    provider:
      entry.group.providerKind === 'card'
        ? undefined
        : deps.connectors.provider(payGroupConnector(deps.connectors, entry.group.connector)).name,
    display: body.display_params,
  });
  return {
    transaction: {
      ...transactionBase(session, entry, 'deposit', amount, charges),
      bonus: charges.bonus,
      parameters: storableValues(values, new Set(codeField === null ? [] : [codeField])),
      providerData: {
        saveCard,
        // docs/fees.md: the fee parts, for the operator's view (method_fee of the transaction).
        methodFee: charges.methodFee,
        merchantFee: charges.merchantFee,
        returnUrls,
      },
      savedCardId: card.savedCard?.id ?? null,
      betShopId: refs.betShop?.id ?? null,
    },
    request: depositRequest({
      transactionId: id,
      amount,
      fee: charges.fee,
      total: charges.total,
      currency: entry.currency.alpha3,
      methodKind: entry.group.providerKind,
      payGroup: entry.group.shortName,
      ...(card.savedCard === undefined ? {} : { savedCardToken: card.savedCard.token }),
      ...(walletToken === undefined ? {} : { walletToken }),
      saveCard,
      customer: customerOf(player),
      returnUrls,
      ...(body.browser_data === undefined ? {} : { browserData: body.browser_data }),
      ...(refs.betShop === undefined ? {} : { betShop: betShopRef(refs.betShop) }),
      merchantName: brand.name,
      language: session.language,
    }),
    secrets: secretsOf(card, walletToken),
    reserve: null,
    documentIds: refs.documentIds,
    brand,
    routing: routingOf(payer),
    owner: { brand: brand.id, playerRef: player.externalId, payGroup: entry.group.shortName },
    precision: entry.currency.precision,
  };
}

function secretsOf(
  card: CardChoice,
  walletToken: WalletTokenInput | undefined,
): CardSecrets | null {
  if (walletToken !== undefined) return { walletToken };
  if (card.card === undefined && card.savedCardCvv === undefined) return null;
  return {
    ...(card.card === undefined ? {} : { card: card.card }),
    ...(card.savedCardCvv === undefined ? {} : { savedCardCvv: card.savedCardCvv }),
  };
}

/**
 * The card data of a deposit retry (the same request as the first: its hash matched), for
 * repeating the provider call with the same key. Read, not judged: the first request was
 * validated, and the provider answers a known key with its first result anyway.
 */
export function depositSecretsFromRetry(body: SubmitRequest): CardSecrets | null {
  if (body.native_pay !== undefined) return { walletToken: body.native_pay };
  const values = submittedValues(body);
  const pan = (textOf(values, CARD_PARAMETER_NAMES.pan) ?? '').replace(/[\s-]/g, '');
  const cvv = textOf(values, CARD_PARAMETER_NAMES.cvv) ?? '';
  const expiry = submittedExpiry(values);
  if (pan !== '' && expiry !== null) {
    const holder = textOf(values, CARD_PARAMETER_NAMES.cardholderName) ?? '';
    return { card: newCard(pan, cvv, expiry, holder) };
  }
  return cvv === '' ? null : { savedCardCvv: cvv };
}
