/**
 * The answers the widget's first screen needs, for the cashier's document
 * (http/widget-page-data.ts inlines them): the same answers the widget would ask for at start-up,
 * made by the same functions as the routes and written by the same serializer, so that the widget
 * reads them as if they had come from the API.
 *
 * - `init` (SPEC §7 payments/groups/init or payouts/groups/init) on a homepage only, the page
 *   the widget's shell prefetches init on (the page kind is the flow: /deposit, /withdrawal);
 * - `appearance` on every page, for the language and theme the widget asks for when its stored
 *   state names none (the address's `lang`, else its default; the address's `theme`, else none).
 *   The widget uses it only when it would ask for the same, and calls the API otherwise;
 * - `session_expires_in`: the session's time left, which an API answer says in its
 *   `x-session-expires-in` header.
 *
 * The session is looked up as a call of the player's would (its end slides forward). A page whose
 * address has no session id, or an unknown or expired one, gets nothing: the widget then calls the
 * API and shows what it answers, as it did before pages carried their data. Nothing here counts
 * a failed session check: the page's policy already counts an unknown id (widget-page-policy.ts).
 *
 * @packageDocumentation
 */
import { ENDPOINTS } from '@cashdesk/contract';
import { describePage, parseStartupParams } from '@cashdesk/domain';
import type { AppDeps } from '../../http/app-types';
import { isApiError } from '../../http/api-error';
import { answerWriter } from '../../http/fast-serializer';
import { resolveSession } from '../../http/sessions';
import type { SessionContext } from '../../http/sessions';
import type { WidgetPageData } from '../../http/widget-page-data';
import { frozenPartsWrittenOnce } from '../../http/written-once';
import { appearanceFor } from '../brand-config';
import { depositCashierResponse, payoutCashierResponse } from './init-answer';

const writeDepositInit = answerWriter(ENDPOINTS.depositInit.responses[200].schema);
const writePayoutInit = answerWriter(ENDPOINTS.payoutInit.responses[200].schema);
const writeAppearance = answerWriter(ENDPOINTS.appearance.responses[200].schema);

/** The window size start-up would read does not change the session id or the language. */
const NO_WINDOW = { windowWidth: 0, windowHeight: 0, storedSessionId: null } as const;

async function pageSession(
  deps: AppDeps,
  address: string,
  sessionId: string,
  log: { error: (details: object, message: string) => void },
): Promise<SessionContext | null> {
  try {
    return await resolveSession(
      deps.db,
      // SPEC §4: an LLA page does not extend the session.
      { lifetimeMs: describePage(address).isLla ? 0 : deps.config.sessionLifetimeMs },
      sessionId,
      new Date(),
      log,
    );
  } catch (error) {
    if (isApiError(error) && error.errorName === 'sessionExpired') return null;
    throw error;
  }
}

async function initPart(deps: AppDeps, session: SessionContext, address: string) {
  const page = describePage(address);
  if (page.kind !== page.flow) return null;
  const now = deps.clock();
  const token = deps.realtime.tokens.forInit(session, now);
  const answer =
    page.flow === 'deposit'
      ? writeDepositInit(
          frozenPartsWrittenOnce(
            await depositCashierResponse(deps.db, session, now, deps.wallet, token),
          ),
        )
      : writePayoutInit(
          frozenPartsWrittenOnce(
            await payoutCashierResponse(deps.db, session, now, deps.wallet, token),
          ),
        );
  return `{"flow":${JSON.stringify(page.flow)},"answer":${answer}}`;
}

async function appearancePart(deps: AppDeps, session: SessionContext, address: string) {
  const params = parseStartupParams(address, NO_WINDOW);
  const query = { lang: params.lang, theme: params.theme ?? undefined };
  // The same check as the appearance call's: a query it refuses is left to that call.
  if (!ENDPOINTS.appearance.query.safeParse(query).success) return null;
  const answer = writeAppearance(await appearanceFor(deps.db, session, query));
  return `{"lang":${JSON.stringify(query.lang)},"theme":${JSON.stringify(params.theme)},"answer":${answer}}`;
}

/** The cashier's {@link WidgetPageData} source (see the module comment). */
export function firstScreenData(deps: AppDeps): WidgetPageData {
  return async ({ request, address }) => {
    const { sessionId } = parseStartupParams(address, NO_WINDOW);
    if (sessionId === null) return null;
    const session = await pageSession(deps, address, sessionId, request.log);
    if (session === null) return null;
    const [init, appearance] = await Promise.all([
      initPart(deps, session, address),
      appearancePart(deps, session, address),
    ]);
    const expiresIn = Math.max(0, session.expiresAt.getTime() - Date.now());
    const parts = [`"session_expires_in":${String(expiresIn)}`];
    if (init !== null) parts.push(`"init":${init}`);
    if (appearance !== null) parts.push(`"appearance":${appearance}`);
    return `{${parts.join(',')}}`;
  };
}
