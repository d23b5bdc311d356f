/**
 * Withdrawals (payouts): SPEC §4 submit routes, §5 amount and withdrawal balance rules, tax, §7
 * payouts/groups/{payGroupId}/submit and payments/reverse-pending-withdrawal.
 *
 * Submit, in order:
 * 1. the pay group of the session (brand, withdrawal flow, session currency), enabled, not
 *    restricted and not disabled by wager (SPEC §4, services/wager.ts);
 * 2. the amount by the domain (validateAmount): currency precision, the pay group's pattern and
 *    limits, and the withdrawal balance rule (balance not positive, amount above the balance,
 *    balance under the minimum: 1206). Clamping (clampWithdrawalAmount) is the widget's job as the
 *    player types; the server refuses an amount above the maximum instead of paying a different
 *    amount than the one the player confirmed;
 * 3. the destination: a saved card (card kind), a bet shop (bet_shop kind: the provider issues a
 *    pick-up code, kept as the voucher), or a payout account of the player that must be verified
 *    (1207); a method without saved accounts is paid to the typed requisites when it does not ask
 *    new accounts to be verified;
 * 4. the form by the domain (validateForm), the tax by the brand's tiers (computeTax);
 * 5. ONE database transaction creates the withdrawal and reserves its amount (ledger
 *    reserveWithdrawal locks the balance row and checks the rule again, so parallel withdrawals
 *    never overdraw);
 * 6. the provider pays out the amount after tax; its outcome goes through the transaction status
 *    machine (services/transactions.ts): approved settles the reservation, processing leaves the
 *    withdrawal pending (init's withdrawal_reverse), declined releases the reservation.
 *
 * Reversal: every pending withdrawal of the session currency is cancelled at the provider; a
 * cancelled one becomes `error` with the reversal marker and its reservation is released, once
 * (the status machine's conditional update and the ledger's one-entry-per-kind rule both guard
 * it), so a second reversal finds nothing to reverse.
 *
 * @packageDocumentation
 */
import Big from 'big.js';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  computeTax,
  decimalPlaces,
  fieldKind,
  mapField,
  parseDecimal,
  roundToPrecision,
  validateAmount,
  validateForm,
} from '@cashdesk/domain';
import type { FormField, FormValues } from '@cashdesk/domain';
import type {
  PaySession,
  ReversePendingWithdrawalResponse,
  SubmitRequest,
  TaxFigures,
} from '@cashdesk/contract';
import type { Database, Executor } from '../db/open';
import { transactions } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { PaymentProvider, PayoutDestination } from '../providers';
import { findSavedCard } from './cards';
import { getBalance, releaseReservation, reserveWithdrawal } from './ledger';
import {
  assertAvailable,
  atPrecision,
  findBetShop,
  findSessionPayGroup,
  formFields,
  loadPlayer,
  loadTaxTiers,
  sessionScope,
  withServerValues,
} from './pay-groups';
import type { SessionPayGroup } from './pay-groups';
import { LABEL_KEY, findPlayerPayoutAccount } from './payout-accounts';
import type { SessionContext } from './sessions';
import { assertNotDisabledByWager } from './wager';
import {
  applyPayoutOutcome,
  applyProviderStatus,
  betShopRef,
  createTransaction,
  currencyPrecision,
  isUuid,
  paySessionFor,
  transition,
} from './transactions';
import type { TransactionRow } from './transactions';

/** Message key of a withdrawal the player reversed (its error_message; the reversal marker). */
export const REVERSED_MESSAGE_KEY = 'CASHIER.WITHDRAWAL.REVERSED';

/** Form values that never belong to a withdrawal: a payout never takes a card number. */
const CARD_SECRETS = ['card_pan', 'card_cvv'] as const;

/** The answer of a withdrawal submit: the pay session with the tax figures. */
export type PayoutPaySession = PaySession & { readonly tax: TaxFigures };

/** What {@link submitPayout} needs. */
export interface PayoutDeps {
  readonly db: Database;
  readonly provider: PaymentProvider;
}

/** Where the money goes, and what the transaction row records about it. */
interface ResolvedDestination {
  readonly destination: PayoutDestination;
  readonly savedCardId: string | null;
  readonly payoutAccountId: string | null;
  readonly betShopId: number | null;
  /** Fields whose values the destination lookup checked (not validated as typed text). */
  readonly resolvedFields: ReadonlySet<string>;
}

