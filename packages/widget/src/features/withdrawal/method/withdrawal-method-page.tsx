import { fieldKind } from '@cashdesk/domain';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { readPayoutVerification, readVerifiedAccount } from '../../../app/payout-verification';
import {
  usePayoutInitQuery,
  usePayoutSelectQuery,
  useUserCardsQuery,
} from '../../../api/cashier-api';
import { useFieldCode } from '../../../fields';
import { buildMethodForm } from '../../../method-form/method-form';
import {
  findRouteMethod,
  MethodPage,
  useMethodBodyAttributes,
} from '../../../method-form/method-page-parts';
import type { MethodPageTexts } from '../../../method-form/method-page-parts';
import { WithdrawalFormView } from './withdrawal-form-view';
import './withdrawal-method.css';

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
  const environment = useAppSelector((state) => state.session.environment);
  const init = usePayoutInitQuery(undefined);
  const found = useMemo(
    () =>
      init.data === undefined
        ? null
        : findRouteMethod(
            init.data.payout_groups,
            { user_bonuses: [], lost_profit_merchant_bonus: null },
            provider,
            environment,
          ),
    [init.data, provider, environment],
  );
  const currency = found?.method.currencyAlpha3 ?? null;
  const select = usePayoutSelectQuery(
    found === null || currency === null ? skipToken : { payGroupId: provider, currency },
  );
  const form = useMemo(
    () =>
      select.data === undefined || found === null
        ? null
        : buildMethodForm({
            detail: select.data,
            flow: 'withdrawal',
            currency: found.method.currencyAlpha3,
            precision: found.method.currencyPrecision,
          }),
    [select.data, found],
  );
  const paysToCard = form?.fields.some((field) => fieldKind(field) === 'card') === true;
  const cards = useUserCardsQuery(paysToCard ? undefined : skipToken);
  // The form appears whole: no field's code arrives after it is on screen.
  const fieldCodeReady = useFieldCode(form?.fields ?? null);
  useMethodBodyAttributes(found === null ? null : provider, currency);

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
  if (
    init.data === undefined ||
    (found !== null && select.data === undefined) ||
    (paysToCard && cards.isLoading) ||
    (missingVerified && select.isFetching) ||
    !fieldCodeReady
  ) {
    const title = found?.method.displayName ?? null;
    return <MethodPage texts={texts} state={{ kind: 'loading', title, queries: [init, select] }} />;
  }

  if (found === null || form === null || select.data === undefined) {
    return <MethodPage texts={texts} state={{ kind: 'unavailable' }} />;
  }

  return (
    <MethodPage texts={texts} state={{ kind: 'ready', title: found.method.displayName }}>
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
