import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimulatorProcess } from '@cashdesk/testkit';
import type { FaultInput, SimulatorProcess } from '@cashdesk/testkit';
import { ProviderNotReachedError } from '../payment-provider';
import type { DepositOutcome, PayoutOutcome } from '../payment-provider';
import { NOW, depositInput, later, newCard, payoutInput } from '../sandbox/test-support';
import { HttpPaymentProvider } from './http-provider';
import { callError, failureOf } from './test-support';

/** A short configured time-out for the hang faults: the call must give up, not wait 10 s. */
const SHORT_TIMEOUT_MS = 300;

const APPROVED_CARD = '4000000000000101';

let simulator: SimulatorProcess;

beforeAll(async () => {
  simulator = await startSimulatorProcess();
});

afterAll(async () => {
  await simulator.stop();
});

beforeEach(async () => {
  await simulator.reset();
});

function connector(timeoutMs?: number): HttpPaymentProvider {
  return new HttpPaymentProvider({ baseUrl: simulator.url, timeoutMs });
}

/** What the simulator holds for one transaction id, at {@link NOW}. */
async function charges(transactionId: string) {
  const { transactions } = await simulator.activity(NOW);
  return transactions.filter((entry) => entry.transactionId === transactionId);
}

function refOf(outcome: DepositOutcome | PayoutOutcome): string {
  if (outcome.providerRef === undefined) throw new Error('no provider reference');
  return outcome.providerRef;
}

describe('HttpPaymentProvider against the PSP simulator in its own process: the contract', () => {
  it('an approved card deposit comes back with the card summary, and the simulator charged its total once', async () => {
    const input = depositInput({
      card: newCard(APPROVED_CARD),
      amount: '50.00',
      fee: '1.45',
      total: '51.45',
    });
    const outcome = await connector().authorizeDeposit(input, NOW);
    expect(outcome).toMatchObject({
      outcome: 'approved',
      card: { last4: '0101', bin: '400000', expYear: '2031', cardType: 'visa' },
    });
    const entries = await charges(input.transactionId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      flow: 'deposit',
      amount: '51.45',
      currency: 'EUR',
      providerRef: refOf(outcome),
      calls: 1,
      status: { status: 'approved' },
    });
  });

  it('a declined card deposit is a result with its reason, and its activity says declined', async () => {
    const input = depositInput({ card: newCard('4000000000000309') });
    const outcome = await connector().authorizeDeposit(input, NOW);
    expect(outcome).toMatchObject({ outcome: 'declined', reason: 'insufficient_funds' });
    const [entry] = await charges(input.transactionId);
    expect(entry?.status).toMatchObject({ status: 'declined', reason: 'insufficient_funds' });
  });

  it('a 3-D Secure challenge is completed through complete3ds and the payment is then approved', async () => {
    const provider = connector();
    const outcome = await provider.authorizeDeposit(
      depositInput({ card: newCard('4000000000000507') }),
      NOW,
    );
    if (outcome.outcome !== 'challenge') throw new Error(`got ${outcome.outcome}`);
    expect(outcome.challengeUrl).toBe(`/sandbox/3ds/${outcome.providerRef}`);
    expect(await provider.status(outcome.providerRef, NOW)).toMatchObject({
      status: 'pending',
      step: 'challenge',
    });
    const completed = await provider.complete3ds(
      outcome.providerRef,
      { fields: { result: 'pass' } },
      NOW,
    );
    expect(completed).toMatchObject({ outcome: 'approved', providerRef: outcome.providerRef });
    expect(await provider.status(outcome.providerRef, NOW)).toMatchObject({ status: 'approved' });
  });

  it("a processing deposit settles by the caller's clock (Cashdesk-Now), as with the in-process sandbox", async () => {
    const provider = connector();
    const input = depositInput({ card: newCard('4000000000000606') });
    const outcome = await provider.authorizeDeposit(input, NOW);
    const ref = refOf(outcome);
    expect(outcome).toEqual({ outcome: 'processing', providerRef: ref, settlesAt: later(5_000) });
    expect(await provider.status(ref, later(4_999))).toEqual({
      status: 'pending',
      providerRef: ref,
      step: 'processing',
      settlesAt: later(5_000),
    });
    // The approved status says what the PSP moved: the server checks it against the deposit.
    expect(await provider.status(ref, later(5_000))).toMatchObject({
      status: 'approved',
      moved: { amount: input.total, currency: input.currency },
    });
  });

  it('a payout is paid once and its activity is a payout of its amount', async () => {
    const input = payoutInput({ amount: '25.00' });
    const outcome = await connector().payout(input, NOW);
    expect(outcome).toMatchObject({ outcome: 'approved' });
    expect(await charges(input.transactionId)).toEqual([
      expect.objectContaining({ flow: 'payout', amount: '25.00', calls: 1 }),
    ]);
  });

  it('lookup finds a payment by our transaction id, and says not_found for one never sent', async () => {
    const provider = connector();
    const input = depositInput({ card: newCard(APPROVED_CARD), transactionId: 'tx with/odd?#%' });
    const outcome = await provider.authorizeDeposit(input, NOW);
    expect(await provider.lookup(input.transactionId, NOW)).toMatchObject({
      status: 'approved',
      providerRef: refOf(outcome),
    });
    expect(await provider.lookup('never-sent', NOW)).toEqual({
      status: 'not_found',
      transactionId: 'never-sent',
    });
  });

  it("follow-up calls on a reference the PSP does not know give the contract's unknown results", async () => {
    const provider = connector();
    const ref = 'not-a-reference';
    expect(await provider.status(ref, NOW)).toEqual({ status: 'unknown', providerRef: ref });
    expect(await provider.recordReceipt(ref, NOW)).toEqual({ status: 'unknown', providerRef: ref });
    expect(await provider.complete3ds(ref, { fields: { result: 'pass' } }, NOW)).toEqual({
      outcome: 'declined',
      providerRef: ref,
      reason: 'unknown_reference',
    });
    expect(await provider.cancelPayout(ref, NOW)).toEqual({
      outcome: 'not_cancellable',
      providerRef: ref,
      status: { status: 'unknown', providerRef: ref },
    });
  });

  it('a bank transfer is approved when its receipt is recorded', async () => {
    const provider = connector();
    const outcome = await provider.authorizeDeposit(
      depositInput({ methodKind: 'bank_transfer', payGroup: 'sepa' }),
      NOW,
    );
    expect(outcome).toMatchObject({ outcome: 'bank_transfer', awaitingReceipt: true });
    expect(await provider.recordReceipt(refOf(outcome), NOW)).toMatchObject({
      status: 'approved',
    });
  });

  it('a processing payout can be cancelled once; the second cancel finds it cancelled', async () => {
    const provider = connector();
    const outcome = await provider.payout(payoutInput({ amount: '10.15' }), NOW);
    expect(outcome).toMatchObject({ outcome: 'processing' });
    const ref = refOf(outcome);
    expect(await provider.cancelPayout(ref, NOW)).toEqual({
      outcome: 'cancelled',
      providerRef: ref,
    });
    expect(await provider.cancelPayout(ref, NOW)).toEqual({
      outcome: 'not_cancellable',
      providerRef: ref,
      status: { status: 'cancelled', providerRef: ref },
    });
  });
});

