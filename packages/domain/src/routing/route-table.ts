/**
 * The route table of SPEC §2 as data, with a matcher and a path builder. The widget's router is
 * generated from {@link ROUTES}, so route ids are stable names that code may rely on.
 *
 * @packageDocumentation
 */
import { addressPath, pathSegments } from './address';
import type { PageKind, PaymentFlow } from './page-kind';
import { RESULT_VIEW_STATUSES, parseResultViewStatus } from './result-route';
import type { ResultStatus } from './result-route';

/** SPEC §2, §7: names of the route parameters (`:provider`, `:form`, `:sessionId`). */
export const ROUTE_PARAMS = ['provider', 'form', 'sessionId'] as const;

/** SPEC §2: one of {@link ROUTE_PARAMS}. */
export type RouteParamName = (typeof ROUTE_PARAMS)[number];

/** SPEC §2: route parameters taken from a matched path. */
export type RouteParams = Readonly<Partial<Record<RouteParamName, string>>>;

/** SPEC §2: one row of the route table. */
export interface RouteDefinition {
  /** Stable id (kebab-case) the widget keys its screens by. */
  readonly id: string;
  /** Path pattern; `:name` segments are parameters, every other segment is literal. */
  readonly path: string;
  /**
   * Payment flow the page belongs to, or `null` for pages shared by both flows (saved cards,
   * checkout, content, 3-D-secure result, country picker), which use the session's flow.
   */
  readonly flow: PaymentFlow | null;
  /** Page kind of SPEC §1 that an address of this route has ({@link detectPageKind}). */
  readonly kind: PageKind;
  /** Whether the page opens as an overlay over the page below it. */
  readonly overlay: boolean;
  /** The result status a result page shows, `null` for other pages. */
  readonly resultStatus: ResultStatus | null;
  /** SPEC §2 purpose, for the generated router's documentation. */
  readonly purpose: string;
}

function route(
  id: string,
  path: string,
  flow: PaymentFlow | null,
  kind: PageKind,
  purpose: string,
  overlay = false,
): RouteDefinition {
  return { id, path, flow, kind, overlay, resultStatus: null, purpose };
}

function resultRoutes(flow: PaymentFlow): readonly RouteDefinition[] {
  return RESULT_VIEW_STATUSES.map((viewStatus) => ({
    id: `${flow}-${viewStatus}`,
    path: `/${flow}/${flow}-${viewStatus}`,
    flow,
    kind: flow,
    overlay: false,
    resultStatus: parseResultViewStatus(viewStatus)?.status ?? 'processing',
    purpose: `${flow} result page (${viewStatus})`,
  }));
}

/**
 * SPEC §2: every route of the product. Beyond the spec's table, result pages exist for each
 * result status of both flows (the spec lists four deposit and three withdrawal ones, but the
 * result navigation `/{type}/{type}-{status}` reaches all of them), and for the view statuses fail
 * and redirect (showing the error and the processing status), and checkout lives at
 * `/checkout` (the spec writes it without a slash). The account-management prefix is
 * `/account-management`. Beyond SPEC §2 come the pending payments and history of each flow
 * (`/deposit-history`, `/withdrawal-history`: beside the main page, not below it, so that they are
 * no form page of SPEC §2's path recognition).
 */
export const ROUTES: readonly RouteDefinition[] = [
  route('deposit', '/deposit', 'deposit', 'deposit', 'deposit homepage with method list'),
  route('deposit-method', '/deposit/:provider', 'deposit', 'deposit', 'deposit method page'),
  route('deposit-method-form', '/deposit/:provider/:form', 'deposit', 'deposit', 'method form'),
  route(
    'deposit-display-form',
    '/deposit/deposit-display-form',
    'deposit',
    'deposit',
    'display form with QR code',
  ),
  ...resultRoutes('deposit'),
  // Not in SPEC §2: the player's pending payments and history, from either flow.
  route(
    'deposit-history',
    '/deposit-history',
    'deposit',
    'deposit',
    'pending payments and history',
  ),
  route('withdrawal', '/withdrawal', 'withdrawal', 'withdrawal', 'withdrawal homepage'),
  route('withdrawal-method', '/withdrawal/:provider', 'withdrawal', 'withdrawal', 'method page'),
  route('withdrawal-cards', '/withdrawal-cards', 'withdrawal', 'withdrawal', 'payout card list'),
  route(
    'withdrawal-verify-account',
    '/withdrawal-verify-account',
    'withdrawal',
    'withdrawal',
    'payout account verification',
  ),
  ...resultRoutes('withdrawal'),
  route(
    'withdrawal-history',
    '/withdrawal-history',
    'withdrawal',
    'withdrawal',
    'pending payments and history',
  ),
  route('betshop-deposit', '/betshop-deposit', 'deposit', 'deposit', 'bet shop deposit'),
  route(
    'betshop-withdrawal',
    '/betshop-withdrawal',
    'withdrawal',
    'withdrawal',
    'pick a cash pick-up shop',
    true,
  ),
  route('select-country', '/select-country', null, 'withdrawal', 'pick a phone country', true),
  route('reject-withdrawal', '/reject-withdrawal', 'withdrawal', 'withdrawal', 'reversal'),
  route('cards', '/cards', null, 'withdrawal', 'saved cards'),
  route('checkout', '/checkout', null, 'checkout', 'card checkout'),
  // SPEC §1 page kind tokenization_page: a card saved without a payment.
  route(
    'tokenization-page',
    '/tokenization_page',
    null,
    'tokenization_page',
    'card tokenization without a payment',
  ),
  route('content', '/content', null, 'content', 'content page fetched by address'),
  // SPEC §1 page kind error: an address a host or a provider's return sends the player to when
  // the payment cannot go on; the page says so and leads back to the methods.
  route('error', '/error', null, 'error', 'error page'),
  route('3ds-result', '/3ds_result', null, '3ds_result', '3-D-secure result'),
  // SPEC §7: "session ID from the last URL path segment in some URL shapes": this is that shape.
  route(
    '3ds-result-session',
    '/3ds_result/:sessionId',
    null,
    '3ds_result',
    '3-D-secure result whose address names its session',
  ),
  route(
    'payments-interaction',
    '/payments/interaction/:provider',
    'deposit',
    'payments',
    'alternative payment interaction data',
  ),
  route(
    'payments-status',
    '/payments/status/:provider',
    'deposit',
    'payments',
    'alternative payment status poll',
  ),
  route(
    'payments-3ds-result',
    '/payments/3ds_result/:provider',
    'deposit',
    'payments',
    'alternative payment 3DS result',
  ),
  route(
    'account-management-blocked',
    '/account-management-blocked',
    'withdrawal',
    'acc_management',
    'payout account verification blocked',
  ),
  route(
    'account-management-status',
    '/account-management/status',
    'withdrawal',
    'acc_management',
    'account-management status',
  ),
  route(
    'account-management-status-success',
    '/account-management/status/success',
    'withdrawal',
    'acc_management',
    'account-management success',
  ),
  route(
    'account-management-status-error',
    '/account-management/status/error',
    'withdrawal',
    'acc_management',
    'account-management error',
  ),
  route(
    'account-management-support',
    '/account-management/support',
    'withdrawal',
    'acc_management',
    'account-management support',
  ),
];

