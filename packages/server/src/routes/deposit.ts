/**
 * The deposit calls of SPEC §7 and the route call of both flows:
 * - POST payments/groups/{payGroupId}/submit: validates the amount and the form with
 *   @cashdesk/domain, computes fee, tax and bonus, creates the transaction, asks the payment
 *   provider and answers the transaction's pay session (services/transactions.ts);
 * - POST payments/groups/{payGroupId}/upload: a document (multipart, 20 MB, pdf/heic/jpeg/png by
 *   its bytes; services/uploads.ts), optionally the receipt of an awaiting bank transfer;
 * - POST /api/cashier-service/{payments|payouts}/groups/{paygroup_id}/route: the next fields of
 *   a form;
 * - POST payments/groups/{paygroup_id}/otp: a confirmation code for a deposit whose form has a
 *   requisite field (is_otp_requisites).
 *
 * Card data (card_pan, card_cvv, expiry, holder) exists only inside the submit handler: it is
 * validated, handed to the provider and dropped. It is never stored (the transaction keeps the
 * other form values), never logged (the log gets redactDepositInput's allow-list) and never
 * answered.
 *
 * @packageDocumentation
 */
import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import Big from 'big.js';
import { and, desc, eq, isNull } from 'drizzle-orm';
import * as z from 'zod/mini';
import {
  ENDPOINTS,
  ERROR_CODES,
  ParameterName,
  TransactionId,
  WithdrawalFieldDefinition,
} from '@cashdesk/contract';
import type {
  DepositRouteResponse,
  PaymentOtpResponse,
  PayoutRouteResponse,
  SubmitRequest,
} from '@cashdesk/contract';
import {
  CARD_PARAMETER_NAMES,
  EXPIRATION_DATE_FIELD_NAME,
  MESSAGE_KEYS,
  bonusForPayGroup,
  checkCardNumber,
  cleanCardholderName,
  computeBonus,
  computeFee,
  computeTax,
  cvvRequirement,
  decimalPlaces,
  fieldKind,
  mapField,
  parseDecimal,
  resultPagePath,
  splitExpiry,
  userBonusesByPayGroups,
  validateAmount,
  validateCardNumberOnSubmit,
  validateCardholderName,
  validateCvv,
  validateExpiryParts,
  validateField,
  validateForm,
} from '@cashdesk/domain';
import type { FieldValue, FormField, PaymentFlow, RuleError } from '@cashdesk/domain';
import type { Executor } from '../db/open';
import { otpChallenges, savedCards } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { App, AppDeps } from '../http/app-types';
import { registerEndpoint } from '../http/register-endpoint';
import type { EndpointContext } from '../http/register-endpoint';
import { cashierThreeDsReturnUrl, redactDepositInput } from '../providers';
import type { DepositInput, NewCardInput } from '../providers';
import {
  DEFAULT_OTP_POLICY,
  OTP_CODE_DIGITS,
  OtpError,
  generateOtpCode,
  hashOtpCode,
  otpDeliveryFor,
  sameHash,
  secondsUntil,
} from '../services/otp';
import type { OtpDelivery, OtpPolicy } from '../services/otp';
import {
  assertAvailable,
  depositFields,
  findBetShop,
  findSessionPayGroup,
  formFields,
  loadBrand,
  loadPlayer,
  loadTaxTiers,
  loadUserBonuses,
  maskEmail,
  maskPhone,
  sessionScope,
  viewDataOf,
  withServerValues,
} from '../services/pay-groups';
import type { SessionPayGroup } from '../services/pay-groups';
import type { SessionContext } from '../services/sessions';
import {
  applyDepositOutcome,
  applyProviderStatus,
  betShopRef,
  createTransaction,
  findPlayerTransaction,
  isUuid,
  paySessionFor,
  providerDataOf,
  transition,
  updateProviderData,
} from '../services/transactions';
import type { TransactionRow } from '../services/transactions';
import {
  checkReceivedFile,
  discardReceived,
  documentToWire,
  findPlayerDocument,
  linkDocument,
  readUploadForm,
  storeDocument,
  UPLOAD_LIMITS,
} from '../services/uploads';

/** A submitted form value. */
type SubmittedValue = string | boolean;
/** Submitted form values by field name. */
type Submitted = Readonly<Record<string, SubmittedValue>>;

