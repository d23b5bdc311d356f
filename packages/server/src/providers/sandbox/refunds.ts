/**
 * The sandbox's refunds: a refund of an approved deposit, decided by its amount (the amount
 * table of `method-outcomes.ts`: `.13` fails at once, `.14` is pending then fails, `.15` is
 * pending then succeeds, anything else succeeds at once) once the payment checks pass:
 * - the payment must be a deposit the sandbox approved (`not_refundable` otherwise; an unknown
 *   reference is `unknown_payment`);
 * - with the payment's earlier refunds that did not fail, no more than it charged
 *   (`exceeds_captured`).
 *
 * Idempotent by the refund id, like a real PSP: the first answer is kept (store.ts `refund`) and
 * a repeat answers it, never refunding again. A pending refund's result follows from its settle
 * time, so a lookup after it answers the final result without anyone writing it.
 *
 * @packageDocumentation
 */
import Big from 'big.js';
import { positiveDecimal } from '@cashdesk/domain';
import type { ProviderStatus, RefundInput, RefundLookup, RefundOutcome } from '../payment-provider';
import { amountRuleFor } from './method-outcomes';
import type { SandboxTimings } from './method-outcomes';
import type { NewSandboxRefund, SandboxRefundRecord, SandboxStore } from './store';

/** What deciding a refund needs besides its input. */
export interface RefundContext {
  readonly store: SandboxStore;
  readonly timings: SandboxTimings;
  /** A new refund reference (random). */
  readonly newRefundRef: () => string;
  /** The payment's status now, `unknown` for a reference the sandbox cannot read. */
  readonly paymentStatus: (providerRef: string, now: Date) => Promise<ProviderStatus>;
  /** What the payment charged (a deposit's total), when the sandbox holds its details. */
  readonly charged: (providerRef: string) => Promise<string | undefined>;
}

/** A refund's result at `now`: a pending one past its settle time has its final result. */
export function refundOutcomeAt(record: SandboxRefundRecord, now: Date): RefundOutcome {
  let outcome = record.outcome;
  if (outcome === 'pending' && record.settlesAt !== undefined && now >= record.settlesAt) {
    outcome = record.settlesTo ?? 'succeeded';
  }
  if (outcome === 'failed') {
    return { outcome, refundRef: record.ref, reason: record.failureReason ?? 'declined' };
  }
  return { outcome, refundRef: record.ref };
}

/** The amount a payment's earlier refunds hold at `now` (those not failed). */
function refundedBefore(earlier: readonly SandboxRefundRecord[], now: Date): Big {
  return earlier
    .filter((record) => refundOutcomeAt(record, now).outcome !== 'failed')
    .reduce((sum, record) => sum.plus(record.amount), new Big(0));
}

/** Sends a refund (see the module comment). */
export async function refund(
  input: RefundInput,
  now: Date,
  context: RefundContext,
): Promise<RefundOutcome> {
  const status = await context.paymentStatus(input.providerRef, now);
  const charged = await context.charged(input.providerRef);
  const record = await context.store.refund(input.refundId, input.providerRef, (earlier) => {
    const base: Omit<NewSandboxRefund, 'outcome' | 'failureReason'> = {
      refundId: input.refundId,
      ref: context.newRefundRef(),
      paymentRef: input.providerRef,
      amount: input.amount,
      currency: input.currency,
      settlesTo: undefined,
      settlesAt: undefined,
    };
    const failed = (reason: NewSandboxRefund['failureReason']): NewSandboxRefund => ({
      ...base,
      outcome: 'failed',
      failureReason: reason,
    });
    if (status.status === 'unknown') return failed('unknown_payment');
    if (status.status !== 'approved' || !input.providerRef.startsWith('sbx.d.')) {
      return failed('not_refundable');
    }
    const amount = positiveDecimal(input.amount);
    if (amount === null) return failed('declined');
    if (charged !== undefined && refundedBefore(earlier, now).plus(amount).gt(charged)) {
      return failed('exceeds_captured');
    }
    const effect = amountRuleFor(amount)?.effect;
    if (effect === 'decline') return failed('declined');
    if (effect === 'decline_later' || effect === 'process') {
      return {
        ...base,
        outcome: 'pending',
        failureReason: effect === 'decline_later' ? 'declined' : undefined,
        settlesTo: effect === 'decline_later' ? 'failed' : 'succeeded',
        settlesAt: new Date(now.getTime() + context.timings.settleAfterMs),
      };
    }
    return { ...base, outcome: 'succeeded', failureReason: undefined };
  });
  return refundOutcomeAt(record, now);
}

/** What became of a refund id. */
export async function lookupRefund(
  refundId: string,
  now: Date,
  store: SandboxStore,
): Promise<RefundLookup> {
  const record = await store.findRefund(refundId);
  return record === undefined ? { outcome: 'not_found' } : refundOutcomeAt(record, now);
}
