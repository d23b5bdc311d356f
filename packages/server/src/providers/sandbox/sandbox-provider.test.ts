import { checkCardNumber } from '@cashdesk/domain';
import { luhnCheck, luhnCheckDigit } from '@cashdesk/domain/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CardSummary, DepositOutcome, ProviderStatus } from '../payment-provider';
import { MemorySandboxStore } from './memory-store';
import { SANDBOX_BANK, SANDBOX_MERCHANT_NAME } from './merchant';
import { SandboxProvider } from './sandbox-provider';
import { TEST_CARDS } from './test-cards';
import type { TestCard } from './test-cards';
import {
  NOW,
  countingBytes,
  depositInput,
  later,
  newCard,
  forgetSandboxState,
  payoutInput,
  testSandbox,
  testStore,
  useSandboxDatabase,
} from './test-support';

/** Every sandbox of this file keeps its state in one test database, as the server's does. */
const database = useSandboxDatabase();

const T36 = NOW.getTime().toString(36);
const BASE = 'https://api.example.test';

/** The n-th 8-byte random of the counting source, as a reference's random part. */
function r8(n: number): string {
  return n.toString(16).padStart(16, '0');
}

/** The n-th 16-byte random of the counting source, as a token's random part. */
function r16(n: number): string {
  return n.toString(16).padStart(32, '0');
}

function ref(flow: 'd' | 'p', step: string, final: string, n = 1, start = T36): string {
  return `sbx.${flow}.${step}.${final}.${start}.${r8(n)}`;
}

function isOutcome<K extends DepositOutcome['outcome']>(
  outcome: DepositOutcome,
  kind: K,
): outcome is Extract<DepositOutcome, { outcome: K }> {
  return outcome.outcome === kind;
}

function expectOutcome<K extends DepositOutcome['outcome']>(
  outcome: DepositOutcome,
  kind: K,
): Extract<DepositOutcome, { outcome: K }> {
  if (!isOutcome(outcome, kind)) {
    throw new Error(`expected ${kind}, got ${JSON.stringify(outcome)}`);
  }
  return outcome;
}

/** The table row of a test card number. */
function testCard(number: string): TestCard {
  const card = TEST_CARDS.find((row) => row.number === number);
  if (card === undefined) throw new Error(`${number} is no test card`);
  return card;
}

/** Pays with a new card asking to save it, takes it through its challenge or processing, and returns the token. */
async function savedToken(sandbox: SandboxProvider, number: string): Promise<string> {
  const first = await sandbox.authorizeDeposit(
    depositInput({ card: newCard(number), saveCard: true }),
    NOW,
  );
  const settled =
    first.outcome === 'challenge'
      ? await sandbox.complete3ds(first.providerRef, { fields: { result: 'pass' } }, NOW)
      : first.outcome === 'processing'
        ? await sandbox.status(first.providerRef, later(5_000))
        : first;
  const token = 'cardToken' in settled ? settled.cardToken : undefined;
  if (token === undefined) throw new Error(`no token for ${number}`);
  return token;
}

function summaryOf(card: TestCard): CardSummary {
  return {
    last4: card.number.slice(-4),
    bin: card.number.slice(0, 6),
    expMonth: '12',
    expYear: '2031',
    holder: 'Ada Lovelace',
    cardType: card.cardType,
  };
}

function expectedOutcome(card: TestCard): DepositOutcome {
  switch (card.behaviour) {
    case 'approved':
      return {
        outcome: 'approved',
        providerRef: ref('d', 'approved', 'ok'),
        card: summaryOf(card),
      };
    case 'declined': {
      const reason = card.declineReason ?? 'declined';
      return { outcome: 'declined', providerRef: ref('d', 'declined', reason), reason };
    }
    case 'challenge':
      return {
        outcome: 'challenge',
        providerRef: ref('d', 'challenge', 'ok'),
        challengeUrl: `${BASE}/sandbox/3ds/${ref('d', 'challenge', 'ok')}`,
      };
    case 'processing':
      return {
        outcome: 'processing',
        providerRef: ref('d', 'processing', card.declineReason ?? 'ok'),
        settlesAt: later(5_000),
      };
  }
}