/** The text of a submitted value (`undefined` for a flag or nothing). */
function textOf(values: Submitted, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

/** Throws invalidField for a failed rule, naming `parameters.{name}` and the rule's message key. */
function fieldError(name: string, error: RuleError, detail: string): ApiError {
  return new ApiError('invalidField', {
    field: `parameters.${name}`,
    messageKey: error.key,
    detail,
  });
}

// --- amount -------------------------------------------------------------------------------------

/**
 * SPEC §5: the deposit amount against the pay group's limits and pattern (domain validateAmount)
 * and the currency precision (no more decimals than the currency has).
 *
 * @returns the amount as plain decimal text.
 * @throws {ApiError} invalidAmount (400, field `body.amount`) with the domain's message key.
 */
function checkAmount(amount: string, entry: SessionPayGroup, flowType: PaymentFlow): string {
  const { limits, currency, group } = entry;
  const result = validateAmount(amount, {
    flowType,
    limits: { min: limits.minAmount, max: limits.maxAmount },
    pattern: group.amountRegExpFe,
    currency: currency.alpha3,
    precision: currency.precision,
  });
  if (!result.valid) {
    throw new ApiError('invalidAmount', {
      field: 'body.amount',
      messageKey: result.error.key,
      detail: `amount refused: ${result.kind}`,
    });
  }
  const value = parseDecimal(amount);
  if (value === null || decimalPlaces(value) > currency.precision) {
    throw new ApiError('invalidAmount', {
      field: 'body.amount',
      detail: `amount has more than ${String(currency.precision)} decimals`,
    });
  }
  return value.toFixed();
}

// --- form ---------------------------------------------------------------------------------------

/** Names that carry card data in a submit: never stored, never validated as generic fields. */
const CARD_DATA_NAMES: ReadonlySet<string> = new Set([
  CARD_PARAMETER_NAMES.pan,
  CARD_PARAMETER_NAMES.cvv,
  CARD_PARAMETER_NAMES.bin,
  CARD_PARAMETER_NAMES.cardholderName,
  CARD_PARAMETER_NAMES.isTokenActive,
  CARD_PARAMETER_NAMES.expiry.deposit.month,
  CARD_PARAMETER_NAMES.expiry.deposit.year,
  CARD_PARAMETER_NAMES.expiry.checkout.month,
  CARD_PARAMETER_NAMES.expiry.checkout.year,
  EXPIRATION_DATE_FIELD_NAME,
]);

/** Whether a field definition is part of the card block (validated by the card rules). */
function isCardField(field: FormField): boolean {
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

/** The form values as the domain's validators read them. */
function formValues(values: Submitted): Record<string, FieldValue> {
  return { ...values };
}

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
        field: 'body.card_data.card_id',
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
  return {
    card: {
      pan,
      cvv,
      expMonth: expiry.month,
      expYear: expiry.year,
      holder: cleanCardholderName(rawHolder) ?? '',
    },
  };
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
): Promise<FormRefs> {
  const generic = fields.filter((field) => !isCardField(field));
  const validation = validateForm(generic, formValues(values));
  if (!validation.valid && validation.firstInvalidField !== null) {
    const name = validation.firstInvalidField;
    const error = validation.errors[name] ?? { key: MESSAGE_KEYS.fieldHasError };
    throw fieldError(name, error, 'form field');
  }
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
          field: `parameters.${field.name}`,
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

// --- charges ------------------------------------------------------------------------------------

/** Fee, tax and bonus of a deposit (SPEC §5), as decimal strings. */
interface Charges {
  readonly fee: string;
  readonly methodFee: string;
  readonly merchantFee: string;
  readonly tax: string;
  readonly bonus: string;
}

/**
 * SPEC §5 charges with the domain's rules: the method fee ('2%') and the merchant user fee
 * (percentage plus fixed part), each rounded to the currency precision, added up; the tax of the
 * brand's deposit tiers; the bonus of the pay group (its own bonus, else the general one).
 */
async function depositCharges(
  db: Executor,
  session: SessionContext,
  entry: SessionPayGroup,
  amount: string,
): Promise<Charges> {
  const precision = entry.currency.precision;
  const methodFee = computeFee(amount, entry.limits.fee, { precision }) ?? '0';
  const merchantFee =
    computeFee(
      amount,
      { percentage: entry.group.merchantFeePercentage, fix: entry.group.merchantFeeFix },
      { precision },
    ) ?? '0';
  const [tiers, bonuses] = await Promise.all([
    loadTaxTiers(db, session.brandId, 'deposit'),
    loadUserBonuses(db, session.playerId),
  ]);
  const tax = computeTax(amount, tiers)?.taxValue ?? '0';
  const offer = bonusForPayGroup(userBonusesByPayGroups(bonuses), entry.group.id);
  const bonus = offer === null ? null : computeBonus(amount, offer.info, { precision });
  return {
    fee: new Big(methodFee).plus(merchantFee).toFixed(),
    methodFee,
    merchantFee,
    tax,
    bonus: bonus?.value ?? '0',
  };
}

// --- deposit confirmation codes -------------------------------------------------------------------

/**
 * Deposit confirmation codes reuse the one-time code rules of services/otp.ts (six digits, HMAC
 * under the server secret, constant-time check, the same policy). A deposit challenge is an
 * otp_challenges row without a payout account. Its hash binds the code to the pay group, the
 * field the code is typed into and the requisite value, so a code sent for one phone and method
 * confirms nothing else. A block is kept on the row itself (attempts or resends used up and
 * `expires_at` moved to the end of the block) rather than in `blocked_until`, which blocks payout
 * account verification (services/otp.ts) and must not be touched by a deposit.
 */
function challengeBinding(
  challengeId: string,
  payGroupId: number,
  fieldName: string,
  requisite: string,
): string {
  return `${challengeId}:deposit:${String(payGroupId)}:${fieldName}:${requisite}`;
}

type Challenge = typeof otpChallenges.$inferSelect;

/** The player's latest deposit challenge (locked inside a transaction). */
async function latestDepositChallenge(
  db: Executor,
  playerId: string,
): Promise<Challenge | undefined> {
  const [row] = await db
    .select()
    .from(otpChallenges)
    .where(and(eq(otpChallenges.playerId, playerId), isNull(otpChallenges.payoutAccountId)))
    .orderBy(desc(otpChallenges.createdAt), desc(otpChallenges.id))
    .limit(1)
    .for('update');
  return row;
}

/** The end of a deposit challenge's block, if it is blocked at `now`. */
function depositBlock(challenge: Challenge | undefined, now: Date): Date | null {
  if (challenge === undefined || challenge.verifiedAt !== null) return null;
  const usedUp =
    challenge.attempts >= challenge.maxAttempts || challenge.resendCount >= challenge.maxResends;
  return usedUp && challenge.expiresAt > now ? challenge.expiresAt : null;
}

function isLiveChallenge(challenge: Challenge | undefined, now: Date): challenge is Challenge {
  return (
    challenge !== undefined &&
    challenge.verifiedAt === null &&
    challenge.expiresAt > now &&
    depositBlock(challenge, now) === null
  );
}

/** The requisite field of a form (is_otp_requisites), if it has one. */
function otpRequisiteField(fields: readonly FormField[]): FormField | undefined {
  return fields.find((field) => field.isOtpRequisites);
}

/** The codes of a submit that may confirm the challenge: six-digit values of other fields. */
function codeCandidates(
  fields: readonly FormField[],
  values: Submitted,
  requisite: FormField,
): string[] {
  const digits = new RegExp(`^[0-9]{${String(OTP_CODE_DIGITS)}}$`);
  return fields
    .filter((field) => field.name !== requisite.name && !isCardField(field))
    .map((field) => field.name)
    .filter((name) => digits.test(textOf(values, name) ?? ''));
}

/**
 * Checks the confirmation code of a deposit whose form has a requisite field: the player's live
 * challenge must have been sent for this pay group and requisite value, and one of the form's
 * fields must carry its code. Every check counts as a try; the try that uses up the last one
 * blocks. Decided inside a transaction, answered after it, so a wrong try is counted even though
 * the request fails.
 *
 * @returns the name of the field that carried the code (not stored with the transaction).
 */
async function confirmDepositCode(
  deps: AppDeps,
  session: SessionContext,
  payGroupId: number,
  fields: readonly FormField[],
  values: Submitted,
  now: Date,
): Promise<string | null> {
  const requisite = otpRequisiteField(fields);
  if (requisite === undefined) return null;
  const requisiteValue = textOf(values, requisite.name) ?? '';
  const candidates = codeCandidates(fields, values, requisite);
  const field = `parameters.${candidates[0] ?? requisite.name}`;
  const decision = await deps.db.transaction(async (tx) => {
    const challenge = await latestDepositChallenge(tx, session.playerId);
    const block = depositBlock(challenge, now);
    if (block !== null) return { kind: 'blocked', until: block } as const;
    if (!isLiveChallenge(challenge, now)) return { kind: 'none' } as const;
    const matched = candidates.find((name) => {
      const code = textOf(values, name) ?? '';
      const hash = hashOtpCode(
        deps.config.secret,
        challengeBinding(challenge.id, payGroupId, name, requisiteValue),
        code,
      );
      return sameHash(hash, challenge.codeHash);
    });
    if (matched !== undefined) {
      await tx
        .update(otpChallenges)
        .set({ verifiedAt: now })
        .where(eq(otpChallenges.id, challenge.id));
      return { kind: 'verified', field: matched } as const;
    }
    const attempts = challenge.attempts + 1;
    const blocked = attempts >= challenge.maxAttempts;
    const policy = DEFAULT_OTP_POLICY;
    await tx
      .update(otpChallenges)
      .set({
        attempts,
        ...(blocked ? { expiresAt: new Date(now.getTime() + policy.blockDurationMs) } : {}),
      })
      .where(eq(otpChallenges.id, challenge.id));
    return blocked
      ? ({ kind: 'blocked', until: new Date(now.getTime() + policy.blockDurationMs) } as const)
      : ({ kind: 'wrong', attemptsLeft: challenge.maxAttempts - attempts } as const);
  });
  switch (decision.kind) {
    case 'verified':
      return decision.field;
    case 'blocked':
      throw new OtpError(
        'otpBlocked',
        { block_until: decision.until.toISOString(), attempts_left: 0 },
        { field, detail: 'deposit confirmation blocked' },
      );
    case 'none':
      throw new OtpError(
        'otpInvalid',
        { attempts_left: 0 },
        { field, detail: 'no confirmation code was sent for this deposit' },
      );
    case 'wrong':
      throw new OtpError(
        'otpInvalid',
        { attempts_left: decision.attemptsLeft },
        { field, detail: 'wrong confirmation code' },
      );
  }
}

/** What a deposit code request decided inside its transaction. */
type SendDecision =
  | { readonly kind: 'sent'; readonly code: string; readonly canResend: boolean }
  | { readonly kind: 'blocked'; readonly until: Date }
  | { readonly kind: 'too-soon'; readonly resendAt: Date };

function otpAnswer(
  fieldName: string,
  answer: Omit<PaymentOtpResponse, 'field_name'>,
): PaymentOtpResponse {
  return { ...answer, field_name: fieldName };
}

/** SPEC §7 payments/groups/{paygroup_id}/otp: sends a deposit confirmation code. */
async function sendDepositCode(
  deps: AppDeps,
  delivery: OtpDelivery,
  session: SessionContext,
  entry: SessionPayGroup,
  request: { readonly parameters: Submitted; readonly fieldName: string },
  now: Date,
  policy: OtpPolicy = DEFAULT_OTP_POLICY,
): Promise<PaymentOtpResponse> {
  const player = await loadPlayer(deps.db, session.playerId);
  const fields = formFields(entry.group, player).map(mapField);
  const requisite = otpRequisiteField(fields);
  if (requisite === undefined) {
    return otpAnswer(request.fieldName, {
      status: 'failed',
      error: true,
      can_resend: false,
      error_code: ERROR_CODES.invalidField.code,
      error_message: 'CASHIER.ERROR.OTP_NOT_REQUIRED',
      resend_after: 0,
    });
  }
  const codeField = fields.find((field) => field.name === request.fieldName);
  if (codeField === undefined || codeField.name === requisite.name || isCardField(codeField)) {
    throw new ApiError('invalidField', {
      field: 'body.field_name',
      detail: 'field_name must name a field of the form other than the requisite',
    });
  }
  const values = withServerValues(fields, request.parameters, isCardField);
  const requisiteValue = textOf(values, requisite.name) ?? '';
  const check = validateField(requisite, requisiteValue);
  if (!check.valid || requisiteValue === '') {
    const error = check.valid ? { key: MESSAGE_KEYS.fieldRequired } : check.error;
    throw new ApiError('invalidField', {
      field: `body.parameters.${requisite.name}`,
      messageKey: error.key,
      detail: 'requisite refused',
    });
  }

  const decision = await deps.db.transaction(async (tx): Promise<SendDecision> => {
    const current = await latestDepositChallenge(tx, session.playerId);
    const block = depositBlock(current, now);
    if (block !== null) return { kind: 'blocked', until: block };
    const code = generateOtpCode();
    const expiresAt = new Date(now.getTime() + policy.codeTtlMs);
    const resendAfter = new Date(now.getTime() + policy.resendAfterMs);
    const contactType =
      fieldKind(requisite) === 'phone' || requisite.type === 'user_phone'
        ? 'phone'
        : requisiteValue.includes('@')
          ? 'email'
          : 'phone';
    if (isLiveChallenge(current, now)) {
      if (current.resendAfter !== null && current.resendAfter > now) {
        return { kind: 'too-soon', resendAt: current.resendAfter };
      }
      const resendCount = current.resendCount + 1;
      if (resendCount >= current.maxResends) {
        const until = new Date(now.getTime() + policy.blockDurationMs);
        await tx
          .update(otpChallenges)
          .set({ resendCount, expiresAt: until })
          .where(eq(otpChallenges.id, current.id));
        return { kind: 'blocked', until };
      }
      await tx
        .update(otpChallenges)
        .set({
          codeHash: hashOtpCode(
            deps.config.secret,
            challengeBinding(current.id, entry.group.id, request.fieldName, requisiteValue),
            code,
          ),
          contactType,
          attempts: 0,
          expiresAt,
          resendCount,
          resendAfter,
        })
        .where(eq(otpChallenges.id, current.id));
      return { kind: 'sent', code, canResend: resendCount + 1 < current.maxResends };
    }
    const id = randomUUID();
    await tx.insert(otpChallenges).values({
      id,
      playerId: session.playerId,
      payoutAccountId: null,
      contactType,
      codeHash: hashOtpCode(
        deps.config.secret,
        challengeBinding(id, entry.group.id, request.fieldName, requisiteValue),
        code,
      ),
      attempts: 0,
      maxAttempts: policy.maxAttempts,
      expiresAt,
      resendCount: 0,
      maxResends: policy.maxRequestCount,
      resendAfter,
      createdAt: now,
    });
    return { kind: 'sent', code, canResend: policy.maxRequestCount > 1 };
  });

  switch (decision.kind) {
    case 'blocked':
      return otpAnswer(request.fieldName, {
        status: 'blocked',
        error: true,
        can_resend: false,
        error_code: ERROR_CODES.otpBlocked.code,
        error_message: ERROR_CODES.otpBlocked.messageKey,
        resend_after: secondsUntil(decision.until, now),
      });
    case 'too-soon':
      return otpAnswer(request.fieldName, {
        status: 'failed',
        error: true,
        can_resend: true,
        error_code: ERROR_CODES.otpResendTooSoon.code,
        error_message: ERROR_CODES.otpResendTooSoon.messageKey,
        resend_after: secondsUntil(decision.resendAt, now),
      });
    case 'sent': {
      const email = requisiteValue.includes('@');
      await delivery.deliver({
        playerId: session.playerId,
        sessionId: session.sessionId,
        requisiteId: `deposit-${String(entry.group.id)}`,
        contactType: email ? 'email' : 'phone',
        destination: requisiteValue,
        maskedContact: email ? maskEmail(requisiteValue) : maskPhone(requisiteValue),
        code: decision.code,
        sentAt: now,
        expiresAt: new Date(now.getTime() + policy.codeTtlMs),
      });
      return otpAnswer(request.fieldName, {
        status: 'sent',
        error: false,
        can_resend: decision.canResend,
        error_code: null,
        error_message: null,
        resend_after: Math.round(policy.resendAfterMs / 1000),
      });
    }
  }
}

// --- receipts -----------------------------------------------------------------------------------

/**
 * Attaches a receipt document to a deposit and, when the deposit is a bank transfer waiting for
 * its receipt, tells the provider (recordReceipt) and applies what it answers: approved credits
 * the deposit, declined fails it, still pending moves the deposit on to waiting (step await).
 */
async function attachReceipt(
  deps: AppDeps,
  row: TransactionRow,
  documentId: string,
  now: Date,
): Promise<TransactionRow> {
  await linkDocument(deps.db, documentId, row.id);
  let current = await updateProviderData(deps.db, row.id, { receiptDocumentId: documentId });
  const data = providerDataOf(current);
  if (
    current.status !== 'await' ||
    data.step !== 'upload' ||
    data.receiptRecorded === true ||
    current.providerReference === null
  ) {
    return current;
  }
  const status = await deps.provider.recordReceipt(current.providerReference, now);
  current = await updateProviderData(deps.db, row.id, { receiptRecorded: true });
  const applied = await applyProviderStatus(deps.db, current, status);
  current = applied.transaction;
  if (current.status === 'await' && providerDataOf(current).step === 'upload') {
    current = (await transition(deps.db, current.id, 'await', { step: 'await' })).transaction;
  }
  return current;
}

// --- submit -------------------------------------------------------------------------------------

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

type SubmitContext = EndpointContext<typeof ENDPOINTS.depositSubmit>;

/** SPEC §7 deposit submit (see the module comment). */
async function submitDeposit(context: SubmitContext) {
  const { session, params, body, deps, request } = context;
  const now = new Date();
  const scope = sessionScope(session, 'deposit', body.currency);
  const entry = await findSessionPayGroup(deps.db, scope, params.payGroupId);
  assertAvailable(entry.group, now);
  const amount = checkAmount(body.amount, entry, 'deposit');
  const [player, brand] = await Promise.all([
    loadPlayer(deps.db, session.playerId),
    loadBrand(deps.db, session.brandId),
  ]);
  const fields = formFields(entry.group, player).map(mapField);
  const values = withServerValues(fields, { ...body.fields, ...body.parameters }, isCardField);

  const isCardPayment =
    entry.group.providerKind === 'card' &&
    fields.some((field) => fieldKind(field) === 'cardPan' || fieldKind(field) === 'card');
  const card: CardChoice = isCardPayment
    ? await chooseCard(deps.db, {
        session,
        fields,
        values,
        body,
        amount,
        maxRecurringAmount: entry.limits.maxRecurringAmount,
        now,
      })
    : {};
  const refs = await checkForm(deps.db, session, fields, values);
  const codeField = await confirmDepositCode(deps, session, entry.group.id, fields, values, now);
  const charges = await depositCharges(deps.db, session, entry, amount);
  const saveCard =
    card.card !== undefined &&
    (body.save_card === true || values[CARD_PARAMETER_NAMES.saveCard] === true);

  const row = await createTransaction(deps.db, {
    playerId: session.playerId,
    brandId: session.brandId,
    sessionId: session.sessionId,
    payGroupId: entry.group.id,
    flow: 'deposit',
    amount,
    currency: entry.currency.alpha3,
    providerKind: entry.group.providerKind,
    fee: charges.fee,
    tax: charges.tax,
    bonus: charges.bonus,
    parameters: storableValues(values, new Set(codeField === null ? [] : [codeField])),
    providerData: {
      saveCard,
      methodFee: charges.methodFee,
      merchantFee: charges.merchantFee,
    },
    idempotencyKey: context.idempotencyKey ?? null,
    savedCardId: card.savedCard?.id ?? null,
    betShopId: refs.betShop?.id ?? null,
  });

  const widgetUrl = deps.config.widgetUrl;
  const returnUrls = {
    threeDsReturn: cashierThreeDsReturnUrl({
      widgetUrl,
      transactionId: row.id,
      sessionId: session.sessionId,
      ...(entry.group.providerKind === 'card' ? {} : { provider: deps.provider.name }),
    }),
    success: resultAddress(widgetUrl, 'success', session.sessionId, row.id),
    fail: resultAddress(widgetUrl, 'error', session.sessionId, row.id),
  };
  await updateProviderData(deps.db, row.id, { returnUrls });
  const input: DepositInput = {
    transactionId: row.id,
    amount,
    fee: charges.fee,
    total: new Big(amount).plus(charges.fee).toFixed(),
    currency: entry.currency.alpha3,
    methodKind: entry.group.providerKind,
    payGroup: entry.group.shortName,
    card: card.card,
    savedCardToken: card.savedCard?.token,
    saveCard,
    savedCardCvv: card.savedCardCvv,
    customer: {
      playerId: session.playerId,
      country: player.country ?? '',
      email: player.email ?? undefined,
      phone: player.phone ?? undefined,
    },
    returnUrls,
    browserData: body.browser_data,
    betShop: refs.betShop === undefined ? undefined : betShopRef(refs.betShop),
    merchantName: brand.name,
    language: session.language,
  };
  request.log.info({ deposit: redactDepositInput(input) }, 'authorising deposit');
  const outcome = await deps.provider.authorizeDeposit(input, now);
  request.log.info(
    { transaction_id: row.id, outcome: outcome.outcome },
    'deposit authorisation answered',
  );
  let current = (await applyDepositOutcome(deps.db, row, outcome)).transaction;
  for (const documentId of refs.documentIds) {
    current = await attachReceipt(deps, current, documentId, now);
  }
  return { status: 200 as const, body: await paySessionFor(deps.db, current) };
}

// --- upload -------------------------------------------------------------------------------------

type UploadContext = EndpointContext<typeof ENDPOINTS.depositUpload>;

/** SPEC §7 deposit upload (see the module comment). */
async function uploadDocument(context: UploadContext) {
  const { session, params, deps } = context;
  const scope = sessionScope(session, 'deposit');
  const entry = await findSessionPayGroup(deps.db, scope, params.payGroupId);
  const form = await readUploadForm(context.request, context.deps.config.dataDir);
  const file = form.file;
  if (file === null) {
    throw new ApiError('invalidField', { field: 'file', detail: 'no file part' });
  }
  // Set once the file has moved to its place (the closure runs inside idempotent()).
  const state = { kept: false };
  try {
    const type = checkReceivedFile(file);
    const transactionId = parseOptional(
      TransactionId,
      form.fields.transaction_id,
      'transaction_id',
    );
    const fieldName = parseOptional(ParameterName, form.fields.field_name, 'field_name');
    const result = await context.idempotent(
      { params, sha256: file.sha256, size: file.size, transactionId, fieldName },
      async () => {
        const now = new Date();
        const row =
          transactionId === undefined
            ? null
            : await findPlayerTransaction(deps.db, session.playerId, transactionId);
        if (row !== null && (row.flow !== 'deposit' || row.payGroupId !== entry.group.id)) {
          throw new ApiError('notFound', {
            field: 'transaction_id',
            detail: 'the transaction is not a deposit of this pay group',
          });
        }
        const document = await storeDocument(deps.db, {
          dataDir: deps.config.dataDir,
          file,
          type,
          playerId: session.playerId,
          payGroupId: entry.group.id,
          transactionId: null,
        });
        state.kept = true;
        if (row === null) return { status: 200 as const, body: documentToWire(document) };
        await attachReceipt(deps, row, document.id, now);
        return {
          status: 200 as const,
          body: documentToWire({ ...document, transactionId: row.id }),
        };
      },
    );
    return result;
  } finally {
    if (!state.kept) await discardReceived(file);
  }
}

function parseOptional(
  schema: z.ZodMiniType<string, string>,
  value: string | undefined,
  field: string,
): string | undefined {
  if (value === undefined || value === '') return undefined;
  const parsed = z.safeParse(schema, value);
  if (!parsed.success) throw new ApiError('invalidField', { field, detail: `${field} refused` });
  return parsed.data;
}

// --- route --------------------------------------------------------------------------------------

/**
 * One branch of a routable field (designed; SPEC §3 lists `items` on a field definition without
 * a shape): when the field's submitted value equals `when`, the route answers `fields` after it.
 */
const RouteBranch = z.object({
  when: z.string(),
  fields: z.array(WithdrawalFieldDefinition),
});

type WireField = z.infer<typeof WithdrawalFieldDefinition>;

/**
 * The fields a route call answers (SPEC §7 "response has parameters, mapped as form fields"):
 * - every field of the form, with the option matching the submitted value marked is_selected;
 * - for a routable method (is_routable), after each field whose `items` hold route branches,
 *   the fields of the branch its submitted value chooses (e.g. the IBAN field of the chosen bank);
 *   `items` themselves are not answered once resolved.
 * A method that is not routable answers its own fields: there is nothing to route.
 */
export function routeFields(
  fields: readonly WireField[],
  values: Submitted,
  routable: boolean,
): WireField[] {
  const out: WireField[] = [];
  for (const field of fields) {
    const value = textOf(values, field.name);
    const options =
      field.options === undefined || field.options === null || value === undefined
        ? field.options
        : field.options.map((option) => ({ ...option, is_selected: option.value === value }));
    const branches = z.safeParse(z.array(RouteBranch), field.items ?? []);
    if (!routable || !branches.success || branches.data.length === 0) {
      out.push({ ...field, ...(options === undefined ? {} : { options }) });
      continue;
    }
    // The branches are resolved here, so they are not answered again.
    out.push({ ...field, items: undefined, ...(options === undefined ? {} : { options }) });
    const chosen = branches.data.find((branch) => branch.when === value);
    if (chosen !== undefined) out.push(...routeFields(chosen.fields, values, routable));
  }
  return out;
}

async function routeAnswer(
  deps: AppDeps,
  session: SessionContext,
  flow: PaymentFlow,
  payGroupId: string,
  body: {
    readonly currency: string;
    readonly parameters: Submitted;
    readonly card_data?: { readonly card_id?: string | undefined } | undefined;
  },
) {
  const scope = sessionScope(session, flow, body.currency);
  const entry = await findSessionPayGroup(deps.db, scope, payGroupId, 'params.paygroup_id');
  assertAvailable(entry.group, new Date(), 'params.paygroup_id');
  const player = await loadPlayer(deps.db, session.playerId);
  const fields = routeFields(
    formFields(entry.group, player),
    body.parameters,
    entry.group.isRoutable,
  );
  const cardId = body.card_data?.card_id;
  return {
    fields,
    view_data: viewDataOf(entry.group),
    card_data: cardId === undefined ? null : { card_id: cardId },
  };
}

// --- registration -------------------------------------------------------------------------------

/** Registers deposit submit, upload and otp, and the route call of both flows. */
export function registerDepositRoutes(app: App): void {
  // The app's one delivery, shared with account management, so the sandbox page shows the
  // latest code of a session whichever call sent it.
  const { delivery } = otpDeliveryFor(app.cashdesk, app.cashdesk.config.mode, app.log);

  registerEndpoint(app, ENDPOINTS.depositSubmit, submitDeposit);

  registerEndpoint(app, ENDPOINTS.depositOtp, async ({ session, params, body, deps }) => {
    const now = new Date();
    const scope = sessionScope(session, 'deposit', body.currency);
    const entry = await findSessionPayGroup(
      deps.db,
      scope,
      params.paygroup_id,
      'params.paygroup_id',
    );
    assertAvailable(entry.group, now, 'params.paygroup_id');
    checkAmount(body.amount, entry, 'deposit');
    return {
      status: 200,
      body: await sendDepositCode(
        deps,
        delivery,
        session,
        entry,
        { parameters: body.parameters, fieldName: body.field_name },
        now,
      ),
    };
  });

  registerEndpoint(app, ENDPOINTS.depositRoute, async ({ session, params, body, deps }) => {
    const answer = await routeAnswer(deps, session, 'deposit', params.paygroup_id, body);
    const result: DepositRouteResponse = {
      parameters: depositFields(answer.fields),
      view_data: answer.view_data,
      card_data: answer.card_data,
    };
    return { status: 200, body: result };
  });

  registerEndpoint(app, ENDPOINTS.payoutRoute, async ({ session, params, body, deps }) => {
    const answer = await routeAnswer(deps, session, 'withdrawal', params.paygroup_id, body);
    const result: PayoutRouteResponse = {
      parameters: answer.fields,
      view_data: answer.view_data,
      card_data: answer.card_data,
    };
    return { status: 200, body: result };
  });

  // Multipart only for the upload route: registered in its own encapsulated context so that no
  // other route accepts multipart bodies (and another module may register it for its own route).
  void app.register(async (child) => {
    await child.register(multipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: false });
    registerEndpoint(child, ENDPOINTS.depositUpload, uploadDocument);
  });
}