describe('HttpPaymentProvider against the PSP simulator: idempotency by our transaction id', () => {
  it('the same transaction id twice gives the same answer and one charge, whatever the second carries', async () => {
    const provider = connector();
    const input = depositInput({ card: newCard(APPROVED_CARD) });
    const first = await provider.authorizeDeposit(input, NOW);
    const second = await provider.authorizeDeposit(
      { ...input, amount: '99.00', total: '99.00', card: newCard('4000000000000200') },
      NOW,
    );
    expect(second).toEqual(first);
    expect(await charges(input.transactionId)).toEqual([
      expect.objectContaining({ amount: '10.00', calls: 2 }),
    ]);
  });

  it('a payout repeated with the same transaction id is paid once', async () => {
    const provider = connector();
    const input = payoutInput();
    const first = await provider.payout(input, NOW);
    expect(await provider.payout(input, NOW)).toEqual(first);
    expect(await charges(input.transactionId)).toEqual([expect.objectContaining({ calls: 2 })]);
  });

  it('a deposit transaction id sent as a payout is refused (409), never paid, outcome error', async () => {
    const provider = connector();
    const deposit = depositInput({ card: newCard(APPROVED_CARD) });
    await provider.authorizeDeposit(deposit, NOW);
    const error = await callError(
      provider.payout(payoutInput({ transactionId: deposit.transactionId }), NOW),
      'http',
    );
    expect(error.httpStatus).toBe(409);
    expect(await charges(deposit.transactionId)).toEqual([
      expect.objectContaining({ flow: 'deposit', calls: 1 }),
    ]);
  });
});