/** SPEC §2: the stable route ids of {@link ROUTES}. */
export type RouteId = string;

/** SPEC §2: the route a path matched and its parameters. */
export interface RouteMatch {
  readonly routeId: RouteId;
  readonly params: RouteParams;
}

function isRouteParamName(name: string): name is RouteParamName {
  return ROUTE_PARAMS.some((candidate) => candidate === name);
}

interface ScoredMatch {
  readonly match: RouteMatch;
  readonly literals: number;
}

function matchOne(definition: RouteDefinition, segments: readonly string[]): ScoredMatch | null {
  const pattern = pathSegments(definition.path);
  if (pattern.length !== segments.length) return null;
  const params: Partial<Record<RouteParamName, string>> = {};
  let literals = 0;
  for (const [index, part] of pattern.entries()) {
    const segment = segments[index] ?? '';
    if (part.startsWith(':')) {
      const name = part.slice(1);
      if (isRouteParamName(name)) params[name] = segment;
    } else if (part.toLowerCase() === segment.toLowerCase()) {
      literals += 1;
    } else {
      return null;
    }
  }
  return { match: { routeId: definition.id, params }, literals };
}

/**
 * SPEC §2: the route a path (or whole address) belongs to, with its parameters. Literal segments
 * match without regard to case (as react-router does by default), parameters keep their case and
 * are percent-decoded, a trailing slash is ignored. When several patterns match, the one with the
 * most literal segments wins, so `/deposit/deposit-success` is the result page, not a method
 * called deposit-success. `null` when no route matches.
 *
 * @example matchRoute('/deposit/visa/card') // { routeId: 'deposit-method-form', params: { provider: 'visa', form: 'card' } }
 */
export function matchRoute(
  address: unknown,
  routes: readonly RouteDefinition[] = ROUTES,
): RouteMatch | null {
  const segments = pathSegments(addressPath(address));
  let best: ScoredMatch | null = null;
  for (const definition of routes) {
    const scored = matchOne(definition, segments);
    if (scored !== null && (best === null || scored.literals > best.literals)) best = scored;
  }
  return best?.match ?? null;
}

/** SPEC §2: the route definition with this id, or `null`. */
export function findRoute(
  routeId: string,
  routes: readonly RouteDefinition[] = ROUTES,
): RouteDefinition | null {
  return routes.find((definition) => definition.id === routeId) ?? null;
}

const DOT_SEGMENTS: ReadonlySet<string> = new Set(['.', '..']);

/**
 * SPEC §2: the path of a route with its parameters filled in (percent-encoded), or `null` when the
 * route is unknown or a parameter is missing, empty, `.` or `..`. The URL standard removes `.` and
 * `..` path segments (escaped as `%2E` too), so such a value would send the browser to another
 * route instead of being read back as the parameter.
 *
 * @example buildRoutePath('deposit-method', { provider: 'visa' }) // '/deposit/visa'
 */
export function buildRoutePath(
  routeId: string,
  params: RouteParams = {},
  routes: readonly RouteDefinition[] = ROUTES,
): string | null {
  const definition = findRoute(routeId, routes);
  if (definition === null) return null;
  const parts: string[] = [];
  for (const part of pathSegments(definition.path)) {
    if (!part.startsWith(':')) {
      parts.push(part);
      continue;
    }
    const name = part.slice(1);
    const value = isRouteParamName(name) ? params[name] : undefined;
    if (value === undefined || value === '' || DOT_SEGMENTS.has(value)) return null;
    parts.push(encodeURIComponent(value));
  }
  return `/${parts.join('/')}`;
}

/**
 * SPEC §7 (payments/3ds-result): the session id an address carries as its last path segment,
 * for the address shape that has one (`/3ds_result/{sessionId}`, a 3-D Secure return naming
 * its session); `null` for any other address.
 *
 * @example sessionIdInPath('/3ds_result/s_123?transaction_id=tx') // 's_123'
 */
export function sessionIdInPath(address: unknown): string | null {
  const match = matchRoute(address);
  if (match?.routeId !== '3ds-result-session') return null;
  const id = match.params.sessionId?.trim() ?? '';
  return id === '' ? null : id;
}
