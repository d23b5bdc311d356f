/**
 * The durable state machine around every provider call that can charge or pay.
 *
 * A transaction is committed, with the request the provider gets (card data excluded), before the
 * provider is called (`call_state` `sending`, the caller holding the transaction's lease). The call
 * carries our transaction id as the provider's idempotency key, so repeating it never charges or
 * pays twice (PaymentProvider contract). Then:
 * - an answer is applied through the status machine (modules/payments/transactions.ts):
 *   `call_state` becomes `done`;
 * - no answer (a time-out after `PROVIDER_TIMEOUT_MS`, an error, a lost connection): the outcome
 *   is unknown (`unknown`); the transaction stays `created` and is resolved later, by repeating
 *   the call with the same key (a payout, or a deposit whose player retries with the card data)
 *   or by looking the payment up by our reference (a deposit: the card data is never stored, so
 *   the server cannot repeat it alone). A deposit the provider still does not know after
 *   `LOOKUP_GRACE_MS` never reached it and is failed (`not_received`), nothing charged;
 * - the provider certainly never got the request (ProviderNotReachedError): a deposit fails at
 *   once (the player may try again); a payout waits, `pending`, for the reconciler to send it
 *   again, and the player may reverse it meanwhile;
 * - the caller dies: its lease runs out and the reconciler or the player's retry takes over.
 *
 * Whoever works on a transaction holds its lease (`lease_owner`, `lease_until`), taken by one
 * conditional update, so two processes never call the provider for one transaction at once.
 *
 * The parts: what the calls need and the time-out (payment-deps.ts), the stored request
 * (stored-request.ts), the lease (call-lease.ts), the history entry of a call (call-history.ts),
 * what a call without an answer leaves (unanswered-calls.ts), the look-up by our reference
 * (provider-lookup.ts) and cascading to the next connector of a route (cascade.ts).
 *
 * @packageDocumentation
 */
import type { Executor } from '../../db/open';
import { isProviderNotReached, redactDepositInput } from '../../providers';
import type { ProviderCallOptions } from '../../providers';
import type { ClaimHandle } from '../../http/idempotency';
import type { ProviderOperation } from '../../http/telemetry';
import type { EventOwner, HistoryRecord } from '../webhooks';
import { answeredWith, providerCallRecord, unansweredCallRecord } from './call-history';
import { newOwner, releaseLease, reread, takeCall } from './call-lease';
import { cascadeOnward, countHealth, softDeclineOf } from './cascade';
import type { LeftConnector } from './cascade';
import { providerOf, withProviderTimeout } from './payment-deps';
import type { CardSecrets, PaymentDeps } from './payment-deps';
import { counted } from './payment-metrics';
import { applyDepositOutcome, applyPayoutOutcome } from './provider-outcomes';
import { lookUp } from './provider-lookup';
import { depositInputOf, lacksPaymentData, payoutInputOf, storedRequestOf } from './stored-request';
import type { TransactionRow } from './transaction-repository';
import { completeTransaction } from './transactions';
import type { TransitionResult } from './transactions';
import { callFailed, failAsNotReceived, retryLater } from './unanswered-calls';

/**
 * Calls the provider for a transaction whose call `owner` holds (`sending`), and applies what
 * comes back (see the module comment). A deposit that cannot be repeated without card data it
 * does not have is looked up instead.
 *
 * @returns the transaction as it then is.
 */
