import { describe, expect, it } from 'vitest';
import { SANDBOX_BANK } from './merchant';
import {
  NOW,
  depositInput,
  later,
  newCard,
  testSandbox,
  useSandboxDatabase,
  BASE,
  ref,
  expectOutcome,
} from './test-support';

/** Every sandbox of this file keeps its state in one test database, as the server's does. */
useSandboxDatabase();

describe('the other method kinds (SPEC §1 method kinds, §2 result pages)', () => {
  it('alternative: redirects to the interaction page; Approve approves', async () => {
    const sandbox = testSandbox();
    const outcome = await sandbox.authorizeDeposit(
      depositInput({ methodKind: 'alternative', payGroup: 'skrill' }),
      NOW,
    );
    const providerRef = ref('d', 'redirect', 'ok');
    expect(outcome).toEqual({
      outcome: 'redirect',
      providerRef,
      url: `${BASE}/sandbox/interaction/${providerRef}`,
      method: 'GET',
      fields: {},
    });
    expect(await sandbox.status(providerRef, later(60_000))).toEqual({
      status: 'pending',
      providerRef,
      step: 'redirect',
      expiresAt: later(900_000),
    });
    expect(await sandbox.completeInteraction(providerRef, 'approve', later(60_000))).toEqual({
      status: 'approved',
      providerRef,
    });
  });

  it('alternative: Decline declines as cancelled; unanswered expires after 15 min', async () => {
    const sandbox = testSandbox();
    const first = await sandbox.authorizeDeposit(depositInput({ methodKind: 'alternative' }), NOW);
    const second = await sandbox.authorizeDeposit(depositInput({ methodKind: 'alternative' }), NOW);
    expect(await sandbox.completeInteraction(first.providerRef ?? '', 'decline', NOW)).toEqual({
      status: 'declined',
      providerRef: first.providerRef,
      reason: 'cancelled',
    });
    expect(await sandbox.status(second.providerRef ?? '', later(900_000))).toEqual({
      status: 'declined',
      providerRef: second.providerRef,
      reason: 'expired',
    });
    expect(
      await sandbox.completeInteraction(second.providerRef ?? '', 'approve', later(900_000)),
    ).toEqual({ status: 'declined', providerRef: second.providerRef, reason: 'expired' });
  });

  it('mobile: awaits with instructions and settles after the settle delay', async () => {
    const sandbox = testSandbox();
    const outcome = await sandbox.authorizeDeposit(
      depositInput({
        methodKind: 'mobile',
        payGroup: 'mpesa',
        amount: '1500.5',
        total: '1500.5',
        currency: 'KES',
      }),
      NOW,
    );
    const providerRef = ref('d', 'await', 'ok');
    expect(outcome).toEqual({
      outcome: 'await',
      providerRef,
      instructions:
        'Confirm the payment of 1 500.5 KES in your sandbox wallet app. The sandbox confirms it by itself after 5 s.',
      pollAfterMs: 2_000,
    });
    expect(await sandbox.status(providerRef, later(4_999))).toEqual({
      status: 'pending',
      providerRef,
      step: 'await',
      settlesAt: later(5_000),
    });
    expect(await sandbox.status(providerRef, later(5_000))).toEqual({
      status: 'approved',
      providerRef,
    });
  });

  it('display_form: shows a QR payload with an expiry, paid after 30 s', async () => {
    const sandbox = testSandbox();
    const outcome = await sandbox.authorizeDeposit(
      depositInput({ methodKind: 'display_form', payGroup: 'qr_pay' }),
      NOW,
    );
    const providerRef = ref('d', 'display_form', 'ok');
    expect(outcome).toEqual({
      outcome: 'display_form',
      providerRef,
      qrPayload: `cashdesk-sandbox://pay?ref=${encodeURIComponent(providerRef)}&amount=10.00&currency=EUR&reference=SBX-0000000000`,
      expiresAt: later(900_000),
      reference: 'SBX-0000000000',
      copyFields: [
        { name: 'wallet', label: 'Wallet', value: 'SANDBOX-WALLET-0001' },
        { name: 'amount', label: 'Amount (EUR)', value: '10.00' },
        { name: 'reference', label: 'Payment reference', value: 'SBX-0000000000' },
      ],
    });
    expect(await sandbox.status(providerRef, later(29_999))).toEqual({
      status: 'pending',
      providerRef,
      step: 'display_form',
      expiresAt: later(900_000),
    });
    expect(await sandbox.status(providerRef, later(30_000))).toEqual({
      status: 'approved',
      providerRef,
    });
  });

  it('display_form: a code nobody pays before its expiry declines as expired', async () => {
    const sandbox = testSandbox({ paidAfterMs: 120_000, expiresAfterMs: 60_000 });
    const outcome = await sandbox.authorizeDeposit(
      depositInput({ methodKind: 'display_form' }),
      NOW,
    );
    expect(await sandbox.status(outcome.providerRef ?? '', later(59_999))).toMatchObject({
      status: 'pending',
    });
    expect(await sandbox.status(outcome.providerRef ?? '', later(60_000))).toEqual({
      status: 'declined',
      providerRef: outcome.providerRef,
      reason: 'expired',
    });
  });

  it('display_form: Approve on the interaction page pays it at once', async () => {
    const sandbox = testSandbox();
    const outcome = await sandbox.authorizeDeposit(
      depositInput({ methodKind: 'display_form' }),
      NOW,
    );
    expect(
      await sandbox.completeInteraction(outcome.providerRef ?? '', 'approve', later(1)),
    ).toEqual({ status: 'approved', providerRef: outcome.providerRef });
  });

  it('bank_transfer: waits for the receipt, however long, and approves when it is recorded', async () => {
    const sandbox = testSandbox();
    const outcome = await sandbox.authorizeDeposit(
      depositInput({ methodKind: 'bank_transfer', payGroup: 'sepa' }),
      NOW,
    );
    const providerRef = ref('d', 'bank_transfer', 'ok');
    expect(outcome).toEqual({
      outcome: 'bank_transfer',
      providerRef,
      reference: 'SBX-0000000000',
      bank: SANDBOX_BANK,
      awaitingReceipt: true,
    });
    const aWeek = later(7 * 86_400_000);
    expect(await sandbox.status(providerRef, aWeek)).toEqual({
      status: 'pending',
      providerRef,
      step: 'bank_transfer',
    });
    expect(await sandbox.recordReceipt(providerRef, aWeek)).toEqual({
      status: 'approved',
      providerRef,
    });
    expect(await sandbox.status(providerRef, later(1))).toEqual({
      status: 'approved',
      providerRef,
    });
  });

  it('bank_transfer: an amount ending in .14 rejects the receipt', async () => {
    const sandbox = testSandbox();
    const outcome = await sandbox.authorizeDeposit(
      depositInput({ methodKind: 'bank_transfer', amount: '250.14' }),
      NOW,
    );
    expect(outcome.outcome).toBe('bank_transfer');
    expect(await sandbox.recordReceipt(outcome.providerRef ?? '', later(1))).toEqual({
      status: 'declined',
      providerRef: ref('d', 'bank_transfer', 'receipt_rejected'),
      reason: 'receipt_rejected',
    });
  });

  it('bet_shop: issues a cash voucher echoing the shop, valid 24 h, paid after 30 s', async () => {
    const sandbox = testSandbox();
    const betShop = { id: 'shop-7', name: 'Riga Central' };
    const outcome = await sandbox.authorizeDeposit(
      depositInput({ methodKind: 'bet_shop', payGroup: 'betshop_cash', betShop }),
      NOW,
    );
    const providerRef = ref('d', 'voucher', 'ok');
    expect(outcome).toEqual({
      outcome: 'voucher',
      providerRef,
      code: '000000000001',
      expiresAt: later(86_400_000),
      betShop,
    });
    expect(await sandbox.status(providerRef, later(29_999))).toEqual({
      status: 'pending',
      providerRef,
      step: 'voucher',
      expiresAt: later(86_400_000),
    });
    expect((await sandbox.status(providerRef, later(30_000))).status).toBe('approved');
  });

  it.each(['alternative', 'mobile', 'display_form', 'bank_transfer', 'bet_shop'] as const)(
    '%s: an amount ending in .13 declines at once',
    async (methodKind) => {
      const outcome = await testSandbox().authorizeDeposit(
        depositInput({ methodKind, amount: '20.13' }),
        NOW,
      );
      expect(outcome).toEqual({
        outcome: 'declined',
        providerRef: ref('d', 'declined', 'declined'),
        reason: 'declined',
      });
    },
  );

  it.each([
    ['mobile', 5_000],
    ['display_form', 30_000],
    ['bet_shop', 30_000],
  ] as const)(
    '%s: an amount ending in .14 declines when it would have been approved',
    async (methodKind, settlesAfter) => {
      const sandbox = testSandbox();
      const outcome = await sandbox.authorizeDeposit(
        depositInput({ methodKind, amount: '7.140' }),
        NOW,
      );
      expect(
        (await sandbox.status(outcome.providerRef ?? '', later(settlesAfter - 1))).status,
      ).toBe('pending');
      expect(await sandbox.status(outcome.providerRef ?? '', later(settlesAfter))).toMatchObject({
        status: 'declined',
        reason: 'declined',
      });
    },
  );

  it('alternative: an amount ending in .14 declines even when approved on the page', async () => {
    const sandbox = testSandbox();
    const outcome = await sandbox.authorizeDeposit(
      depositInput({ methodKind: 'alternative', amount: '5.14' }),
      NOW,
    );
    expect(
      await sandbox.completeInteraction(outcome.providerRef ?? '', 'approve', NOW),
    ).toMatchObject({
      status: 'declined',
      reason: 'declined',
    });
  });

  it('leaves a payment that is not waiting alone when the interaction page or a receipt comes', async () => {
    const sandbox = testSandbox();
    const card = expectOutcome(
      await sandbox.authorizeDeposit(depositInput({ card: newCard('4000000000000101') }), NOW),
      'approved',
    );
    expect(await sandbox.completeInteraction(card.providerRef, 'decline', NOW)).toEqual({
      status: 'approved',
      providerRef: card.providerRef,
      card: card.card,
    });
    expect(await sandbox.recordReceipt(card.providerRef, NOW)).toMatchObject({
      status: 'approved',
    });
    const mobile = await sandbox.authorizeDeposit(depositInput({ methodKind: 'mobile' }), NOW);
    expect(await sandbox.recordReceipt(mobile.providerRef ?? '', NOW)).toMatchObject({
      status: 'pending',
      step: 'await',
    });
    expect(await sandbox.recordReceipt('garbage', NOW)).toEqual({
      status: 'unknown',
      providerRef: 'garbage',
    });
  });
});
