/**
 * The withdrawal policy of the submission pipeline (pipeline.ts; SPEC §4 submit routes, §5 amount
 * and withdrawal balance rules, tax, §7 payouts/groups/{payGroupId}/submit). In order:
 * 1. the pay group of the session (brand, withdrawal flow, session currency), enabled, not
 *    restricted and not disabled by wager (SPEC §4, modules/cashier/wager.ts);
 * 2. the amount by the domain (validateAmount): currency precision, the pay group's pattern and
 *    limits, and the withdrawal balance rule (balance not positive, amount above the balance,
 *    balance under the minimum: 1206). Clamping (clampWithdrawalAmount) is the widget's job as the
 *    player types; the server refuses an amount above the maximum instead of paying a different
 *    amount than the one the player confirmed;
 * 3. the destination: a saved card (card kind), a bet shop (bet_shop kind: the provider issues a
 *    pick-up code, kept as the voucher), or a payout account of the player that must be verified
 *    (1207); a method without saved accounts is paid to the typed requisites when it does not ask
 *    new accounts to be verified;
 * 4. the form by the domain (validateForm), the tax by the brand's tiers (computeTax).
 * A destination that is a payout account (saved or typed) names its requisites' key, so the
 * pipeline can mark the player's first withdrawal to it for the operator (first-payout.ts).
 * The pipeline then creates the withdrawal and reserves its amount in ONE database transaction
 * (the ledger locks the balance row and checks the rule again, so parallel withdrawals never
 * overdraw) and sends the payout of the amount after tax.
 *
 * @packageDocumentation
 */
import { randomUUID } from 'node:crypto';
import Big from 'big.js';
import { MESSAGE_KEYS, fieldKind, mapField } from '@cashdesk/domain';
import type { FormField, PaymentCharges } from '@cashdesk/domain';
import type { SubmitRequest, TaxFigures } from '@cashdesk/contract';
import type { Executor } from '../../db/open';
import { ApiError } from '../../http/api-error';
import type { PayoutDestination } from '../../providers';
import { findSavedCard, LABEL_KEY, findPlayerPayoutAccount } from '../accounts';
import type { WalletService } from '../wallet';
import {
  sessionScope,
  formFields,
  withServerValues,
  findBetShop,
  assertAvailable,
  refuseWhenDisabledByWager,
} from '../cashier';
import { loadPayerOf, routingOf } from './payer';
import type { SessionPayGroup } from '../cashier';
import type { SessionContext } from '../../http/sessions';
import { isUuid } from '../../platform/ids';
import type { PreparedPayment } from './pipeline';
import { payoutAccountKey } from './first-payout';
import { payoutRequest } from './stored-request';
import {
  CARD_ID_ERROR_FIELD,
  REQUISITE_ID_PARAMETER,
  assertKnownParameters,
  betShopRef,
  chargesOf,
  checkAmount,
  checkFields,
  customerOf,
  parameterField,
  submittedValues,
  transactionBase,
} from './submission';

/** Form values that never belong to a withdrawal: a payout never takes a card number. */
const CARD_SECRETS = ['card_pan', 'card_cvv'] as const;

