/**
 * POST realtime/token, a new realtime connection token of the session (as init's `auth_token`,
 * modules/realtime/session-token.ts) for the realtime client's getToken: asked when its token is
 * about to expire or was refused with 109. Reads nothing beyond the session check.
 *
 * @packageDocumentation
 */
import { ENDPOINTS } from '@cashdesk/contract';
import type { App } from '../../../http/app-types';
import { registerEndpoint } from '../../../http/register-endpoint';

/** Registers the realtime token route. */
export function registerRealtimeTokenRoutes(app: App): void {
  registerEndpoint(app, ENDPOINTS.realtimeToken, ({ session, deps }) =>
    Promise.resolve({
      status: 200,
      body: { auth_token: deps.realtime.tokens.mint(session, deps.clock()) },
    }),
  );
}
