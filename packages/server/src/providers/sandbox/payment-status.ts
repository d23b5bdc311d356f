/**
 * A sandbox payment's status at a time: a pure function of its reference (flow, step, final
 * result, start time), what the store holds of it (a result fixed by an answer, its details, its
 * token) and the timings. A processing or awaiting payment settles after the settle delay, a QR
 * code or voucher is paid after its delay unless it expired first, a challenge or redirect
 * expires unanswered, and a bank transfer waits for its receipt however long.
 *
 * @packageDocumentation
 */
import type { CashPickup, ProviderStatus } from '../payment-provider';
import type { SandboxTimings } from './method-outcomes';
import { digitCode } from './payment-maker';
import type { ParsedRef } from './provider-ref';
import type { SandboxPaymentDetails, SandboxPaymentRecord, SandboxResolution } from './store';

/** A payment as a decision reads it: its reference's parts and what the store holds of it. */
export interface PaymentState {
  readonly parsed: ParsedRef;
  /** What authorisation learned about a payment; absent for a reference the store does not hold. */
  readonly details: SandboxPaymentDetails | undefined;
  readonly resolution: SandboxResolution | undefined;
  readonly cardToken: string | undefined;
}

/** The state of a reference from what the store holds of it (nothing: a bare state). */
export function stateOf(parsed: ParsedRef, record: SandboxPaymentRecord | undefined): PaymentState {
  return {
    parsed,
    details: record?.details,
    resolution: record?.resolution,
    cardToken: record?.cardToken,
  };
}

/** The pick-up code of a bet-shop payout, valid for the voucher's lifetime; none otherwise. */
export function cashPickup(
  parsed: ParsedRef,
  details: SandboxPaymentDetails | undefined,
  timings: SandboxTimings,
): CashPickup | undefined {
  const betShop = details?.betShop;
  if (parsed.flow !== 'payout' || betShop === undefined) return undefined;
  return {
    code: digitCode(parsed.random),
    expiresAt: new Date(parsed.startedAt + timings.voucherExpiresAfterMs),
    betShop,
  };
}

function approvedStatus(state: PaymentState, timings: SandboxTimings): ProviderStatus {
  return {
    status: 'approved',
    providerRef: state.parsed.ref,
    cardToken: state.cardToken,
    card: state.details?.card,
    pickup: cashPickup(state.parsed, state.details, timings),
  };
}

/** The payment's final result, reached by time or by an action. */
function settled(state: PaymentState, timings: SandboxTimings): ProviderStatus {
  const final = state.parsed.final;
  return final === 'ok'
    ? approvedStatus(state, timings)
    : { status: 'declined', providerRef: state.parsed.ref, reason: final };
}

/** The payment's status at `now`; a result fixed by an answer stands whatever the time. */
export function currentStatus(
  state: PaymentState,
  now: Date,
  timings: SandboxTimings,
): ProviderStatus {
  const { parsed, resolution } = state;
  const ref = parsed.ref;
  if (resolution?.kind === 'settled') return settled(state, timings);
  if (resolution?.kind === 'declined') {
    return { status: 'declined', providerRef: ref, reason: resolution.reason };
  }
  if (resolution?.kind === 'cancelled') return { status: 'cancelled', providerRef: ref };
  const time = now.getTime();
  const { settleAfterMs, paidAfterMs, expiresAfterMs, voucherExpiresAfterMs } = timings;
  switch (parsed.step) {
    case 'approved':
    case 'declined':
      return settled(state, timings);
    case 'processing':
    case 'await': {
      const settlesAt = parsed.startedAt + settleAfterMs;
      if (time >= settlesAt) return settled(state, timings);
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
      if (paidAt < expiresAt && time >= paidAt) return settled(state, timings);
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
