import { describe, expect, it } from 'vitest';
import { SANDBOX_MERCHANT_NAME } from './merchant';
import type { SandboxProvider } from './sandbox-provider';
import {
  NOW,
  depositInput,
  later,
  newCard,
  testSandbox,
  useSandboxDatabase,
  ref,
  expectOutcome,
  testCard,
  summaryOf,
} from './test-support';

/** Every sandbox of this file keeps its state in one test database, as the server's does. */
useSandboxDatabase();

describe('3-D Secure challenge (SPEC §2 /3ds_result)', () => {
  async function challenge(sandbox: SandboxProvider, saveCard = false): Promise<string> {
    const outcome = await sandbox.authorizeDeposit(
      depositInput({ transactionId: 'tx-1', card: newCard('4000000000000507'), saveCard }),
      NOW,
    );
    return expectOutcome(outcome, 'challenge').providerRef;
  }

  it('waits for the answer, then Pass approves with the card summary', async () => {
    const sandbox = testSandbox();
    const providerRef = await challenge(sandbox);
    expect(await sandbox.status(providerRef, later(1_000))).toEqual({
      status: 'pending',
      providerRef,
      step: 'challenge',
      expiresAt: later(900_000),
    });
    const outcome = await sandbox.complete3ds(
      providerRef,
      { fields: { result: 'pass' } },
      later(2_000),
    );
    const card = summaryOf(testCard('4000000000000507'));
    expect(outcome).toEqual({ outcome: 'approved', providerRef, card });
    expect(await sandbox.status(providerRef, later(3_000))).toEqual({
      status: 'approved',
      providerRef,
      card,
    });
  });

  it('Fail declines as authentication_failed', async () => {
    const sandbox = testSandbox();
    const providerRef = await challenge(sandbox);
    const outcome = await sandbox.complete3ds(providerRef, { fields: { result: 'fail' } }, NOW);
    expect(outcome).toEqual({ outcome: 'declined', providerRef, reason: 'authentication_failed' });
    expect(await sandbox.status(providerRef, later(1))).toEqual({
      status: 'declined',
      providerRef,
      reason: 'authentication_failed',
    });
  });

  it('treats a missing or unexpected answer as a failure', async () => {
    const sandbox = testSandbox();
    const providerRef = await challenge(sandbox);
    const outcome = await sandbox.complete3ds(providerRef, { fields: { result: 'PASS' } }, NOW);
    expect(outcome).toEqual({ outcome: 'declined', providerRef, reason: 'authentication_failed' });
  });

  it('gives the first answer again when completed twice', async () => {
    const sandbox = testSandbox();
    const providerRef = await challenge(sandbox);
    await sandbox.complete3ds(providerRef, { fields: { result: 'fail' } }, NOW);
    const again = await sandbox.complete3ds(providerRef, { fields: { result: 'pass' } }, NOW);
    expect(again).toEqual({ outcome: 'declined', providerRef, reason: 'authentication_failed' });
  });

  it('expires an unanswered challenge after 15 min', async () => {
    const sandbox = testSandbox();
    const providerRef = await challenge(sandbox);
    expect(await sandbox.status(providerRef, later(900_000))).toEqual({
      status: 'declined',
      providerRef,
      reason: 'expired',
    });
    const outcome = await sandbox.complete3ds(
      providerRef,
      { fields: { result: 'pass' } },
      later(900_000),
    );
    expect(outcome).toEqual({ outcome: 'declined', providerRef, reason: 'expired' });
  });

  it.each([['not-a-ref'], [ref('d', 'processing', 'ok')]])(
    'answers unknown_reference for %s, which is no challenge',
    async (providerRef) => {
      const outcome = await testSandbox().complete3ds(
        providerRef,
        { fields: { result: 'pass' } },
        NOW,
      );
      expect(outcome).toEqual({ outcome: 'declined', providerRef, reason: 'unknown_reference' });
    },
  );

  it('remembers what the challenge page shows, never more of the card than its last four digits', async () => {
    const sandbox = testSandbox();
    const providerRef = await challenge(sandbox);
    expect(await sandbox.paymentView(providerRef)).toEqual({
      providerRef,
      flow: 'deposit',
      kind: 'card',
      step: 'challenge',
      transactionId: 'tx-1',
      amount: '10.00',
      currency: 'EUR',
      payGroup: 'visa_mc',
      merchantName: SANDBOX_MERCHANT_NAME,
      returnUrls: depositInput().returnUrls,
      cardLast4: '0507',
      reference: undefined,
      startedAt: NOW,
    });
    expect(await sandbox.paymentView('sbx.unknown')).toBeUndefined();
  });
});
