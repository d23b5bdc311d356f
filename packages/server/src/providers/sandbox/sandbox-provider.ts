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
 * @packageDocumentation
 */
import { randomBytes as cryptoRandomBytes } from 'node:crypto';
import {
  checkCardNumber,
  expiryFullYear,
  formatMoney,
  positiveDecimal,
  validateExpiryParts,
} from '@cashdesk/domain';
import type Big from 'big.js';
import type {
  BankDetails,
  CancelOutcome,
  CardSummary,
  CashPickup,
  Declined,
  DeclineReason,
  DepositInput,
  DepositOutcome,
  NewCardInput,
  PaymentMethodKind,
  PaymentProvider,
  PayoutInput,
  PayoutOutcome,
  LookupResult,
  ProviderRef,
  ProviderStatus,
  ReturnUrls,
  ThreeDsChallengeResult,
  ThreeDsOutcome,
} from '../payment-provider';
import type { InteractionAction } from './interaction-page';
import { DEFAULT_SANDBOX_TIMINGS, amountRuleFor, formatDuration } from './method-outcomes';
import type { SandboxTimings } from './method-outcomes';
import { formatRef, formatToken, parseRef, tokenBehaviour } from './provider-ref';
import type {
  ParsedRef,
  SandboxFinal,
  SandboxFlow,
  SandboxStep,
  TokenBehaviour,
} from './provider-ref';
import type {
  SandboxActivity,
  SandboxPaymentDetails,
  SandboxPaymentRecord,
  SandboxResolution,
  SandboxSnapshot,
  SandboxStore,
  SandboxTokenRecord,
  SandboxTransactionRecord,
} from './store';
import { findTestCard } from './test-cards';
import type { TestCardBehaviour } from './test-cards';
import { THREE_DS_CHOICES, THREE_DS_RESULT_FIELD } from './three-ds-page';

/** The provider route name of the sandbox. */
export const SANDBOX_PROVIDER_NAME = 'sandbox';

/** The merchant name the sandbox's pages show when the deposit names none. */
export const SANDBOX_MERCHANT_NAME = 'Cashdesk sandbox merchant';

/** The account the sandbox's bank transfers go to: the ISO 13616 example IBAN, no real bank. */
export const SANDBOX_BANK: BankDetails = {
  beneficiary: 'Cashdesk Sandbox Ltd',
  bankName: 'Sandbox Bank (not a real account)',
  iban: 'GB82WEST12345698765432',
  bic: 'WESTGB2L',
};

/** The wallet id the sandbox's QR codes pay to, shown as a copy field. */
export const SANDBOX_WALLET = 'SANDBOX-WALLET-0001';

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

/** What authorisation learned about a payment; absent for a reference the store does not hold. */
type PaymentDetails = SandboxPaymentDetails;

/** A payment as a decision reads it: its reference's parts and what the store holds of it. */
interface PaymentState {
  readonly parsed: ParsedRef;
  readonly details: PaymentDetails | undefined;
  readonly resolution: SandboxResolution | undefined;
  readonly cardToken: string | undefined;
}

/** The state of a reference from what the store holds of it (nothing: a bare state). */
function stateOf(parsed: ParsedRef, record: SandboxPaymentRecord | undefined): PaymentState {
  return {
    parsed,
    details: record?.details,
    resolution: record?.resolution,
    cardToken: record?.cardToken,
  };
}

/** A new payment's first result and what to keep of it. */
interface Made<O> {
  readonly outcome: O;
  readonly payment: SandboxPaymentRecord;
  /** The token an approved payment minted at once. */
  readonly token: SandboxTokenRecord | undefined;
}

