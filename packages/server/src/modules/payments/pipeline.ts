/**
 * The one submission pipeline of deposits and withdrawals:
 *
 * ```
 * resolve the pay group → validate amount and fields → charges      (the flow's policy: prepare)
 *   → persist: ONE database transaction creates the transaction with its provider request and
 *     the call's lease, reserves a withdrawal's amount and ties the Idempotency-Key to it
 *   → call the provider with our transaction id as its idempotency key  (provider-calls.ts)
 *   → apply the outcome through the status machine        (provider-outcomes.ts, transactions.ts)
 * ```
 *
 * A lean submit: the policy only reads; the Idempotency-Key is claimed in the
 * persisting database transaction, with the transaction whose id the policy made (so its return
 * addresses are in the insert); the provider is called outside any database transaction; its
 * outcome and the key's completion commit together (idempotency.ts `claimWithTransaction`).
 *
 * The policies (deposit-policy.ts, payout-policy.ts) hold what differs: the card choice, fee and
 * bonus of a deposit; the destination, balance reservation and tax of a withdrawal. Nothing is
 * written before the policy has accepted the request, so a refusal leaves no trace.
 *
 * A retry with the same Idempotency-Key never comes here twice: http/idempotency.ts answers it
 * with {@link resumePayment}, which repeats an unresolved call of the same transaction.
 *
 * @packageDocumentation
 */
import type { ClientEnvironment } from '@cashdesk/domain';
import type { Database } from '../../db/open';
import type { ClaimHandle } from '../../http/idempotency';
import { payGroupConnector } from '../cashier';
import { routeOf, storedRoute } from './payment-route';
import type { RoutingInput } from './payment-route';
import {
  createTransaction,
  findPlayerTransaction,
  updateProviderData,
} from './transaction-repository';
import type {
  CreateTransactionInput,
  CreatingBrand,
  TransactionRow,
} from './transaction-repository';
import { linkDocument } from './uploads';
import { reservePayout } from '../wallet';
import type { WalletKind } from '../wallet';
import type { EventOwner } from '../webhooks';
import { leaseEnd, newOwner } from './call-lease';
import { callProvider, resolveCall } from './provider-calls';
import type { CardSecrets, PaymentDeps } from './payment-deps';
import type { StoredRequest } from './stored-request';
import { reportReceipt } from './receipts';
import { holdForApproval } from './approval';
import { firstPayoutMark } from './first-payout';
import type { PayoutAccountRef } from './first-payout';

/** A payment the policy accepted, ready to be written and sent. */
export interface PreparedPayment {
  /** The transaction to create (its id is {@link request}'s transactionId). */
  readonly transaction: Omit<CreateTransactionInput, 'id' | 'call'>;
  /** What the provider gets, without card data: stored with the transaction. */
  readonly request: StoredRequest;
  /** The card data of the call, from the player's request: never stored. */
  readonly secrets: CardSecrets | null;
  /** A withdrawal reserves its amount in the creating database transaction. */
  readonly reserve: { readonly minAmount: string | null } | null;
  /**
   * Documents of the form's upload fields (a bank transfer's receipt), attached to the
   * transaction when it is created; reported to the provider once it waits for them.
   */
  readonly documentIds: readonly string[];
  /** The brand as the policy read it: its merchant URLs are copied onto the transaction. */
  readonly brand: CreatingBrand;
  /** Who the transaction's webhook events name (the policy read the player and pay group). */
  readonly owner: EventOwner;
  /** The precision of the payment's currency, for its answer. */
  readonly precision: number;
  /**
   * The payout account a withdrawal goes to: the creating transaction marks its first
   * withdrawal there for the operator (first-payout.ts). Absent for a deposit, a card, a bet shop.
   */
  readonly payoutAccount?: PayoutAccountRef | undefined;
  /** What the brand's routing rules read besides the request (payment-route.ts). */
  readonly routing: RoutingInput;
}

