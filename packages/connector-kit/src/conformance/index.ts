/**
 * The conformance suite: the rules of the {@link PaymentProvider} contract (provider.ts) as Vitest
 * tests any connector runs against itself and a PSP it can steer (a sandbox, a simulator, the
 * PSP's own test environment). Call {@link describeConformance} at the top level of a test file
 * with a {@link ConformanceSubject}: the connector, and a small test-control adapter that says how
 * to make the PSP accept, decline or fault a payment and how to count what it charged. Cases of a
 * capability the connector lacks are skipped, as its {@link ConformanceCapabilities} declare.
 *
 * What it covers: idempotent create (the same transaction id twice charges once), lookups (known
 * and unknown), late and duplicate answers, webhooks (good and bad signatures, duplicates),
 * refunds (full, partial, over-refund refused, idempotent by refund id), payout cancellation and
 * faults (a request that never reached the PSP against one whose outcome is unknown).
 *
 * @packageDocumentation
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isProviderNotReached } from '../provider';
import type {
  DepositInput,
  PaymentProvider,
  PayoutInput,
  ProviderRef,
  RefundInput,
  WebhookRequest,
} from '../provider';

/** What a connector can do; the suite skips the cases of what it cannot. */
export interface ConformanceCapabilities {
  /** `refunds` is present: refund and lookupRefund. */
  readonly refunds: boolean;
  /** `webhook` is present and the adapter can produce a real signed notification. */
  readonly webhooks: boolean;
  /** Payouts, and `cancelPayout` of one still pending. */
  readonly payoutCancellation: boolean;
  /** The adapter can inject faults ({@link ConformanceSubject.fault}). */
  readonly faults: boolean;
}

/** A fault the PSP suffers on its next `authorizeDeposit`. */
export type ConformanceFault =
  /** Refused before processing (the connector must throw ProviderNotReachedError). */
  | 'refuse'
  /** Failed before processing, with an error the connector cannot tell from a lost answer. */
  | 'fail-before'
  /** Processed, then the answer is lost (outcome unknown to the connector). */
  | 'fail-after'
  /** The request arrives twice (a network retry); the first answer is sent. */
  | 'duplicate';

/** The connector under test and how to steer its PSP. */
export interface ConformanceSubject {
  readonly provider: PaymentProvider;
  /** The `now` of every call (a fixed or test-moved clock). */
  now(): Date;
  /**
   * A deposit the PSP accepts under `transactionId` (`decline`: one it declines at once). The
   * accepted one ends approved, at once or after {@link settle}.
   */
  deposit(transactionId: string, options?: { readonly decline?: boolean }): DepositInput;
  /** Makes an accepted deposit approved at the PSP (nothing to do for a PSP that approves at once). */
  settle(transactionId: string, providerRef: ProviderRef): Promise<void>;
  /** How many times the PSP charged `transactionId` (0 or 1 for a conforming connector). */
  charges(transactionId: string): Promise<number>;
  /** A payout the PSP keeps pending (cancellable) under `transactionId`. */
  pendingPayout?(transactionId: string): PayoutInput;
  /**
   * Makes the PSP suffer `fault` on its next `authorizeDeposit`; `false` when this PSP cannot
   * (the case is skipped).
   */
  fault?(fault: ConformanceFault): Promise<boolean>;
  /** A signed notification the PSP sends for a deposit it approved (webhooks capability). */
  notification?(transactionId: string, providerRef: ProviderRef): Promise<WebhookRequest>;
  /** Stops what the subject started. */
  close?(): Promise<void>;
}

/** What {@link describeConformance} takes. */
export interface ConformanceOptions {
  readonly capabilities: ConformanceCapabilities;
  /** Builds the subject once for the suite (start a simulator, build the connector). */
  readonly subject: () => Promise<ConformanceSubject>;
  /** Per-test time-out of the cases (a PSP in another process is slower than in-process). */
  readonly timeoutMs?: number | undefined;
}

let counter = 0;