/** Where the money goes, and what the transaction row records about it. */
interface ResolvedDestination {
  readonly destination: PayoutDestination;
  readonly savedCardId: string | null;
  readonly payoutAccountId: string | null;
  readonly betShopId: number | null;
  /** Fields whose values the destination lookup checked (not validated as typed text). */
  readonly resolvedFields: ReadonlySet<string>;
  /**
   * The key of the payout account's requisites (first-payout.ts), or `null` when the destination
   * is no payout account (a card, a bet shop, a form without requisite fields).
   */
  readonly accountKey: string | null;
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

function requiredFieldError(field: string): ApiError {
  return new ApiError('invalidField', {
    field,
    messageKey: MESSAGE_KEYS.fieldRequired,
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
      ? parameterField(cardFields[0].name)
      : CARD_ID_ERROR_FIELD;
  if (cardId === undefined) throw requiredFieldError(field);
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
    accountKey: null,
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
  if (id === undefined) throw requiredFieldError(parameterField(name));
  const shop = await findBetShop(db, session.brandId, id);
  if (shop === undefined) {
    throw new ApiError('notFound', {
      field: parameterField(name),
      detail: `no active bet shop ${id} in ${session.brandId}`,
    });
  }
  return {
    destination: { kind: 'bet_shop', betShop: betShopRef(shop) },
    savedCardId: null,
    payoutAccountId: null,
    betShopId: shop.id,
    resolvedFields: new Set([name]),
    accountKey: null,
  };
}

/**
 * The key of a saved account: its requisite type and the value of the method's field of that
 * type, as requisite/create stored it; an account whose method no longer has such a field is
 * known by its row alone.
 */
function savedAccountKey(
  account: {
    readonly id: string;
    readonly requisiteType: string;
    readonly details: Readonly<Record<string, string>>;
  },
  requisiteFields: readonly FormField[],
): string {
  const field = requisiteFields.find(
    (entry) => entry.userRequisiteTypeId === account.requisiteType,
  );
  const value = field === undefined ? undefined : account.details[field.name];
  return value === undefined
    ? payoutAccountKey([['@account', account.id]])
    : payoutAccountKey([[account.requisiteType, value]]);
}

/**
 * The key of requisites typed in the form: each requisite field's type and value; `null` when
 * the form has no requisite value (nothing names an account).
 */
function typedAccountKey(
  values: Readonly<Record<string, string | boolean>>,
  requisiteFields: readonly FormField[],
): string | null {
  const requisites: [string, string][] = [];
  for (const field of requisiteFields) {
    const value = stringValue(values, field.name);
    if (field.userRequisiteTypeId !== undefined && value !== undefined) {
      requisites.push([field.userRequisiteTypeId, value]);
    }
  }
  return requisites.length === 0 ? null : payoutAccountKey(requisites);
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
  const named = stringValue(values, REQUISITE_ID_PARAMETER);
  const listed = requisiteFields.find((field) => {
    const value = stringValue(values, field.name);
    return value !== undefined && isUuid(value);
  });
  const accountField =
    named !== undefined
      ? parameterField(REQUISITE_ID_PARAMETER)
      : parameterField(listed?.name ?? REQUISITE_ID_PARAMETER);
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
      resolvedFields: new Set([
        REQUISITE_ID_PARAMETER,
        ...requisiteFields.map((field) => field.name),
      ]),
      accountKey: savedAccountKey(account, requisiteFields),
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
      field: parameterField(firstRequisite.name),
      detail: 'a new payout account of this method must be verified first',
    });
  }
  return {
    destination: { kind: 'account', requisites: textValues(values) },
    savedCardId: null,
    payoutAccountId: null,
    betShopId: null,
    resolvedFields: new Set(),
    accountKey: typedAccountKey(values, requisiteFields),
  };
}

/**
 * SPEC §3, §5: the tax figures a withdrawal answers with (non-taxable amount, tax, what is left
 * after tax and whether the tax shows), from the domain's charges of the amount.
 */
function taxFigures(charges: PaymentCharges, precision: number): TaxFigures {
  return {
    non_taxable_amount: charges.nonTaxableAmount ?? new Big(0).toFixed(precision),
    tax_value: charges.tax,
    amount_after_tax: new Big(charges.amount).minus(charges.tax).toFixed(precision),
    shown: charges.taxShown,
  };
}

/** A withdrawal the policy accepted, with the tax figures its answer shows. */
export interface PreparedPayout extends PreparedPayment {
  readonly tax: TaxFigures;
}

