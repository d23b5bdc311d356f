/**
 * The sandbox payment provider: a {@link PaymentProvider} that decides every payment from its
 * input (the card number, the method kind, the amount) and the injected clock, so that a developer
 * can reach every screen of the cashier and tests can assert exact outcomes. README.md beside this
 * file documents the tables.
 *
 * State: payments, card tokens and the first result of every transaction id live in a
 * {@link SandboxStore} (`store.ts`): in the server, its database (`database-store.ts`), so that
 * every server process behind a load balancer sees the same payments (a challenge page served by
 * one process shows the card another process authorised; a card saved on a processing deposit
 * is saved whichever process sees it settle) and a restart loses nothing. Each change is one
 * atomic operation of the store (the first result of a transaction id, a payment's result, a
 * payment's token), so two processes calling about one payment at once cannot both win. A
 * reference still encodes the flow, the step, the final result and the start time (see
 * `provider-ref.ts`), so a reference the store does not hold (made before its state was kept, or
 * forgotten by a memory store) still settles on time, and `complete3ds`, `completeInteraction`,
 * `recordReceipt` and `cancelPayout` still work on it.
 *
 * The sandbox never keeps a card number or security code: a new card becomes a {@link CardSummary}
 * at once, and tokens are random bytes plus a behaviour letter.
 *
 * Idempotency, as a real PSP keeps it (the contract of `PaymentProvider`): the first result of a
 * transaction id is kept, and `authorizeDeposit` or `payout` with that id again returns it
 * without charging or paying again; `lookup` finds a payment by the transaction id. What the
 * sandbox was asked to do is kept as {@link SandboxActivity}, so tests can count charges.
 *
 * This class keeps the `PaymentProvider` contract (idempotency, lookup) and hands each decision
 * to the modules beside it: `deposits.ts` and `card-deposits.ts` decide a new deposit,
 * `payouts.ts` a new payout, `payment-status.ts` a payment's status at a time,
 * `waiting-payments.ts` the answers that fix a waiting payment (3-D Secure, interaction page,
 * receipt, cancellation), `payment-records.ts` reads and changes the store, and
 * `payment-maker.ts` draws references and tokens from the random source.
 *
 * @packageDocumentation
 */
import { randomBytes as cryptoRandomBytes } from 'node:crypto';
import type {
  CancelOutcome,
  CardSummary,
  DepositInput,
  DepositOutcome,
  LookupResult,
  PaymentMethodKind,
  PaymentProvider,
  PayoutInput,
  PayoutOutcome,
  ProviderRef,
  ProviderRefunds,
  ProviderStatus,
  RefundInput,
  RefundLookup,
  RefundOutcome,
  ReturnUrls,
  ThreeDsChallengeResult,
  ThreeDsOutcome,
  WalletKind,
} from '../payment-provider';
import { decideDeposit } from './deposits';
import type { InteractionAction } from './interaction-page';
import { DEFAULT_SANDBOX_TIMINGS } from './method-outcomes';
import { sandboxWalletRequestData } from './test-wallet-tokens';
import type { SandboxTimings } from './method-outcomes';
import { PaymentMaker } from './payment-maker';
import type { NewPaymentContext } from './payment-maker';
import { PaymentRecords } from './payment-records';
import { decidePayout } from './payouts';
import { parseRef } from './provider-ref';
import { lookupRefund, refund, refundOutcomeAt } from './refunds';
import type { RefundContext } from './refunds';
import type { SandboxFlow, SandboxStep } from './provider-ref';
import type {
  SandboxActivity,
  SandboxSnapshot,
  SandboxStore,
  SandboxTransactionRecord,
} from './store';
import {
  answerChallenge,
  answerInteraction,
  cancelPayout,
  recordReceipt,
} from './waiting-payments';

/** One refund id the sandbox was asked for ({@link SandboxProvider.refundActivity}). */
export interface SandboxRefundActivity {
  readonly refundId: string;
  readonly paymentRef: ProviderRef;
  readonly amount: string;
  readonly currency: string;
  readonly calls: number;
  readonly outcome: RefundOutcome['outcome'];
}

/** The provider route name of the sandbox. */
export const SANDBOX_PROVIDER_NAME = 'sandbox';

/** Options of {@link SandboxProvider}; every timing defaults to {@link DEFAULT_SANDBOX_TIMINGS}. */
export interface SandboxProviderOptions extends Partial<SandboxTimings> {
  /**
   * Where the sandbox keeps its payments, tokens and idempotency records: in the server, a
   * `DatabaseSandboxStore` on its database (shared by every server process); a
   * `MemorySandboxStore` for a sandbox that is a process of its own (the PSP simulator).
   */
  readonly store: SandboxStore;
  /**
   * The server's public address (config publicUrl), prefixed to the challenge and interaction
   * page URLs. Default '': root-relative URLs, fine when the widget and server share an origin.
   */
  readonly baseUrl?: string | undefined;
  /** Random bytes for references and tokens; default node:crypto. Tests pass a fixed source. */
  readonly randomBytes?: ((size: number) => Uint8Array) | undefined;
}