/** The submitted form values: `fields` (deposit body shape) merged with `parameters` (winning). */
function formValues(body: SubmitRequest): Record<string, string | boolean> {
  return { ...(body.fields ?? {}), ...(body.parameters ?? {}) };
}

function stringValue(values: Readonly<Record<string, string | boolean>>, name: string) {
  const value = values[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Text values only, without the form's own bookkeeping (save_requisites and the like). */
function textValues(
  values: Readonly<Record<string, string | boolean>>,
): Readonly<Record<string, string>> {
  const texts: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'string') texts[name] = value;
  }
  return texts;
}

/**
 * SPEC §5: the amount of a withdrawal, checked by the domain against the currency precision, the
 * pay group's pattern and limits and the player's balance.
 *
 * @throws {ApiError} insufficientBalance (1206, field amount) for the balance rule; invalidAmount
 * (1010, field amount, the domain's message key) for the others.
 */
async function checkAmount(
  db: Executor,
  session: SessionContext,
  entry: SessionPayGroup,
  amount: string,
): Promise<void> {
  const parsed = parseDecimal(amount);
  const precision = entry.currency.precision;
  // Trailing zeros are no extra precision: "10.50" is fine for EUR, "10.505" is not.
  if (parsed === null || decimalPlaces(parsed) > precision) {
    throw new ApiError('invalidAmount', {
      field: 'amount',
      detail: `${amount} has more than ${String(precision)} decimals`,
    });
  }
  const balance = await getBalance(db, session.playerId, session.currency);
  const check = validateAmount(amount, {
    flowType: 'withdrawal',
    limits: { min: entry.limits.minAmount, max: entry.limits.maxAmount },
    balance: balance.balance,
    pattern: entry.group.amountRegExpFe,
    currency: entry.currency.alpha3,
    precision,
  });
  if (check.valid) return;
  throw new ApiError(check.kind === 'balance' ? 'insufficientBalance' : 'invalidAmount', {
    field: 'amount',
    messageKey: check.error.key,
    detail: `withdrawal amount refused (${check.kind})`,
  });
}

function requiredError(field: string): ApiError {
  return new ApiError('invalidField', {
    field,
    messageKey: 'PH.ERROR.FIELD_REQUIRED',
    detail: `${field} is required for this withdrawal method`,
  });
}

/** SPEC §2 withdrawal card list: a saved card of the player, by card_data.card_id or card_id. */
async function cardDestination(
  db: Executor,
  session: SessionContext,
  body: SubmitRequest,
  values: Readonly<Record<string, string | boolean>>,
  fields: readonly FormField[],
): Promise<ResolvedDestination> {
  const cardFields = fields.filter((field) => fieldKind(field) === 'card');
  const fromForm = cardFields
    .map((field) => stringValue(values, field.name))
    .find((value) => value !== undefined);
  const cardId = body.card_data?.card_id ?? fromForm;
  const field =
    body.card_data?.card_id === undefined && cardFields[0] !== undefined
      ? `body.parameters.${cardFields[0].name}`
      : 'body.card_data.card_id';
  if (cardId === undefined) throw requiredError(field);
  const card = await findSavedCard(db, session.playerId, cardId);
  if (card?.active !== true) {
    throw new ApiError('notFound', { field, detail: 'no such saved card for this player' });
  }
  return {
    destination: { kind: 'card', cardToken: card.token },
    savedCardId: card.id,
    payoutAccountId: null,
    betShopId: null,
    resolvedFields: new Set(cardFields.map((entry) => entry.name)),
  };
}

/** SPEC §2 /betshop-withdrawal: the bet shop chosen in the bet_shop field. */
async function betShopDestination(
  db: Executor,
  session: SessionContext,
  values: Readonly<Record<string, string | boolean>>,
  fields: readonly FormField[],
): Promise<ResolvedDestination> {
  const shopField = fields.find((field) => fieldKind(field) === 'betShop');
  const name = shopField?.name ?? 'bet_shop';
  const id = stringValue(values, name);
  if (id === undefined) throw requiredError(`body.parameters.${name}`);
  const shop = await findBetShop(db, session.brandId, id);
  if (shop === undefined) {
    throw new ApiError('notFound', {
      field: `body.parameters.${name}`,
      detail: `no active bet shop ${id} in ${session.brandId}`,
    });
  }
  return {
    destination: { kind: 'bet_shop', betShop: betShopRef(shop) },
    savedCardId: null,
    payoutAccountId: null,
    betShopId: shop.id,
    resolvedFields: new Set([name]),
  };
}

