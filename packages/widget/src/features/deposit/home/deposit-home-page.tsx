/**
 * The deposit homepage, route /deposit (SPEC §2 "Homepage"): the player's balance, the method
 * carousel, quick suggestions, type filters and the method tiles grouped as Popular, LostProfit,
 * Regular and Disabled, with the no-methods and all-methods-unavailable messages; the automatic
 * method choice of SPEC §4 on the first load.
 *
 * @packageDocumentation
 */
import {
  autoSelectMethod,
  buildTypeFilters,
  carouselMethods,
  currencyDisplayFormat,
  filterMethodsByType,
  formatAmount,
  formatMoney,
  groupMethods,
  isCarouselVisible,
  isMethodDisabled,
  quickSuggestions,
  userBonusesByPayGroups,
} from '@cashdesk/domain';
import type { Method, MethodTypeFilter } from '@cashdesk/domain';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useDepositInitQuery } from '../../../api/cashier-api';
import { isSessionExpiredApiError } from '../../../api/http';
import { useAppDispatch, useAppSelector, useAppStore } from '../../../app/hooks';
import { initReceived } from '../../../app/session-slice';
import { skipsAutoChoice } from '../../../app/method-list-state';
import { Button } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';
import { usePageTitle } from '../../../ui/use-page-title';
import {
  carouselViewToggled,
  filterChosen,
  initialLoadFinished,
  selectCarouselSwitchedOff,
  selectFilter,
  selectInitialLoadDone,
} from './deposit-home-slice';
import { GROUP_ORDER, inDisplayOrder, mapDepositMethods } from './home-model';
import type { GroupName } from './home-model';
import { readLastUsedMethodId, readSelectedMethodId, takeSkipLastUsedFlag } from './home-storage';
import { MethodShortcuts } from './method-shortcuts';
import { MethodGroup } from './method-group';
import { TypeFilterBar } from './type-filter-bar';
import { useChooseMethod } from './use-choose-method';
import { useMinuteClock } from './use-minute-clock';
import { useWideLayout } from './use-wide-layout';
import './deposit-home.css';

const GROUP_TITLE_KEYS: Readonly<Record<GroupName, string>> = {
  popular: 'DEPOSIT_HOME.GROUP.POPULAR',
  lostProfit: 'DEPOSIT_HOME.GROUP.LOST_PROFIT',
  regular: 'DEPOSIT_HOME.GROUP.REGULAR',
  disabled: 'DEPOSIT_HOME.GROUP.DISABLED',
};

/**
 * SPEC §2 homepage, §4 grouping, filters, quick suggestions, carousel, choosing a method and the
 * automatic method choice. Reads the init answer the shell prefetched (useDepositInitQuery).
 *
 * The automatic choice (SPEC §4, deposit order) runs once per page load, on the first load of
 * the list, and navigates with `replace`. It is skipped (the list is shown) when:
 * - the list was already shown in this page load (the player came back, e.g. with Back);
 * - the player was sent back on purpose: router state SKIP_AUTO_CHOICE (app/method-list-state), or the stored
 *   flag phSkipLasUsedMethod (read once and cleared) that the result page's "all methods" sets.
 * The flag is also passed to the domain as "skip the last-used step".
 */