export async function callProvider(
  deps: PaymentDeps,
  row: TransactionRow,
  owner: string,
  secrets: CardSecrets | null,
  context: CallContext = {},
): Promise<TransactionRow> {
  const request = storedRequestOf(row);
  if (request === null) {
    // Written without a request (an earlier version): it can only be looked up.
    return lookUp(deps, row, owner);
  }
  const now = deps.clock();
  if (request.flow === 'deposit') {
    if (lacksPaymentData(request, secrets)) return lookUp(deps, row, owner);
    const input = depositInputOf(request, secrets);
    return attempt(deps, row, owner, {
      log: { deposit: redactDepositInput(input) },
      sending: 'authorising deposit',
      answered: 'deposit authorisation answered',
      operation: 'authorizeDeposit',
      call: (options) => providerOf(deps, row).authorizeDeposit(input, now, options),
      onward: (left, record) =>
        cascadeOnward(deps, row, owner, left, record, (moved) =>
          callProvider(deps, moved, owner, secrets, context),
        ),
      apply: (outcome, history) =>
        applying(deps, context, (tx) =>
          applyDepositOutcome(tx, row, outcome, deps.clock(), context.owner, history),
        ),
    });
  } else {
    if (row.wallet === 'operator') {
      const held = await heldByWallet(deps, row, owner);
      if (held !== null) return held;
    }
    const input = payoutInputOf(request);
    return attempt(deps, row, owner, {
      log: {
        transaction_id: row.id,
        amount: input.amount,
        currency: input.currency,
        destination: input.destination.kind,
      },
      sending: 'sending payout',
      answered: 'payout answered',
      operation: 'payout',
      call: (options) => providerOf(deps, row).payout(input, now, options),
      apply: (outcome, history) =>
        applying(deps, context, (tx) =>
          applyPayoutOutcome(tx, row, outcome, deps.clock(), context.owner, history),
        ),
    });
  }
}

/** What the request calling the provider adds (a submit: its key's claim and the event owner). */
export interface CallContext {
  /** The request's Idempotency-Key claim: completed in the outcome's database transaction. */
  readonly claim?: ClaimHandle | undefined;
  /** Who the webhook events of the outcome name, when the caller knows it. */
  readonly owner?: EventOwner | undefined;
}

/** Applies an outcome in one database transaction, with the claim's completion when there is one. */
function applying(
  deps: PaymentDeps,
  context: CallContext,
  apply: (tx: Executor) => Promise<TransitionResult>,
): Promise<TransitionResult> {
  return context.claim === undefined
    ? deps.db.transaction((tx) => apply(tx))
    : context.claim.completing(deps.db, (tx) => apply(tx));
}

/**
 * A payout kept in the operator's wallet goes to the provider only once the wallet has
 * taken its amount off the balance (authorize, sent again with the same operation id until
 * answered). Returns the transaction when it must not be sent now: the wallet refused (the payout
 * fails, nothing was taken), or did not answer (the payout stays unsent, `pending`, for the next
 * try; once the wallet stayed silent past LOOKUP_GRACE_MS it fails as never sent, and its
 * authorize is cancelled). `null`: send it.
 */
async function heldByWallet(
  deps: PaymentDeps,
  row: TransactionRow,
  owner: string,
): Promise<TransactionRow | null> {
  const answer = await deps.wallet.reservePayout(row);
  if (answer.outcome === 'reserved') return null;
  const now = deps.clock();
  if (answer.outcome === 'refused') {
    deps.log?.info(
      { transaction_id: row.id, reason: answer.reason },
      'the operator wallet refused the payout: failed, nothing sent',
    );
    const reason = answer.reason === 'insufficient_funds' ? 'insufficient_funds' : 'declined';
    counted(deps, await completeTransaction(deps.db, row.id, { result: 'declined', reason }, now));
  } else if (now.getTime() - answer.since.getTime() >= deps.config.payments.lookupGraceMs) {
    deps.log?.warn(
      { transaction_id: row.id },
      'the operator wallet never answered the payout: failed as never sent',
    );
    await failAsNotReceived(deps, row, now);
  } else {
    await retryLater(deps, row, 'pending');
  }
  await releaseLease(deps.db, row.id, owner);
  return reread(deps.db, row.id);
}

/**
 * One attempt of a charging call: logged, sent under the time-out, applied or failed. Returns
 * the transaction as it then is; an applied answer's move also ended the lease (transition).
 */
