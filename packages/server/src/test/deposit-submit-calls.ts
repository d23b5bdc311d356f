/**
 * Set-up shared by the deposit submit tests: the sandbox cards, a card form's parameters, a
 * submit over real HTTP with an Idempotency-Key, and new players with a deposit session.
 *
 * @packageDocumentation
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { payGroups, players, sessions } from '../db/schema';
import { isRecord } from '../platform/is-record';
import { CASHIER } from './api-calls';
import { createTestSession } from './harness';
import type { TestServer } from './harness';

export const APPROVED_VISA = '4000000000000101';
export const DECLINED_VISA = '4000000000000200';
export const CHALLENGE_VISA = '4000000000000507';
export const PROCESSING_VISA = '4000000000000606';
export const CVV = '737';

export function cardBody(pan: string, amount = '10', extra: Record<string, string | boolean> = {}) {
  return {
    amount,
    currency: 'EUR',
    parameters: {
      card_pan: pan,
      month: '12',
      year: '30',
      card_cvv: CVV,
      card_cardholder_name: 'Dana  Demo',
      ...extra,
    },
  };
}

/** An answer of the submit. */
export interface SubmitAnswer {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly replayed: boolean;
}

/** The calls of the deposit submit tests on one server. */
export interface DepositSubmitCalls {
  /** The id of brand0's seed pay group `shortName` of `flow`. */
  readonly idOf: (shortName: string, flow?: 'deposit' | 'withdrawal') => number;
  /** Submits `body` to the pay group, with `key` as the Idempotency-Key (else a fresh one). */
  readonly submit: (
    session: string,
    payGroup: string | number,
    body: unknown,
    key?: string,
  ) => Promise<SubmitAnswer>;
  /** A new player (500 EUR, no bonuses) with a deposit session. */
  readonly freshPlayer: () => Promise<{ session: string; playerId: string }>;
  /** The id of brand0's player `externalId`. */
  readonly playerIdOf: (externalId: string) => Promise<string>;
}

/** The calls on `server`, with brand0's seed pay group ids read once. */
export async function depositSubmitCalls(server: TestServer): Promise<DepositSubmitCalls> {
  const ids = new Map<string, number>();
  const rows = await server.db
    .select({ id: payGroups.id, flow: payGroups.flow, shortName: payGroups.shortName })
    .from(payGroups)
    .where(eq(payGroups.brandId, 'brand0'));
  for (const row of rows) ids.set(`${row.flow}:${row.shortName}`, row.id);

  function idOf(shortName: string, flow: 'deposit' | 'withdrawal' = 'deposit'): number {
    const id = ids.get(`${flow}:${shortName}`);
    if (id === undefined) throw new Error(`no seed pay group ${shortName}`);
    return id;
  }

  async function submit(
    session: string,
    payGroup: string | number,
    body: unknown,
    key?: string,
  ): Promise<SubmitAnswer> {
    const headers: Record<string, string> = {
      'x-session-id': session,
      'content-type': 'application/json',
    };
    // Like the widget, every submit has a key: the one a test names, else a fresh one.
    headers['idempotency-key'] = key ?? randomUUID();
    const id = typeof payGroup === 'number' ? payGroup : idOf(payGroup);
    const response = await fetch(
      `${server.baseUrl}${CASHIER}/payments/groups/${String(id)}/submit`,
      {
        method: 'POST',
        headers,
        body: typeof body === 'string' ? body : JSON.stringify(body),
      },
    );
    const parsed: unknown = await response.json();
    if (!isRecord(parsed)) throw new Error('answer is not an object');
    return {
      status: response.status,
      body: parsed,
      replayed: response.headers.get('idempotent-replayed') === 'true',
    };
  }

  async function freshPlayer(): Promise<{ session: string; playerId: string }> {
    const player = `p-${randomUUID()}`;
    const session = await createTestSession(server, { player });
    const [row] = await server.db.select().from(sessions).where(eq(sessions.id, session));
    if (row === undefined) throw new Error('no session row');
    return { session, playerId: row.playerId };
  }

  async function playerIdOf(externalId: string): Promise<string> {
    const [row] = await server.db
      .select()
      .from(players)
      .where(and(eq(players.brandId, 'brand0'), eq(players.externalId, externalId)));
    if (row === undefined) throw new Error(`no player ${externalId}`);
    return row.id;
  }

  return { idOf, submit, freshPlayer, playerIdOf };
}