describe('the test card table (SPEC §5 card rules)', () => {
  it.each(TEST_CARDS)(
    '$number is a Luhn-valid $cardType number as @cashdesk/domain checks it (SPEC §5)',
    (card) => {
      expect(luhnCheck(card.number)).toBe(true);
      const check = checkCardNumber(card.number);
      expect(check.isValid).toBe(true);
      expect(check.cardType?.type).toBe(card.cardType);
    },
  );

  it('lists each number once and covers every behaviour in a Visa and a Mastercard variant', () => {
    expect(new Set(TEST_CARDS.map((card) => card.number)).size).toBe(TEST_CARDS.length);
    const variants = TEST_CARDS.map(
      (card) => `${card.behaviour}/${card.declineReason ?? '-'}/${card.cardType}`,
    );
    expect(variants).toEqual([
      'approved/-/visa',
      'approved/-/mastercard',
      'declined/declined/visa',
      'declined/declined/mastercard',
      'declined/insufficient_funds/visa',
      'declined/insufficient_funds/mastercard',
      'declined/expired_card/visa',
      'declined/expired_card/mastercard',
      'challenge/-/visa',
      'challenge/-/mastercard',
      'processing/-/visa',
      'processing/-/mastercard',
      'processing/declined/visa',
      'processing/declined/mastercard',
    ]);
  });

  it.each(TEST_CARDS)('$number gives its documented outcome: $description', async (card) => {
    const sandbox = testSandbox();
    const outcome = await sandbox.authorizeDeposit(
      depositInput({ card: newCard(card.number) }),
      NOW,
    );
    expect(outcome).toEqual(expectedOutcome(card));
  });
});

describe('card deposits outside the table (SPEC §5)', () => {
  it('approves any other Luhn-valid card and keeps only its summary (SPEC §3 saved card)', async () => {
    const outcome = await testSandbox().authorizeDeposit(
      depositInput({ card: newCard('4111 1111 1111 1111', { expMonth: '3', expYear: '2033' }) }),
      NOW,
    );
    expect(outcome).toEqual({
      outcome: 'approved',
      providerRef: ref('d', 'approved', 'ok'),
      card: {
        last4: '1111',
        bin: '411111',
        expMonth: '03',
        expYear: '2033',
        holder: 'Ada Lovelace',
        cardType: 'visa',
      },
    });
  });

  it.each([
    ['a number failing the Luhn check', newCard('4000000000000102'), 'invalid_card'],
    ['an incomplete number', newCard('4000 0000'), 'invalid_card'],
    [
      'an expiry month already past',
      newCard('4111111111111111', { expYear: '29' }),
      'expired_card',
    ],
    [
      'last month of this year',
      newCard('4111111111111111', { expMonth: '12', expYear: '2029' }),
      'expired_card',
    ],
    ['month 13', newCard('4111111111111111', { expMonth: '13' }), 'invalid_card'],
    ['a year of three digits', newCard('4111111111111111', { expYear: '203' }), 'invalid_card'],
    ['a year 40 years ahead', newCard('4111111111111111', { expYear: '2070' }), 'invalid_card'],
  ] as const)('declines %s as %s', async (_name, card, reason) => {
    const outcome = await testSandbox().authorizeDeposit(depositInput({ card }), NOW);
    expect(outcome).toEqual({
      outcome: 'declined',
      providerRef: ref('d', 'declined', reason),
      reason,
    });
  });

  it('accepts a card expiring this month (good through its last day, SPEC §5)', async () => {
    const outcome = await testSandbox().authorizeDeposit(
      depositInput({ card: newCard('4111111111111111', { expMonth: '01', expYear: '30' }) }),
      NOW,
    );
    expect(outcome.outcome).toBe('approved');
  });

  it('declines a card deposit with neither a card nor a token as invalid_card', async () => {
    const outcome = await testSandbox().authorizeDeposit(depositInput(), NOW);
    expect(outcome).toEqual({
      outcome: 'declined',
      providerRef: ref('d', 'declined', 'invalid_card'),
      reason: 'invalid_card',
    });
  });

  it.each(['abc', '0', '-5', '', '1e3'])(
    'declines the amount %j as invalid_amount',
    async (amount) => {
      const outcome = await testSandbox().authorizeDeposit(
        depositInput({ amount, card: newCard('4111111111111111') }),
        NOW,
      );
      expect(outcome).toEqual({
        outcome: 'declined',
        providerRef: ref('d', 'declined', 'invalid_amount'),
        reason: 'invalid_amount',
      });
    },
  );

  it('ignores the amount rules for cards: 10.13 on an approving card is approved', async () => {
    const outcome = await testSandbox().authorizeDeposit(
      depositInput({ amount: '10.13', card: newCard('4000000000000101') }),
      NOW,
    );
    expect(outcome.outcome).toBe('approved');
  });
});

