import { checkCardNumber } from '@cashdesk/domain';
import { luhnCheck, luhnCheckDigit } from '@cashdesk/domain/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DepositOutcome, ProviderStatus } from '../payment-provider';
import { SandboxProvider } from './sandbox-provider';
import { TEST_CARDS } from './test-cards';
import type { TestCard } from './test-cards';
import {
  NOW,
  depositInput,
  later,
  newCard,
  payoutInput,
  testSandbox,
  testStore,
  useSandboxDatabase,
  BASE,
  r16,
  ref,
  expectOutcome,
  testCard,
  summaryOf,
} from './test-support';

/** Every sandbox of this file keeps its state in one test database, as the server's does. */
useSandboxDatabase();

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