/**
 * What the sandbox remembers of a payment for its pages: enough to render the 3-D Secure and
 * interaction pages and to send the browser back. Never card data beyond the last four digits.
 */
export interface SandboxPaymentView {
  readonly providerRef: ProviderRef;
  readonly flow: SandboxFlow;
  readonly kind: PaymentMethodKind;
  readonly step: SandboxStep;
  readonly transactionId: string;
  readonly amount: string;
  readonly currency: string;
  readonly payGroup: string;
  readonly merchantName: string;
  readonly returnUrls: ReturnUrls | undefined;
  readonly cardLast4: string | undefined;
  readonly reference: string | undefined;
  readonly startedAt: Date;
}

function resolveTimings(options: SandboxProviderOptions): SandboxTimings {
  const timings: SandboxTimings = {
    settleAfterMs: options.settleAfterMs ?? DEFAULT_SANDBOX_TIMINGS.settleAfterMs,
    paidAfterMs: options.paidAfterMs ?? DEFAULT_SANDBOX_TIMINGS.paidAfterMs,
    expiresAfterMs: options.expiresAfterMs ?? DEFAULT_SANDBOX_TIMINGS.expiresAfterMs,
    voucherExpiresAfterMs:
      options.voucherExpiresAfterMs ?? DEFAULT_SANDBOX_TIMINGS.voucherExpiresAfterMs,
    pollAfterMs: options.pollAfterMs ?? DEFAULT_SANDBOX_TIMINGS.pollAfterMs,
  };
  for (const [name, value] of Object.entries(timings)) {
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new RangeError(`SandboxProvider: ${name} must be a whole number of milliseconds ≥ 0.`);
    }
  }
  return timings;
}

/** The result a transaction id's record holds, refused when the id is of the other flow. */
function depositOutcomeOf(record: SandboxTransactionRecord): DepositOutcome {
  if (record.flow !== 'deposit') {
    throw new Error(`SandboxProvider: transaction ${record.transactionId} is a ${record.flow}`);
  }
  return record.outcome;
}

/** {@link depositOutcomeOf} for payouts. */
function payoutOutcomeOf(record: SandboxTransactionRecord): PayoutOutcome {
  if (record.flow !== 'payout') {
    throw new Error(`SandboxProvider: transaction ${record.transactionId} is a ${record.flow}`);
  }
  return record.outcome;
}