/** Behaviour of the card paying, however it was given (new card or token). */
interface CardPlan {
  readonly behaviour: TestCardBehaviour;
  readonly final: SandboxFinal;
  readonly card: CardSummary | undefined;
  readonly saveAs: TokenBehaviour | undefined;
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

/** The month index (year × 12 + month − 1) of a date in UTC, for expiry comparisons. */
function monthIndex(year: number, month: number): number {
  return year * 12 + month - 1;
}

type ExpiryVerdict = 'valid' | 'expired' | 'invalid';

/** SPEC §5 expiry rules of `@cashdesk/domain`, telling an expired card from a malformed one. */
function checkExpiry(expMonth: string, expYear: string, now: Date): ExpiryVerdict {
  if (validateExpiryParts({ month: expMonth, year: expYear }, now).valid) return 'valid';
  const year = expiryFullYear(expYear, 'add-2000');
  const month = /^\d{1,2}$/.test(expMonth) ? Number(expMonth) : 0;
  if (year === null || month < 1 || month > 12) return 'invalid';
  const current = monthIndex(now.getUTCFullYear(), now.getUTCMonth() + 1);
  return monthIndex(year, month) < current ? 'expired' : 'invalid';
}

function summaryExpired(card: CardSummary, now: Date): boolean {
  return checkExpiry(card.expMonth, card.expYear, now) === 'expired';
}

/** 12 decimal digits from 16 hex digits: the voucher and pick-up codes. */
function digitCode(random: string): string {
  return (BigInt(`0x${random}`) % 1_000_000_000_000n).toString().padStart(12, '0');
}

/** A short payment reference from 16 hex digits. */
function referenceFor(random: string): string {
  return `SBX-${random.slice(0, 10).toUpperCase()}`;
}

/**
 * The sandbox payment provider. Deterministic: the same input, clock and random source give the
 * same results. See README.md beside this file for the test card and outcome tables.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = SANDBOX_PROVIDER_NAME;

  /** The timings in force (defaults merged with the options). */
  readonly timings: SandboxTimings;

  readonly #baseUrl: string;
  readonly #randomBytes: (size: number) => Uint8Array;
  readonly #store: SandboxStore;

  constructor(options: SandboxProviderOptions) {
    this.timings = resolveTimings(options);
    this.#baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
    this.#randomBytes = options.randomBytes ?? cryptoRandomBytes;
    this.#store = options.store;
  }

  async authorizeDeposit(input: DepositInput, now: Date): Promise<DepositOutcome> {
    const first = await this.#store.repeat(input.transactionId, 'deposit');
    if (first !== undefined) return depositOutcomeOf(first);
    const made = await this.#authorizeDeposit(input, now);
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

  async complete3ds(
    providerRef: ProviderRef,
    challengeResult: ThreeDsChallengeResult,
    now: Date,
  ): Promise<ThreeDsOutcome> {
    const parsed = parseRef(providerRef);
    if (parsed?.step !== 'challenge') {
      return { outcome: 'declined', providerRef, reason: 'unknown_reference' };
    }
    let state = await this.#load(parsed);
    if (state.resolution === undefined && this.#currentStatus(state, now).status === 'pending') {
      const passed = challengeResult.fields[THREE_DS_RESULT_FIELD] === THREE_DS_CHOICES.pass;
      const { payment } = await this.#store.resolve(
        parsed.ref,
        passed ? { kind: 'settled' } : { kind: 'declined', reason: 'authentication_failed' },
      );
      // The result that stands: this answer's, or the one a call at the same time fixed first.
      state = stateOf(parsed, payment);
    }
    const status = await this.#status(state, now);
    if (status.status === 'approved') {
      return { outcome: 'approved', providerRef, cardToken: status.cardToken, card: status.card };
    }
    // Expired challenges decline; a challenge never stays pending once answered.
    return {
      outcome: 'declined',
      providerRef,
      reason: status.status === 'declined' ? status.reason : 'expired',
    };
  }

  async status(providerRef: ProviderRef, now: Date): Promise<ProviderStatus> {
    const parsed = parseRef(providerRef);
    if (parsed === null) return { status: 'unknown', providerRef };
    return this.#status(await this.#load(parsed), now);
  }

