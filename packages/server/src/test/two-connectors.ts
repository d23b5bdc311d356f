/**
 * Two PSP connectors for the routing tests and benchmark: `psp-a` and `psp-b`, each the provider
 * protocol over HTTP to a simulator process of its own, and brand0's card deposits routed to
 * psp-a first, psp-b after it.
 */
import { and, eq } from 'drizzle-orm';
import type { RoutingRule } from '@cashdesk/contract';
import type { Executor } from '../db/open';
import { payGroups } from '../db/schema';

/** The server's environment naming both connectors, at the simulators' addresses. */
export function twoConnectorEnv(
  pspA: { readonly url: string },
  pspB: { readonly url: string },
): Record<string, string> {
  return {
    CONNECTORS: 'psp-a, psp-b',
    CONNECTOR_PSP_A_KIND: 'http',
    CONNECTOR_PSP_A_URL: pspA.url,
    CONNECTOR_PSP_B_KIND: 'http',
    CONNECTOR_PSP_B_URL: pspB.url,
  };
}

/** A rule taking brand0's card deposits to psp-a, psp-b after it, cascading or not. */
export function cardsToPspAThenB(cascade: boolean): RoutingRule {
  return {
    name: cascade ? 'cards: psp-a, then psp-b' : 'cards: psp-a, psp-b when psp-a is down',
    enabled: true,
    when: { flow: 'deposit', method_kinds: ['card'] },
    connectors: [
      { connector: 'psp-a', weight: 100 },
      { connector: 'psp-b', weight: 0 },
    ],
    cascade,
  };
}

/** Points brand0's card deposit pay group at `connector` (what a payment no rule takes uses). */
export async function cardDepositsPayThrough(db: Executor, connector: string): Promise<void> {
  await db
    .update(payGroups)
    .set({ connector })
    .where(
      and(
        eq(payGroups.brandId, 'brand0'),
        eq(payGroups.flow, 'deposit'),
        eq(payGroups.shortName, 'card'),
      ),
    );
}
