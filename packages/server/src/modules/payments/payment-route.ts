/**
 * Where a new payment goes (modules/routing): its brand's routing rules read with what the policy
 * knows of the player and what the request holds of the card, fixed when the payment is created
 * and kept with it (`provider_data.route`), so a retry, the reconciler or a cascade never route
 * it again.
 *
 * A payment with a saved card goes to the connector that issued the card's token (the pay
 * group's for a card saved before that was recorded): a token is only good there, so it is
 * neither routed nor cascaded.
 *
 * @packageDocumentation
 */
import { and, eq } from 'drizzle-orm';
import { detectCardType } from '@cashdesk/domain';
import { savedCards, transactions } from '../../db/schema';
import { payGroupConnector } from '../cashier';
import { drawOf, routePayment, storedRules, usableConnectors } from '../routing';
import type { Route } from '../routing';
import type { CardSecrets, PaymentDeps } from './payment-deps';
import type { StoredRequest } from './stored-request';

/** What the routing rules read besides the request, given by the flow's policy. */
export interface RoutingInput {
  /** The brand's rules as stored (brands.routing_rules). */
  readonly rules: unknown;
  /** The player's country (ISO 3166-1 alpha-2), or null. */
  readonly country: string | null;
  readonly verified: boolean;
}

/** What the route decided, as kept with the payment. */
export interface StoredRoute {
  readonly rule: string | null;
  readonly candidates: string[];
  readonly cascade: boolean;
}

/** The route as the transaction keeps it. */
export function storedRoute(route: Route): StoredRoute {
  return {
    rule: route.rule?.name ?? null,
    candidates: [...route.candidates],
    cascade: route.cascade,
  };
}

/** What a payment's route needs of it. */
interface RoutedPayment {
  readonly transaction: {
    readonly playerId: string;
    readonly amount: string;
    readonly connector?: string | null | undefined;
    readonly savedCardId?: string | null | undefined;
  };
  readonly request: StoredRequest;
  readonly secrets: CardSecrets | null;
  readonly routing: RoutingInput;
}

/** Whether the player has no succeeded deposit yet. */
async function isFirstDeposit(deps: PaymentDeps, playerId: string): Promise<boolean> {
  const [found] = await deps.db
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.playerId, playerId),
        eq(transactions.flow, 'deposit'),
        eq(transactions.status, 'success'),
      ),
    )
    .limit(1);
  return found === undefined;
}

/**
 * The route of a payment about to be created (see the module comment).
 *
 * @throws {ApiError} methodUnavailable (409) when the pay group names a connector the process
 *   does not have.
 */
export async function routeOf(
  deps: PaymentDeps,
  payment: RoutedPayment,
  transactionId: string,
): Promise<Route> {
  const own = payGroupConnector(deps.connectors, payment.transaction.connector ?? null);
  const alone = (connector: string): Route => ({
    rule: null,
    candidates: [connector],
    cascade: false,
  });
  const rules = storedRules(payment.routing.rules);
  if (rules.length === 0) return alone(own);
  const savedCardId = payment.transaction.savedCardId ?? null;
  if (savedCardId !== null) {
    const [card] = await deps.db
      .select({ connector: savedCards.connector })
      .from(savedCards)
      .where(eq(savedCards.id, savedCardId));
    const issuer = card?.connector ?? null;
    return alone(issuer !== null && deps.connectors.has(issuer) ? issuer : own);
  }
  const { request } = payment;
  const pan = payment.secrets?.card?.pan ?? null;
  const route = await routePayment(
    rules,
    {
      flow: request.flow === 'deposit' ? 'deposit' : 'withdrawal',
      methodKind: request.methodKind,
      payGroup: request.payGroup,
      currency: request.currency,
      amount: payment.transaction.amount,
      country: payment.routing.country,
      bin: pan === null ? null : pan.slice(0, 8),
      cardType: pan === null ? null : (detectCardType(pan)?.type ?? null),
      verified: payment.routing.verified,
      firstDeposit: () => isFirstDeposit(deps, payment.transaction.playerId),
    },
    own,
    drawOf(transactionId),
    (connector) => deps.connectors.has(connector),
  );
  return route.candidates.length < 2 ? route : healthy(deps, route, transactionId);
}

/**
 * The route without the candidates that are unhealthy now (modules/routing/health.ts), or as it
 * is when every one is: a payment always has a connector to go to.
 */
async function healthy(deps: PaymentDeps, route: Route, transactionId: string): Promise<Route> {
  const { usable, skipped } = await usableConnectors(
    deps.db,
    route.candidates,
    deps.clock(),
    deps.config.payments.health,
    deps.config.payments.leaseMs,
  );
  if (skipped.length === 0 || usable.length === 0) return route;
  deps.log?.info(
    { transaction_id: transactionId, skipped, connector: usable[0] },
    'unhealthy connectors skipped by routing',
  );
  return { ...route, candidates: usable };
}