/** A transaction id no earlier case used. */
function freshId(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${String(counter)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** The rejection of a call that must fail. */
async function rejectionOf(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    (value: unknown) => {
      throw new Error(`expected the call to fail, it answered ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
}

/** Registers the suite for one connector (see the module comment). */
export function describeConformance(name: string, options: ConformanceOptions): void {
  const { capabilities } = options;
  const timeout = options.timeoutMs ?? 20_000;
  describe(`connector conformance: ${name}`, () => {
    let subject: ConformanceSubject | undefined;
    const s = (): ConformanceSubject => {
      if (subject === undefined) throw new Error('the conformance subject did not start');
      return subject;
    };
    beforeAll(async () => {
      subject = await options.subject();
    }, 120_000);
    afterAll(async () => {
      await subject?.close?.();
    });

    /** An accepted deposit, settled to approved; its reference. */
    async function approvedDeposit(id: string): Promise<{ input: DepositInput; ref: ProviderRef }> {
      const input = s().deposit(id);
      const outcome = await s().provider.authorizeDeposit(input, s().now());
      expect(outcome.outcome).not.toBe('declined');
      if (outcome.outcome === 'declined') throw new Error('the accepted deposit was declined');
      await s().settle(id, outcome.providerRef);
      return { input, ref: outcome.providerRef };
    }

    describe('create', () => {
      it(
        'is idempotent by transaction id: the same id twice charges once and answers alike',
        { timeout },
        async () => {
          const id = freshId('idem');
          const input = s().deposit(id);
          const first = await s().provider.authorizeDeposit(input, s().now());
          const second = await s().provider.authorizeDeposit(
            { ...input, amount: input.amount, customer: input.customer },
            s().now(),
          );
          expect(second.outcome).toBe(first.outcome);
          expect('providerRef' in second ? second.providerRef : undefined).toBe(
            'providerRef' in first ? first.providerRef : undefined,
          );
          expect(await s().charges(id)).toBe(1);
        },
      );

      it('answers a refused payment as a decline, not a throw', { timeout }, async () => {
        const outcome = await s().provider.authorizeDeposit(
          s().deposit(freshId('decl'), { decline: true }),
          s().now(),
        );
        expect(outcome.outcome).toBe('declined');
      });
    });

    describe('lookup', () => {
      it('finds a known transaction id with its reference', { timeout }, async () => {
        const id = freshId('look');
        const { ref } = await approvedDeposit(id);
        const found = await s().provider.lookup(id, s().now());
        expect(found).toMatchObject({ status: 'approved', providerRef: ref });
      });

      it('answers not_found for a transaction id the PSP never received', { timeout }, async () => {
        const id = freshId('never');
        expect(await s().provider.lookup(id, s().now())).toEqual({
          status: 'not_found',
          transactionId: id,
        });
      });
    });

    describe.skipIf(!capabilities.faults)('late and duplicate answers, faults', () => {
      it(
        'a lost answer: the call throws "outcome unknown", the repeat answers the first result and charges once',
        { timeout },
        async (ctx) => {
          const id = freshId('late');
          const input = s().deposit(id);
          if ((await s().fault?.('fail-after')) !== true) ctx.skip();
          const error = await rejectionOf(s().provider.authorizeDeposit(input, s().now()));
          expect(isProviderNotReached(error)).toBe(false);
          const found = await s().provider.lookup(id, s().now());
          expect(found.status).not.toBe('not_found');
          const repeat = await s().provider.authorizeDeposit(input, s().now());
          expect('providerRef' in repeat ? repeat.providerRef : undefined).toBe(
            'providerRef' in found ? found.providerRef : undefined,
          );
          expect(await s().charges(id)).toBe(1);
        },
      );

      it('a request delivered twice charges once', { timeout }, async (ctx) => {
        const id = freshId('dup');
        if ((await s().fault?.('duplicate')) !== true) ctx.skip();
        const outcome = await s().provider.authorizeDeposit(s().deposit(id), s().now());
        expect(outcome.outcome).not.toBe('declined');
        expect(await s().charges(id)).toBe(1);
      });

      it(
        'a refusal before processing throws ProviderNotReachedError and charges nothing',
        { timeout },
        async (ctx) => {
          const id = freshId('refused');
          if ((await s().fault?.('refuse')) !== true) ctx.skip();
          const error = await rejectionOf(
            s().provider.authorizeDeposit(s().deposit(id), s().now()),
          );
          expect(isProviderNotReached(error)).toBe(true);
          expect(await s().charges(id)).toBe(0);
          expect((await s().provider.lookup(id, s().now())).status).toBe('not_found');
        },
      );

      it(
        'a failure the connector cannot place is "outcome unknown", never "not reached"',
        { timeout },
        async (ctx) => {
          const id = freshId('unknown');
          if ((await s().fault?.('fail-before')) !== true) ctx.skip();
          const error = await rejectionOf(
            s().provider.authorizeDeposit(s().deposit(id), s().now()),
          );
          expect(isProviderNotReached(error)).toBe(false);
        },
      );
    });

    describe.skipIf(!capabilities.webhooks)('webhooks', () => {
      it('verifies a notification the PSP signed and names the payment', { timeout }, async () => {
        const id = freshId('hook');
        const { ref } = await approvedDeposit(id);
        const request = await s().notification?.(id, ref);
        if (request === undefined) throw new Error('no notification');
        const verified = s().provider.webhook?.verify(request, s().now());
        expect(verified?.valid).toBe(true);
        if (verified?.valid !== true) return;
        const about = verified.notifications.find(
          (n) => n.transactionId === id || n.providerRef === ref,
        );
        expect(about).toBeDefined();
      });

      it(
        'refuses a notification whose body or signature was changed, or that is not signed',
        { timeout },
        async () => {
          const id = freshId('forged');
          const { ref } = await approvedDeposit(id);
          const request = await s().notification?.(id, ref);
          if (request === undefined) throw new Error('no notification');
          const webhook = s().provider.webhook;
          const tampered = { ...request, rawBody: request.rawBody.replace(/.$/, ' }') };
          expect(webhook?.verify(tampered, s().now())).toMatchObject({
            valid: false,
            problem: 'signature',
          });
          const unsigned = { headers: {}, rawBody: request.rawBody };
          expect(webhook?.verify(unsigned, s().now())).toMatchObject({
            valid: false,
            problem: 'signature',
          });
        },
      );

      it(
        'reads a duplicate notification alike (the server applies it once)',
        { timeout },
        async () => {
          const id = freshId('again');
          const { ref } = await approvedDeposit(id);
          const request = await s().notification?.(id, ref);
          if (request === undefined) throw new Error('no notification');
          const first = s().provider.webhook?.verify(request, s().now());
          const second = s().provider.webhook?.verify(request, s().now());
          expect(second).toEqual(first);
        },
      );
    });

    describe.skipIf(!capabilities.refunds)('refunds', () => {
      function refundOf(
        input: DepositInput,
        ref: ProviderRef,
        amount: string,
        refundId = freshId('rf'),
      ): RefundInput {
        return {
          refundId,
          transactionId: input.transactionId,
          providerRef: ref,
          amount,
          currency: input.currency,
          reason: 'conformance',
        };
      }
      const refunds = () => {
        const found = s().provider.refunds;
        if (found === undefined) throw new Error('the connector declares refunds but has none');
        return found;
      };

      it('refunds a whole payment, and refuses a refund beyond it', { timeout }, async () => {
        const { input, ref } = await approvedDeposit(freshId('full'));
        const whole = await refunds().refund(refundOf(input, ref, input.total), s().now());
        // Accepted: settled at once, or later (its webhook or lookupRefund tells).
        expect(['succeeded', 'pending']).toContain(whole.outcome);
        const more = await refunds().refund(refundOf(input, ref, '1.00'), s().now());
        expect(more).toMatchObject({ outcome: 'failed', reason: 'exceeds_captured' });
      });

      it('refunds in parts up to what was charged', { timeout }, async () => {
        const { input, ref } = await approvedDeposit(freshId('part'));
        const first = await refunds().refund(refundOf(input, ref, '1.00'), s().now());
        expect(['succeeded', 'pending']).toContain(first.outcome);
        const over = await refunds().refund(refundOf(input, ref, input.total), s().now());
        expect(over).toMatchObject({ outcome: 'failed', reason: 'exceeds_captured' });
      });

      it(
        'is idempotent by refund id: a repeat answers the first result and refunds once',
        { timeout },
        async () => {
          const { input, ref } = await approvedDeposit(freshId('rf-idem'));
          const refund = refundOf(input, ref, '1.00');
          const first = await refunds().refund(refund, s().now());
          const again = await refunds().refund({ ...refund, amount: '2.00' }, s().now());
          expect(again).toEqual(first);
          expect(await refunds().lookupRefund(refund.refundId, s().now())).toEqual(first);
          expect(await refunds().lookupRefund(freshId('rf-none'), s().now())).toEqual({
            outcome: 'not_found',
          });
        },
      );
    });

    describe.skipIf(!capabilities.payoutCancellation)('payout cancellation', () => {
      it('cancels a pending payout once; a repeat finds it cancelled', { timeout }, async () => {
        const id = freshId('cancel');
        const input = s().pendingPayout?.(id);
        if (input === undefined) throw new Error('no pending payout input');
        const sent = await s().provider.payout(input, s().now());
        expect(sent.outcome).toBe('processing');
        if (sent.outcome !== 'processing') return;
        const cancelled = await s().provider.cancelPayout(sent.providerRef, s().now());
        expect(cancelled).toEqual({ outcome: 'cancelled', providerRef: sent.providerRef });
        const again = await s().provider.cancelPayout(sent.providerRef, s().now());
        expect(again.outcome === 'cancelled' || again.status.status === 'cancelled').toBe(true);
        expect((await s().provider.status(sent.providerRef, s().now())).status).toBe('cancelled');
      });
    });
  });
}
