/**
 * The realtime connection token answer (SPEC §3 auth_token, §4 token refresh).
 *
 * @packageDocumentation
 */
import * as z from 'zod/mini';

/** A new connection token of the session, as init's auth_token. */
export const RealtimeTokenResponse = z
  .object({
    auth_token: z.string().check(z.minLength(1), z.maxLength(512)),
  })
  .check(
    z.meta({
      id: 'RealtimeTokenResponse',
      description:
        "A new realtime connection token of the session (an HS256 JWT, as init's auth_token): the realtime client's getToken answer when its token is about to expire or was refused with code 109.",
    }),
  );
/** Realtime token answer. */
export type RealtimeTokenResponse = z.infer<typeof RealtimeTokenResponse>;
