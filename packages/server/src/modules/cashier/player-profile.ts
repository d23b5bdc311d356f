/**
 * The player as a pay group's form and init see it: the profile a form's profile fields are
 * pre-filled from (SPEC §3 userRequisite) and a provider's risk checks take, the player row of a
 * session, and init's SPEC §3 user_profile.
 *
 * @packageDocumentation
 */
import * as z from 'zod/mini';
import { eq } from 'drizzle-orm';
import { UserProfile } from '@cashdesk/contract';
import { DEFAULT_LANGUAGE } from '@cashdesk/domain';
import type { Executor } from '../../db/open';
import { players } from '../../db/schema';
import { ApiError } from '../../http/api-error';

/** What a form and a provider's risk checks take of the player (a stored player row has it). */
export type PlayerProfile = Pick<
  typeof players.$inferSelect,
  'id' | 'externalId' | 'country' | 'phone' | 'email' | 'firstName' | 'lastName'
>;

/** The player row of a session. */
export async function loadPlayer(
  db: Executor,
  playerId: string,
): Promise<typeof players.$inferSelect> {
  const [player] = await db.select().from(players).where(eq(players.id, playerId));
  if (player === undefined) throw new ApiError('sessionExpired', { detail: 'player vanished' });
  return player;
}

/**
 * The profile value a profile field type is pre-filled with (SPEC §3 userRequisite; e.g. the
 * read-only visible phone shows the player's phone).
 */
export function profileValue(type: string | null | undefined, player: PlayerProfile) {
  switch (type) {
    case 'user_phone':
      return player.phone;
    case 'user_email':
      return player.email;
    case 'user_country':
      return player.country;
    case 'user_first_name':
      return player.firstName;
    case 'user_last_name':
      return player.lastName;
    default:
      return null;
  }
}

/** SPEC §3 user_profile of init: the player's country and phone and the session's language. */
export function userProfile(
  player: { readonly country: string | null; readonly phone: string | null },
  language: string,
) {
  const profile = z.safeParse(UserProfile, {
    country: player.country,
    phone: player.phone,
    language,
  });
  if (profile.success) return profile.data;
  // A profile value the contract refuses is sent as unknown rather than failing the init.
  const country = z.safeParse(UserProfile.shape.country, player.country);
  const phone = z.safeParse(UserProfile.shape.phone, player.phone);
  const lang = z.safeParse(UserProfile.shape.language, language);
  return {
    country: country.success ? country.data : null,
    phone: phone.success ? phone.data : null,
    language: lang.success ? lang.data : DEFAULT_LANGUAGE,
  };
}
