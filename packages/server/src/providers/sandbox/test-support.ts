/**
 * Shared fixtures of the provider tests: a fixed clock, a counting random source and the
 * references and tokens it gives, deposit and payout inputs, the test cards' rows and summaries,
 * and sandboxes that keep their state in a test database as the server's does.
 * Test-only; nothing in the server imports it.
 *
 * @packageDocumentation
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Database } from '../../db/open';
import { sandboxPayments, sandboxTokens, sandboxTransactions } from '../../db/schema';
import { createTestDatabase } from '../../test/harness';
import type { TestDatabase } from '../../test/harness';
import type {
  CardSummary,
  DepositInput,
  DepositOutcome,
  NewCardInput,
  PayoutInput,
} from '../payment-provider';
import { DatabaseSandboxStore } from './database-store';
import { SandboxProvider } from './sandbox-provider';
import type { SandboxProviderOptions } from './sandbox-provider';
import type { SandboxStore } from './store';
import { TEST_CARDS } from './test-cards';
import type { TestCard } from './test-cards';

/** The tests' "now": 15 January 2030, 12:00 UTC. */
export const NOW = new Date('2030-01-15T12:00:00.000Z');

/** `ms` after {@link NOW}. */
export function later(ms: number): Date {
  return new Date(NOW.getTime() + ms);
}

/** {@link NOW} in base 36, as references write their start time. */
export const T36 = NOW.getTime().toString(36);

/** The server address of the tests' sandboxes. */
export const BASE = 'https://api.example.test';

/** The n-th 8-byte random of the counting source, as a reference's random part. */
export function r8(n: number): string {
  return n.toString(16).padStart(16, '0');
}

/** The n-th 16-byte random of the counting source, as a token's random part. */
export function r16(n: number): string {
  return n.toString(16).padStart(32, '0');
}

/** The reference the counting source gives the n-th new payment (flow, step, final result, start). */
export function ref(flow: 'd' | 'p', step: string, final: string, n = 1, start = T36): string {
  return `sbx.${flow}.${step}.${final}.${start}.${r8(n)}`;
}

function isOutcome<K extends DepositOutcome['outcome']>(
  outcome: DepositOutcome,
  kind: K,
): outcome is Extract<DepositOutcome, { outcome: K }> {
  return outcome.outcome === kind;
}

/** The outcome, narrowed to `kind`; throws when it is another one. */
export function expectOutcome<K extends DepositOutcome['outcome']>(
  outcome: DepositOutcome,
  kind: K,
): Extract<DepositOutcome, { outcome: K }> {
  if (!isOutcome(outcome, kind)) {
    throw new Error(`expected ${kind}, got ${JSON.stringify(outcome)}`);
  }
  return outcome;
}

/** The table row of a test card number. */
export function testCard(number: string): TestCard {
  const card = TEST_CARDS.find((row) => row.number === number);
  if (card === undefined) throw new Error(`${number} is no test card`);
  return card;
}

/** The summary the sandbox keeps of a test card paid with {@link newCard}. */
export function summaryOf(card: TestCard): CardSummary {
  return {
    last4: card.number.slice(-4),
    bin: card.number.slice(0, 6),
    expMonth: '12',
    expYear: '2031',
    holder: 'Ada Lovelace',
    cardType: card.cardType,
  };
}

/**
 * A random source giving 0, 0, …, n for its n-th call (the count in the last byte), so
 * references and tokens are exact values in assertions; `after` starts the count later (a second
 * sandbox of one test, whose references must differ from the first's).
 */
export function countingBytes(after = 0): (size: number) => Uint8Array {
  let calls = after;
  return (size) => {
    calls += 1;
    const bytes = new Uint8Array(size);
    bytes[size - 1] = calls;
    return bytes;
  };
}

/** The database of the test file that called {@link useSandboxDatabase}. */
let sandboxDatabase: TestDatabase | undefined;

/** Deletes everything the sandbox keeps in `db`: a sandbox that never ran. */
export async function forgetSandboxState(db: Database): Promise<void> {
  await db.delete(sandboxPayments);
  await db.delete(sandboxTokens);
  await db.delete(sandboxTransactions);
}

/**
 * Gives the test file's sandboxes a database (a fresh in-memory PGlite, or a fresh PostgreSQL
 * database with TEST_DATABASE_URL, migrated as the server's), emptied of sandbox state before
 * each test. Call once at the top of a test file; returns the database's handle.
 */
export function useSandboxDatabase(): () => Database {
  beforeAll(async () => {
    sandboxDatabase = await createTestDatabase();
  });
  beforeEach(async () => {
    if (sandboxDatabase !== undefined) await forgetSandboxState(sandboxDatabase.db);
  });
  afterAll(async () => {
    await sandboxDatabase?.close();
    sandboxDatabase = undefined;
  });
  return () => {
    if (sandboxDatabase === undefined) throw new Error('the sandbox test database is not open');
    return sandboxDatabase.db;
  };
}

/** A store on the database of {@link useSandboxDatabase}, as the server's sandbox has. */
export function testStore(): SandboxStore {
  if (sandboxDatabase === undefined) {
    throw new Error('call useSandboxDatabase() in the test file before making sandboxes');
  }
  return new DatabaseSandboxStore(sandboxDatabase.db);
}

/**
 * A sandbox with the counting random source and the server address of the tests, keeping its
 * state in the database of {@link useSandboxDatabase} (another store when `options` names one).
 * Two sandboxes of one test share that state, as two server processes do.
 */
export function testSandbox(options: Partial<SandboxProviderOptions> = {}): SandboxProvider {
  return new SandboxProvider({
    baseUrl: BASE,
    randomBytes: countingBytes(),
    store: options.store ?? testStore(),
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
