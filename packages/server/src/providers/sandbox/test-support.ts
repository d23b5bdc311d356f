/**
 * Shared fixtures of the provider tests: a fixed clock, a counting random source and deposit and
 * payout inputs. Test-only; nothing in the server imports it.
 *
 * @packageDocumentation
 */
import type { DepositInput, NewCardInput, PayoutInput } from '../payment-provider';
import { SandboxProvider } from './sandbox-provider';
import type { SandboxProviderOptions } from './sandbox-provider';

/** The tests' "now": 15 January 2030, 12:00 UTC. */
export const NOW = new Date('2030-01-15T12:00:00.000Z');

/** `ms` after {@link NOW}. */
export function later(ms: number): Date {
  return new Date(NOW.getTime() + ms);
}

/**
 * A random source giving 0, 0, …, n for its n-th call (the count in the last byte), so
 * references and tokens are exact values in assertions.
 */
export function countingBytes(): (size: number) => Uint8Array {
  let calls = 0;
  return (size) => {
    calls += 1;
    const bytes = new Uint8Array(size);
    bytes[size - 1] = calls;
    return bytes;
  };
}

/** A sandbox with the counting random source and the server address of the tests. */
export function testSandbox(options: SandboxProviderOptions = {}): SandboxProvider {
  return new SandboxProvider({
    baseUrl: 'https://api.example.test',
    randomBytes: countingBytes(),
    ...options,
  });
}

/** A card expiring in December 2031, after {@link NOW}. */
export function newCard(pan: string, overrides: Partial<NewCardInput> = {}): NewCardInput {
  return { pan, cvv: '737', expMonth: '12', expYear: '31', holder: 'Ada Lovelace', ...overrides };
}

let transactionCount = 0;

/**
 * A transaction id not used before in this test file: each input is a new payment unless a
 * test names the id (the sandbox answers a known id with its first result, as a PSP does).
 */
function nextTransactionId(prefix: string): string {
  transactionCount += 1;
  return `${prefix}-${String(transactionCount)}`;
}

/** A 10.00 EUR card deposit with a fresh transaction id; override anything. */
export function depositInput(overrides: Partial<DepositInput> = {}): DepositInput {
  return {
    transactionId: nextTransactionId('tx'),
    amount: '10.00',
    fee: '0',
    total: '10.00',
    currency: 'EUR',
    methodKind: 'card',
    payGroup: 'visa_mc',
    customer: { playerId: 'player-1', country: 'LV', email: 'ada@example.test' },
    returnUrls: {
      threeDsReturn: 'https://cashier.example.test/3ds_result?transaction_id=tx-1',
      success: 'https://cashier.example.test/deposit/deposit-success',
      fail: 'https://cashier.example.test/deposit/deposit-error',
    },
    ...overrides,
  };
}

/** A 10.00 EUR payout to a payout account with a fresh transaction id; override anything. */
export function payoutInput(overrides: Partial<PayoutInput> = {}): PayoutInput {
  return {
    transactionId: nextTransactionId('tx-p'),
    amount: '10.00',
    currency: 'EUR',
    methodKind: 'bank_transfer',
    payGroup: 'sepa_payout',
    destination: { kind: 'account', requisites: { iban: 'LV80BANK0000435195001' } },
    customer: { playerId: 'player-1', country: 'LV' },
    ...overrides,
  };
}