async function attempt<O extends { readonly outcome: string }>(
  deps: PaymentDeps,
  row: TransactionRow,
  owner: string,
  steps: {
    /** What the log may show of the request (never card data). */
    readonly log: Record<string, unknown>;
    readonly sending: string;
    readonly answered: string;
    readonly operation: ProviderOperation;
    readonly call: (options: ProviderCallOptions) => Promise<O>;
    readonly apply: (outcome: O, history: readonly HistoryRecord[]) => Promise<TransitionResult>;
    /**
     * Tries the payment on its next connector after a soft decline or a call that never reached
     * the provider (a deposit whose route cascades); `null` when it may not.
     */
    readonly onward?: (
      left: LeftConnector,
      record: HistoryRecord,
    ) => Promise<TransactionRow | null>;
  },
): Promise<TransactionRow> {
  deps.log?.info({ ...steps.log, attempt: row.callAttempts }, steps.sending);
  const sentAt = deps.clock();
  let outcome: O;
  try {
    outcome = await withProviderTimeout(
      deps,
      steps.operation,
      steps.call,
      deps.connectors.resolve(row.connector),
    );
    await countHealth(deps, row, false);
  } catch (error) {
    await countHealth(deps, row, true);
    // The call's entry of the history, whether the payment moves on or stays to be resolved.
    const unanswered = unansweredCallRecord(deps, row, steps.operation, sentAt, error);
    if (isProviderNotReached(error) && steps.onward !== undefined) {
      const moved = await steps.onward(
        { outcome: 'not_reached', reason: null, code: null },
        unanswered,
      );
      if (moved !== null) return moved;
    }
    await callFailed(deps, row, error, unanswered);
    await releaseLease(deps.db, row.id, owner);
    return reread(deps.db, row.id);
  }
  // The answer's entry of the history, whether the payment moves on or the answer is applied.
  const answered = providerCallRecord(deps, row, steps.operation, sentAt, answeredWith(outcome));
  const soft = steps.onward === undefined ? null : softDeclineOf(providerOf(deps, row), outcome);
  if (soft !== null && steps.onward !== undefined) {
    const moved = await steps.onward(soft, answered);
    if (moved !== null) return moved;
  }
  try {
    // An answer that cannot be applied (the database failed) counts as no answer: the same
    // call is repeated or looked up later, and the provider answers it with its first result.
    const applied = counted(deps, await steps.apply(outcome, [answered]));
    deps.log?.info(
      { transaction_id: row.id, outcome: outcome.outcome, attempt: row.callAttempts },
      steps.answered,
    );
    if (applied.applied) return applied.transaction;
  } catch (error) {
    await callFailed(
      deps,
      row,
      error,
      unansweredCallRecord(deps, row, steps.operation, sentAt, error),
    );
  }
  await releaseLease(deps.db, row.id, owner);
  return reread(deps.db, row.id);
}

/**
 * Resolves a transaction still `created` whose call is free: takes it, then repeats the call
 * with the same key (a payout; a deposit when `secrets` carries the player's card data again) or
 * looks the payment up. Used by the player's retry of a submit, the status poll and the
 * reconciler. Returns the transaction as it then is (unchanged when someone else holds it).
 *
 * A caller that already holds the transaction's lease passes its owner (`heldLease`): the call
 * is taken over under that lease, so nothing can take the transaction in between, and the lease
 * is released whatever happens.
 */
export async function resolveCall(
  deps: PaymentDeps,
  row: TransactionRow,
  secrets: CardSecrets | null,
  heldLease?: string,
): Promise<TransactionRow> {
  // Only a lease the caller holds needs releasing: a fresh owner holds nothing (and the status
  // poll, which calls this on every read, should not pay a write for it).
  const release = async () => {
    if (heldLease !== undefined) await releaseLease(deps.db, row.id, heldLease);
  };
  if (row.status !== 'created' || row.callState === 'done' || row.callState === 'approval') {
    await release();
    return row;
  }
  const owner = heldLease ?? newOwner();
  const taken = await takeCall(deps, row.id, owner);
  if (taken === null) {
    await release();
    return reread(deps.db, row.id);
  }
  return callProvider(deps, taken, owner, secrets);
}