/**
 * SPEC §2 payout entry: a saved payout account (its id as `requisite_id` or as the value of the
 * field that lists accounts) or, for a method that does not verify new accounts, the typed
 * requisites.
 */
async function accountDestination(
  db: Executor,
  session: SessionContext,
  entry: SessionPayGroup,
  values: Readonly<Record<string, string | boolean>>,
  fields: readonly FormField[],
): Promise<ResolvedDestination> {
  const requisiteFields = fields.filter(
    (field) => field.userRequisiteTypeId !== undefined && fieldKind(field) !== 'card',
  );
  const named = stringValue(values, 'requisite_id');
  const listed = requisiteFields.find((field) => {
    const value = stringValue(values, field.name);
    return value !== undefined && isUuid(value);
  });
  const accountField =
    named !== undefined
      ? 'body.parameters.requisite_id'
      : `body.parameters.${listed?.name ?? 'requisite_id'}`;
  const accountId = named ?? (listed === undefined ? undefined : stringValue(values, listed.name));

  if (accountId !== undefined) {
    const account = await findPlayerPayoutAccount(db, session.playerId, accountId);
    if (
      account === null ||
      (account.payGroupId !== null && account.payGroupId !== entry.group.id)
    ) {
      throw new ApiError('notFound', {
        field: accountField,
        detail: 'no such payout account of this player for this method',
      });
    }
    if (!account.verified) {
      throw new ApiError('payoutAccountNotVerified', {
        field: accountField,
        detail: 'the payout account was not confirmed with a one-time code',
      });
    }
    const requisites = Object.fromEntries(
      Object.entries(account.details).filter(([key]) => key !== LABEL_KEY),
    );
    return {
      destination: { kind: 'account', requisites },
      savedCardId: null,
      payoutAccountId: account.id,
      betShopId: null,
      resolvedFields: new Set(['requisite_id', ...requisiteFields.map((field) => field.name)]),
    };
  }

  const mustVerify =
    entry.group.verifyNewPayoutAccount ||
    requisiteFields.some((field) => field.verifyNewPayoutAccount);
  const [firstRequisite] = requisiteFields;
  if (mustVerify && firstRequisite !== undefined) {
    // SPEC §4: a new account of this method is verified first (requisite/create, otp/send,
    // otp/verify), then paid to by its requisite id.
    throw new ApiError('payoutAccountNotVerified', {
      field: `body.parameters.${firstRequisite.name}`,
      detail: 'a new payout account of this method must be verified first',
    });
  }
  return {
    destination: { kind: 'account', requisites: textValues(values) },
    savedCardId: null,
    payoutAccountId: null,
    betShopId: null,
    resolvedFields: new Set(),
  };
}

/**
 * SPEC §5: the form's generic field rules (validateForm), for the fields the destination lookup
 * did not already decide.
 *
 * @throws {ApiError} invalidField naming `body.parameters.<field>` with the domain's message key.
 */
function checkForm(
  fields: readonly FormField[],
  values: Readonly<Record<string, string | boolean>>,
  resolved: ReadonlySet<string>,
): void {
  const typed = fields.filter((field) => !resolved.has(field.name));
  const formValuesOfFields: FormValues = values;
  const result = validateForm(typed, formValuesOfFields);
  if (result.valid || result.firstInvalidField === null) return;
  const error = result.errors[result.firstInvalidField];
  throw new ApiError('invalidField', {
    field: `body.parameters.${result.firstInvalidField}`,
    messageKey: error?.key,
    detail: `withdrawal form field ${result.firstInvalidField} refused`,
  });
}

/** The tax of a withdrawal (SPEC §5) and what is paid out after it, at the currency precision. */
export interface PayoutTax {
  readonly figures: TaxFigures;
  /** Stored as the transaction's tax: amount − paid out. */
  readonly tax: string;
  /** What the provider pays the player. */
  readonly payout: string;
}

/**
 * SPEC §3, §5: the tax of a withdrawal amount by the brand's tiers (domain computeTax, 2
 * decimals). What is paid out is rounded down to the currency precision and the tax is the rest,
 * so amount = tax + payout exactly, even for a currency without decimals.
 */
