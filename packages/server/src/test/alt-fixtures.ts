import { randomUUID } from 'node:crypto';
/**
 * Test support for the alternative-payment, sandbox-page and security tests: starts deposits
 * through the real deposit submit and reads what the assertions need from the database.
 *
 * @packageDocumentation
 */
import Big from 'big.js';
import { and, eq } from 'drizzle-orm';
import { ledgerEntries, payGroupCurrencies, payGroups, players } from '../db/schema';
import { ENDPOINTS, buildPath } from '@cashdesk/contract';
import type { NewCardInput } from '../providers';
import { getBalance } from '../modules/wallet/ledger';
import { createTransaction, getTransaction } from '../modules/payments/transaction-repository';
import type { TransactionRow } from '../modules/payments/transaction-repository';
import type { TestServer } from './harness';

/** What {@link startDeposit} makes. */
export interface StartedDeposit {
  readonly transactionId: string;
  readonly providerRef: string;
  readonly row: TransactionRow;
}

/** The internal id of a brand0 player. */
export async function brand0PlayerId(server: TestServer, externalId: string): Promise<string> {
  const [row] = await server.db
    .select({ id: players.id })
    .from(players)
    .where(and(eq(players.brandId, 'brand0'), eq(players.externalId, externalId)));
  if (row === undefined) throw new Error(`no player ${externalId}`);
  return row.id;
}

/** The id of a brand0 deposit pay group by its short name. */
export async function depositPayGroupId(server: TestServer, shortName: string): Promise<number> {
  const [group] = await server.db
    .select({ id: payGroups.id })
    .from(payGroups)
    .where(
      and(
        eq(payGroups.brandId, 'brand0'),
        eq(payGroups.flow, 'deposit'),
        eq(payGroups.shortName, shortName),
      ),
    );
  if (group === undefined) throw new Error(`no pay group ${shortName}`);
  return group.id;
}

/** The form values of a submit on a seeded pay group (SPEC §3 submit payload names). */
function submitParameters(
  payGroup: string,
  card: NewCardInput | undefined,
): Record<string, string | boolean> {
  switch (payGroup) {
    case 'card':
      if (card === undefined) throw new Error('a card deposit needs a card');
      return {
        card_pan: card.pan,
        card_cvv: card.cvv,
        month: card.expMonth,
        year: card.expYear,
        card_cardholder_name: card.holder,
      };
    case 'ewallet':
      return { wallet_phone: '+4915112345678' };
    case 'mobile_money':
      return { operator: 'operator_a' };
    case 'crypto_qr':
      return { network: 'btc' };
    default:
      throw new Error(`no submit parameters for ${payGroup}`);
  }
}

function transactionIdOf(body: unknown): string {
  if (typeof body === 'object' && body !== null && 'transaction_id' in body) {
    if (typeof body.transaction_id === 'string') return body.transaction_id;
  }
  throw new Error(`not a pay session: ${JSON.stringify(body)}`);
}

/**
 * Starts a brand0 EUR deposit of `amount` on the deposit pay group `shortName` through the real
 * deposit submit (SPEC §7 payments/groups/{payGroupId}/submit). A card pay group needs `card`.
 */
export async function startDeposit(
  server: TestServer,
  input: {
    readonly sessionId: string;
    readonly payGroup: string;
    readonly amount: string;
    readonly card?: NewCardInput;
    /** The submit's display_params (SPEC §2 display parameters of the cashier's address). */
    readonly displayParams?: Readonly<Record<string, string>>;
  },
): Promise<StartedDeposit> {
  const payGroupId = await depositPayGroupId(server, input.payGroup);
  const response = await fetch(
    `${server.baseUrl}${buildPath(ENDPOINTS.depositSubmit, { payGroupId })}`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-session-id': input.sessionId,
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({
        amount: input.amount,
        currency: 'EUR',
        parameters: submitParameters(input.payGroup, input.card),
        save_card: false,
        ...(input.displayParams === undefined ? {} : { display_params: input.displayParams }),
      }),
    },
  );
  const body: unknown = await response.json();
  if (response.status !== 200) {
    throw new Error(`submit answered ${String(response.status)}: ${JSON.stringify(body)}`);
  }
  const row = await reload(server, transactionIdOf(body));
  const providerRef = row.providerReference;
  if (providerRef === null) throw new Error(`deposit ${row.id} has no provider reference`);
  return { transactionId: row.id, providerRef, row };
}

/**
 * A deposit the provider never answered (status created, no provider reference): what a submit
 * leaves when the provider call fails.
 */
export async function unansweredDeposit(
  server: TestServer,
  input: { readonly player: string; readonly sessionId: string; readonly amount: string },
): Promise<TransactionRow> {
  return createTransaction(server.db, {
    playerId: await brand0PlayerId(server, input.player),
    brandId: 'brand0',
    sessionId: input.sessionId,
    payGroupId: await depositPayGroupId(server, 'mobile_money'),
    flow: 'deposit',
    amount: input.amount,
    currency: 'EUR',
    providerKind: 'mobile',
  });
}

/** A transaction as stored now. */
export async function reload(server: TestServer, transactionId: string): Promise<TransactionRow> {
  const row = await getTransaction(server.db, transactionId);
  if (row === undefined) throw new Error(`no transaction ${transactionId}`);
  return row;
}

/** The ledger entries of a transaction, as kind and amount (big.js-normalised text), by kind. */
export async function ledgerOf(
  server: TestServer,
  transactionId: string,
): Promise<{ kind: string; amount: string }[]> {
  const rows = await server.db
    .select({ kind: ledgerEntries.kind, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.transactionId, transactionId));
  return rows
    .map((row) => ({ kind: row.kind, amount: new Big(row.amount).toFixed() }))
    .sort((a, b) => a.kind.localeCompare(b.kind));
}

/** A brand0 player's EUR balance as big.js text. */
export async function eurBalance(server: TestServer, externalId: string): Promise<string> {
  const balance = await getBalance(server.db, await brand0PlayerId(server, externalId), 'EUR');
  return balance.balance;
}

/**
 * Adds to brand0 a bank-transfer deposit group whose form asks for no receipt, so that the
 * receipt is uploaded after the submit, for the transaction (EUR 5 to 5000); returns its id.
 */
export async function addReceiptLaterPayGroup(
  server: TestServer,
  shortName: string,
): Promise<number> {
  const [later] = await server.db
    .insert(payGroups)
    .values({
      brandId: 'brand0',
      flow: 'deposit',
      shortName,
      publicName: 'Bank transfer (receipt later)',
      payMethodType: 'bank_transfers',
      providerKind: 'bank_transfer',
      fields: [],
    })
    .returning({ id: payGroups.id });
  if (later === undefined) throw new Error('fixture pay group not created');
  await server.db
    .insert(payGroupCurrencies)
    .values({ payGroupId: later.id, currency: 'EUR', minAmount: '5', maxAmount: '5000' });
  return later.id;
}
