/**
 * Set-up shared by the operator API's player and session tests: a key of brand0 and an empty
 * brand of its own, sessions started through the operator API, a player read back through it or
 * from the database, a card deposit in the widget's calls, and the money invariants.
 *
 * @packageDocumentation
 */
import { expect } from 'vitest';
import { DepositInitResponse, OperatorPlayer, OperatorSessionCreated } from '@cashdesk/contract';
import type { OperatorScopeName } from '@cashdesk/contract';
import { and, eq } from 'drizzle-orm';
import { players } from '../db/schema';
import { isRecord } from '../platform/is-record';
import { cardDepositSubmit } from './api-calls';
import type { TestServer } from './harness';
import { ledgerViolations, reservationViolations } from './money-invariants';
import {
  createOperatorBrand,
  freshBrandId,
  mintKey,
  operatorCall,
  errorFields,
} from './operator-calls';
import type { OperatorBrand } from './operator-calls';

/** The code, field and message of an error answer's body. */
export function errorOf(body: unknown): { code: unknown; field: unknown; message: unknown } {
  return { ...errorFields(body), message: isRecord(body) ? body.error_message : undefined };
}

/** The limits the init answer shows for the pay group `id`. */
export function initLimits(body: unknown, id: number): unknown {
  const group = DepositInitResponse.parse(body).payment_groups.find((entry) => entry.id === id);
  return group?.currencies[0]?.limits;
}

/** A fresh external player id. */
export function newPlayer(prefix = 'p'): string {
  return freshBrandId(prefix);
}

/**
 * A deposit session in EUR for brand0's player `externalId` (created, or updated, by the call),
 * opened through the operator API with `key` as the operator's backend does: its session id.
 */
export async function operatorDepositSession(
  server: Pick<TestServer, 'baseUrl'>,
  key: string,
  externalId: string,
): Promise<string> {
  const created = await operatorCall(server, 'POST', '/sessions', key, {
    body: { player: { external_id: externalId }, flow: 'deposit', currency: 'EUR' },
  });
  expect(created.status, created.text).toBe(201);
  return OperatorSessionCreated.parse(created.body).session_id;
}

/**
 * A card deposit of `amount` EUR on `pan` by brand0's player `externalId`, in a session the
 * operator API opened with `key`: its transaction id and the session id.
 */
export async function operatorCardDeposit(
  server: Pick<TestServer, 'baseUrl' | 'db'>,
  key: string,
  externalId: string,
  amount: string,
  pan?: string,
): Promise<{ readonly id: string; readonly session: string }> {
  const session = await operatorDepositSession(server, key, externalId);
  const answer = await cardDepositSubmit(server, session, amount, pan);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const id = answer.body.transaction_id;
  if (typeof id !== 'string') throw new Error('no transaction id');
  return { id, session };
}

/** Brands, keys and calls of the operator player tests on one server (started with OPERATOR_ENV). */
export async function operatorPlayerCalls(server: TestServer) {
  /** A key of brand0 (the seeded brand with pay groups) holding every scope. */
  const brand0 = (await mintKey(server, 'brand0')).key;
  /** An empty brand of its own. */
  const other: OperatorBrand = await createOperatorBrand(server);

  async function keyWith(scopes: readonly OperatorScopeName[]): Promise<string> {
    return (await mintKey(server, 'brand0', scopes)).key;
  }

  async function startSession(
    player: Record<string, unknown>,
    options: { flow?: 'deposit' | 'withdrawal'; currency?: string; key?: string } = {},
  ) {
    return operatorCall(server, 'POST', '/sessions', options.key ?? brand0, {
      body: { player, flow: options.flow ?? 'deposit', currency: options.currency ?? 'EUR' },
    });
  }

  async function sessionOf(
    player: Record<string, unknown>,
    flow: 'deposit' | 'withdrawal' = 'deposit',
  ) {
    const answer = await startSession(player, { flow });
    expect(answer.status).toBe(201);
    return OperatorSessionCreated.parse(answer.body);
  }

  async function playerRow(externalId: string) {
    const [row] = await server.db
      .select()
      .from(players)
      .where(and(eq(players.brandId, 'brand0'), eq(players.externalId, externalId)));
    return row;
  }

  async function getPlayer(externalId: string) {
    const answer = await operatorCall(server, 'GET', `/players/${externalId}`, brand0);
    expect(answer.status).toBe(200);
    return OperatorPlayer.parse(answer.body);
  }

  async function depositSubmit(sessionId: string, amount: string) {
    return cardDepositSubmit(server, sessionId, amount);
  }

  async function expectMoneyInvariants(): Promise<void> {
    expect([
      ...(await ledgerViolations(server.db)),
      ...(await reservationViolations(server.db)),
    ]).toEqual([]);
  }

  return {
    brand0,
    other,
    keyWith,
    startSession,
    sessionOf,
    playerRow,
    getPlayer,
    depositSubmit,
    expectMoneyInvariants,
  };
}

/** The calls of the operator player tests on one server. */
export type OperatorPlayerCalls = Awaited<ReturnType<typeof operatorPlayerCalls>>;
