/**
 * Where the sandbox provider keeps what it must remember between calls: its payments, the card
 * tokens it minted and the first result of every transaction id (its idempotency record). The
 * provider's decisions are pure functions of a call's input, the clock and what it reads here;
 * every change goes through one of the operations below, each of them atomic, so that two server
 * processes calling about the same payment at once cannot both win:
 * - {@link SandboxStore.recordFirst} keeps a transaction id's first result together with its
 *   payment (and token), or, when another call recorded that id first, keeps nothing and returns
 *   that call's record;
 * - {@link SandboxStore.resolve} fixes a payment's result only while it has none;
 * - {@link SandboxStore.attachToken} ties a token to a payment only while it has none.
 *
 * Two implementations: `DatabaseSandboxStore` (`database-store.ts`, the server's database: every
 * server process sees the same payments and tokens, and a restart loses nothing) and
 * `MemorySandboxStore` (`memory-store.ts`, one process's memory: the PSP simulator, which stands in
 * for an outside provider, runs as one process).
 *
 * Nothing here holds a card number or a security code: a card is a {@link CardSummary}.
 *
 * @packageDocumentation
 */
import type {
  BetShopRef,
  CardSummary,
  DeclineReason,
  DepositOutcome,
  PaymentMethodKind,
  PayoutOutcome,
  ProviderRef,
  RefundFailureReason,
  ReturnUrls,
} from '../payment-provider';
import type { SandboxFlow, TokenBehaviour } from './provider-ref';

/**
 * What authorisation learned about a payment: what its pages show, where the browser goes back
 * to, the card's summary and whether to mint a token once it is approved.
 */
export interface SandboxPaymentDetails {
  readonly kind: PaymentMethodKind;
  readonly transactionId: string;
  /** What the player is charged (a deposit's total) or paid, as the request wrote it. */
  readonly amount: string;
  readonly currency: string;
  readonly payGroup: string;
  readonly merchantName: string;
  readonly returnUrls: ReturnUrls | undefined;
  readonly card: CardSummary | undefined;
  /** Mint a token with this behaviour once approved (a new card the player asked to save). */
  readonly saveAs: TokenBehaviour | undefined;
  readonly betShop: BetShopRef | undefined;
  /** The payment reference shown to the player (QR code, bank transfer) or the voucher code. */
  readonly reference: string | undefined;
}

/** A result fixed by a player's or operator's action, which time no longer changes. */
export type SandboxResolution =
  | { readonly kind: 'settled' }
  | { readonly kind: 'declined'; readonly reason: DeclineReason }
  | { readonly kind: 'cancelled' };

/** One payment, by its reference. */
export interface SandboxPaymentRecord {
  readonly ref: ProviderRef;
  /**
   * `undefined` for a reference the store met only by itself (made before its state was kept
   * here, or by another store): its status still follows from the reference.
   */
  readonly details: SandboxPaymentDetails | undefined;
  readonly resolution: SandboxResolution | undefined;
  /** The token minted for the card once the payment was approved. */
  readonly cardToken: string | undefined;
}

/** The first result of a transaction id. */
export type SandboxFirstResult = (
  | { readonly flow: 'deposit'; readonly outcome: DepositOutcome }
  | { readonly flow: 'payout'; readonly outcome: PayoutOutcome }
) & {
  readonly transactionId: string;
  /** What was charged (a deposit's total) or paid out. */
  readonly amount: string;
  readonly currency: string;
};

/** The first result of a transaction id, and how often it was asked for. */
export type SandboxTransactionRecord = SandboxFirstResult & {
  /** Calls with this transaction id, the first included. */
  readonly calls: number;
};

/** A card token the sandbox minted and the card behind it. */
export interface SandboxTokenRecord {
  readonly token: string;
  readonly behaviour: TokenBehaviour;
  readonly card: CardSummary;
}

/** What a transaction id's first call keeps, all of it or none. */
export interface SandboxFirstCall {
  readonly transaction: SandboxFirstResult;
  readonly payment: SandboxPaymentRecord;
  /** The token an approved payment minted at once. */
  readonly token: SandboxTokenRecord | undefined;
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

/** The result of {@link SandboxStore.resolve}. */
export interface ResolveResult {
  /** The payment as it is now. */
  readonly payment: SandboxPaymentRecord;
  /** Whether this call fixed the result (`false`: it had one already). */
  readonly applied: boolean;
}

/** A refund the sandbox was asked for (its first answer, fixed), by its refund id. */
export interface SandboxRefundRecord {
  readonly refundId: string;
  /** The refund's own reference. */
  readonly ref: ProviderRef;
  /** The payment refunded. */
  readonly paymentRef: ProviderRef;
  readonly amount: string;
  readonly currency: string;
  /** `pending` until {@link settlesAt}, then {@link settlesTo}. */
  readonly outcome: 'succeeded' | 'failed' | 'pending';
  readonly failureReason: RefundFailureReason | undefined;
  readonly settlesTo: 'succeeded' | 'failed' | undefined;
  readonly settlesAt: Date | undefined;
  /** Calls with this refund id, the first included. */
  readonly calls: number;
}

/** A new refund's record as decided, before it is kept. */
export type NewSandboxRefund = Omit<SandboxRefundRecord, 'calls'>;

/** The sandbox provider's state (see the module comment). */
export interface SandboxStore {
  /**
   * A refund id's record: the first one kept, its `calls` counted up, when the id is known;
   * otherwise `decide` is given the payment's earlier refunds and its answer is kept. All in one
   * atomic step, so two refunds of one payment at once are decided one after the other (their
   * sum checked against what the payment charged) and a repeat never refunds twice.
   */
  refund(
    refundId: string,
    paymentRef: ProviderRef,
    decide: (earlier: readonly SandboxRefundRecord[]) => NewSandboxRefund,
  ): Promise<SandboxRefundRecord>;
  /** The record of a refund id, not counted as a call. */
  findRefund(refundId: string): Promise<SandboxRefundRecord | undefined>;
  /**
   * The record of a transaction id seen before, its `calls` counted up when `flow` is its flow
   * (a repeat); `undefined` for an id never seen. A record of the other flow is returned as it
   * is, for the provider to refuse.
   */
  repeat(transactionId: string, flow: SandboxFlow): Promise<SandboxTransactionRecord | undefined>;
  /**
   * Keeps a transaction id's first result with its payment and token, all or nothing, and
   * returns it (`calls` 1). When the id was recorded meanwhile (a call at the same time), keeps
   * nothing and returns that record as {@link repeat} does.
   */
  recordFirst(call: SandboxFirstCall): Promise<SandboxTransactionRecord>;
  /** The record of a transaction id, not counted as a call. */
  transaction(transactionId: string): Promise<SandboxTransactionRecord | undefined>;
  payment(ref: ProviderRef): Promise<SandboxPaymentRecord | undefined>;
  /**
   * Fixes a payment's result unless it has one. A reference not held yet is kept bare (no
   * details) with the result.
   */
  resolve(ref: ProviderRef, resolution: SandboxResolution): Promise<ResolveResult>;
  /**
   * Ties `token` to a held payment that has none and keeps the token; returns the token the
   * payment holds afterwards (another one when a call at the same time was first), or
   * `undefined` when the payment is not held.
   */
  attachToken(ref: ProviderRef, token: SandboxTokenRecord): Promise<string | undefined>;
  token(token: string): Promise<SandboxTokenRecord | undefined>;
  /** Every transaction id recorded, first seen first. */
  activity(): Promise<readonly SandboxActivity[]>;
  snapshot(): Promise<SandboxSnapshot>;
}