export function DepositHomePage() {
  const { t } = useTranslation();
  const title = t('DEPOSIT_HOME.TITLE');
  usePageTitle(title);
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const location = useLocation();
  const choose = useChooseMethod();
  const wide = useWideLayout();
  const environment = useAppSelector((state) => state.session.environment);
  const preselectedPayGroup = useAppSelector((state) => state.session.params.preselectedPayGroupId);
  const initialLoadDone = useAppSelector(selectInitialLoadDone);
  const carouselSwitchedOff = useAppSelector(selectCarouselSwitchedOff);
  const storedFilter = useAppSelector(selectFilter);
  const { data, error, isFetching, refetch } = useDepositInitQuery(undefined);

  const model = useMemo(() => {
    if (data === undefined) return null;
    const lastUsedMethodId = readLastUsedMethodId();
    const methods = mapDepositMethods(data, environment, lastUsedMethodId);
    const ordered = inDisplayOrder(groupMethods(methods));
    const bonuses = userBonusesByPayGroups(data.user_bonuses);
    return {
      methods,
      ordered,
      carousel: carouselMethods(ordered, { redirectMethodId: readSelectedMethodId() }),
      suggestions: quickSuggestions(ordered, { lastUsedMethodId }),
      filters: buildTypeFilters(methods),
      currency: methods[0]?.currencyAlpha3 ?? null,
      precision: methods[0]?.currencyPrecision,
      display: currencyDisplayFormat(data.widget_settings.currency_display_setting_id),
      // A general bonus applies to every method: said once above the list, not on every tile.
      generalBonus: bonuses.general?.bonusDescription ?? null,
      specificBonusIds: new Set(bonuses.byPayGroup.keys()),
    };
  }, [data, environment]);

  // SPEC §3: the merchant return URLs and the balance belong to the shared session state.
  useEffect(() => {
    if (data === undefined) return;
    dispatch(
      initReceived({
        merchant: {
          merchantUrl: data.merchant_url,
          merchantSuccessUrl: data.merchant_success_url,
          merchantFailUrl: data.merchant_fail_url,
          merchantProcessingUrl: data.merchant_processing_url,
          merchantRedirectType: data.merchant_redirect_type,
        },
        userBalance: data.user_balance,
      }),
    );
  }, [data, dispatch]);

  // SPEC §2 body data attributes: the list's currency; no pay group is current on the list.
  const currency = model?.currency ?? null;
  useEffect(() => {
    if (currency === null) document.body.removeAttribute('data-currency');
    else document.body.dataset.currency = currency;
    document.body.removeAttribute('data-pay-group-id');
  }, [currency]);

  // SPEC §4 automatic method choice, first load only (see the component's comment).
  useEffect(() => {
    if (model === null) return;
    // The store, not the render's value: a second run (Strict Mode) must not choose twice.
    if (selectInitialLoadDone(store.getState())) return;
    const skipLastUsed = takeSkipLastUsedFlag();
    dispatch(initialLoadFinished());
    const selection = autoSelectMethod({
      flow: 'deposit',
      methods: model.ordered,
      skip: skipLastUsed || skipsAutoChoice(location.state),
      preselectedPayGroup,
      carouselMethods: model.carousel,
      skipLastUsed,
    });
    if (selection.method !== null) choose(selection.method, { replace: true });
  }, [model, store, dispatch, location.state, preselectedPayGroup, choose]);

  const restricted = model?.methods.some((method) => method.restrictedUntil !== null) ?? false;
  const now = useMinuteClock(restricted);

  if (error !== undefined && model === null) {
    // Code 17 is handled globally: the session gate shows the session-expired screen.
    if ('errorCode' in error && isSessionExpiredApiError(error)) {
      return <Skeleton label={t('DEPOSIT_HOME.LOADING')} />;
    }
    return (
      <section className="cd-dh" aria-labelledby="cd-dh-title">
        <h1 id="cd-dh-title" className="cd-page-title">
          {title}
        </h1>
        <div className="cd-notice cd-notice--error" role="alert">
          <p className="cd-dh-message__title">{t('DEPOSIT_HOME.ERROR.TITLE')}</p>
          <p>{t('DEPOSIT_HOME.ERROR.TEXT')}</p>
        </div>
        <Button
          className="cd-dh-retry"
          disabled={isFetching}
          onClick={() => {
            void refetch();
          }}
        >
          {t('DEPOSIT_HOME.ERROR.RETRY')}
        </Button>
      </section>
    );
  }

  if (model === null || !initialLoadDone) {
    return <Skeleton label={t('DEPOSIT_HOME.LOADING')} rows={5} />;
  }

  const active: MethodTypeFilter = model.filters.includes(storedFilter) ? storedFilter : 'all';
  const groups = groupMethods(filterMethodsByType(model.methods, active));
  const carouselShown = isCarouselVisible({
    initialLoadDone,
    carouselSwitchedOff,
    methodCount: model.carousel.length,
  });
  const allUnavailable = model.methods.length > 0 && model.methods.every(isMethodDisabled);
  const balance =
    model.currency === null
      ? formatAmount(data?.user_balance ?? '0')
      : formatMoney(data?.user_balance ?? '0', {
          currency: model.currency,
          precision: model.precision,
          display: model.display,
        });
  const onChoose = (method: Method) => {
    choose(method);
  };

  return (
    <section className="cd-dh" aria-labelledby="cd-dh-title">
      <header className="cd-dh__header">
        <h1 id="cd-dh-title" className="cd-page-title">
          {title}
        </h1>
        <p className="cd-dh__balance">
          <span className="cd-dh__balance-label">{t('DEPOSIT_HOME.BALANCE')}</span>{' '}
          <strong className="cd-dh__balance-value" dir="ltr">
            {balance}
          </strong>
        </p>
      </header>

      {model.methods.length === 0 ? (
        <div className="cd-notice" role="status">
          <p className="cd-dh-message__title">{t('DEPOSIT_HOME.NO_METHODS.TITLE')}</p>
          <p>{t('DEPOSIT_HOME.NO_METHODS.TEXT')}</p>
        </div>
      ) : null}
      {allUnavailable ? (
        <div className="cd-notice cd-notice--error" role="status">
          <p className="cd-dh-message__title">{t('DEPOSIT_HOME.ALL_UNAVAILABLE.TITLE')}</p>
          <p>{t('DEPOSIT_HOME.ALL_UNAVAILABLE.TEXT')}</p>
        </div>
      ) : null}

      {model.generalBonus === null ? null : (
        <p className="cd-dh-bonus-banner">
          <bdi>{model.generalBonus}</bdi>
        </p>
      )}

      {model.carousel.length > 1 ? (
        <div className="cd-dh-carousel-toggle">
          <button
            type="button"
            role="switch"
            className="cd-dh-switch"
            aria-checked={!carouselSwitchedOff}
            onClick={() => {
              dispatch(carouselViewToggled());
            }}
          >
            <span className="cd-dh-switch__track" aria-hidden="true">
              <span className="cd-dh-switch__thumb" />
            </span>
            {t('DEPOSIT_HOME.CAROUSEL.TOGGLE')}
          </button>
        </div>
      ) : null}
      {carouselShown ? (
        <MethodShortcuts methods={model.carousel} kind="carousel" onChoose={onChoose} />
      ) : null}
      {model.suggestions.length > 0 ? (
        <MethodShortcuts methods={model.suggestions} kind="suggestions" onChoose={onChoose} />
      ) : null}

      {model.filters.length > 2 ? (
        <TypeFilterBar
          filters={model.filters}
          active={active}
          onChange={(filter) => {
            dispatch(filterChosen(filter));
          }}
        />
      ) : null}

      {GROUP_ORDER.map((name) =>
        groups[name].length === 0 ? null : (
          <MethodGroup
            key={name}
            name={name}
            title={t(GROUP_TITLE_KEYS[name])}
            methods={groups[name]}
            wide={wide}
            display={model.display}
            now={now}
            specificBonusIds={model.specificBonusIds}
            onChoose={onChoose}
          />
        ),
      )}
    </section>
  );
}
