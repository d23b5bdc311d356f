import { workflowKind } from '@cashdesk/domain';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import type { DepositInitResponse } from '@cashdesk/contract';
import { useDepositInitQuery, useDepositSelectQuery } from '../../../api/cashier-api';
import { MethodPage } from '../../../method-form/method-page-parts';
import type { MethodPageTexts } from '../../../method-form/method-page-parts';
import { useRouteMethodForm } from '../../../method-form/use-route-method-form';
import type { RouteMethods } from '../../../method-form/use-route-method-form';
import { MethodFormView } from './method-form-view';
import { Skeleton } from '../../../ui/skeleton';

/** SPEC §6: the Apple Pay and Google Pay page, its own chunk, loaded when such a method opens. */
const NativePayForm = lazy(() =>
  import('./native-pay-form').then((module) => ({ default: module.NativePayForm })),
);

/**
 * SPEC §2 method page (routes /deposit/{provider} and /deposit/{provider}/{form}): loads the
 * method (init answer for the pay group's currency, then payments/groups/{id}/select, SPEC §7)
 * and the saved cards of a card form, then shows the form ({@link MethodFormView}). While
 * loading it shows the method's name and a skeleton; a failed load offers a retry and the way
 * back, and a pay group the player does not have says so.
 */
export function DepositMethodPage() {
  return <MethodScreen provider={useParams().provider ?? ''} checkout={false} />;
}

/** SPEC §2: the query parameter that names the checkout's pay group. */
export const CHECKOUT_PAY_GROUP_PARAM = 'pay_group';

/**
 * SPEC §2 route checkout (workflow host-to-host, SPEC §4): the card checkout of the pay group the
 * query names (`pay_group`, which the method page sets when it hands over): the same form as
 * the method page, sending the payment request payload of SPEC §3 with the checkout's card names.
 */
export function CheckoutPage() {
  const { search } = useLocation();
  const provider = new URLSearchParams(search).get(CHECKOUT_PAY_GROUP_PARAM)?.trim() ?? '';
  return <MethodScreen provider={provider} checkout />;
}

/** The pay groups of the deposit init answer, mapped with its bonuses. */
function depositMethods(init: DepositInitResponse): RouteMethods {
  return { groups: init.payment_groups, sources: init };
}

/** The method page and the checkout: one method's form, loaded and shown. */
function MethodScreen({
  provider,
  checkout,
}: {
  readonly provider: string;
  readonly checkout: boolean;
}) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const init = useDepositInitQuery(undefined);
  const { found, select, form, cards, loading } = useRouteMethodForm({
    provider,
    flow: 'deposit',
    init,
    methodsOf: depositMethods,
    useSelect: useDepositSelectQuery,
  });

  const texts: MethodPageTexts = {
    list: '/deposit',
    back: t('DEPOSIT_METHOD.BACK'),
    loadingTitle: t('DEPOSIT_METHOD.LOADING_TITLE'),
    unavailableTitle: t('DEPOSIT_METHOD.UNAVAILABLE_TITLE'),
    unavailableText: t('DEPOSIT_METHOD.UNAVAILABLE_TEXT'),
    allMethods: t('DEPOSIT_METHOD.ALL_METHODS'),
  };
  // (init.data is checked again only to narrow its type: loading covers it.)
  if (loading || init.data === undefined) {
    const title = found?.method.displayName ?? null;
    return <MethodPage texts={texts} state={{ kind: 'loading', title, queries: [init, select] }} />;
  }

  if (found === null || form === null || select.data === undefined) {
    return <MethodPage texts={texts} state={{ kind: 'unavailable' }} />;
  }

  // SPEC §4: a host-to-host method is paid in the checkout, which takes over this address.
  if (!checkout && workflowKind(select.data.workflow_type) === 'checkout') {
    const query = new URLSearchParams(search);
    query.set(CHECKOUT_PAY_GROUP_PARAM, provider);
    return <Navigate replace to={{ pathname: '/checkout', search: `?${query.toString()}` }} />;
  }

  return (
    <MethodPage
      texts={texts}
      state={{ kind: 'ready', title: found.method.displayName, payGroupId: found.group.id }}
    >
      {found.method.nativePayType !== null && !checkout ? (
        <Suspense fallback={<Skeleton label={t('DEPOSIT_METHOD.LOADING')} rows={3} />}>
          <NativePayForm
            key={`${provider}:${form.currency}`}
            payGroupId={provider}
            wallet={found.method.nativePayType}
            form={form}
            detail={select.data}
            method={found.method}
            init={init.data}
          />
        </Suspense>
      ) : (
        <MethodFormView
          // A new method or currency is a new form; a refetch of the same one keeps what was typed.
          key={`${provider}:${form.currency}`}
          payGroupId={provider}
          form={form}
          detail={select.data}
          method={found.method}
          init={init.data}
          cards={cards.data?.cards ?? []}
          checkout={checkout}
        />
      )}
    </MethodPage>
  );
}