  async payout(input: PayoutInput, now: Date): Promise<PayoutOutcome> {
    const first = await this.#store.repeat(input.transactionId, 'payout');
    if (first !== undefined) return payoutOutcomeOf(first);
    const made = await this.#payout(input, now);
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

  recordReceipt(providerRef: ProviderRef, now: Date): Promise<ProviderStatus> {
    return this.#resolveIfPending(providerRef, now, ['bank_transfer'], 'settle');
  }

  async cancelPayout(providerRef: ProviderRef, now: Date): Promise<CancelOutcome> {
    const parsed = parseRef(providerRef);
    if (parsed === null) {
      return {
        outcome: 'not_cancellable',
        providerRef,
        status: { status: 'unknown', providerRef },
      };
    }
    const current = await this.#status(await this.#load(parsed), now);
    if (parsed.flow !== 'payout' || current.status !== 'pending') {
      return { outcome: 'not_cancellable', providerRef, status: current };
    }
    const { payment, applied } = await this.#store.resolve(parsed.ref, { kind: 'cancelled' });
    if (applied) return { outcome: 'cancelled', providerRef };
    // A call at the same time fixed the result first (a cancellation, or a settlement).
    const status = await this.#status(stateOf(parsed, payment), now);
    return { outcome: 'not_cancellable', providerRef, status };
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
    return this.#resolveIfPending(
      providerRef,
      now,
      ['redirect', 'await', 'display_form', 'voucher'],
      action === 'approve' ? 'settle' : 'cancel',
    );
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

  #hex(bytes: number): string {
    const hex = Buffer.from(this.#randomBytes(bytes)).toString('hex');
    if (hex.length !== bytes * 2) {
      throw new RangeError(`SandboxProvider: randomBytes(${bytes}) gave ${hex.length / 2} bytes.`);
    }
    return hex;
  }

  #newRef(flow: SandboxFlow, step: SandboxStep, final: SandboxFinal, now: Date): ParsedRef {
    const parts = { flow, step, final, startedAt: now.getTime(), random: this.#hex(8) };
    return { ...parts, ref: formatRef(parts) };
  }

  #newToken(behaviour: TokenBehaviour, card: CardSummary): SandboxTokenRecord {
    return { token: formatToken(behaviour, this.#hex(16)), behaviour, card };
  }

  /** A new payment's result, kept with its details (and the token it minted at once). */
  #made<O>(
    parsed: ParsedRef,
    details: PaymentDetails,
    outcome: O,
    token?: SandboxTokenRecord,
  ): Made<O> {
    return {
      outcome,
      payment: { ref: parsed.ref, details, resolution: undefined, cardToken: token?.token },
      token,
    };
  }

  /** The state of a reference: what the store holds, or a bare state (nothing is kept). */
  async #load(parsed: ParsedRef): Promise<PaymentState> {
    return stateOf(parsed, await this.#store.payment(parsed.ref));
  }

  #pickup(parsed: ParsedRef, details: PaymentDetails | undefined): CashPickup | undefined {
    const betShop = details?.betShop;
    if (parsed.flow !== 'payout' || betShop === undefined) return undefined;
    return {
      code: digitCode(parsed.random),
      expiresAt: new Date(parsed.startedAt + this.timings.voucherExpiresAfterMs),
      betShop,
    };
  }

