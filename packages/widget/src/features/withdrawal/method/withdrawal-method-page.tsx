import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import {
  readPayoutVerification,
  readVerifiedAccount,
} from '../../../route-state/payout-verification';
import type { PayoutInitResponse } from '@cashdesk/contract';
import { usePayoutInitQuery, usePayoutSelectQuery } from '../../../api/cashier-api';
import { MethodPage } from '../../../method-form/method-page-parts';
import type { MethodPageTexts } from '../../../method-form/method-page-parts';
import { useRouteMethodForm } from '../../../method-form/use-route-method-form';
import type { RouteMethods } from '../../../method-form/use-route-method-form';
import { WithdrawalFormView } from './withdrawal-form-view';
import './withdrawal-method.css';

/** The payout groups of the init answer (no deposit bonuses in a withdrawal). */
function payoutMethods(init: PayoutInitResponse): RouteMethods {
  return {
    groups: init.payout_groups,
    sources: { user_bonuses: [], lost_profit_merchant_bonus: null, cashier_features: [] },
  };
}

/**
 * SPEC §2 withdrawal method page (route /withdrawal/{provider}): loads the payout group (init
 * answer for its currency, then payouts/groups/{id}/select, SPEC §7) and, for a payout to a
 * card, the player's saved cards; then shows {@link WithdrawalFormView}. Coming back from a
 * verification (router state VerifiedAccountState) it chooses the confirmed account and
 * restores the amount stored before (SPEC §4).
 */
export function WithdrawalMethodPage() {
  const provider = useParams().provider ?? '';
  const { t } = useTranslation();
  const location = useLocation();
  const verified = readVerifiedAccount(location.state);
  // "Try again" after a block brings the hand-over back: the stored amount is restored.
  const retried = readPayoutVerification(location.state);
  const init = usePayoutInitQuery(undefined);
  const { found, select, form, cards, loading } = useRouteMethodForm({
    provider,
    flow: 'withdrawal',
    init,
    methodsOf: payoutMethods,
    useSelect: usePayoutSelectQuery,
  });

  // An account confirmed on the verification page is new to the cached detail: ask again.
  const missingVerified =
    verified !== null &&
    select.data !== undefined &&
    !select.data.payout_accounts.some((account) => account.id === verified.requisiteId);
  const { refetch } = select;
  useEffect(() => {
    if (missingVerified) void refetch();
  }, [missingVerified, refetch]);

  const texts: MethodPageTexts = {
    list: '/withdrawal',
    back: t('WITHDRAWAL.BACK'),
    loadingTitle: t('WITHDRAWAL.TITLE'),
    unavailableTitle: t('DEPOSIT_METHOD.UNAVAILABLE_TITLE'),
    unavailableText: t('WITHDRAWAL.UNAVAILABLE_TEXT'),
    allMethods: t('WITHDRAWAL.ALL_METHODS'),
  };
  // (init.data is checked again only to narrow its type: loading covers it.)
  if (loading || init.data === undefined || (missingVerified && select.isFetching)) {
    const title = found?.method.displayName ?? null;
    return <MethodPage texts={texts} state={{ kind: 'loading', title, queries: [init, select] }} />;
  }

  if (found === null || form === null || select.data === undefined) {
    return <MethodPage texts={texts} state={{ kind: 'unavailable' }} />;
  }

  return (
    <MethodPage
      texts={texts}
      state={{ kind: 'ready', title: found.method.displayName, payGroupId: found.group.id }}
    >
      <WithdrawalFormView
        // A confirmed account coming back is a fresh form with its stored amount.
        key={`${provider}:${form.currency}:${verified?.requisiteId ?? ''}`}
        payGroupId={provider}
        form={form}
        detail={select.data}
        method={found.method}
        init={init.data}
        cards={cards.data?.cards ?? []}
        verified={verified}
        storedAmount={retried?.payGroupId === provider ? retried.amount : null}
      />
    </MethodPage>
  );
}