/**
 * The sandbox payment provider. Deterministic: the same input, clock and random source give the
 * same results. See README.md beside this file for the test card and outcome tables.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = SANDBOX_PROVIDER_NAME;

  /** The timings in force (defaults merged with the options). */
  readonly timings: SandboxTimings;

  readonly #store: SandboxStore;
  readonly #payments: PaymentRecords;
  /** What deciding a new payment needs: the random source, the timings, the page address. */
  readonly #context: NewPaymentContext;
  readonly #refundContext: RefundContext;

  /** Refunds of approved deposits, decided by amount (README.md, refunds.ts). */
  readonly refunds: ProviderRefunds = {
    refund: (input: RefundInput, now: Date): Promise<RefundOutcome> =>
      refund(input, now, this.#refundContext),
    lookupRefund: (refundId: string, now: Date): Promise<RefundLookup> =>
      lookupRefund(refundId, now, this.#store),
  };

  constructor(options: SandboxProviderOptions) {
    this.timings = resolveTimings(options);
    this.#store = options.store;
    const maker = new PaymentMaker(options.randomBytes ?? cryptoRandomBytes);
    this.#payments = new PaymentRecords(this.#store, maker, this.timings);
    this.#context = {
      maker,
      timings: this.timings,
      baseUrl: (options.baseUrl ?? '').replace(/\/+$/, ''),
      store: this.#store,
    };
    this.#refundContext = {
      store: this.#store,
      timings: this.timings,
      newRefundRef: () => maker.newRefundRef(),
      paymentStatus: (providerRef, now) => this.status(providerRef, now),
      charged: async (providerRef) => {
        const details = (await this.#store.payment(providerRef))?.details;
        return details === undefined
          ? undefined
          : (await this.#store.transaction(details.transactionId))?.amount;
      },
    };
  }

  /** SPEC §6: Apple Pay and Google Pay in their test set-ups (README.md, test-wallet-tokens.ts). */
  walletRequestData(
    wallet: WalletKind,
    context: { readonly merchantName: string; readonly currency: string },
  ): Readonly<Record<string, unknown>> {
    return sandboxWalletRequestData(wallet, context);
  }

  async authorizeDeposit(input: DepositInput, now: Date): Promise<DepositOutcome> {
    const first = await this.#store.repeat(input.transactionId, 'deposit');
    if (first !== undefined) return depositOutcomeOf(first);
    const made = await decideDeposit(input, now, this.#context);
    const kept = await this.#store.recordFirst({
      transaction: {
        flow: 'deposit',
        outcome: made.outcome,
        transactionId: input.transactionId,
        amount: input.total,
        currency: input.currency,
      },
      payment: made.payment,
      token: made.token,
    });
    return depositOutcomeOf(kept);
  }

  complete3ds(
    providerRef: ProviderRef,
    challengeResult: ThreeDsChallengeResult,
    now: Date,
  ): Promise<ThreeDsOutcome> {
    return answerChallenge(this.#payments, providerRef, challengeResult, now);
  }

  async status(providerRef: ProviderRef, now: Date): Promise<ProviderStatus> {
    const parsed = parseRef(providerRef);
    if (parsed === null) return { status: 'unknown', providerRef };
    return this.#payments.status(await this.#payments.load(parsed), now);
  }

  async payout(input: PayoutInput, now: Date): Promise<PayoutOutcome> {
    const first = await this.#store.repeat(input.transactionId, 'payout');
    if (first !== undefined) return payoutOutcomeOf(first);
    const made = await decidePayout(input, now, this.#context);
    const kept = await this.#store.recordFirst({
      transaction: {
        flow: 'payout',
        outcome: made.outcome,
        transactionId: input.transactionId,
        amount: input.amount,
        currency: input.currency,
      },
      payment: made.payment,
      token: undefined,
    });
    return payoutOutcomeOf(kept);
  }

  async lookup(transactionId: string, now: Date): Promise<LookupResult> {
    const record = await this.#store.transaction(transactionId);
    if (record === undefined) return { status: 'not_found', transactionId };
    return this.status(record.outcome.providerRef ?? '', now);
  }

  /** Sandbox only: every transaction id charged or paid, in the order first seen. */
  activity(): Promise<readonly SandboxActivity[]> {
    return this.#store.activity();
  }

  /**
   * Sandbox only: every refund id asked for, first seen first, with its result at `now` and how
   * often it was asked (a repeat is counted, never refunded again).
   */
  async refundActivity(now: Date): Promise<readonly SandboxRefundActivity[]> {
    return (await this.#store.refundActivity()).map((record) => ({
      refundId: record.refundId,
      paymentRef: record.paymentRef,
      amount: record.amount,
      currency: record.currency,
      calls: record.calls,
      outcome: refundOutcomeAt(record, now).outcome,
    }));
  }

  recordReceipt(providerRef: ProviderRef, now: Date): Promise<ProviderStatus> {
    return recordReceipt(this.#payments, providerRef, now);
  }

  cancelPayout(providerRef: ProviderRef, now: Date): Promise<CancelOutcome> {
    return cancelPayout(this.#payments, providerRef, now);
  }

  /**
   * Sandbox only: the answer of the interaction page. Approve settles a pending redirect, await,
   * QR-code or voucher payment at once (to its final result, so an amount ending in .14 still
   * declines); Decline declines it (`cancelled`). A payment that is no longer pending is left as
   * it is. Returns the state after the answer.
   */
  completeInteraction(
    providerRef: ProviderRef,
    action: InteractionAction,
    now: Date,
  ): Promise<ProviderStatus> {
    return answerInteraction(this.#payments, providerRef, action, now);
  }

  /**
   * Sandbox only: what the sandbox keeps of a payment for its pages; `undefined` for an unknown
   * reference or one the store holds no details of.
   */
  async paymentView(providerRef: ProviderRef): Promise<SandboxPaymentView | undefined> {
    const parsed = parseRef(providerRef);
    const details = parsed === null ? undefined : (await this.#store.payment(parsed.ref))?.details;
    if (parsed === null || details === undefined) return undefined;
    return {
      providerRef,
      flow: parsed.flow,
      kind: details.kind,
      step: parsed.step,
      transactionId: details.transactionId,
      amount: details.amount,
      currency: details.currency,
      payGroup: details.payGroup,
      merchantName: details.merchantName,
      returnUrls: details.returnUrls,
      cardLast4: details.card?.last4,
      reference: details.reference,
      startedAt: new Date(parsed.startedAt),
    };
  }

  /** Sandbox only: the card behind a token the sandbox issued, as far as its store holds it. */
  async savedCard(token: string): Promise<CardSummary | undefined> {
    return (await this.#store.token(token))?.card;
  }

  /** Sandbox only: everything held, as plain data (the security tests search it for card numbers). */
  snapshot(): Promise<SandboxSnapshot> {
    return this.#store.snapshot();
  }
}
