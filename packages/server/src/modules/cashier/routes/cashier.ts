/**
 * The cashier lists and method details of both flows (SPEC §7): GET payments/groups/init and
 * payouts/groups/init (SPEC §3 cashier response), POST payments/groups/{payGroupId}/select and
 * payouts/groups/{payGroupId}/select (SPEC §3 method detail).
 *
 * Decisions (modules/cashier/ and modules/cashier/pay-groups.ts have the details):
 * - init lists the pay groups of the session's brand and the route's flow that accept the
 *   session's currency, disabled and restricted ones included (the widget shows them disabled);
 * - the flow comes from the route, not from the session: a session opened for deposits may read
 *   the withdrawal list (the widget switches between the two pages with one session id);
 * - select answers the detail of a disabled or restricted pay group too (the form can be looked
 *   at); submitting it is refused with 409 methodUnavailable. A pay group of the other flow or
 *   another brand, or one without the session's currency, is 404 unknownPayGroup; a select
 *   currency other than the session's is 400 invalidField (body.currency).
 * - init's `auth_token` is the session's realtime connection token (modules/realtime/token.ts).
 * - init's parts that the service shares between answers (frozen: the brand's pay groups and
 *   brand-level objects) are written once (http/written-once.ts): the serializer keeps their text.
 *
 * @packageDocumentation
 */
import { ENDPOINTS } from '@cashdesk/contract';
import type { App } from '../../../http/app-types';
import { registerEndpoint } from '../../../http/register-endpoint';
import { frozenPartsWrittenOnce } from '../../../http/written-once';
import { findSessionPayGroup, sessionScope } from '../pay-groups';
import { depositCashierResponse, payoutCashierResponse } from '../init-answer';
import { depositMethodDetail, payoutMethodDetail } from '../method-detail';

/** Registers init and select of both flows. */
export function registerCashierRoutes(app: App): void {
  registerEndpoint(app, ENDPOINTS.depositInit, async ({ session, deps }) => {
    const now = deps.clock();
    const token = deps.realtime.tokens.forInit(session, now);
    return {
      status: 200,
      body: frozenPartsWrittenOnce(
        await depositCashierResponse(deps.db, session, now, deps.wallet, token),
      ),
    };
  });

  registerEndpoint(app, ENDPOINTS.payoutInit, async ({ session, deps }) => {
    const now = deps.clock();
    const token = deps.realtime.tokens.forInit(session, now);
    return {
      status: 200,
      body: frozenPartsWrittenOnce(
        await payoutCashierResponse(deps.db, session, now, deps.wallet, token),
      ),
    };
  });

  registerEndpoint(app, ENDPOINTS.depositSelect, async ({ session, params, body, deps }) => {
    const scope = sessionScope(session, 'deposit', body.currency);
    const entry = await findSessionPayGroup(deps.db, scope, params.payGroupId);
    return {
      status: 200,
      body: await depositMethodDetail(deps.db, session, entry, deps.connectors, deps.clock()),
    };
  });

  registerEndpoint(app, ENDPOINTS.payoutSelect, async ({ session, params, body, deps }) => {
    const scope = sessionScope(session, 'withdrawal', body.currency);
    const entry = await findSessionPayGroup(deps.db, scope, params.payGroupId);
    return {
      status: 200,
      body: await payoutMethodDetail(deps.db, session, entry, deps.clock()),
    };
  });
}