export async function payoutTax(
  db: Executor,
  brandId: string,
  amount: string,
  precision: number,
): Promise<PayoutTax> {
  const tiers = await loadTaxTiers(db, brandId, 'withdrawal');
  const result = computeTax(amount, tiers);
  const gross = new Big(amount);
  if (result === null) throw new ApiError('invalidAmount', { field: 'amount' });
  const payout = new Big(roundToPrecision(new Big(result.amountAfterTax), precision, 'down'));
  const tax = gross.minus(payout);
  return {
    figures: {
      non_taxable_amount: atPrecision(result.nonTaxableAmount, precision),
      tax_value: atPrecision(tax.toFixed(), precision),
      amount_after_tax: atPrecision(payout.toFixed(), precision),
      shown: result.shown,
    },
    tax: tax.toFixed(),
    payout: payout.toFixed(),
  };
}

/**
 * SPEC §7 payouts/groups/{payGroupId}/submit (see the module comment for the order of checks).
 * Idempotency is the route wrapper's (register-endpoint.ts): this runs once per key.
 *
 * @throws {ApiError} unknownPayGroup, methodUnavailable, invalidField (body.currency, form
 * fields), invalidAmount, insufficientBalance (1206), notFound (card, account or bet shop of
 * another player or unknown), payoutAccountNotVerified (1207). Nothing is written then.
 */
export async function submitPayout(
  deps: PayoutDeps,
  session: SessionContext,
  payGroupId: string,
  body: SubmitRequest,
  options: { readonly idempotencyKey?: string | undefined; readonly now?: Date } = {},
): Promise<PayoutPaySession> {
  const { db, provider } = deps;
  const now = options.now ?? new Date();
  const scope = sessionScope(session, 'withdrawal', body.currency);
  const entry = await findSessionPayGroup(db, scope, payGroupId);
  assertAvailable(entry.group, now);
  await assertNotDisabledByWager(db, session, entry.group.id);
  // The typed text is what the pattern (amount_reg_exp_fe) is about; the ledger gets plain text.
  await checkAmount(db, session, entry, body.amount);
  const amount = new Big(body.amount).toFixed();

  const player = await loadPlayer(db, session.playerId);
  const fields = formFields(entry.group, player).map(mapField);
  const sent = formValues(body);
  for (const secret of CARD_SECRETS) {
    if (Object.hasOwn(sent, secret)) {
      throw new ApiError('invalidField', {
        field: `body.parameters.${secret}`,
        detail: 'a withdrawal never takes card data',
      });
    }
  }
  // A read-only profile field (the profile phone of a mobile payout) is the server's value, never
  // the client's: the money goes to the player's own number, whatever the request says.
  const values = withServerValues(fields, sent, (field) => fieldKind(field) === 'card');
  const kind = entry.group.providerKind;
  const resolved =
    kind === 'card'
      ? await cardDestination(db, session, body, values, fields)
      : kind === 'bet_shop'
        ? await betShopDestination(db, session, values, fields)
        : await accountDestination(db, session, entry, values, fields);
  checkForm(fields, values, resolved.resolvedFields);

  const precision = entry.currency.precision;
  const tax = await payoutTax(db, session.brandId, amount, precision);

  const row = await db.transaction(async (tx) => {
    const created = await createTransaction(tx, {
      playerId: session.playerId,
      brandId: session.brandId,
      sessionId: session.sessionId,
      payGroupId: entry.group.id,
      flow: 'withdrawal',
      amount,
      currency: session.currency,
      providerKind: kind,
      tax: tax.tax,
      parameters: values,
      idempotencyKey: options.idempotencyKey ?? null,
      savedCardId: resolved.savedCardId,
      payoutAccountId: resolved.payoutAccountId,
      betShopId: resolved.betShopId,
    });
    // The balance row is locked and checked again here: a parallel withdrawal may have taken it.
    await reserveWithdrawal(tx, {
      playerId: session.playerId,
      currency: session.currency,
      amount,
      transactionId: created.id,
      minAmount: entry.limits.minAmount,
    });
    return created;
  });

  const outcome = await provider.payout(
    {
      transactionId: row.id,
      amount: tax.payout,
      currency: row.currency,
      methodKind: kind,
      payGroup: entry.group.shortName,
      destination: resolved.destination,
      customer: {
        playerId: player.id,
        country: player.country ?? '',
        email: player.email ?? undefined,
        phone: player.phone ?? undefined,
      },
    },
    now,
  );
  const applied = await applyPayoutOutcome(db, row, outcome);
  const paySession = await paySessionFor(db, applied.transaction);
  return { ...paySession, tax: tax.figures };
}