describe('processing card payments settle on the injected clock', () => {
  it('stays pending until the settle delay, then approves (default 5 s)', async () => {
    const sandbox = testSandbox();
    const { providerRef } = expectOutcome(
      await sandbox.authorizeDeposit(depositInput({ card: newCard('4000000000000606') }), NOW),
      'processing',
    );
    expect(await sandbox.status(providerRef, later(4_999))).toEqual({
      status: 'pending',
      providerRef,
      step: 'processing',
      settlesAt: later(5_000),
    });
    expect(await sandbox.status(providerRef, later(5_000))).toEqual({
      status: 'approved',
      providerRef,
      card: summaryOf(testCard('4000000000000606')),
    });
  });

  it('settles the processing-then-declined card to a decline', async () => {
    const sandbox = testSandbox();
    const { providerRef } = expectOutcome(
      await sandbox.authorizeDeposit(depositInput({ card: newCard('5100000000000610') }), NOW),
      'processing',
    );
    expect(await sandbox.status(providerRef, later(5_000))).toEqual({
      status: 'declined',
      providerRef,
      reason: 'declined',
    });
  });

  it('uses a configured settle delay', async () => {
    const sandbox = testSandbox({ settleAfterMs: 1_000 });
    const outcome = expectOutcome(
      await sandbox.authorizeDeposit(depositInput({ card: newCard('4000000000000606') }), NOW),
      'processing',
    );
    expect(outcome.settlesAt).toEqual(later(1_000));
    expect((await sandbox.status(outcome.providerRef, later(999))).status).toBe('pending');
    expect((await sandbox.status(outcome.providerRef, later(1_000))).status).toBe('approved');
  });
});

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