describe('HttpPaymentProvider against the PSP simulator: faults (money is charged once or not at all)', () => {
  /** Queues one fault for the next call. */
  async function fault(input: FaultInput): Promise<void> {
    await simulator.fault(input);
  }

  it('fail-before: a 500 before processing is an unknown outcome, nothing was charged, and the retry charges once', async () => {
    const provider = connector();
    const input = depositInput({ card: newCard(APPROVED_CARD) });
    await fault({ operation: 'authorizeDeposit', mode: 'fail-before' });
    const error = await callError(provider.authorizeDeposit(input, NOW), 'http');
    expect(error.httpStatus).toBe(500);
    expect(await charges(input.transactionId)).toEqual([]);
    await provider.authorizeDeposit(input, NOW);
    expect(await charges(input.transactionId)).toEqual([expect.objectContaining({ calls: 1 })]);
  });

  it('refuse: a 503 not_processed is ProviderNotReachedError, nothing was charged and lookup says not_found', async () => {
    const provider = connector();
    const input = depositInput({ card: newCard(APPROVED_CARD) });
    await fault({ operation: 'authorizeDeposit', mode: 'refuse' });
    const error = await failureOf(provider.authorizeDeposit(input, NOW));
    expect(error).toBeInstanceOf(ProviderNotReachedError);
    expect(await charges(input.transactionId)).toEqual([]);
    expect(await provider.lookup(input.transactionId, NOW)).toEqual({
      status: 'not_found',
      transactionId: input.transactionId,
    });
  });

  it('fail-after: a payout whose answer is lost (500 after paying) is paid once when repeated with the same transaction id', async () => {
    const provider = connector();
    const input = payoutInput({ amount: '40.00' });
    await fault({ operation: 'payout', mode: 'fail-after' });
    await callError(provider.payout(input, NOW), 'http');
    const [paid] = await charges(input.transactionId);
    expect(paid).toMatchObject({ flow: 'payout', amount: '40.00', calls: 1 });
    const repeated = await provider.payout(input, NOW);
    expect(repeated).toMatchObject({ outcome: 'approved', providerRef: paid?.providerRef });
    expect(await charges(input.transactionId)).toEqual([
      expect.objectContaining({ amount: '40.00', calls: 2 }),
    ]);
  });

  it('drop-after: a deposit whose connection is dropped after charging is a network error; lookup and the repeat find the one charge', async () => {
    const provider = connector();
    const input = depositInput({ card: newCard(APPROVED_CARD) });
    await fault({ operation: 'authorizeDeposit', mode: 'drop-after' });
    await callError(provider.authorizeDeposit(input, NOW), 'network');
    const [charged] = await charges(input.transactionId);
    expect(charged).toMatchObject({ calls: 1, status: { status: 'approved' } });
    expect(await provider.lookup(input.transactionId, NOW)).toMatchObject({
      status: 'approved',
      providerRef: charged?.providerRef,
    });
    const repeated = await provider.authorizeDeposit(input, NOW);
    expect(refOf(repeated)).toBe(charged?.providerRef);
    expect(await charges(input.transactionId)).toEqual([expect.objectContaining({ calls: 2 })]);
  });

  it('hang-before: the configured time-out fires, nothing was charged, and the retry charges once', async () => {
    const provider = connector(SHORT_TIMEOUT_MS);
    const input = depositInput({ card: newCard(APPROVED_CARD) });
    await fault({ operation: 'authorizeDeposit', mode: 'hang-before' });
    const error = await callError(provider.authorizeDeposit(input, NOW), 'timeout');
    expect(error.message).toContain(`${SHORT_TIMEOUT_MS} ms`);
    const activity = await simulator.activity(NOW);
    expect(activity.pendingFaults).toEqual([]);
    expect(activity.transactions).toEqual([]);
    await provider.authorizeDeposit(input, NOW);
    expect(await charges(input.transactionId)).toEqual([expect.objectContaining({ calls: 1 })]);
  });

  it('hang-after: the time-out fires after the charge; the repeat returns the first result without charging again', async () => {
    const provider = connector(SHORT_TIMEOUT_MS);
    const input = payoutInput();
    await fault({ operation: 'payout', mode: 'hang-after' });
    await callError(provider.payout(input, NOW), 'timeout');
    const [paid] = await charges(input.transactionId);
    expect(paid).toMatchObject({ calls: 1 });
    expect(refOf(await provider.payout(input, NOW))).toBe(paid?.providerRef);
    expect(await charges(input.transactionId)).toEqual([expect.objectContaining({ calls: 2 })]);
  });

  it('delay-after beyond the time-out: the answer comes too late, the charge stands once, the repeat finds it', async () => {
    const provider = connector(SHORT_TIMEOUT_MS);
    const input = depositInput({ card: newCard(APPROVED_CARD) });
    await fault({ operation: 'authorizeDeposit', mode: 'delay-after', delayMs: 600_000 });
    await callError(provider.authorizeDeposit(input, NOW), 'timeout');
    const [charged] = await charges(input.transactionId);
    expect(charged).toMatchObject({ calls: 1 });
    expect(refOf(await provider.authorizeDeposit(input, NOW))).toBe(charged?.providerRef);
  });

  it('delay-after within the time-out: the late answer is the answer', async () => {
    const provider = connector();
    const input = depositInput({ card: newCard(APPROVED_CARD) });
    await fault({ operation: 'authorizeDeposit', mode: 'delay-after', delayMs: 20 });
    const outcome = await provider.authorizeDeposit(input, NOW);
    expect(outcome).toMatchObject({ outcome: 'approved' });
    expect(await charges(input.transactionId)).toEqual([
      expect.objectContaining({ providerRef: refOf(outcome), calls: 1 }),
    ]);
    expect((await simulator.activity(NOW)).pendingFaults).toEqual([]);
  });

  it('duplicate: a deposit delivered twice is charged once (the second delivery is the idempotent repeat)', async () => {
    const provider = connector();
    const input = depositInput({ card: newCard(APPROVED_CARD) });
    await fault({ operation: 'authorizeDeposit', mode: 'duplicate' });
    const outcome = await provider.authorizeDeposit(input, NOW);
    expect(await charges(input.transactionId)).toEqual([
      expect.objectContaining({ providerRef: refOf(outcome), calls: 2 }),
    ]);
    expect(await provider.authorizeDeposit(input, NOW)).toEqual(outcome);
  });

  it('duplicate: a payout cancel delivered twice answers the first result and leaves the payout cancelled', async () => {
    const provider = connector();
    const ref = refOf(await provider.payout(payoutInput({ amount: '10.15' }), NOW));
    await fault({ operation: 'cancelPayout', mode: 'duplicate' });
    expect(await provider.cancelPayout(ref, NOW)).toEqual({
      outcome: 'cancelled',
      providerRef: ref,
    });
    expect(await provider.status(ref, NOW)).toEqual({ status: 'cancelled', providerRef: ref });
  });

  it('a failed lookup is an error, never not_found (which would let the server treat a charge as never sent)', async () => {
    const provider = connector();
    const input = depositInput({ card: newCard(APPROVED_CARD) });
    await provider.authorizeDeposit(input, NOW);
    await fault({ operation: 'lookup', mode: 'fail-before' });
    await callError(provider.lookup(input.transactionId, NOW), 'http');
  });

  it('"any" with times 2 hits the next two calls of whatever kind, then calls go through', async () => {
    const provider = connector();
    await fault({ operation: 'any', mode: 'fail-before', times: 2 });
    await callError(provider.status('sbx-unknown', NOW), 'http');
    await callError(provider.lookup('tx-x', NOW), 'http');
    expect(await provider.lookup('tx-x', NOW)).toMatchObject({ status: 'not_found' });
  });

  it("a fault for one operation waits for that operation and leaves the others' calls alone", async () => {
    const provider = connector();
    await fault({ operation: 'payout', mode: 'fail-before' });
    expect(await provider.lookup('tx-y', NOW)).toMatchObject({ status: 'not_found' });
    expect((await simulator.activity(NOW)).pendingFaults).toEqual([
      { operation: 'payout', mode: 'fail-before', times: 1 },
    ]);
  });

  it("the caller's abort ends a hanging call as an unknown outcome (aborted), before the connector's own time-out", async () => {
    const provider = connector();
    const input = depositInput({ card: newCard(APPROVED_CARD) });
    await fault({ operation: 'authorizeDeposit', mode: 'hang-before' });
    await callError(
      provider.authorizeDeposit(input, NOW, { signal: AbortSignal.timeout(SHORT_TIMEOUT_MS) }),
      'aborted',
    );
    expect(await charges(input.transactionId)).toEqual([]);
  });

  it('a call whose caller had already given up is never sent: ProviderNotReachedError, nothing charged', async () => {
    const input = depositInput({ card: newCard(APPROVED_CARD) });
    const error = await failureOf(
      connector().authorizeDeposit(input, NOW, { signal: AbortSignal.abort() }),
    );
    expect(error).toBeInstanceOf(ProviderNotReachedError);
    expect(await charges(input.transactionId)).toEqual([]);
  });

  it('no error of any fault carries the card number or security code', async () => {
    const provider = connector(SHORT_TIMEOUT_MS);
    const card = newCard('4000000000000606', { cvv: '9312' });
    const modes = ['fail-before', 'refuse', 'fail-after', 'drop-after', 'hang-before'] as const;
    const texts: string[] = [];
    for (const mode of modes) {
      await fault({ operation: 'authorizeDeposit', mode });
      const error = await failureOf(provider.authorizeDeposit(depositInput({ card }), NOW));
      texts.push(describeError(error));
    }
    expect(texts).toHaveLength(modes.length);
    for (const text of texts) {
      expect(text).not.toContain(card.pan);
      expect(text).not.toContain(card.cvv);
    }
  });
});

/** An error's name, message and causes, as a log line would show them. */
function describeError(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== undefined; depth += 1) {
    parts.push(
      current instanceof Error ? `${current.name}: ${current.message}` : JSON.stringify(current),
    );
    current = current instanceof Error ? current.cause : undefined;
  }
  return parts.join(' <- ');
}
