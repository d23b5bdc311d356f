import { describe, expect, it } from 'vitest';
import { MemorySandboxStore } from './memory-store';
import { SandboxProvider } from './sandbox-provider';
import {
  NOW,
  countingBytes,
  depositInput,
  later,
  newCard,
  payoutInput,
  testSandbox,
  testStore,
  useSandboxDatabase,
  ref,
  expectOutcome,
} from './test-support';

/** Every sandbox of this file keeps its state in one test database, as the server's does. */
useSandboxDatabase();

describe('sandbox configuration', () => {
  it('is registered as the "sandbox" provider (SPEC §2 provider route parameter)', () => {
    expect(new SandboxProvider({ store: testStore() }).name).toBe('sandbox');
  });

  it('uses root-relative page URLs without a base URL', async () => {
    const sandbox = new SandboxProvider({ randomBytes: countingBytes(), store: testStore() });
    const outcome = await sandbox.authorizeDeposit(
      depositInput({ card: newCard('4000000000000507') }),
      NOW,
    );
    expect(outcome).toMatchObject({ challengeUrl: `/sandbox/3ds/${ref('d', 'challenge', 'ok')}` });
  });

  it.each([
    ['settleAfterMs', -1],
    ['paidAfterMs', 1.5],
    ['expiresAfterMs', Number.NaN],
  ] as const)('refuses %s = %s', (name, value) => {
    expect(() => new SandboxProvider({ [name]: value, store: testStore() })).toThrow(
      `SandboxProvider: ${name} must be a whole number of milliseconds ≥ 0.`,
    );
  });

  it('a memory store forgets the oldest payment beyond maxRemembered, whose status still follows from its reference', async () => {
    const sandbox = testSandbox({ store: new MemorySandboxStore({ maxRemembered: 2 }) });
    const first = await sandbox.authorizeDeposit(depositInput({ methodKind: 'mobile' }), NOW);
    await sandbox.authorizeDeposit(depositInput({ methodKind: 'mobile' }), NOW);
    await sandbox.authorizeDeposit(depositInput({ methodKind: 'mobile' }), NOW);
    expect((await sandbox.snapshot()).payments).toHaveLength(2);
    expect(await sandbox.paymentView(first.providerRef ?? '')).toBeUndefined();
    expect(await sandbox.status(first.providerRef ?? '', later(5_000))).toEqual({
      status: 'approved',
      providerRef: first.providerRef,
    });
  });

  it.each([0, 1.5])('refuses a memory store with maxRemembered = %s', (maxRemembered) => {
    expect(() => new MemorySandboxStore({ maxRemembered })).toThrow(
      'MemorySandboxStore: maxRemembered must be a whole number ≥ 1.',
    );
  });

  it('rejects the call when the random source gives too few bytes', async () => {
    const sandbox = new SandboxProvider({
      randomBytes: () => new Uint8Array(2),
      store: testStore(),
    });
    await expect(sandbox.payout(payoutInput(), NOW)).rejects.toThrow(
      'SandboxProvider: randomBytes(8) gave 2 bytes.',
    );
  });
});

describe('idempotency by our transaction id (the PaymentProvider contract)', () => {
  it('answers a repeated deposit with its first result and charges it once', async () => {
    const sandbox = testSandbox();
    const input = depositInput({
      transactionId: 'tx-repeat',
      card: newCard('4000000000000101'),
      saveCard: true,
    });
    const first = await sandbox.authorizeDeposit(input, NOW);
    // A retry after a lost answer, even with another card typed, is the same payment.
    const again = await sandbox.authorizeDeposit(
      { ...input, card: newCard('5100000000000107') },
      later(1_000),
    );
    expect(again).toEqual(first);
    expect(await sandbox.activity()).toEqual([
      {
        transactionId: 'tx-repeat',
        flow: 'deposit',
        amount: '10.00',
        currency: 'EUR',
        providerRef: expectOutcome(first, 'approved').providerRef,
        calls: 2,
      },
    ]);
  });

  it('answers a repeated payout with its first result and pays it once', async () => {
    const sandbox = testSandbox();
    const input = payoutInput({ transactionId: 'tx-p-repeat' });
    const first = await sandbox.payout(input, NOW);
    expect(await sandbox.payout(input, later(5))).toEqual(first);
    expect((await sandbox.activity()).map((entry) => [entry.transactionId, entry.calls])).toEqual([
      ['tx-p-repeat', 2],
    ]);
    await expect(
      sandbox.authorizeDeposit(depositInput({ transactionId: 'tx-p-repeat' }), NOW),
    ).rejects.toThrow('is a payout');
  });

  it('charges the total (amount plus fee) and shows it on its pages', async () => {
    const sandbox = testSandbox();
    const outcome = await sandbox.authorizeDeposit(
      depositInput({
        card: newCard('4000000000000507'),
        amount: '50.00',
        fee: '1.45',
        total: '51.45',
      }),
      NOW,
    );
    const providerRef = expectOutcome(outcome, 'challenge').providerRef;
    expect((await sandbox.paymentView(providerRef))?.amount).toBe('51.45');
    expect((await sandbox.activity())[0]?.amount).toBe('51.45');
  });

  it('looks a payment up by the transaction id: its current status, or not_found', async () => {
    const sandbox = testSandbox();
    expect(await sandbox.lookup('tx-never-sent', NOW)).toEqual({
      status: 'not_found',
      transactionId: 'tx-never-sent',
    });
    const processing = expectOutcome(
      await sandbox.authorizeDeposit(
        depositInput({ transactionId: 'tx-slow', card: newCard('4000000000000606') }),
        NOW,
      ),
      'processing',
    );
    expect(await sandbox.lookup('tx-slow', later(1_000))).toMatchObject({
      status: 'pending',
      providerRef: processing.providerRef,
    });
    expect(await sandbox.lookup('tx-slow', later(60_000))).toMatchObject({
      status: 'approved',
      providerRef: processing.providerRef,
    });
  });
});
