import { describe, expect, it } from 'vitest';
import {
  NOW,
  countingBytes,
  depositInput,
  later,
  newCard,
  forgetSandboxState,
  payoutInput,
  testSandbox,
  useSandboxDatabase,
  r16,
  expectOutcome,
  testCard,
  summaryOf,
} from './test-support';

/** Every sandbox of this file keeps its state in one test database, as the server's does. */
const database = useSandboxDatabase();

describe('several server processes and restarts (state in the database)', () => {
  it('a sandbox on the same database (another process, or this one restarted) knows every payment', async () => {
    const before = testSandbox();
    const challenge = expectOutcome(
      await before.authorizeDeposit(
        depositInput({ transactionId: 'tx-shared', card: newCard('4000000000000507') }),
        NOW,
      ),
      'challenge',
    );
    const processing = expectOutcome(
      await before.authorizeDeposit(
        depositInput({ card: newCard('5100000000000602'), saveCard: true }),
        NOW,
      ),
      'processing',
    );
    const other = testSandbox({ randomBytes: countingBytes(100) });
    // The challenge page of the other process shows the card's last four digits.
    expect((await other.paymentView(challenge.providerRef))?.cardLast4).toBe('0507');
    // The processing card asked to be saved: the other process's poll mints its token.
    const settled = await other.status(processing.providerRef, later(5_000));
    const card = summaryOf(testCard('5100000000000602'));
    expect(settled).toEqual({
      status: 'approved',
      providerRef: processing.providerRef,
      cardToken: `sbxtok_p_${r16(101)}`,
      card,
    });
    expect(await before.savedCard(`sbxtok_p_${r16(101)}`)).toEqual(card);
    expect(await before.status(processing.providerRef, later(6_000))).toEqual(settled);
    // A repeat of the transaction id is answered from the record, whoever made it.
    expect(
      await other.authorizeDeposit(
        depositInput({ transactionId: 'tx-shared', card: newCard('4000000000000101') }),
        later(1_000),
      ),
    ).toEqual(challenge);
    expect(await other.lookup('tx-shared', later(1_000))).toMatchObject({
      status: 'pending',
      step: 'challenge',
    });
  });

  it('two processes sending one transaction id at once charge it once, with one result', async () => {
    const first = testSandbox();
    const second = testSandbox({ randomBytes: countingBytes(100) });
    const input = depositInput({
      transactionId: 'tx-race',
      card: newCard('4000000000000101'),
      saveCard: true,
    });
    const answers = await Promise.all([
      first.authorizeDeposit(input, NOW),
      second.authorizeDeposit(input, NOW),
      first.authorizeDeposit(input, NOW),
    ]);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(await first.activity()).toEqual([
      expect.objectContaining({ transactionId: 'tx-race', calls: 3 }),
    ]);
    const held = await first.snapshot();
    expect(held.payments).toHaveLength(1);
    expect(held.tokens).toHaveLength(1);
  });

  it('two processes answering one challenge at once: the first answer stands for both', async () => {
    const first = testSandbox();
    const second = testSandbox({ randomBytes: countingBytes(100) });
    const { providerRef } = expectOutcome(
      await first.authorizeDeposit(
        depositInput({ card: newCard('4000000000000507'), saveCard: true }),
        NOW,
      ),
      'challenge',
    );
    const answers = await Promise.all([
      first.complete3ds(providerRef, { fields: { result: 'pass' } }, later(1)),
      second.complete3ds(providerRef, { fields: { result: 'fail' } }, later(1)),
    ]);
    expect(answers[1]).toEqual(answers[0]);
    const status = await second.status(providerRef, later(2));
    expect(status.status).toBe(answers[0].outcome === 'approved' ? 'approved' : 'declined');
    // A pass minted one token, whichever process asked first.
    expect((await first.snapshot()).tokens).toHaveLength(answers[0].outcome === 'approved' ? 1 : 0);
  });

  it('two processes polling a settled processing card at once hand out one token', async () => {
    const first = testSandbox();
    const second = testSandbox({ randomBytes: countingBytes(100) });
    const { providerRef } = expectOutcome(
      await first.authorizeDeposit(
        depositInput({ card: newCard('4000000000000606'), saveCard: true }),
        NOW,
      ),
      'processing',
    );
    const polls = await Promise.all([
      first.status(providerRef, later(5_000)),
      second.status(providerRef, later(5_000)),
      first.status(providerRef, later(5_001)),
    ]);
    const tokens = new Set(polls.map((poll) => ('cardToken' in poll ? poll.cardToken : null)));
    expect(tokens.size).toBe(1);
    expect((await first.snapshot()).tokens).toHaveLength(1);
  });

  it('two processes cancelling one payout at once: one cancels, the other finds it cancelled', async () => {
    const first = testSandbox();
    const second = testSandbox({ randomBytes: countingBytes(100) });
    const payout = await first.payout(payoutInput({ amount: '3.15' }), NOW);
    const providerRef = payout.providerRef ?? '';
    const answers = await Promise.all([
      first.cancelPayout(providerRef, later(1)),
      second.cancelPayout(providerRef, later(1)),
    ]);
    expect(answers.map((answer) => answer.outcome).sort()).toEqual([
      'cancelled',
      'not_cancellable',
    ]);
    expect(answers).toContainEqual({
      outcome: 'not_cancellable',
      providerRef,
      status: { status: 'cancelled', providerRef },
    });
  });

  it('settles a processing payment the store does not hold, by its reference, on time', async () => {
    const before = testSandbox();
    const outcome = await before.authorizeDeposit(
      depositInput({ card: newCard('4000000000000606') }),
      NOW,
    );
    const providerRef = outcome.providerRef ?? '';
    await forgetSandboxState(database());
    const after = testSandbox();
    expect(await after.status(providerRef, later(4_000))).toMatchObject({ status: 'pending' });
    expect(await after.status(providerRef, later(5_000))).toEqual({
      status: 'approved',
      providerRef,
    });
    // Polling a reference does not make the sandbox hold it.
    expect((await after.snapshot()).payments).toEqual([]);
  });

  it('completes a challenge, an interaction, a receipt and a cancellation the store does not hold', async () => {
    const before = testSandbox();
    const challenge = await before.authorizeDeposit(
      depositInput({ card: newCard('4000000000000507') }),
      NOW,
    );
    const redirect = await before.authorizeDeposit(
      depositInput({ methodKind: 'alternative' }),
      NOW,
    );
    const transfer = await before.authorizeDeposit(
      depositInput({ methodKind: 'bank_transfer' }),
      NOW,
    );
    const payout = await before.payout(payoutInput({ amount: '3.15' }), NOW);
    await forgetSandboxState(database());
    const after = testSandbox();
    expect(
      await after.complete3ds(
        challenge.providerRef ?? '',
        { fields: { result: 'pass' } },
        later(1),
      ),
    ).toEqual({ outcome: 'approved', providerRef: challenge.providerRef });
    expect(
      await after.completeInteraction(redirect.providerRef ?? '', 'approve', later(1)),
    ).toEqual({
      status: 'approved',
      providerRef: redirect.providerRef,
    });
    expect(await after.recordReceipt(transfer.providerRef ?? '', later(1))).toEqual({
      status: 'approved',
      providerRef: transfer.providerRef,
    });
    expect(await after.cancelPayout(payout.providerRef ?? '', later(1))).toEqual({
      outcome: 'cancelled',
      providerRef: payout.providerRef,
    });
    // The results are kept on bare references: a second answer finds them.
    expect(await after.cancelPayout(payout.providerRef ?? '', later(2))).toMatchObject({
      outcome: 'not_cancellable',
      status: { status: 'cancelled' },
    });
    expect(await after.paymentView(challenge.providerRef ?? '')).toBeUndefined();
  });

  it('pays with a saved-card token the store does not hold by the behaviour it carries', async () => {
    const after = testSandbox();
    const outcome = await after.authorizeDeposit(
      depositInput({ savedCardToken: `sbxtok_c_${'ab'.repeat(16)}` }),
      NOW,
    );
    expect(outcome.outcome).toBe('challenge');
  });

  it.each([
    ['garbage'],
    ['sbx.d.unknown_step.ok.abc.0000000000000001'],
    ['sbx.d.approved.nope.abc.0000000000000001'],
  ])('answers unknown for %s', async (providerRef) => {
    expect(await testSandbox().status(providerRef, NOW)).toEqual({
      status: 'unknown',
      providerRef,
    });
  });
});
