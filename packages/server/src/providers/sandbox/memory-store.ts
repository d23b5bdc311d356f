/**
 * A {@link SandboxStore} in one process's memory, for a sandbox that runs as a single process of
 * its own: the PSP simulator (`@cashdesk/testkit`), which stands in for an outside provider and is
 * reached over HTTP by every server process. The cashier-service itself keeps the sandbox's state
 * in its database (`database-store.ts`), which every server process shares.
 *
 * Each operation runs to its end without awaiting anything, so it is atomic in its process.
 * Bounded: at most `maxRemembered` payments and transaction ids are kept, the oldest forgotten
 * first, which for that payment is like a restart (its status still follows from its reference).
 *
 * @packageDocumentation
 */
import type { ProviderRef } from '../payment-provider';
import type { SandboxFlow } from './provider-ref';
import type {
  ResolveResult,
  SandboxActivity,
  SandboxFirstCall,
  NewSandboxRefund,
  SandboxPaymentRecord,
  SandboxRefundRecord,
  SandboxResolution,
  SandboxSnapshot,
  SandboxStore,
  SandboxTokenRecord,
  SandboxTransactionRecord,
} from './store';

/** The default of {@link MemorySandboxStoreOptions.maxRemembered}. */
export const DEFAULT_MAX_REMEMBERED = 100_000;

/** Options of {@link MemorySandboxStore}. */
export interface MemorySandboxStoreOptions {
  /**
   * How many payments (and transaction ids) are kept; the oldest is forgotten beyond it. Default
   * {@link DEFAULT_MAX_REMEMBERED}, so a long-running process cannot grow it forever.
   */
  readonly maxRemembered?: number | undefined;
}

/** Adds `value` under `key` and forgets the oldest entries beyond `limit` (insertion order). */
function keep<V>(map: Map<string, V>, key: string, value: V, limit: number): void {
  map.set(key, value);
  while (map.size > limit) {
    const oldest = map.keys().next();
    if (oldest.done === true) return;
    map.delete(oldest.value);
  }
}

/** The sandbox's state in memory (see the module comment). */
export class MemorySandboxStore implements SandboxStore {
  readonly #maxRemembered: number;
  readonly #payments = new Map<ProviderRef, SandboxPaymentRecord>();
  readonly #tokens = new Map<string, SandboxTokenRecord>();
  readonly #transactions = new Map<string, SandboxTransactionRecord>();
  readonly #refunds = new Map<string, SandboxRefundRecord>();

  constructor(options: MemorySandboxStoreOptions = {}) {
    this.#maxRemembered = options.maxRemembered ?? DEFAULT_MAX_REMEMBERED;
    if (!Number.isSafeInteger(this.#maxRemembered) || this.#maxRemembered < 1) {
      throw new RangeError('MemorySandboxStore: maxRemembered must be a whole number ≥ 1.');
    }
  }

  refund(
    refundId: string,
    paymentRef: ProviderRef,
    decide: (earlier: readonly SandboxRefundRecord[]) => NewSandboxRefund,
  ): Promise<SandboxRefundRecord> {
    const known = this.#refunds.get(refundId);
    if (known !== undefined) {
      const repeated = { ...known, calls: known.calls + 1 };
      this.#refunds.set(refundId, repeated);
      return Promise.resolve(repeated);
    }
    const earlier = [...this.#refunds.values()].filter((r) => r.paymentRef === paymentRef);
    const record: SandboxRefundRecord = { ...decide(earlier), calls: 1 };
    keep(this.#refunds, refundId, record, this.#maxRemembered);
    return Promise.resolve(record);
  }

  findRefund(refundId: string): Promise<SandboxRefundRecord | undefined> {
    return Promise.resolve(this.#refunds.get(refundId));
  }

  repeat(transactionId: string, flow: SandboxFlow): Promise<SandboxTransactionRecord | undefined> {
    return Promise.resolve(this.#repeat(transactionId, flow));
  }

  recordFirst(call: SandboxFirstCall): Promise<SandboxTransactionRecord> {
    const { transaction } = call;
    const earlier = this.#repeat(transaction.transactionId, transaction.flow);
    if (earlier !== undefined) return Promise.resolve(earlier);
    const record: SandboxTransactionRecord = { ...transaction, calls: 1 };
    keep(this.#transactions, transaction.transactionId, record, this.#maxRemembered);
    keep(this.#payments, call.payment.ref, call.payment, this.#maxRemembered);
    if (call.token !== undefined) this.#tokens.set(call.token.token, call.token);
    return Promise.resolve(record);
  }

  transaction(transactionId: string): Promise<SandboxTransactionRecord | undefined> {
    return Promise.resolve(this.#transactions.get(transactionId));
  }

  payment(ref: ProviderRef): Promise<SandboxPaymentRecord | undefined> {
    return Promise.resolve(this.#payments.get(ref));
  }

  resolve(ref: ProviderRef, resolution: SandboxResolution): Promise<ResolveResult> {
    const known = this.#payments.get(ref);
    if (known?.resolution !== undefined) {
      return Promise.resolve({ payment: known, applied: false });
    }
    if (known !== undefined) {
      const payment: SandboxPaymentRecord = { ...known, resolution };
      this.#payments.set(ref, payment);
      return Promise.resolve({ payment, applied: true });
    }
    const payment: SandboxPaymentRecord = {
      ref,
      details: undefined,
      resolution,
      cardToken: undefined,
    };
    keep(this.#payments, ref, payment, this.#maxRemembered);
    return Promise.resolve({ payment, applied: true });
  }

  attachToken(ref: ProviderRef, token: SandboxTokenRecord): Promise<string | undefined> {
    const known = this.#payments.get(ref);
    if (known === undefined) return Promise.resolve(undefined);
    if (known.cardToken !== undefined) return Promise.resolve(known.cardToken);
    this.#tokens.set(token.token, token);
    this.#payments.set(ref, { ...known, cardToken: token.token });
    return Promise.resolve(token.token);
  }

  token(token: string): Promise<SandboxTokenRecord | undefined> {
    return Promise.resolve(this.#tokens.get(token));
  }

  activity(): Promise<readonly SandboxActivity[]> {
    return Promise.resolve(
      [...this.#transactions.values()].map((record) => ({
        transactionId: record.transactionId,
        flow: record.flow,
        amount: record.amount,
        currency: record.currency,
        providerRef: record.outcome.providerRef ?? '',
        calls: record.calls,
      })),
    );
  }

  snapshot(): Promise<SandboxSnapshot> {
    return Promise.resolve({
      payments: [...this.#payments.values()].map((payment) => ({ ...payment })),
      tokens: [...this.#tokens.values()].map((token) => ({ ...token })),
    });
  }

  #repeat(transactionId: string, flow: SandboxFlow): SandboxTransactionRecord | undefined {
    const record = this.#transactions.get(transactionId);
    if (record === undefined || record.flow !== flow) return record;
    const counted: SandboxTransactionRecord = { ...record, calls: record.calls + 1 };
    this.#transactions.set(transactionId, counted);
    return counted;
  }
}
