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
import { CASHIER, callJson, cardDepositBody, payGroupId } from './api-calls';
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
    const id = await payGroupId(server, 'card', 'deposit');
    return callJson(
      server,
      'POST',
      `${CASHIER}/payments/groups/${String(id)}/submit`,
      sessionId,
      cardDepositBody(amount),
    );
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
