/**
 * GET /sandbox/balance: the balance of the session's player, for the demo host page's header,
 * which reads it again on the embed SDK's result event as a brand's page reads its own wallet.
 * Sandbox mode only: in production the route answers 404 with code 1901 (registerEndpoint does
 * that from the row's sandboxOnly flag). It reads the app's wallet (the ledger, or the operator's
 * wallet with WALLET=operator) and changes nothing.
 *
 * @packageDocumentation
 */
import Big from 'big.js';
import { eq } from 'drizzle-orm';
import { ENDPOINTS } from '@cashdesk/contract';
import { resolvePrecision, roundToPrecision } from '@cashdesk/domain';
import { currencies } from '../../../db/schema';
import type { App } from '../../../http/app-types';
import { registerEndpoint } from '../../../http/register-endpoint';
import { shownBalance } from '../ledger';

/** Registers the sandbox balance route. */
export function registerSandboxBalanceRoutes(app: App): void {
  registerEndpoint(app, ENDPOINTS.sandboxBalance, async ({ session, deps }) => {
    const [balance, [currency]] = await Promise.all([
      deps.wallet.balance(deps.db, session.playerId, session.currency),
      deps.db.select().from(currencies).where(eq(currencies.alpha3, session.currency)),
    ]);
    const precision = resolvePrecision(currency?.precision);
    return {
      status: 200,
      body: {
        player_id: session.playerExternalId,
        currency: session.currency,
        // As the init answer's user_balance: never more than the player has.
        balance: roundToPrecision(new Big(shownBalance(balance)), precision, 'down'),
        reserved: roundToPrecision(new Big(balance.reserved), precision, 'up'),
      },
    };
  });
}
