import { describe, expect, it } from 'vitest';
import {
  NOW,
  depositInput,
  later,
  newCard,
  payoutInput,
  testSandbox,
  useSandboxDatabase,
  ref,
  expectOutcome,
} from './test-support';

/** Every sandbox of this file keeps its state in one test database, as the server's does. */
useSandboxDatabase();

describe('payouts (SPEC §2 withdrawal result pages, §7 reverse-pending-withdrawal)', () => {
  it('approves an ordinary payout at once', async () => {
    const outcome = await testSandbox().payout(payoutInput(), NOW);
    expect(outcome).toEqual({ outcome: 'approved', providerRef: ref('p', 'approved', 'ok') });
  });

  it('gives a bet-shop payout a pick-up code valid 24 h', async () => {
    const betShop = { id: 'shop-7', name: 'Riga Central' };
    const outcome = await testSandbox().payout(
      payoutInput({ methodKind: 'bet_shop', destination: { kind: 'bet_shop', betShop } }),
      NOW,
    );
    expect(outcome).toEqual({
      outcome: 'approved',
      providerRef: ref('p', 'approved', 'ok'),
      pickup: { code: '000000000001', expiresAt: later(86_400_000), betShop },
    });
  });

  it.each([
    [
      '10.13',
      'declined at once',
      { outcome: 'declined', providerRef: ref('p', 'declined', 'declined'), reason: 'declined' },
    ],
    [
      '10.14',
      'processing',
      {
        outcome: 'processing',
        providerRef: ref('p', 'processing', 'declined'),
        settlesAt: later(5_000),
      },
    ],
    [
      '10.15',
      'processing',
      { outcome: 'processing', providerRef: ref('p', 'processing', 'ok'), settlesAt: later(5_000) },
    ],
    [
      'abc',
      'invalid',
      {
        outcome: 'declined',
        providerRef: ref('p', 'declined', 'invalid_amount'),
        reason: 'invalid_amount',
      },
    ],
  ] as const)('an amount of %s is %s', async (amount, _what, expected) => {
    expect(await testSandbox().payout(payoutInput({ amount }), NOW)).toEqual(expected);
  });

  it.each([
    ['10.14', { status: 'declined', reason: 'declined' }],
    ['10.15', { status: 'approved' }],
  ] as const)(
    'a processing payout of %s settles after the settle delay',
    async (amount, settled) => {
      const sandbox = testSandbox();
      const outcome = await sandbox.payout(payoutInput({ amount }), NOW);
      const providerRef = outcome.providerRef ?? '';
      expect(await sandbox.status(providerRef, later(4_999))).toEqual({
        status: 'pending',
        providerRef,
        step: 'processing',
        settlesAt: later(5_000),
      });
      expect(await sandbox.status(providerRef, later(5_000))).toEqual({ ...settled, providerRef });
    },
  );

  it('pays out to a saved card by its token, and refuses a token that is not the sandbox’s', async () => {
    const sandbox = testSandbox();
    const deposit = expectOutcome(
      await sandbox.authorizeDeposit(
        depositInput({ card: newCard('4000000000000101'), saveCard: true }),
        NOW,
      ),
      'approved',
    );
    const toCard = await sandbox.payout(
      payoutInput({
        methodKind: 'card',
        destination: { kind: 'card', cardToken: deposit.cardToken ?? '' },
      }),
      NOW,
    );
    expect(toCard.outcome).toBe('approved');
    const forged = await sandbox.payout(
      payoutInput({ methodKind: 'card', destination: { kind: 'card', cardToken: 'tok_x' } }),
      NOW,
    );
    expect(forged).toEqual({
      outcome: 'declined',
      providerRef: ref('p', 'declined', 'invalid_token', 4),
      reason: 'invalid_token',
    });
  });

  it('refuses a payout to a saved card that has expired', async () => {
    const sandbox = testSandbox();
    const deposit = expectOutcome(
      await sandbox.authorizeDeposit(
        depositInput({
          card: newCard('4111111111111111', { expMonth: '01', expYear: '30' }),
          saveCard: true,
        }),
        NOW,
      ),
      'approved',
    );
    const outcome = await sandbox.payout(
      payoutInput({ destination: { kind: 'card', cardToken: deposit.cardToken ?? '' } }),
      new Date('2030-03-01T00:00:00.000Z'),
    );
    expect(outcome).toMatchObject({ outcome: 'declined', reason: 'expired_card' });
  });

  it('cancels a processing payout, which then never settles', async () => {
    const sandbox = testSandbox();
    const outcome = await sandbox.payout(payoutInput({ amount: '10.15' }), NOW);
    const providerRef = outcome.providerRef ?? '';
    expect(await sandbox.cancelPayout(providerRef, later(1_000))).toEqual({
      outcome: 'cancelled',
      providerRef,
    });
    expect(await sandbox.status(providerRef, later(60_000))).toEqual({
      status: 'cancelled',
      providerRef,
    });
  });

  it('does not cancel a paid payout, a deposit or an unknown reference', async () => {
    const sandbox = testSandbox();
    const paid = await sandbox.payout(payoutInput(), NOW);
    expect(await sandbox.cancelPayout(paid.providerRef ?? '', NOW)).toEqual({
      outcome: 'not_cancellable',
      providerRef: paid.providerRef,
      status: { status: 'approved', providerRef: paid.providerRef },
    });
    const deposit = await sandbox.authorizeDeposit(depositInput({ methodKind: 'mobile' }), NOW);
    expect(await sandbox.cancelPayout(deposit.providerRef ?? '', NOW)).toMatchObject({
      outcome: 'not_cancellable',
      status: { status: 'pending', step: 'await' },
    });
    expect(await sandbox.cancelPayout('nope', NOW)).toEqual({
      outcome: 'not_cancellable',
      providerRef: 'nope',
      status: { status: 'unknown', providerRef: 'nope' },
    });
  });
});
