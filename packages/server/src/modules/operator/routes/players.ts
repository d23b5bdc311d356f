/**
 * The operator API's sessions, players and verification rules:
 * - POST /sessions (sessions:write): upsert the player, start a session, answer the address;
 * - GET /players (players:read): the brand's players, searched and filtered, cursor pages;
 * - GET/PATCH /players/{external_id} (players:read / players:write);
 * - POST /players/{external_id}/block and /unblock (players:write): blocking ends the player's
 *   sessions at once;
 * - GET/PUT /verification-rules (config:read / config:write): the flows only a verified player
 *   may pay in, a configuration write (version bumped under the brand's lock, If-Match).
 * Every change is audited in the transaction that makes it, with the player before and after.
 *
 * @packageDocumentation
 */
import { OPERATOR_ENDPOINTS } from '@cashdesk/contract';
import { eq } from 'drizzle-orm';
import { brands } from '../../../db/schema';
import type { App } from '../../../http/app-types';
import { ifMatchVersion } from '../../../http/operator-auth';
import { registerEndpoint } from '../../../http/register-endpoint';
import { requireBrand, bumpConfigVersion } from '../../brand-config';
import { startOperatorSession } from '../operator-sessions';
import {
  listOperatorPlayers,
  requirePlayer,
  setPlayerBlocked,
  toOperatorPlayer,
  upsertPlayer,
} from '../players';
import { DEFAULT_PAGE_SIZE } from './audit';
import { adjust, adjustmentWire } from '../adjustments';
import { currencyPrecision } from '../../payments';
import { ApiError } from '../../../http/api-error';

/** The audit target of a player. */
function playerTarget(externalId: string): string {
  return `player:${externalId}`;
}

/** Registers the session, player and verification-rule routes. */
export function registerOperatorPlayerRoutes(app: App): void {
  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorSessionCreate,
    async ({ body, deps, operator, audit }) => {
      const now = deps.clock();
      const session = await deps.db.transaction(async (tx) => {
        const started = await startOperatorSession(
          tx,
          { lifetimeMs: deps.config.sessionLifetimeMs, widgetUrl: deps.config.widgetUrl },
          operator.brandId,
          body,
          now,
        );
        // The session itself is not audited by its id (a session id is a secret of the player's
        // browser): the trail records the profile written and what kind of session was opened.
        await audit(tx, {
          target: playerTarget(body.player.external_id),
          before: started.player.before,
          after: {
            ...started.player.after,
            session: {
              flow: body.flow,
              currency: body.currency,
              language: body.language ?? null,
              expires_at: started.session.expires_at,
            },
          },
        });
        return started.session;
      });
      return { status: 201, body: session };
    },
  );

  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorPlayerList,
    async ({ query, deps, operator }) => {
      const { limit, cursor, ...filters } = query;
      const page = await listOperatorPlayers(deps.db, operator.brandId, filters, {
        limit: limit ?? DEFAULT_PAGE_SIZE,
        cursor,
      });
      return { status: 200, body: { players: page.players, next_cursor: page.nextCursor } };
    },
  );

  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorPlayerGet,
    async ({ params, deps, operator }) => {
      const row = await requirePlayer(deps.db, operator.brandId, params.external_id);
      return { status: 200, body: await toOperatorPlayer(deps.db, row) };
    },
  );

  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorPlayerUpdate,
    async ({ params, body, deps, operator, audit }) => {
      const after = await deps.db.transaction(async (tx) => {
        await requirePlayer(tx, operator.brandId, params.external_id);
        const change = await upsertPlayer(
          tx,
          operator.brandId,
          params.external_id,
          body,
          'body.limits',
        );
        await audit(tx, {
          target: playerTarget(params.external_id),
          before: change.before,
          after: change.after,
        });
        return change.after;
      });
      return { status: 200, body: after };
    },
  );

  for (const [endpoint, blocked] of [
    [OPERATOR_ENDPOINTS.operatorPlayerBlock, true],
    [OPERATOR_ENDPOINTS.operatorPlayerUnblock, false],
  ] as const) {
    registerEndpoint(app, endpoint, async ({ params, body, deps, operator, audit }) => {
      const now = deps.clock();
      const after = await deps.db.transaction(async (tx) => {
        const row = await requirePlayer(tx, operator.brandId, params.external_id);
        const change = await setPlayerBlocked(tx, row, blocked, body.reason, now);
        if (change.changed) {
          await audit(tx, {
            target: playerTarget(params.external_id),
            before: change.before,
            after: {
              ...change.after,
              ...(blocked ? { ended_sessions: change.endedSessions } : {}),
              ...(body.reason === undefined ? {} : { reason: body.reason }),
            },
          });
        }
        return change.after;
      });
      return { status: 200, body: after };
    });
  }

  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorVerificationRulesGet,
    async ({ deps, operator, reply }) => {
      const brand = await requireBrand(deps.db, operator.brandId);
      void reply.header('etag', `"${String(brand.configVersion)}"`);
      return {
        status: 200,
        body: { verified_flows: brand.verifiedFlows, config_version: brand.configVersion },
      };
    },
  );

  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorVerificationRulesPut,
    async ({ body, headers, deps, operator, audit, reply }) => {
      const answer = await deps.db.transaction(async (tx) => {
        const version = await bumpConfigVersion(
          tx,
          operator.brandId,
          ifMatchVersion(headers['if-match']),
        );
        const before = await requireBrand(tx, operator.brandId);
        const flows = [...new Set(body.verified_flows)].sort();
        await tx
          .update(brands)
          .set({ verifiedFlows: flows })
          .where(eq(brands.id, operator.brandId));
        await audit(tx, {
          target: `verification_rules:${operator.brandId}`,
          before: { verified_flows: before.verifiedFlows, config_version: version - 1 },
          after: { verified_flows: flows, config_version: version },
        });
        return { verified_flows: flows, config_version: version };
      });
      void reply.header('etag', `"${String(answer.config_version)}"`);
      return { status: 200, body: answer };
    },
  );

  registerEndpoint(
    app,
    OPERATOR_ENDPOINTS.operatorPlayerAdjust,
    async ({ params, body, deps, operator, audit, idempotencyKey }) => {
      if (deps.wallet.kind !== 'internal') {
        throw new ApiError('adjustmentNotAllowed', { detail: 'the brand keeps its balances' });
      }
      const precision = await currencyPrecision(deps.db, body.currency);
      const now = deps.clock();
      const answer = await deps.db.transaction(async (tx) => {
        const player = await requirePlayer(tx, operator.brandId, params.external_id);
        const { row, made } = await adjust(
          tx,
          player,
          {
            direction: body.direction,
            amount: body.amount,
            currency: body.currency,
            reason: body.reason,
            allowNegativeBalance: body.allow_negative_balance ?? false,
            idempotencyKey: idempotencyKey ?? '',
            requestedBy: operator.keyId,
            precision,
          },
          now,
        );
        const wire = adjustmentWire(row, player);
        if (made) {
          await audit(tx, {
            target: `${playerTarget(params.external_id)}:adjustment:${row.id}`,
            before: null,
            after: wire,
          });
        }
        return wire;
      });
      return { status: 201, body: { adjustment: answer } };
    },
  );
}