  #approvedStatus(state: PaymentState): ProviderStatus {
    return {
      status: 'approved',
      providerRef: state.parsed.ref,
      cardToken: state.cardToken,
      card: state.details?.card,
      pickup: this.#pickup(state.parsed, state.details),
    };
  }

  /** The payment's final result, reached by time or by an action. */
  #settled(state: PaymentState): ProviderStatus {
    const final = state.parsed.final;
    return final === 'ok'
      ? this.#approvedStatus(state)
      : { status: 'declined', providerRef: state.parsed.ref, reason: final };
  }

  #currentStatus(state: PaymentState, now: Date): ProviderStatus {
    const { parsed, resolution } = state;
    const ref = parsed.ref;
    if (resolution?.kind === 'settled') return this.#settled(state);
    if (resolution?.kind === 'declined') {
      return { status: 'declined', providerRef: ref, reason: resolution.reason };
    }
    if (resolution?.kind === 'cancelled') return { status: 'cancelled', providerRef: ref };
    const time = now.getTime();
    const { settleAfterMs, paidAfterMs, expiresAfterMs, voucherExpiresAfterMs } = this.timings;
    switch (parsed.step) {
      case 'approved':
      case 'declined':
        return this.#settled(state);
      case 'processing':
      case 'await': {
        const settlesAt = parsed.startedAt + settleAfterMs;
        if (time >= settlesAt) return this.#settled(state);
        return {
          status: 'pending',
          providerRef: ref,
          step: parsed.step,
          settlesAt: new Date(settlesAt),
        };
      }
      case 'display_form':
      case 'voucher': {
        const paidAt = parsed.startedAt + paidAfterMs;
        const expiresAt =
          parsed.startedAt + (parsed.step === 'voucher' ? voucherExpiresAfterMs : expiresAfterMs);
        if (paidAt < expiresAt && time >= paidAt) return this.#settled(state);
        if (time >= expiresAt) return { status: 'declined', providerRef: ref, reason: 'expired' };
        return {
          status: 'pending',
          providerRef: ref,
          step: parsed.step,
          expiresAt: new Date(expiresAt),
        };
      }
      case 'challenge':
      case 'redirect': {
        const expiresAt = parsed.startedAt + expiresAfterMs;
        if (time >= expiresAt) return { status: 'declined', providerRef: ref, reason: 'expired' };
        return {
          status: 'pending',
          providerRef: ref,
          step: parsed.step,
          expiresAt: new Date(expiresAt),
        };
      }
      case 'bank_transfer':
        return { status: 'pending', providerRef: ref, step: 'bank_transfer' };
    }
  }

  /**
   * The current status, with the token of an approved payment that asked to save its card: minted
   * by the first call that sees it approved, the same one for every later call (the store ties
   * one token to a payment, whichever process asks first).
   */
  async #status(state: PaymentState, now: Date): Promise<ProviderStatus> {
    const status = this.#currentStatus(state, now);
    const details = state.details;
    if (
      status.status !== 'approved' ||
      status.cardToken !== undefined ||
      details?.saveAs === undefined ||
      details.card === undefined
    ) {
      return status;
    }
    const cardToken = await this.#store.attachToken(
      state.parsed.ref,
      this.#newToken(details.saveAs, details.card),
    );
    return { ...status, cardToken };
  }

  /**
   * Fixes the result of a payment waiting in one of `steps`: `settle` to its final result,
   * `cancel` as declined (`cancelled`). Anything else is returned unchanged.
   */
  async #resolveIfPending(
    providerRef: ProviderRef,
    now: Date,
    steps: readonly SandboxStep[],
    action: 'settle' | 'cancel',
  ): Promise<ProviderStatus> {
    const parsed = parseRef(providerRef);
    if (parsed === null) return { status: 'unknown', providerRef };
    const state = await this.#load(parsed);
    const current = this.#currentStatus(state, now);
    if (current.status !== 'pending' || !steps.includes(parsed.step)) {
      return this.#status(state, now);
    }
    const { payment } = await this.#store.resolve(
      parsed.ref,
      action === 'settle' ? { kind: 'settled' } : { kind: 'declined', reason: 'cancelled' },
    );
    return this.#status(stateOf(parsed, payment), now);
  }

  #declined(
    flow: SandboxFlow,
    reason: DeclineReason,
    details: PaymentDetails,
    now: Date,
  ): Made<Declined> {
    const parsed = this.#newRef(flow, 'declined', reason, now);
    return this.#made(parsed, details, { outcome: 'declined', providerRef: parsed.ref, reason });
  }

  #baseDetails(input: DepositInput): PaymentDetails {
    return {
      kind: input.methodKind,
      transactionId: input.transactionId,
      // What the player is charged: the amount plus fees.
      amount: input.total,
      currency: input.currency,
      payGroup: input.payGroup,
      merchantName: input.merchantName ?? SANDBOX_MERCHANT_NAME,
      returnUrls: input.returnUrls,
      card: undefined,
      saveAs: undefined,
      betShop: input.betShop,
      reference: undefined,
    };
  }

  /** The card's plan from a new card: Luhn, expiry, then the test card table. */
  #newCardPlan(card: NewCardInput, saveCard: boolean, now: Date): CardPlan | DeclineReason {
    const digits = card.pan.replace(/\D/g, '');
    const check = checkCardNumber(digits);
    if (!check.isValid) return 'invalid_card';
    const expiry = checkExpiry(card.expMonth, card.expYear, now);
    if (expiry !== 'valid') return expiry === 'expired' ? 'expired_card' : 'invalid_card';
    const summary: CardSummary = {
      last4: digits.slice(-4),
      bin: digits.slice(0, 6),
      expMonth: card.expMonth.padStart(2, '0'),
      expYear: String(expiryFullYear(card.expYear, 'add-2000') ?? card.expYear),
      holder: card.holder.trim(),
      cardType: check.cardType?.type ?? 'unknown',
    };
    const testCard = findTestCard(digits);
    const behaviour = testCard?.behaviour ?? 'approved';
    if (behaviour === 'declined') return testCard?.declineReason ?? 'declined';
    const final = testCard?.declineReason ?? 'ok';
    // Declined cards are never saved, and neither is one whose processing will decline.
    const saveAs = saveCard && final === 'ok' ? behaviour : undefined;
    return { behaviour, final, card: summary, saveAs };
  }

  /** The card's plan from a saved-card token: the behaviour of the card it came from. */
  async #tokenPlan(token: string, now: Date): Promise<CardPlan | DeclineReason> {
    const behaviour = tokenBehaviour(token);
    if (behaviour === null) return 'invalid_token';
    const card = (await this.#store.token(token))?.card;
    if (card !== undefined && summaryExpired(card, now)) return 'expired_card';
    if (behaviour === 'declined') return 'declined';
    return { behaviour, final: 'ok', card, saveAs: undefined };
  }

  async #authorizeCard(
    input: DepositInput,
    details: PaymentDetails,
    now: Date,
  ): Promise<Made<DepositOutcome>> {
    const plan =
      input.card !== undefined
        ? this.#newCardPlan(input.card, input.saveCard === true, now)
        : input.savedCardToken !== undefined
          ? await this.#tokenPlan(input.savedCardToken, now)
          : 'invalid_card';
    if (typeof plan === 'string') return this.#declined('deposit', plan, details, now);
    const withCard: PaymentDetails = { ...details, card: plan.card, saveAs: plan.saveAs };
    switch (plan.behaviour) {
      case 'approved': {
        const parsed = this.#newRef('deposit', 'approved', 'ok', now);
        const token =
          plan.saveAs !== undefined && plan.card !== undefined
            ? this.#newToken(plan.saveAs, plan.card)
            : undefined;
        return this.#made(
          parsed,
          withCard,
          {
            outcome: 'approved',
            providerRef: parsed.ref,
            cardToken: token?.token,
            card: plan.card,
          },
          token,
        );
      }
      case 'challenge': {
        const parsed = this.#newRef('deposit', 'challenge', plan.final, now);
        return this.#made(parsed, withCard, {
          outcome: 'challenge',
          providerRef: parsed.ref,
          challengeUrl: `${this.#baseUrl}/sandbox/3ds/${parsed.ref}`,
        });
      }
      case 'processing': {
        const parsed = this.#newRef('deposit', 'processing', plan.final, now);
        return this.#made(parsed, withCard, {
          outcome: 'processing',
          providerRef: parsed.ref,
          settlesAt: new Date(parsed.startedAt + this.timings.settleAfterMs),
        });
      }
      case 'declined':
        // #newCardPlan turns a declining test card into a reason; kept for exhaustiveness.
        return this.#declined('deposit', 'declined', withCard, now);
    }
  }

  #authorizeOther(
    input: DepositInput,
    amount: Big,
    details: PaymentDetails,
    now: Date,
  ): Made<DepositOutcome> {
    const effect = amountRuleFor(amount)?.effect;
    if (effect === 'decline') return this.#declined('deposit', 'declined', details, now);
    const lateReason = input.methodKind === 'bank_transfer' ? 'receipt_rejected' : 'declined';
    const final: SandboxFinal = effect === 'decline_later' ? lateReason : 'ok';
    const start = (step: SandboxStep): ParsedRef => this.#newRef('deposit', step, final, now);
    switch (input.methodKind) {
      case 'card':
        // Card payments go through #authorizeCard; never reached.
        return this.#declined('deposit', 'unsupported', details, now);
      case 'alternative': {
        const parsed = start('redirect');
        return this.#made(parsed, details, {
          outcome: 'redirect',
          providerRef: parsed.ref,
          url: `${this.#baseUrl}/sandbox/interaction/${parsed.ref}`,
          method: 'GET',
          fields: {},
        });
      }
      case 'mobile': {
        const parsed = start('await');
        const money = formatMoney(input.total, { currency: input.currency });
        return this.#made(parsed, details, {
          outcome: 'await',
          providerRef: parsed.ref,
          instructions: `Confirm the payment of ${money} in your sandbox wallet app. The sandbox confirms it by itself after ${formatDuration(this.timings.settleAfterMs)}.`,
          pollAfterMs: this.timings.pollAfterMs,
        });
      }
      case 'display_form': {
        const parsed = start('display_form');
        const reference = referenceFor(parsed.random);
        const query = new URLSearchParams({
          ref: parsed.ref,
          amount: input.total,
          currency: input.currency,
          reference,
        });
        return this.#made(
          parsed,
          { ...details, reference },
          {
            outcome: 'display_form',
            providerRef: parsed.ref,
            qrPayload: `cashdesk-sandbox://pay?${query.toString()}`,
            expiresAt: new Date(parsed.startedAt + this.timings.expiresAfterMs),
            reference,
            copyFields: [
              { name: 'wallet', label: 'Wallet', value: SANDBOX_WALLET },
              { name: 'amount', label: `Amount (${input.currency})`, value: input.total },
              { name: 'reference', label: 'Payment reference', value: reference },
            ],
          },
        );
      }
      case 'bank_transfer': {
        const parsed = start('bank_transfer');
        const reference = referenceFor(parsed.random);
        return this.#made(
          parsed,
          { ...details, reference },
          {
            outcome: 'bank_transfer',
            providerRef: parsed.ref,
            reference,
            bank: SANDBOX_BANK,
            awaitingReceipt: true,
          },
        );
      }
      case 'bet_shop': {
        const parsed = start('voucher');
        const code = digitCode(parsed.random);
        return this.#made(
          parsed,
          { ...details, reference: code },
          {
            outcome: 'voucher',
            providerRef: parsed.ref,
            code,
            expiresAt: new Date(parsed.startedAt + this.timings.voucherExpiresAfterMs),
            betShop: input.betShop,
          },
        );
      }
    }
  }

  async #authorizeDeposit(input: DepositInput, now: Date): Promise<Made<DepositOutcome>> {
    const details = this.#baseDetails(input);
    const amount = positiveDecimal(input.amount);
    if (amount === null) return this.#declined('deposit', 'invalid_amount', details, now);
    return input.methodKind === 'card'
      ? this.#authorizeCard(input, details, now)
      : this.#authorizeOther(input, amount, details, now);
  }

  async #payout(input: PayoutInput, now: Date): Promise<Made<PayoutOutcome>> {
    const { destination } = input;
    const details: PaymentDetails = {
      kind: input.methodKind,
      transactionId: input.transactionId,
      amount: input.amount,
      currency: input.currency,
      payGroup: input.payGroup,
      merchantName: SANDBOX_MERCHANT_NAME,
      returnUrls: undefined,
      card:
        destination.kind === 'card'
          ? (await this.#store.token(destination.cardToken))?.card
          : undefined,
      saveAs: undefined,
      betShop: destination.kind === 'bet_shop' ? destination.betShop : undefined,
      reference: undefined,
    };
    const amount = positiveDecimal(input.amount);
    if (amount === null) return this.#declined('payout', 'invalid_amount', details, now);
    if (destination.kind === 'card') {
      const behaviour = tokenBehaviour(destination.cardToken);
      if (behaviour === null) return this.#declined('payout', 'invalid_token', details, now);
      if (behaviour === 'declined') return this.#declined('payout', 'declined', details, now);
      if (details.card !== undefined && summaryExpired(details.card, now)) {
        return this.#declined('payout', 'expired_card', details, now);
      }
    }
    const effect = amountRuleFor(amount)?.effect;
    if (effect === 'decline') return this.#declined('payout', 'declined', details, now);
    if (effect === 'decline_later' || effect === 'process') {
      const final: SandboxFinal = effect === 'process' ? 'ok' : 'declined';
      const parsed = this.#newRef('payout', 'processing', final, now);
      return this.#made(parsed, details, {
        outcome: 'processing',
        providerRef: parsed.ref,
        settlesAt: new Date(parsed.startedAt + this.timings.settleAfterMs),
      });
    }
    const parsed = this.#newRef('payout', 'approved', 'ok', now);
    return this.#made(parsed, details, {
      outcome: 'approved',
      providerRef: parsed.ref,
      pickup: this.#pickup(parsed, details),
    });
  }
}
