import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createSimulator } from '@cashdesk/testkit';
import { HttpPaymentProvider } from './http-provider';
import type { DepositInput, PaymentProvider, PayoutInput } from '../payment-provider';
import { TEST_CARDS } from '../sandbox/test-cards';
import { TEST_WALLET_TOKENS } from '../sandbox/test-wallet-tokens';
import {
  NOW,
  countingBytes,
  depositInput,
  later,
  newCard,
  payoutInput,
  testSandbox,
  useSandboxDatabase,
} from '../sandbox/test-support';

// The in-process sandbox keeps its state in a database as the server's does; the simulator keeps
// its own in memory. The script gives both the same results. The test lives with the server's
// tests, not the testkit's: the sandbox here runs on the server's test database.
useSandboxDatabase();

const DAY_MS = 86_400_000;
const BET_SHOP = { id: 'shop-7', name: 'Riga Central' };

/** Every deposit of the script: each test card, each method kind, the amount rules, edge cases. */
const DEPOSITS: readonly DepositInput[] = [
  ...TEST_CARDS.map((card, index) =>
    depositInput({ transactionId: `card-${index}`, card: newCard(card.number), saveCard: true }),
  ),
  depositInput({ transactionId: 'luhn', card: newCard('4000000000000102') }),
  depositInput({ transactionId: 'expired', card: newCard('4000000000000101', { expYear: '29' }) }),
  depositInput({ transactionId: 'no-card' }),
  depositInput({ transactionId: 'bad-token', savedCardToken: 'sbxtok_x_nope' }),
  depositInput({ transactionId: 'zero', amount: '0', total: '0' }),
  // SPEC §6: wallet tokens travel over the protocol as the in-process sandbox reads them.
  ...TEST_WALLET_TOKENS.map((row, index) =>
    depositInput({
      transactionId: `wallet-${index}`,
      walletToken: { wallet: 'google_pay', token: `{"signedMessage":"${row.marker}"}` },
    }),
  ),
  depositInput({
    transactionId: 'wallet-approved',
    walletToken: { wallet: 'apple_pay', token: '{"data":"any"}' },
  }),
  ...(['alternative', 'mobile', 'display_form', 'bank_transfer', 'bet_shop'] as const).flatMap(
    (methodKind) =>
      ['10.00', '10.13', '10.14'].map((amount) =>
        depositInput({
          transactionId: `${methodKind}-${amount}`,
          methodKind,
          payGroup: methodKind,
          amount,
          total: amount,
          betShop: methodKind === 'bet_shop' ? BET_SHOP : undefined,
        }),
      ),
  ),
];

/** Every payout of the script but the saved-card one (whose token comes from a deposit). */
const PAYOUTS: readonly PayoutInput[] = [
  ...['10.00', '10.13', '10.14', '10.15'].map((amount) =>
    payoutInput({ transactionId: `payout-${amount}`, amount }),
  ),
  payoutInput({
    transactionId: 'payout-shop',
    methodKind: 'bet_shop',
    destination: { kind: 'bet_shop', betShop: BET_SHOP },
  }),
  payoutInput({
    transactionId: 'payout-bad-token',
    methodKind: 'card',
    destination: { kind: 'card', cardToken: 'nope' },
  }),
];

/**
 * Runs the same calls against a provider and returns every result, so that the in-process
 * sandbox and the simulator behind the connector can be compared result by result.
 */
async function script(provider: PaymentProvider): Promise<unknown[]> {
  const results: unknown[] = [];
  const refs: string[] = [];
  const record = (result: unknown, ref?: string): void => {
    results.push(result);
    if (ref !== undefined) refs.push(ref);
  };
  for (const input of DEPOSITS) {
    const outcome = await provider.authorizeDeposit(input, NOW);
    record(outcome, outcome.providerRef);
    if (outcome.outcome === 'challenge') {
      record(await provider.complete3ds(outcome.providerRef, { fields: { result: 'pass' } }, NOW));
    }
    if (outcome.outcome === 'bank_transfer') {
      record(await provider.recordReceipt(outcome.providerRef, NOW));
    }
  }
  const saved = await provider.authorizeDeposit(
    depositInput({ transactionId: 'save', card: newCard('5100000000000107'), saveCard: true }),
    NOW,
  );
  record(saved, saved.providerRef);
  const token = saved.outcome === 'approved' ? saved.cardToken : undefined;
  const payouts = [
    ...PAYOUTS,
    payoutInput({
      transactionId: 'payout-card',
      methodKind: 'card',
      destination: { kind: 'card', cardToken: token ?? 'missing' },
    }),
  ];
  for (const input of payouts) {
    const outcome = await provider.payout(input, NOW);
    record(outcome, outcome.providerRef);
  }
  // Repeats answer the first result, whatever they carry.
  const [first] = DEPOSITS;
  if (first !== undefined) {
    record(await provider.authorizeDeposit({ ...first, amount: '1.00', total: '1.00' }, NOW));
  }
  record(await provider.complete3ds('sbx.d.bogus', { fields: { result: 'fail' } }, NOW));
  for (const ref of [...refs, 'not-a-reference']) {
    for (const at of [NOW, later(10 * 60_000), later(2 * DAY_MS)]) {
      record(await provider.status(ref, at));
    }
    record(await provider.cancelPayout(ref, NOW));
    record(await provider.recordReceipt(ref, later(DAY_MS)));
    record(await provider.complete3ds(ref, { fields: { result: 'fail' } }, NOW));
  }
  for (const input of [...DEPOSITS, ...payouts]) {
    record(await provider.lookup(input.transactionId, later(DAY_MS)));
  }
  record(await provider.lookup('never-sent', NOW));
  return results;
}

let simulator: FastifyInstance;
let baseUrl: string;

beforeAll(async () => {
  simulator = createSimulator({
    baseUrl: 'https://api.example.test',
    sandbox: { randomBytes: countingBytes() },
  });
  baseUrl = await simulator.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await simulator.close();
});

describe('the PSP simulator behind HttpPaymentProvider decides as the in-process sandbox (memory store against database store)', () => {
  it('every deposit, payout and follow-up of the script gives the same result, Dates and card data included', async () => {
    const expected = await script(testSandbox());
    const answered = await script(new HttpPaymentProvider({ baseUrl }));
    // The simulator's approved statuses also say what it moved (the in-process sandbox leaves it
    // out); apart from that, every answer is the sandbox's.
    const moved = answered.filter(
      (result) => typeof result === 'object' && result !== null && 'moved' in result,
    );
    expect(moved.length).toBeGreaterThan(10);
    const actual = answered.map((result) =>
      typeof result === 'object' && result !== null && 'moved' in result
        ? Object.fromEntries(Object.entries(result).filter(([name]) => name !== 'moved'))
        : result,
    );
    expect(actual).toHaveLength(expected.length);
    expect(expected.length).toBeGreaterThan(150);
    expect(actual).toEqual(expected);
  });
});
