/**
 * SPEC §4 automatic method choice, decided before the first render: the page the first load of a
 * homepage settles on, worked out from the init answer alone. The server renders that page into
 * the cashier's document (server-entry.tsx); the widget decides again with its stored state (the
 * last-used method, the skip flag, the method it came back from) and hydrates the server's page
 * only when both decided the same (main.tsx), else it renders as the list page would (its effect
 * makes the same choice, method-list-page.tsx).
 *
 * @packageDocumentation
 */
import {
  autoSelectMethod,
  buildRoutePath,
  carouselMethods,
  chooseMethod,
  groupMethods,
  matchRoute,
  walletsToAsk,
} from '@cashdesk/domain';
import type { ClientEnvironment, PaymentFlow } from '@cashdesk/domain';
import { inDisplayOrder, mapListMethods } from './home-model';
import type { ListResponse } from './home-model';

/** What the choice reads besides the init answer. */
export interface FirstChoiceInput {
  readonly flow: PaymentFlow;
  readonly list: ListResponse;
  readonly environment: ClientEnvironment;
  /** SPEC §2 the `pay_group` start-up parameter. */
  readonly preselectedPayGroup: string | null;
  /** The stored state; all null and false on the server. */
  readonly lastUsedMethodId: number | null;
  readonly selectedMethodId: number | null;
  readonly skipLastUsed: boolean;
}

/** The list of a flow's init answer (deposits list payment_groups, withdrawals payout_groups). */
export function listOf(
  flow: PaymentFlow,
  init: Omit<ListResponse, 'groups'> & { readonly payment_groups?: ListResponse['groups'] } & {
    readonly payout_groups?: ListResponse['groups'];
  },
): ListResponse {
  return { ...init, groups: (flow === 'deposit' ? init.payment_groups : init.payout_groups) ?? [] };
}

/** The method page the first load opens, and its method (stored as SPEC §4 phSelectedMethodId). */
export interface FirstChoice {
  readonly path: string;
  readonly methodId: number;
}

/**
 * The method page the homepage's first load opens, or null when the choice chooses nothing and
 * the homepage shows its list (a pending withdrawal, the skip flag, no rule applies).
 */
export function firstChoice(input: FirstChoiceInput): FirstChoice | null {
  // A first screen is decided only where no wallet waits for the browser's answer ({@link
  // waitsForWallets}): no wallet is offered in it.
  const methods = mapListMethods(input.list, input.environment, input.lastUsedMethodId, []);
  const ordered = inDisplayOrder(groupMethods(methods));
  const selection = autoSelectMethod({
    flow: input.flow,
    methods: ordered,
    skip: input.skipLastUsed || input.list.withdrawal_reverse !== null,
    preselectedPayGroup: input.preselectedPayGroup,
    carouselMethods: carouselMethods(ordered, { redirectMethodId: input.selectedMethodId }),
    skipLastUsed: input.skipLastUsed,
  });
  if (selection.method === null) return null;
  const choice = chooseMethod(selection.method, input.flow);
  if (choice.kind === 'ignored' || choice.navigateTo === null) return null;
  const path = buildRoutePath(input.flow === 'deposit' ? 'deposit-method' : 'withdrawal-method', {
    provider: String(selection.method.id),
  });
  return path === null ? null : { path, methodId: selection.method.id };
}

/**
 * SPEC §6: whether the list waits for the browser's answer about a wallet before it shows (the
 * platform may show one of the listed wallets). Such a first screen is the browser's to decide,
 * so the server renders none for it.
 */
export function waitsForWallets(list: ListResponse, environment: ClientEnvironment): boolean {
  const types = list.groups.map((group) => group.native_pay_type);
  return walletsToAsk(environment, types).length > 0;
}

/**
 * SPEC §2: whether the address is a homepage (/deposit or /withdrawal), the only pages whose first
 * screen is decided before the render. Every other page of a flow (a method page, a result page,
 * saved cards, a status page) has the flow's page kind too, and renders itself.
 */
export function isHomepage(address: string): boolean {
  const routeId = matchRoute(address)?.routeId;
  return routeId === 'deposit' || routeId === 'withdrawal';
}
