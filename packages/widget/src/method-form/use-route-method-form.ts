import type { ENDPOINTS, PayGroup } from '@cashdesk/contract';
import { fieldKind } from '@cashdesk/domain';
import type { Method } from '@cashdesk/domain';
import { skipToken } from '@reduxjs/toolkit/query';
import type { SkipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import { useUserCardsQuery } from '../api/cashier-api';
import type { SelectArgs } from '../api/cashier-api';
import type { ResponseOf } from '../api/http';
import { useAppSelector } from '../store/hooks';
import { useFieldCode } from '../fields';
import { listWallets, useNativePayReady } from '../browser/wallet-pay';
import { buildMethodForm } from './method-form';
import type { AnyMethodDetail, FormFlow, MethodForm } from './method-form';
import { findRouteMethod, useMethodBodyAttributes } from './method-page-parts';
import type { MethodSources } from './method-page-parts';

/** What the page reads of an RTK Query result. */
interface Query<Data> {
  readonly data?: Data | undefined;
  readonly isError: boolean;
  readonly isFetching: boolean;
  readonly refetch: () => unknown;
}

/** The pay groups of one flow's init answer and what their methods are mapped with. */
export interface RouteMethods {
  readonly groups: readonly PayGroup[] | undefined;
  readonly sources: MethodSources;
}

export interface RouteMethodFormInput<Init, Detail extends AnyMethodDetail> {
  /** The route's pay group id. */
  readonly provider: string;
  readonly flow: FormFlow;
  /** The flow's init answer (SPEC §7 payments or payouts groups/init). */
  readonly init: Query<Init>;
  /** The pay groups of the init answer; a module-level function (it is a memo dependency). */
  readonly methodsOf: (init: Init) => RouteMethods;
  /** The flow's select query hook (SPEC §7 groups/{id}/select); a module-level hook. */
  readonly useSelect: (args: SelectArgs | SkipToken) => Query<Detail>;
}

export interface RouteMethodForm<Detail> {
  readonly found: { readonly group: PayGroup; readonly method: Method } | null;
  readonly select: Query<Detail>;
  readonly form: MethodForm | null;
  /** The player's saved cards (loaded only for a form with a card field). */
  readonly cards: Query<ResponseOf<typeof ENDPOINTS.userCardsList>>;
  /**
   * Whether the page still waits: for the init answer, the method's detail, the saved cards a
   * card form lists, or the code of a field (the form appears whole: no field's code arrives
   * after it is on screen, where it would move the buttons under the player's finger).
   */
  readonly loading: boolean;
}

/**
 * SPEC §2 method page of either flow: the route's pay group in the init answer, its detail
 * (select, in the method's currency), the form built from it, the saved cards when a field lists
 * them, the field code the form needs, and the body data attributes of the method.
 */
export function useRouteMethodForm<Init, Detail extends AnyMethodDetail>({
  provider,
  flow,
  init,
  methodsOf,
  useSelect,
}: RouteMethodFormInput<Init, Detail>): RouteMethodForm<Detail> {
  const environment = useAppSelector((state) => state.session.environment);
  // SPEC §6: a wallet's page waits for the browser's answer rather than say it is unavailable.
  const routeGroup = ((init.data === undefined ? [] : methodsOf(init.data).groups) ?? []).filter(
    (group) => String(group.id) === provider,
  );
  const asked = listWallets(routeGroup, environment);
  const wallets = useNativePayReady(asked.wallets, asked.currency);
  const found = useMemo(() => {
    if (init.data === undefined) return null;
    const { groups, sources } = methodsOf(init.data);
    return findRouteMethod(groups, sources, provider, environment, wallets.ready);
  }, [init.data, methodsOf, provider, environment, wallets.ready]);
  const currency = found?.method.currencyAlpha3 ?? null;
  const select = useSelect(
    found === null || currency === null ? skipToken : { payGroupId: provider, currency },
  );
  const form = useMemo(
    () =>
      select.data === undefined || found === null
        ? null
        : buildMethodForm({
            detail: select.data,
            flow,
            currency: found.method.currencyAlpha3,
            precision: found.method.currencyPrecision,
          }),
    [select.data, found, flow],
  );
  // A deposit card form offers the saved cards; a payout to a card lists them.
  const listsCards =
    form !== null && (form.isCardForm || form.fields.some((field) => fieldKind(field) === 'card'));
  const cards = useUserCardsQuery(listsCards ? undefined : skipToken);
  const fieldCodeReady = useFieldCode(form?.fields ?? null);
  useMethodBodyAttributes(found === null ? null : provider, currency);
  const loading =
    init.data === undefined ||
    wallets.pending ||
    (found !== null && select.data === undefined) ||
    (listsCards && cards.isLoading) ||
    !fieldCodeReady;
  return { found, select, form, cards, loading };
}
