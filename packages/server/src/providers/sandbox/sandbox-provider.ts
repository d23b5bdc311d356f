/**
 * The sandbox payment provider: a {@link PaymentProvider} that decides every payment from its
 * input (the card number, the method kind, the amount) and the injected clock, so that a developer
 * can reach every screen of the cashier and tests can assert exact outcomes. README.md beside this
 * file documents the tables.
 *
 * State: payments and card tokens live in memory (two Maps). Restart tolerance where it is cheap:
 * a reference encodes the flow, the step, the final result and the start time (see
 * `provider-ref.ts`), so after a restart `status` still settles processing, await, QR-code and
 * voucher payments on time, and `complete3ds`, `completeInteraction`, `recordReceipt` and
 * `cancelPayout` still work. What a restart loses: the card summary and the minted token of a
 * payment that was still pending, the page details (amount, merchant, return addresses) of
 * `paymentView`, a recorded receipt, interaction answer or cancellation, and the card summary
 * behind a saved-card token (the token still pays, by the behaviour letter it carries).
 *
 * The sandbox never keeps a card number or security code: a new card becomes a {@link CardSummary}
 * at once, and tokens are random bytes plus a behaviour letter.
 *
 * Idempotency, as a real PSP keeps it (the contract of `PaymentProvider`): the first result of a
 * transaction id is remembered, and `authorizeDeposit` or `payout` with that id again returns it
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
  BetShopRef,
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
   * The server's public address (config publicUrl), prefixed to the challenge and interaction
   * page URLs. Default '': root-relative URLs, fine when the widget and server share an origin.
   */
  readonly baseUrl?: string | undefined;
  /** Random bytes for references and tokens; default node:crypto. Tests pass a fixed source. */
  readonly randomBytes?: ((size: number) => Uint8Array) | undefined;
  /**
   * How many payments the sandbox keeps in memory; the oldest is forgotten beyond it, which is
   * like a restart for that payment (its status still follows from the reference). Default
   * {@link DEFAULT_MAX_REMEMBERED}, so a long-running demo or a load test cannot grow it forever.
   */
  readonly maxRemembered?: number | undefined;
}

/** The default of {@link SandboxProviderOptions.maxRemembered}. */
export const DEFAULT_MAX_REMEMBERED = 100_000;

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

/**
 * One transaction id the sandbox was asked to charge or pay: how often it was asked, what it
 * charged (the deposit's total, the payout's amount) and the payment reference. A repeat of the
 * same transaction id is counted in `calls`, never charged again.
 */
export interface SandboxActivity {
  readonly transactionId: string;
  readonly flow: SandboxFlow;
  readonly amount: string;
  readonly currency: string;
  readonly providerRef: ProviderRef;
  readonly calls: number;
}

/** A JSON-ready copy of everything the sandbox holds, for security tests and debugging. */
export interface SandboxSnapshot {
  readonly payments: readonly unknown[];
  readonly tokens: readonly unknown[];
}

/** What authorisation learned about a payment; absent for a reference met only after a restart. */
interface PaymentDetails {
  readonly kind: PaymentMethodKind;
  readonly transactionId: string;
  readonly amount: string;
  readonly currency: string;
  readonly payGroup: string;
  readonly merchantName: string;
  readonly returnUrls: ReturnUrls | undefined;
  readonly card: CardSummary | undefined;
  /** Mint a token with this behaviour once approved (a new card the player asked to save). */
  readonly saveAs: TokenBehaviour | undefined;
  readonly betShop: BetShopRef | undefined;
  readonly reference: string | undefined;
}

/** A result fixed by a player's or operator's action, which time no longer changes. */
type Resolution =
  | { readonly kind: 'settled' }
  | { readonly kind: 'declined'; readonly reason: DeclineReason }
  | { readonly kind: 'cancelled' };

interface PaymentState {
  readonly parsed: ParsedRef;
  readonly details: PaymentDetails | undefined;
  resolution: Resolution | undefined;
  cardToken: string | undefined;
}