describe('card tokens (SPEC §3 saved card)', () => {
  it('returns a random opaque token when saving was asked for, and keeps only the summary', async () => {
    const sandbox = testSandbox();
    const outcome = expectOutcome(
      await sandbox.authorizeDeposit(
        depositInput({ card: newCard('4000000000000101'), saveCard: true }),
        NOW,
      ),
      'approved',
    );
    expect(outcome.cardToken).toBe(`sbxtok_a_${r16(2)}`);
    expect(await sandbox.savedCard(outcome.cardToken ?? '')).toEqual(
      summaryOf(testCard('4000000000000101')),
    );
  });

  it('gives no token when saving was not asked for', async () => {
    const sandbox = testSandbox();
    const outcome = expectOutcome(
      await sandbox.authorizeDeposit(depositInput({ card: newCard('4000000000000101') }), NOW),
      'approved',
    );
    expect(outcome.cardToken).toBeUndefined();
    expect((await sandbox.snapshot()).tokens).toEqual([]);
  });

  /** Every property name anywhere inside a JSON-like value. */
  function keysOf(value: unknown): string[] {
    if (Array.isArray(value)) return value.flatMap(keysOf);
    if (typeof value !== 'object' || value === null) return [];
    return Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]);
  }

  it('never puts the card number into a token or the held state (property)', async () => {
    // The real random source: the property is about what a token is made of.
    const sandbox = new SandboxProvider({ store: testStore() });
    const cards = fc
      .tuple(fc.constantFrom('4', '51', '52', '53', '54', '55'), fc.stringMatching(/^\d{14}$/))
      .map(([prefix, body]) => {
        const partial = `${prefix}${body}`.slice(0, 15);
        return `${partial}${luhnCheckDigit(partial) ?? '0'}`;
      });
    await fc.assert(
      fc.asyncProperty(cards, async (pan) => {
        const outcome = await sandbox.authorizeDeposit(
          // Three digits: no kept value can equal it by chance (last4 and years have four).
          depositInput({ card: newCard(pan, { cvv: '918' }), saveCard: true }),
          NOW,
        );
        const token = outcome.outcome === 'approved' ? (outcome.cardToken ?? '') : '';
        expect(token).toMatch(/^sbxtok_[acp]_[0-9a-f]{32}$/);
        expect(token).not.toContain(pan);
        const snapshot = await sandbox.snapshot();
        const held = JSON.stringify(snapshot);
        expect(held).not.toContain(pan);
        // Hex and base-36 parts may contain any digit run; a kept code would be a quoted value.
        expect(held).not.toContain('"918"');
        // No field is named for a card number or code. Only the names are searched: a base-36
        // reference may spell "pan" or "cvv" by chance.
        expect(keysOf(snapshot).filter((key) => /pan|cvv/i.test(key))).toEqual([]);
      }),
      { numRuns: 50 },
    );
    // The timeout below gives fifty runs room on a loaded machine; it is no speed limit.
  }, 120_000);

  it('never saves a declined card, nor one whose processing ends in a decline', async () => {
    const sandbox = testSandbox();
    for (const number of ['4000000000000200', '4000000000000309', '4000000000000408']) {
      const outcome = await sandbox.authorizeDeposit(
        depositInput({ card: newCard(number), saveCard: true }),
        NOW,
      );
      expect(outcome.outcome).toBe('declined');
    }
    const processing = expectOutcome(
      await sandbox.authorizeDeposit(
        depositInput({ card: newCard('4000000000000614'), saveCard: true }),
        NOW,
      ),
      'processing',
    );
    expect(await sandbox.status(processing.providerRef, later(5_000))).toEqual({
      status: 'declined',
      providerRef: processing.providerRef,
      reason: 'declined',
    });
    expect((await sandbox.snapshot()).tokens).toEqual([]);
  });

  it('saves a challenge card only when the challenge passes', async () => {
    const sandbox = testSandbox();
    const failed = expectOutcome(
      await sandbox.authorizeDeposit(
        depositInput({ card: newCard('4000000000000507'), saveCard: true }),
        NOW,
      ),
      'challenge',
    );
    await sandbox.complete3ds(failed.providerRef, { fields: { result: 'fail' } }, NOW);
    expect((await sandbox.snapshot()).tokens).toEqual([]);
    const passed = expectOutcome(
      await sandbox.authorizeDeposit(
        depositInput({ card: newCard('4000000000000507'), saveCard: true }),
        NOW,
      ),
      'challenge',
    );
    const outcome = await sandbox.complete3ds(
      passed.providerRef,
      { fields: { result: 'pass' } },
      NOW,
    );
    expect(outcome).toEqual({
      outcome: 'approved',
      providerRef: passed.providerRef,
      cardToken: `sbxtok_c_${r16(3)}`,
      card: summaryOf(testCard('4000000000000507')),
    });
  });

  it('hands the token of a processing card out with the approved status, the same on every poll', async () => {
    const sandbox = testSandbox();
    const { providerRef } = expectOutcome(
      await sandbox.authorizeDeposit(
        depositInput({ card: newCard('4000000000000606'), saveCard: true }),
        NOW,
      ),
      'processing',
    );
    const expected: ProviderStatus = {
      status: 'approved',
      providerRef,
      cardToken: `sbxtok_p_${r16(2)}`,
      card: summaryOf(testCard('4000000000000606')),
    };
    expect(await sandbox.status(providerRef, later(5_000))).toEqual(expected);
    expect(await sandbox.status(providerRef, later(6_000))).toEqual(expected);
    expect((await sandbox.snapshot()).tokens).toHaveLength(1);
  });

  it.each([
    ['4000000000000101', 'approved'],
    ['4000000000000507', 'challenge'],
    ['4000000000000606', 'processing'],
  ] as const)('a payment with the saved %s behaves like the card: %s', async (number, outcome) => {
    const sandbox = testSandbox();
    const token = await savedToken(sandbox, number);
    const again = await sandbox.authorizeDeposit(
      depositInput({ transactionId: 'tx-2', savedCardToken: token }),
      later(10_000),
    );
    expect(again.outcome).toBe(outcome);
    if (again.outcome === 'approved') {
      expect(again).toEqual({
        outcome: 'approved',
        providerRef: ref('d', 'approved', 'ok', 3, later(10_000).getTime().toString(36)),
        card: summaryOf(testCard('4000000000000101')),
      });
    }
  });

  it('declines a token that is not a sandbox token as invalid_token', async () => {
    const outcome = await testSandbox().authorizeDeposit(
      depositInput({ savedCardToken: 'tok_4111111111111111' }),
      NOW,
    );
    expect(outcome).toEqual({
      outcome: 'declined',
      providerRef: ref('d', 'declined', 'invalid_token'),
      reason: 'invalid_token',
    });
  });

  it('declines a saved card the issuer declines now (behaviour letter d), for payments and payouts', async () => {
    const token = `sbxtok_d_${'0d'.repeat(16)}`;
    const outcome = await testSandbox().authorizeDeposit(
      depositInput({ savedCardToken: token }),
      NOW,
    );
    expect(outcome).toEqual({
      outcome: 'declined',
      providerRef: ref('d', 'declined', 'declined'),
      reason: 'declined',
    });
    const payout = await testSandbox().payout(
      payoutInput({ methodKind: 'card', destination: { kind: 'card', cardToken: token } }),
      NOW,
    );
    expect(payout).toMatchObject({ outcome: 'declined', reason: 'declined' });
  });

  it('declines a saved card once its expiry has passed', async () => {
    const sandbox = testSandbox();
    const first = expectOutcome(
      await sandbox.authorizeDeposit(
        depositInput({
          card: newCard('4111111111111111', { expMonth: '01', expYear: '30' }),
          saveCard: true,
        }),
        NOW,
      ),
      'approved',
    );
    const february = new Date('2030-02-01T00:00:00.000Z');
    const outcome = await sandbox.authorizeDeposit(
      depositInput({ savedCardToken: first.cardToken }),
      february,
    );
    expect(outcome).toEqual({
      outcome: 'declined',
      providerRef: ref('d', 'declined', 'expired_card', 3, february.getTime().toString(36)),
      reason: 'expired_card',
    });
  });
});

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
