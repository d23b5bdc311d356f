/**
 * POST /api/operator/v1/sessions, the production way to start a cashier session:
 * the operator's backend names the player (upserted with the profile it sends), the flow, the
 * currency and the language, and gets the cashier address to embed. One database transaction
 * upserts the player and opens the session, so a refused request writes nothing.
 *
 * @packageDocumentation
 */
import type { OperatorSessionRequest } from '@cashdesk/contract';
import type { Executor } from '../../db/open';
import { offeredCurrencies } from '../brand-config';
import { ApiError } from '../../http/api-error';
import { openSession } from '../../http/sessions';
import type { CreatedSession, SessionSettings } from '../../http/sessions';
import { upsertPlayer } from './players';
import type { PlayerChange } from './players';

/**
 * Upserts the player and opens a session for them, in `tx`.
 *
 * @throws {ApiError} invalidField (`body.currency`) for a currency the brand does not offer in the
 *   flow, invalidField for bad limits (`body.player.limits.<i>.…`), playerBlocked (1810).
 */
export async function startOperatorSession(
  tx: Executor,
  settings: SessionSettings,
  brandId: string,
  body: OperatorSessionRequest,
  now: Date,
): Promise<{ readonly session: CreatedSession; readonly player: PlayerChange }> {
  if (!(await offeredCurrencies(tx, brandId, body.flow)).includes(body.currency)) {
    throw new ApiError('invalidField', {
      field: 'body.currency',
      detail: `the brand offers no ${body.flow} in ${body.currency}`,
    });
  }
  const { external_id: externalId, ...profile } = body.player;
  const player = await upsertPlayer(tx, brandId, externalId, profile, 'body.player.limits');
  if (player.row.blockedAt !== null) {
    throw new ApiError('playerBlocked', { field: 'body.player.external_id' });
  }
  const session = await openSession(
    tx,
    settings,
    {
      player: externalId,
      playerId: player.row.id,
      brand: brandId,
      flow: body.flow,
      currency: body.currency,
      language: body.language,
      theme: body.theme,
    },
    now,
  );
  return { session, player };
}
