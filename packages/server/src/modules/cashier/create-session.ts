/**
 * A new cashier session for a player of a brand (the sandbox's session route, `npm run session`):
 * the player found, or created with the brand's demo balances when the caller asks, then the
 * session opened (http/sessions.ts `openSession`).
 *
 * @packageDocumentation
 */
import { eq } from 'drizzle-orm';
import { DEFAULT_THEME } from '@cashdesk/domain';
import type { Database } from '../../db/open';
import { currencies } from '../../db/schema';
import { findOrCreatePlayer } from '../../db/seed';
import { ApiError } from '../../http/api-error';
import { openSession } from '../../http/sessions';
import type { CreateSessionInput, CreatedSession, SessionSettings } from '../../http/sessions';

/**
 * Creates a session for a player of a brand.
 *
 * @throws {ApiError} notFound (field `player`) for an unknown player when `createPlayer` is off or
 * the brand does not exist; invalidField (field `currency`) for a currency the server does not
 * know.
 */
export async function createSession(
  db: Database,
  settings: SessionSettings,
  input: CreateSessionInput,
  now: Date = new Date(),
): Promise<CreatedSession> {
  const brandId = input.brand ?? DEFAULT_THEME;
  const [currency] = await db
    .select({ alpha3: currencies.alpha3 })
    .from(currencies)
    .where(eq(currencies.alpha3, input.currency));
  if (currency === undefined)
    throw new ApiError('invalidField', {
      field: 'currency',
      detail: `unknown currency ${input.currency}`,
    });
  const player = await findOrCreatePlayer(db, brandId, input.player, input.createPlayer === true);
  if (player === null)
    throw new ApiError('notFound', {
      field: 'player',
      detail: `no player ${brandId}/${input.player}`,
    });

  return openSession(
    db,
    settings,
    { ...input, brand: brandId, currency: currency.alpha3, playerId: player.id },
    now,
  );
}
