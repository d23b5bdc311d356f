/**
 * The sandbox's payments as its store keeps them (the `sandbox_*` tables in the server): a
 * reference's state read from the store, its status with the token of an approved card that
 * asked to be saved (minted once, whichever process asks first), and a waiting payment's result
 * fixed by an answer. Each change is one atomic operation of the store, so two processes calling
 * about one payment at once cannot both win; a reference the store does not hold still has its
 * status by its reference and the clock.
 *
 * @packageDocumentation
 */
import type { ProviderRef, ProviderStatus } from '../payment-provider';
import type { SandboxTimings } from './method-outcomes';
import type { PaymentMaker } from './payment-maker';
import { currentStatus, stateOf } from './payment-status';
import type { PaymentState } from './payment-status';
import { parseRef } from './provider-ref';
import type { ParsedRef, SandboxStep } from './provider-ref';
import type { SandboxResolution, SandboxStore } from './store';

/** A payment's state after an attempt to fix its result, and whether this attempt fixed it. */
interface Resolved {
  readonly state: PaymentState;
  readonly applied: boolean;
}

/** Reads and changes the sandbox's payments in its store. */
export class PaymentRecords {
  readonly #store: SandboxStore;
  readonly #maker: PaymentMaker;
  readonly #timings: SandboxTimings;

  constructor(store: SandboxStore, maker: PaymentMaker, timings: SandboxTimings) {
    this.#store = store;
    this.#maker = maker;
    this.#timings = timings;
  }

  /** The state of a reference: what the store holds, or a bare state (nothing is kept). */
  async load(parsed: ParsedRef): Promise<PaymentState> {
    return stateOf(parsed, await this.#store.payment(parsed.ref));
  }

  /** The status at `now` by reference, clock and fixed result, without minting a token. */
  currentStatus(state: PaymentState, now: Date): ProviderStatus {
    return currentStatus(state, now, this.#timings);
  }

  /**
   * The current status, with the token of an approved payment that asked to save its card: minted
   * by the first call that sees it approved, the same one for every later call (the store ties
   * one token to a payment, whichever process asks first).
   */
  async status(state: PaymentState, now: Date): Promise<ProviderStatus> {
    const status = this.currentStatus(state, now);
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
      this.#maker.newToken(details.saveAs, details.card),
    );
    return { ...status, cardToken };
  }

  /**
   * Fixes a payment's result while it has none. The state returned holds the result that stands:
   * this call's, or the one a call at the same time fixed first.
   */
  async resolve(parsed: ParsedRef, resolution: SandboxResolution): Promise<Resolved> {
    const { payment, applied } = await this.#store.resolve(parsed.ref, resolution);
    return { state: stateOf(parsed, payment), applied };
  }

  /**
   * Fixes the result of a payment waiting in one of `steps`: `settle` to its final result,
   * `cancel` as declined (`cancelled`). Anything else is returned unchanged.
   */
  async resolveIfPending(
    providerRef: ProviderRef,
    now: Date,
    steps: readonly SandboxStep[],
    action: 'settle' | 'cancel',
  ): Promise<ProviderStatus> {
    const parsed = parseRef(providerRef);
    if (parsed === null) return { status: 'unknown', providerRef };
    const state = await this.load(parsed);
    const current = this.currentStatus(state, now);
    if (current.status !== 'pending' || !steps.includes(parsed.step)) {
      return this.status(state, now);
    }
    const resolved = await this.resolve(
      parsed,
      action === 'settle' ? { kind: 'settled' } : { kind: 'declined', reason: 'cancelled' },
    );
    return this.status(resolved.state, now);
  }
}