/**
 * Validates a withdrawal submit and builds what the pipeline writes and sends (see the module
 * comment). Writes nothing.
 *
 * @throws {ApiError} unknownPayGroup, methodUnavailable, invalidField (body.currency, form
 *   fields), invalidAmount, insufficientBalance (1206), notFound (card, account or bet shop of
 *   another player or unknown), payoutAccountNotVerified (1207).
 */
export async function preparePayout(
  deps: { readonly db: Executor; readonly wallet: Pick<WalletService, 'balance' | 'kind'> },
  session: SessionContext,
  payGroupId: string,
  body: SubmitRequest,
  now: Date,
): Promise<PreparedPayout> {
  const { db } = deps;
  const scope = sessionScope(session, 'withdrawal', body.currency);
  // The pay group, the player, the brand, the tax tiers and the bonuses in one
  // statement, the brand's part from memory; a blocked player and the brand's verification rules
  // are checked on the way.
  const payer = await loadPayerOf(db, session, scope, payGroupId, now);
  const { entry, player, brand } = payer;
  assertAvailable(entry.group, now);
  refuseWhenDisabledByWager(payer.wager, session, entry.group.id);
  // The cashier ledger's balance came with the payer; an operator's wallet is asked.
  const balance =
    deps.wallet.kind === 'internal'
      ? payer.ledgerBalance
      : await deps.wallet.balance(db, session.playerId, session.currency);
  // The typed text is what the pattern (amount_reg_exp_fe) is about; the ledger gets plain text.
  const amount = checkAmount(body.amount, entry, 'withdrawal', balance.balance);

  const wireFields = formFields(entry.group, player);
  const sent = submittedValues(body);
  if (body.native_pay !== undefined) {
    throw new ApiError('invalidField', {
      field: 'body.native_pay',
      detail: 'a withdrawal is never paid with a wallet token',
    });
  }
  for (const secret of CARD_SECRETS) {
    if (Object.hasOwn(sent, secret)) {
      throw new ApiError('invalidField', {
        field: parameterField(secret),
        detail: 'a withdrawal never takes card data',
      });
    }
  }
  assertKnownParameters('withdrawal', wireFields, sent);
  const fields = wireFields.map(mapField);
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
  // The fields the destination lookup decided (a saved card, an account) are not typed text.
  checkFields(
    fields.filter((field) => !resolved.resolvedFields.has(field.name)),
    values,
    {
      flow: 'withdrawal',
      currency: entry.currency.alpha3,
      precision: entry.currency.precision,
      balance: balance.balance,
      now: now.getTime(),
    },
  );

  const charges = chargesOf(payer, 'withdrawal', amount);
  const id = randomUUID();
  return {
    transaction: {
      ...transactionBase(session, entry, 'withdrawal', amount, charges),
      parameters: values,
      providerData: {
        // docs/fees.md: the fee parts, for the operator's view (method_fee of the transaction).
        methodFee: charges.methodFee,
        merchantFee: charges.merchantFee,
        taxFigures: taxFigures(charges, entry.currency.precision),
      },
      savedCardId: resolved.savedCardId,
      payoutAccountId: resolved.payoutAccountId,
      betShopId: resolved.betShopId,
    },
    request: payoutRequest({
      transactionId: id,
      // What the player receives: the amount less the fees and the tax withheld.
      amount: charges.net,
      currency: session.currency,
      methodKind: kind,
      payGroup: entry.group.shortName,
      destination: resolved.destination,
      customer: customerOf(player),
    }),
    secrets: null,
    reserve: { minAmount: entry.limits.minAmount },
    documentIds: [],
    brand,
    routing: routingOf(payer),
    owner: { brand: brand.id, playerRef: player.externalId, payGroup: entry.group.shortName },
    precision: entry.currency.precision,
    tax: taxFigures(charges, entry.currency.precision),
    ...(resolved.accountKey === null
      ? {}
      : {
          payoutAccount: {
            playerId: session.playerId,
            key: resolved.accountKey,
            accountId: resolved.payoutAccountId,
          },
        }),
  };
}
