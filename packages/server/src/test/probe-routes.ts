/**
 * Probe endpoints for the foundation's integration tests: real routes registered with
 * registerEndpoint exactly as the SPEC §7 routes are, so the tests exercise the real session hook,
 * validation, error answers and idempotency without depending on any business route.
 *
 * @packageDocumentation
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import * as z from 'zod/mini';
import { Decimal } from '@cashdesk/contract';
import type { Endpoint } from '@cashdesk/contract';
import { payGroups, transactions } from '../db/schema';
import type { App } from '../http/app-types';
import { ApiError } from '../http/api-error';
import { registerEndpoint } from '../http/register-endpoint';

/** GET /test/whoami: the session the request runs as. */
export const WHOAMI = {
  id: 'testWhoAmI',
  method: 'GET',
  path: '/test/whoami',
  tag: 'meta',
  summary: 'probe',
  description: 'probe',
  session: true,
  idempotencyKey: false,
  sandboxOnly: false,
  responses: {
    200: {
      description: 'the session',
      schema: z.object({
        player_id: z.string(),
        brand: z.string(),
        flow: z.string(),
        currency: z.string(),
        expires_at: z.string(),
      }),
    },
  },
  errors: [],
} as const satisfies Endpoint;

/** POST /test/echo: validates a JSON body and answers it (no session). */
export const ECHO = {
  id: 'testEcho',
  method: 'POST',
  path: '/test/echo/{count}',
  tag: 'meta',
  summary: 'probe',
  description: 'probe',
  session: false,
  idempotencyKey: false,
  sandboxOnly: false,
  params: z.object({ count: z.string().check(z.regex(/^[0-9]+$/)) }),
  body: z.object({ amount: Decimal, note: z.optional(z.string()) }),
  responses: {
    200: { description: 'echo', schema: z.object({ amount: z.string(), count: z.string() }) },
  },
  errors: [],
} as const satisfies Endpoint;

/** GET /test/boom: fails with an internal error whose message must not reach the client. */
export const BOOM = {
  id: 'testBoom',
  method: 'GET',
  path: '/test/boom',
  tag: 'meta',
  summary: 'probe',
  description: 'probe',
  session: false,
  idempotencyKey: false,
  sandboxOnly: false,
  responses: { 200: { description: 'never', schema: z.object({}) } },
  errors: [],
} as const satisfies Endpoint;

/** POST /test/deposits/{payGroupId}: an idempotent submit creating one transaction row. */
export const IDEMPOTENT_DEPOSIT = {
  id: 'testIdempotentDeposit',
  method: 'POST',
  path: '/test/deposits/{payGroupId}',
  tag: 'meta',
  summary: 'probe',
  description: 'probe',
  session: true,
  idempotencyKey: true,
  sandboxOnly: false,
  params: z.object({ payGroupId: z.string().check(z.regex(/^[1-9][0-9]*$/)) }),
  body: z.object({ amount: Decimal }),
  responses: {
    201: {
      description: 'created',
      schema: z.object({ transaction_id: z.string(), amount: z.string() }),
    },
  },
  errors: ['unknownPayGroup', 'idempotencyConflict'],
} as const satisfies Endpoint;

/** The secret the boom route throws with; tests assert it never reaches the answer. */
export const BOOM_SECRET = 'database password is hunter2';

/** Registers the probe routes. */
export function registerProbeRoutes(app: App): void {
  registerEndpoint(app, WHOAMI, ({ session }) =>
    Promise.resolve({
      status: 200,
      body: {
        player_id: session.playerExternalId,
        brand: session.brandId,
        flow: session.flow,
        currency: session.currency,
        expires_at: session.expiresAt.toISOString(),
      },
    }),
  );
  registerEndpoint(app, ECHO, ({ body, params }) =>
    Promise.resolve({ status: 200, body: { amount: body.amount, count: params.count } }),
  );
  registerEndpoint(app, BOOM, () => Promise.reject(new Error(BOOM_SECRET)));
  registerEndpoint(
    app,
    IDEMPOTENT_DEPOSIT,
    async ({ params, body, session, deps, idempotencyKey }) => {
      const [group] = await deps.db
        .select()
        .from(payGroups)
        .where(
          and(
            eq(payGroups.id, Number(params.payGroupId)),
            eq(payGroups.brandId, session.brandId),
            eq(payGroups.flow, 'deposit'),
          ),
        );
      if (group === undefined)
        throw new ApiError('unknownPayGroup', { field: 'params.payGroupId' });
      // Widen the race window between concurrent duplicates.
      await sleep(20);
      const [row] = await deps.db
        .insert(transactions)
        .values({
          playerId: session.playerId,
          sessionId: session.sessionId,
          payGroupId: group.id,
          flow: 'deposit',
          amount: body.amount,
          currency: session.currency,
          providerKind: group.providerKind,
          idempotencyKey: idempotencyKey ?? null,
        })
        .returning({ id: transactions.id });
      if (row === undefined) throw new Error('transaction not written');
      return { status: 201, body: { transaction_id: row.id, amount: body.amount } };
    },
  );
}
