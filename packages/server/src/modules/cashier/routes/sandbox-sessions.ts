/**
 * POST /sandbox/sessions: creates a session for a player, as `npm run session` does,
 * for tests and the demo page. Sandbox mode only: in production the route answers 404 with code
 * 1901 (registerEndpoint does that from the row's sandboxOnly flag). A player that does not exist
 * yet is created with the brand's demo balances, so a demo page can invent players.
 *
 * @packageDocumentation
 */
import { ENDPOINTS } from '@cashdesk/contract';
import type { App } from '../../../http/app-types';
import { registerEndpoint } from '../../../http/register-endpoint';
import { createSession } from '../create-session';

/** Registers the sandbox session route. */
export function registerSandboxSessionRoutes(app: App): void {
  registerEndpoint(app, ENDPOINTS.sandboxCreateSession, async ({ body, deps }) => {
    const created = await createSession(
      deps.db,
      { lifetimeMs: deps.config.sessionLifetimeMs, widgetUrl: deps.config.widgetUrl },
      {
        player: body.player,
        flow: body.flow,
        currency: body.currency,
        language: body.lang,
        brand: body.brand,
        theme: body.theme,
        createPlayer: true,
      },
    );
    return { status: 201, body: created };
  });
}