/**
 * Writes a prepared payment and sends it (see the module comment). A payment the provider does
 * not answer is still answered here: as the transaction stands (`created`, result processing),
 * to be resolved by a retry, the status poll or the reconciler.
 *
 * @param claim the request's Idempotency-Key claim, tied to the transaction in its commit.
 * @param client the channel, platform and device the request named (stored with the payment).
 * @throws {ApiError} insufficientBalance when a parallel withdrawal took the balance first;
 *   idempotencyInProgress when a retry took the claim over first (nothing is written then).
 */
export async function submitPayment(
  deps: PaymentDeps,
  prepared: PreparedPayment,
  claim: ClaimHandle | undefined,
  client: ClientEnvironment | null = null,
): Promise<TransactionRow> {
  const owner = newOwner();
  const now = deps.clock();
  const id = prepared.request.transactionId;
  // Fixed now: the connectors this payment may go to, in order (a cascade moves to the next).
  const route = await routeOf(deps, prepared, id);
  const [connector = payGroupConnector(deps.connectors, null)] = route.candidates;
  const providerData = {
    ...prepared.transaction.providerData,
    // SPEC §1: where the player paid from, kept with the payment.
    ...(client === null ? {} : { client }),
    ...(route.rule === null && route.candidates.length === 1 ? {} : { route: storedRoute(route) }),
  };
  const transaction = { ...prepared.transaction, connector, providerData };
  const row = await persist(
    deps.db,
    { ...prepared, transaction },
    {
      id,
      call: { request: prepared.request, owner, leaseUntil: leaseEnd(deps, now) },
      claim,
      wallet: deps.wallet.kind,
      now,
    },
  );
  // A withdrawal of a brand that approves payouts waits for the operator instead.
  if (row.callState === 'approval') return holdForApproval(deps, row);
  // Outside any database transaction; the outcome and the key's completion commit together.
  const answered = await callProvider(deps, row, owner, prepared.secrets, {
    ...(claim === undefined ? {} : { claim }),
    owner: prepared.owner,
  });
  return reportReceipt(deps, answered);
}

async function persist(
  db: Database,
  prepared: PreparedPayment,
  extra: {
    readonly id: string;
    readonly call: NonNullable<CreateTransactionInput['call']>;
    readonly claim: ClaimHandle | undefined;
    readonly wallet: WalletKind;
    readonly now: Date;
  },
): Promise<TransactionRow> {
  return db.transaction(async (tx) => {
    // Decided here, under the account's lock, so that of two withdrawals at once one is first.
    const mark =
      prepared.payoutAccount === undefined
        ? undefined
        : await firstPayoutMark(tx, prepared.payoutAccount);
    const created = await createTransaction(tx, {
      ...prepared.transaction,
      ...(mark === undefined
        ? {}
        : { providerData: { ...prepared.transaction.providerData, ...mark } }),
      id: extra.id,
      call: extra.call,
      wallet: extra.wallet,
      brand: prepared.brand,
      owner: prepared.owner,
    });
    if (prepared.reserve !== null) {
      // The cashier's ledger checks the balance again under its row lock (a parallel withdrawal
      // may have taken it); the operator's wallet is asked before the provider is called.
      await reservePayout(tx, created, prepared.reserve.minAmount, extra.now);
    }
    for (const documentId of prepared.documentIds) {
      await linkDocument(tx, documentId, created.id);
    }
    const receipt = prepared.documentIds.at(-1);
    const row =
      receipt === undefined
        ? created
        : await updateProviderData(tx, created.id, { receiptDocumentId: receipt });
    // Last: the claim refers to the transaction. A key another request holds rolls all back.
    await extra.claim?.link(tx, created.id);
    return row;
  });
}

/**
 * The answer to a retry whose Idempotency-Key created `transactionId`: the same transaction,
 * its unresolved provider call repeated with the same key first (with the card data of the
 * retry, which is the same request: its hash matched).
 *
 * @throws {ApiError} notFound when the transaction is not the player's.
 */
export async function resumePayment(
  deps: PaymentDeps,
  playerId: string,
  transactionId: string,
  secrets: CardSecrets | null,
): Promise<TransactionRow> {
  const row = await findPlayerTransaction(deps.db, playerId, transactionId);
  return reportReceipt(deps, await resolveCall(deps, row, secrets));
}