// --- pending withdrawals and their reversal --------------------------------------------------------

/** Statuses of a withdrawal still waiting for the provider. */
const PENDING_STATUSES: readonly TransactionRow['status'][] = ['processing', 'await'];

/**
 * The player's pending withdrawals in a currency (sent to the provider, not final), oldest
 * first. Their amounts are what the balance's `reserved` holds.
 */
export async function pendingWithdrawals(
  db: Executor,
  playerId: string,
  currency: string,
): Promise<TransactionRow[]> {
  return db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.playerId, playerId),
        eq(transactions.currency, currency),
        eq(transactions.flow, 'withdrawal'),
        inArray(transactions.status, [...PENDING_STATUSES]),
        isNotNull(transactions.providerReference),
      ),
    )
    .orderBy(transactions.createdAt, transactions.id);
}

/** Whether a withdrawal ended by the player's reversal. */
export function isReversed(row: Pick<TransactionRow, 'status' | 'errorMessage'>): boolean {
  return row.status === 'error' && row.errorMessage === REVERSED_MESSAGE_KEY;
}

/**
 * Ends one pending withdrawal as reversed, once: `error` with the reversal marker (error_message
 * {@link REVERSED_MESSAGE_KEY}, provider data reversedAt) and the reservation back on the
 * balance, in one database transaction. `false` when another request finished it first.
 */
async function reverseOne(db: Database, row: TransactionRow, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const result = await transition(tx, row.id, 'error', {
      step: 'result',
      redirect: null,
      errorCode: null,
      errorMessage: REVERSED_MESSAGE_KEY,
      errorFatal: false,
      declinePageSettings: null,
      providerData: { declineReason: 'cancelled' },
    });
    if (!result.applied) return false;
    // For operators: when the player took the money back (outside the typed provider data).
    await tx
      .update(transactions)
      .set({
        providerData: sql`${transactions.providerData} || ${JSON.stringify({ reversedAt: now.toISOString() })}::jsonb`,
      })
      .where(eq(transactions.id, row.id));
    const released = await releaseReservation(tx, row.id);
    return released?.applied === true;
  });
}

/**
 * SPEC §7 GET payments/reverse-pending-withdrawal: cancels the session player's pending
 * withdrawals in the session currency at the provider and returns what could be cancelled to the
 * balance. What the provider had already paid is settled and reported as fail_amount; what it
 * had declined meanwhile is returned by the decline and counted as returned.
 *
 * @throws {ApiError} nothingToReverse (1501) when nothing is pending, or a concurrent reversal
 * took everything first.
 */
export async function reversePendingWithdrawal(
  deps: PayoutDeps,
  session: SessionContext,
  now: Date = new Date(),
): Promise<ReversePendingWithdrawalResponse> {
  const { db, provider } = deps;
  const pending = await pendingWithdrawals(db, session.playerId, session.currency);
  let returned = new Big(0);
  let kept = new Big(0);
  for (const row of pending) {
    const reference = row.providerReference;
    if (reference === null) continue;
    const cancel = await provider.cancelPayout(reference, now);
    const status = cancel.outcome === 'cancelled' ? null : cancel.status;
    if (status === null || status.status === 'cancelled') {
      if (await reverseOne(db, row, now)) returned = returned.plus(row.amount);
      continue;
    }
    if (status.status === 'approved' || status.status === 'declined') {
      const result = await applyProviderStatus(db, row, status);
      if (result.applied && status.status === 'declined') returned = returned.plus(row.amount);
      if (result.applied && status.status === 'approved') kept = kept.plus(row.amount);
      continue;
    }
    // Still pending but not cancellable (already on its way), or unknown to the provider.
    kept = kept.plus(row.amount);
  }
  if (returned.eq(0) && kept.eq(0)) {
    throw new ApiError('nothingToReverse', {
      detail: `no pending withdrawal in ${session.currency}`,
    });
  }
  const precision = await currencyPrecision(db, session.currency);
  return {
    success_amount: returned.gt(0) ? atPrecision(returned.toFixed(), precision) : null,
    fail_amount: kept.gt(0) ? atPrecision(kept.toFixed(), precision) : null,
    currency: session.currency,
  };
}
