/**
 * The first screen the server rendered into the cashier's document (server-entry.tsx), and what
 * the store needs to render the same one: the homepage's init answer in the API slice, the first
 * load marked done (the automatic choice was decided before the render, method-list/first-choice.ts)
 * and the session's merchant addresses and balance, which the list page would otherwise take from
 * init when it renders. The server and the widget seed their stores the same way, so the widget's
 * first render is the server's HTML and hydrates without a difference.
 *
 * @packageDocumentation
 */
import { ENDPOINTS } from '@cashdesk/contract';
import type { DepositInitResponse, PayoutInitResponse } from '@cashdesk/contract';
import type { ClientEnvironment, PaymentFlow } from '@cashdesk/domain';
import { cashierApi } from '../api/cashier-api';
import { takePrefetchedInit } from '../api/prefetch';
import { initialLoadFinished } from '../method-list/method-list-slice';
import { initReceived } from '../store/session-slice';
import type { AppStore } from '../store/store';
import type { Startup } from '../startup/startup';
import type { RenderedFirstScreenData } from '../startup/inlined-data';
import { firstChoice, isHomepage, listOf, waitsForWallets } from '../method-list/first-choice';
import { SELECTED_METHOD, writeKey } from '../storage/keys';
import type { FirstChoice } from '../method-list/first-choice';
import {
  readLastUsedMethodId,
  readSelectedMethodId,
  skipLastUsedFlagSet,
} from '../method-list/home-storage';

/** The init answer a first screen renders with, checked by the contract's schema. */
export type FirstScreenSeed =
  | { readonly flow: 'deposit'; readonly init: DepositInitResponse }
  | { readonly flow: 'withdrawal'; readonly init: PayoutInitResponse };

/** The seed of `flow` from an answer the document carried; null when the contract refuses it. */
export function firstScreenSeed(flow: PaymentFlow, answer: unknown): FirstScreenSeed | null {
  if (flow === 'deposit') {
    const parsed = ENDPOINTS.depositInit.responses[200].schema.safeParse(answer);
    return parsed.success ? { flow, init: parsed.data } : null;
  }
  const parsed = ENDPOINTS.payoutInit.responses[200].schema.safeParse(answer);
  return parsed.success ? { flow, init: parsed.data } : null;
}

/** Puts the seed into a new store before its first render (see the module comment). */
export function seedStore(store: AppStore, seed: FirstScreenSeed): void {
  store.dispatch(
    seed.flow === 'deposit'
      ? cashierApi.util.upsertQueryEntries([
          { endpointName: 'depositInit', arg: undefined, value: seed.init },
        ])
      : cashierApi.util.upsertQueryEntries([
          { endpointName: 'payoutInit', arg: undefined, value: seed.init },
        ]),
  );
  store.dispatch(initialLoadFinished(seed.flow));
  const { init } = seed;
  store.dispatch(
    initReceived({
      merchant: {
        merchantUrl: init.merchant_url,
        merchantSuccessUrl: init.merchant_success_url,
        merchantFailUrl: init.merchant_fail_url,
        merchantProcessingUrl: init.merchant_processing_url,
        merchantRedirectType: init.merchant_redirect_type,
      },
      userBalance: init.user_balance,
      countryCode: init.user_profile.country,
    }),
  );
}

/** What the server said of the first screen it rendered (its cd-first-screen data block). */
export type RenderedFirstScreen = RenderedFirstScreenData;

/** What the page hydrates: the seed, and the method page to stand on first (or the list). */
export interface Hydration {
  readonly seed: FirstScreenSeed;
  readonly choice: FirstChoice | null;
}

function sameEnvironment(a: ClientEnvironment, b: RenderedFirstScreen['environment']): boolean {
  return a.channel === b.channel && a.platform === b.platform && a.device === b.device;
}

/**
 * Whether the page can hydrate the server's first screen: the document's init answer passes the
 * contract, the page's environment is the one the server rendered for, and the automatic choice
 * made with the page's stored state opens the page the server rendered. Null: render afresh.
 */
export function hydrationOf(
  startup: Startup,
  answer: unknown,
  rendered: RenderedFirstScreen,
): Hydration | null {
  const { flow } = startup.page;
  if (startup.page.kind !== flow || !isHomepage(startup.address)) return null;
  if (!sameEnvironment(startup.environment, rendered.environment)) return null;
  const seed = firstScreenSeed(flow, answer);
  if (seed === null) return null;
  const list = listOf(flow, seed.init);
  // SPEC §6: the list waits for the browser's wallet answer: the browser decides the first screen.
  if (waitsForWallets(list, startup.environment)) return null;
  const choice = firstChoice({
    flow,
    list,
    environment: startup.environment,
    preselectedPayGroup: startup.params.preselectedPayGroupId,
    lastUsedMethodId: readLastUsedMethodId(),
    selectedMethodId: readSelectedMethodId(),
    skipLastUsed: skipLastUsedFlagSet(),
  });
  return (choice?.path ?? null) === rendered.path ? { seed, choice } : null;
}

/**
 * Stands the page where the server's first screen is: the automatic choice's method page replaces
 * the homepage's address (as the list page's choice does) and the chosen method is stored. The
 * init answer the shell kept for the first init call is dropped: the store has it already, and a
 * later init call (after a payment) must ask the server, not take that first answer.
 */
export function enterFirstScreen(hydration: Hydration, sessionId: string | null): void {
  takePrefetchedInit(hydration.seed.flow, sessionId);
  const { choice } = hydration;
  if (choice === null) return;
  writeKey(SELECTED_METHOD, choice.methodId);
  window.history.replaceState(null, '', `${choice.path}${window.location.search}`);
}