/** The first result of a transaction id (idempotency) and how often it was asked for. */
type TransactionRecord = (
  | { readonly flow: 'deposit'; readonly outcome: DepositOutcome }
  | { readonly flow: 'payout'; readonly outcome: PayoutOutcome }
) & { readonly amount: string; readonly currency: string; calls: number };

interface TokenRecord {
  readonly behaviour: TokenBehaviour;
  readonly card: CardSummary;
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

/** Runs a synchronous step as the interface's promise, turning a throw into a rejection. */
function promised<T>(run: () => T): Promise<T> {
  try {
    return Promise.resolve(run());
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
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
  readonly #maxRemembered: number;
  readonly #payments = new Map<ProviderRef, PaymentState>();
  readonly #tokens = new Map<string, TokenRecord>();
  readonly #transactions = new Map<string, TransactionRecord>();

  constructor(options: SandboxProviderOptions = {}) {
    this.timings = resolveTimings(options);
    this.#baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
    this.#randomBytes = options.randomBytes ?? cryptoRandomBytes;
    this.#maxRemembered = options.maxRemembered ?? DEFAULT_MAX_REMEMBERED;
    if (!Number.isSafeInteger(this.#maxRemembered) || this.#maxRemembered < 1) {
      throw new RangeError('SandboxProvider: maxRemembered must be a whole number ≥ 1.');
    }
  }

  authorizeDeposit(input: DepositInput, now: Date): Promise<DepositOutcome> {
    return promised(() => {
      const first = this.#repeat(input.transactionId, 'deposit');
      if (first?.flow === 'deposit') return first.outcome;
      const outcome = this.#authorizeDeposit(input, now);
      this.#record(input.transactionId, {
        flow: 'deposit',
        outcome,
        amount: input.total,
        currency: input.currency,
        calls: 1,
      });
      return outcome;
    });
  }

  complete3ds(
    providerRef: ProviderRef,
    challengeResult: ThreeDsChallengeResult,
    now: Date,
  ): Promise<ThreeDsOutcome> {
    return promised(() => this.#complete3ds(providerRef, challengeResult, now));
  }

  status(providerRef: ProviderRef, now: Date): Promise<ProviderStatus> {
    return promised(() => this.#statusOf(providerRef, now));
  }

  payout(input: PayoutInput, now: Date): Promise<PayoutOutcome> {
    return promised(() => {
      const first = this.#repeat(input.transactionId, 'payout');
      if (first?.flow === 'payout') return first.outcome;
      const outcome = this.#payout(input, now);
      this.#record(input.transactionId, {
        flow: 'payout',
        outcome,
        amount: input.amount,
        currency: input.currency,
        calls: 1,
      });
      return outcome;
    });
  }

  lookup(transactionId: string, now: Date): Promise<LookupResult> {
    return promised(() => {
      const record = this.#transactions.get(transactionId);
      if (record === undefined) return { status: 'not_found', transactionId };
      return this.#statusOf(record.outcome.providerRef ?? '', now);
    });
  }

  /**
   * Sandbox only: every transaction id charged or paid, in the order first seen (as far as
   * {@link SandboxProviderOptions.maxRemembered} reaches).
   */
  activity(): readonly SandboxActivity[] {
    return [...this.#transactions.entries()].map(([transactionId, record]) => ({
      transactionId,
      flow: record.flow,
      amount: record.amount,
      currency: record.currency,
      providerRef: record.outcome.providerRef ?? '',
      calls: record.calls,
    }));
  }

  recordReceipt(providerRef: ProviderRef, now: Date): Promise<ProviderStatus> {
    return promised(() => this.#resolveIfPending(providerRef, now, ['bank_transfer'], 'settle'));
  }

  cancelPayout(providerRef: ProviderRef, now: Date): Promise<CancelOutcome> {
    return promised(() => this.#cancelPayout(providerRef, now));
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
    return promised(() =>
      this.#resolveIfPending(
        providerRef,
        now,
        ['redirect', 'await', 'display_form', 'voucher'],
        action === 'approve' ? 'settle' : 'cancel',
      ),
    );
  }

  /**
   * Sandbox only: what the sandbox remembers of a payment for its pages; `undefined` for an
   * unknown reference or one met only after a restart.
   */
  paymentView(providerRef: ProviderRef): SandboxPaymentView | undefined {
    const state = this.#payments.get(providerRef);
    const details = state?.details;
    if (state === undefined || details === undefined) return undefined;
    return {
      providerRef,
      flow: state.parsed.flow,
      kind: details.kind,
      step: state.parsed.step,
      transactionId: details.transactionId,
      amount: details.amount,
      currency: details.currency,
      payGroup: details.payGroup,
      merchantName: details.merchantName,
      returnUrls: details.returnUrls,
      cardLast4: details.card?.last4,
      reference: details.reference,
      startedAt: new Date(state.parsed.startedAt),
    };
  }

  /** Sandbox only: the card behind a token the sandbox issued, as far as it remembers. */
  savedCard(token: string): CardSummary | undefined {
    return this.#tokens.get(token)?.card;
  }

  /** Sandbox only: everything held, as plain data (the security tests search it for card numbers). */
  snapshot(): SandboxSnapshot {
    return {
      payments: [...this.#payments.values()].map((state) => ({
        ref: state.parsed.ref,
        details: state.details,
        resolution: state.resolution,
        cardToken: state.cardToken,
      })),
      tokens: [...this.#tokens.entries()].map(([token, record]) => ({ token, ...record })),
    };
  }

  /**
   * The record of a transaction id already seen, counted as a repeat call. The same id in the
   * other flow is a caller's mistake, refused rather than answered with the wrong kind of result.
   */
  #repeat(transactionId: string, flow: SandboxFlow): TransactionRecord | undefined {
    const record = this.#transactions.get(transactionId);
    if (record === undefined) return undefined;
    if (record.flow !== flow) {
      throw new Error(`SandboxProvider: transaction ${transactionId} is a ${record.flow}`);
    }
    record.calls += 1;
    return record;
  }

  #record(transactionId: string, record: TransactionRecord): void {
    this.#transactions.set(transactionId, record);
    if (this.#transactions.size > this.#maxRemembered) {
      const oldest = this.#transactions.keys().next();
      if (oldest.done !== true) this.#transactions.delete(oldest.value);
    }
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

  #remember(parsed: ParsedRef, details: PaymentDetails): PaymentState {
    const state: PaymentState = { parsed, details, resolution: undefined, cardToken: undefined };
    this.#keep(state);
    return state;
  }

  /** Holds a state, forgetting the oldest beyond the limit (a Map iterates in insertion order). */
  #keep(state: PaymentState): void {
    this.#payments.set(state.parsed.ref, state);
    if (this.#payments.size > this.#maxRemembered) {
      const oldest = this.#payments.keys().next();
      if (oldest.done !== true) this.#payments.delete(oldest.value);
    }
  }

  /**
   * The state of a reference. One met only after a restart gets a bare state, kept only when an
   * action is about to record something on it (`keep`), so status polls of made-up references
   * do not grow the map.
   */
  #stateFor(parsed: ParsedRef, keep: boolean): PaymentState {
    const known = this.#payments.get(parsed.ref);
    if (known !== undefined) return known;
    const state: PaymentState = {
      parsed,
      details: undefined,
      resolution: undefined,
      cardToken: undefined,
    };
    if (keep) this.#keep(state);
    return state;
  }

  #mintToken(behaviour: TokenBehaviour, card: CardSummary): string {
    const token = formatToken(behaviour, this.#hex(16));
    this.#tokens.set(token, { behaviour, card });
    return token;
  }

  /** The token of an approved payment that asked to save its card, minted once. */
  #tokenOnApproval(state: PaymentState): string | undefined {
    const details = state.details;
    if (
      state.cardToken === undefined &&
      details?.saveAs !== undefined &&
      details.card !== undefined
    ) {
      state.cardToken = this.#mintToken(details.saveAs, details.card);
    }
    return state.cardToken;
  }

  #pickup(state: PaymentState): CashPickup | undefined {
    const betShop = state.details?.betShop;
    if (state.parsed.flow !== 'payout' || betShop === undefined) return undefined;
    return {
      code: digitCode(state.parsed.random),
      expiresAt: new Date(state.parsed.startedAt + this.timings.voucherExpiresAfterMs),
      betShop,
    };
  }

  #approvedStatus(state: PaymentState): ProviderStatus {
    return {
      status: 'approved',
      providerRef: state.parsed.ref,
      cardToken: this.#tokenOnApproval(state),
      card: state.details?.card,
      pickup: this.#pickup(state),
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

  #statusOf(providerRef: ProviderRef, now: Date): ProviderStatus {
    const parsed = parseRef(providerRef);
    if (parsed === null) return { status: 'unknown', providerRef };
    return this.#currentStatus(this.#stateFor(parsed, false), now);
  }

  /**
   * Fixes the result of a payment waiting in one of `steps`: `settle` to its final result,
   * `cancel` as declined (`cancelled`). Anything else is returned unchanged.
   */
  #resolveIfPending(
    providerRef: ProviderRef,
    now: Date,
    steps: readonly SandboxStep[],
    action: 'settle' | 'cancel',
  ): ProviderStatus {
    const parsed = parseRef(providerRef);
    if (parsed === null) return { status: 'unknown', providerRef };
    const state = this.#stateFor(parsed, true);
    const current = this.#currentStatus(state, now);
    if (current.status !== 'pending' || !steps.includes(parsed.step)) return current;
    state.resolution =
      action === 'settle' ? { kind: 'settled' } : { kind: 'declined', reason: 'cancelled' };
    return this.#currentStatus(state, now);
  }

  #cancelPayout(providerRef: ProviderRef, now: Date): CancelOutcome {
    const parsed = parseRef(providerRef);
    if (parsed === null) {
      return {
        outcome: 'not_cancellable',
        providerRef,
        status: { status: 'unknown', providerRef },
      };
    }
    const state = this.#stateFor(parsed, true);
    const current = this.#currentStatus(state, now);
    if (parsed.flow !== 'payout' || current.status !== 'pending') {
      return { outcome: 'not_cancellable', providerRef, status: current };
    }
    state.resolution = { kind: 'cancelled' };
    return { outcome: 'cancelled', providerRef };
  }

  #complete3ds(
    providerRef: ProviderRef,
    challengeResult: ThreeDsChallengeResult,
    now: Date,
  ): ThreeDsOutcome {
    const parsed = parseRef(providerRef);
    if (parsed?.step !== 'challenge') {
      return { outcome: 'declined', providerRef, reason: 'unknown_reference' };
    }
    const state = this.#stateFor(parsed, true);
    if (state.resolution === undefined && this.#currentStatus(state, now).status === 'pending') {
      const passed = challengeResult.fields[THREE_DS_RESULT_FIELD] === THREE_DS_CHOICES.pass;
      state.resolution = passed
        ? { kind: 'settled' }
        : { kind: 'declined', reason: 'authentication_failed' };
    }
    const status = this.#currentStatus(state, now);
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

  #declined(
    flow: SandboxFlow,
    reason: DeclineReason,
    details: PaymentDetails,
    now: Date,
  ): Declined {
    const parsed = this.#newRef(flow, 'declined', reason, now);
    this.#remember(parsed, details);
    return { outcome: 'declined', providerRef: parsed.ref, reason };
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
  #tokenPlan(token: string, now: Date): CardPlan | DeclineReason {
    const behaviour = tokenBehaviour(token);
    if (behaviour === null) return 'invalid_token';
    const card = this.#tokens.get(token)?.card;
    if (card !== undefined && summaryExpired(card, now)) return 'expired_card';
    if (behaviour === 'declined') return 'declined';
    return { behaviour, final: 'ok', card, saveAs: undefined };
  }

  #authorizeCard(input: DepositInput, details: PaymentDetails, now: Date): DepositOutcome {
    const plan =
      input.card !== undefined
        ? this.#newCardPlan(input.card, input.saveCard === true, now)
        : input.savedCardToken !== undefined
          ? this.#tokenPlan(input.savedCardToken, now)
          : 'invalid_card';
    if (typeof plan === 'string') return this.#declined('deposit', plan, details, now);
    const withCard: PaymentDetails = { ...details, card: plan.card, saveAs: plan.saveAs };
    switch (plan.behaviour) {
      case 'approved': {
        const state = this.#remember(this.#newRef('deposit', 'approved', 'ok', now), withCard);
        return {
          outcome: 'approved',
          providerRef: state.parsed.ref,
          cardToken: this.#tokenOnApproval(state),
          card: plan.card,
        };
      }
      case 'challenge': {
        const parsed = this.#newRef('deposit', 'challenge', plan.final, now);
        this.#remember(parsed, withCard);
        return {
          outcome: 'challenge',
          providerRef: parsed.ref,
          challengeUrl: `${this.#baseUrl}/sandbox/3ds/${parsed.ref}`,
        };
      }
      case 'processing': {
        const parsed = this.#newRef('deposit', 'processing', plan.final, now);
        this.#remember(parsed, withCard);
        return {
          outcome: 'processing',
          providerRef: parsed.ref,
          settlesAt: new Date(parsed.startedAt + this.timings.settleAfterMs),
        };
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
  ): DepositOutcome {
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
        this.#remember(parsed, details);
        return {
          outcome: 'redirect',
          providerRef: parsed.ref,
          url: `${this.#baseUrl}/sandbox/interaction/${parsed.ref}`,
          method: 'GET',
          fields: {},
        };
      }
      case 'mobile': {
        const parsed = start('await');
        this.#remember(parsed, details);
        const money = formatMoney(input.total, { currency: input.currency });
        return {
          outcome: 'await',
          providerRef: parsed.ref,
          instructions: `Confirm the payment of ${money} in your sandbox wallet app. The sandbox confirms it by itself after ${formatDuration(this.timings.settleAfterMs)}.`,
          pollAfterMs: this.timings.pollAfterMs,
        };
      }
      case 'display_form': {
        const parsed = start('display_form');
        const reference = referenceFor(parsed.random);
        this.#remember(parsed, { ...details, reference });
        const query = new URLSearchParams({
          ref: parsed.ref,
          amount: input.total,
          currency: input.currency,
          reference,
        });
        return {
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
        };
      }
      case 'bank_transfer': {
        const parsed = start('bank_transfer');
        const reference = referenceFor(parsed.random);
        this.#remember(parsed, { ...details, reference });
        return {
          outcome: 'bank_transfer',
          providerRef: parsed.ref,
          reference,
          bank: SANDBOX_BANK,
          awaitingReceipt: true,
        };
      }
      case 'bet_shop': {
        const parsed = start('voucher');
        const code = digitCode(parsed.random);
        this.#remember(parsed, { ...details, reference: code });
        return {
          outcome: 'voucher',
          providerRef: parsed.ref,
          code,
          expiresAt: new Date(parsed.startedAt + this.timings.voucherExpiresAfterMs),
          betShop: input.betShop,
        };
      }
    }
  }

  #authorizeDeposit(input: DepositInput, now: Date): DepositOutcome {
    const details = this.#baseDetails(input);
    const amount = positiveDecimal(input.amount);
    if (amount === null) return this.#declined('deposit', 'invalid_amount', details, now);
    return input.methodKind === 'card'
      ? this.#authorizeCard(input, details, now)
      : this.#authorizeOther(input, amount, details, now);
  }

  #payout(input: PayoutInput, now: Date): PayoutOutcome {
    const { destination } = input;
    const details: PaymentDetails = {
      kind: input.methodKind,
      transactionId: input.transactionId,
      amount: input.amount,
      currency: input.currency,
      payGroup: input.payGroup,
      merchantName: SANDBOX_MERCHANT_NAME,
      returnUrls: undefined,
      card: destination.kind === 'card' ? this.#tokens.get(destination.cardToken)?.card : undefined,
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
      this.#remember(parsed, details);
      return {
        outcome: 'processing',
        providerRef: parsed.ref,
        settlesAt: new Date(parsed.startedAt + this.timings.settleAfterMs),
      };
    }
    const state = this.#remember(this.#newRef('payout', 'approved', 'ok', now), details);
    return { outcome: 'approved', providerRef: state.parsed.ref, pickup: this.#pickup(state) };
  }
}
