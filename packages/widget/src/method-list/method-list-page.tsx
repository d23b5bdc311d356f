/**
 * The homepage of both flows, /deposit and /withdrawal (SPEC §2 "Homepage"): the player's
 * balance, the method carousel, quick suggestions, type filters and the method tiles grouped as
 * Popular, LostProfit, Regular and Disabled, with the no-methods and all-methods-unavailable
 * messages; the automatic method choice of SPEC §4 on the first load; and, in either flow, the
 * pending withdrawal the player may cancel (SPEC §2 cancel-withdrawal popup) beside the link to
 * the pending payments. The deposit and withdrawal
 * features render it with their init answer; what differs by flow is passed in or keyed by flow.
 *
 * @packageDocumentation
 */
import {
  autoSelectMethod,
  buildTypeFilters,
  carouselMethods,
  currencyDisplayFormat,
  filterMethodsByType,
  groupMethods,
  isCarouselVisible,
  isMethodDisabled,
  quickSuggestions,
  readCashierFeatures,
  userBonusesByPayGroups,
  withDefaultViewDataEntry,
  ICON_SIZE_REGULAR_BUTTON,
} from '@cashdesk/domain';
import type { ViewDataItem } from '@cashdesk/contract';
import type { Method, MethodTypeFilter } from '@cashdesk/domain';
import type { SerializedError } from '@reduxjs/toolkit';
import type { ApiError } from '../api/http';
import { useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isSessionExpiredApiError } from '../api/http';
import { formatAmount, formatMoney } from '../i18n/format';
import { useAppDispatch, useAppSelector, useAppStore } from '../store/hooks';
import { initReceived } from '../store/session-slice';
import { skipsAutoChoice } from './skip-auto-choice';
import { keepInitOnPage } from './keep-init';
import { Button } from '../ui/button';
import { Icon } from '../ui/icon';
import { Skeleton } from '../ui/skeleton';
import { usePageTitle } from '../ui/use-page-title';
import {
  carouselViewToggled,
  filterChosen,
  initialLoadFinished,
  selectList,
} from './method-list-slice';
import type { ListFlow } from './method-list-slice';
import { GROUP_ORDER, homeSections, inDisplayOrder, mapListMethods } from './home-model';
import { listWallets, useNativePayReady } from '../browser/wallet-pay';
import type { GroupName, ListResponse } from './home-model';
import { readLastUsedMethodId, readSelectedMethodId, takeSkipLastUsedFlag } from './home-storage';
import { MethodShortcuts } from './method-shortcuts';
import { countryName } from '../fields/phone/flag';
import { HomeViewData } from '../method-form/view-data';
import { trackClickstream } from '../realtime/clickstream';
import { MethodGroup } from './method-group';
import { CancelWithdrawalBanner } from '../reversal';
import { TypeFilterBar } from './type-filter-bar';
import { useChooseMethod } from './use-choose-method';
import { useMinuteClock } from './use-minute-clock';
import { useSmallScreen, useWideLayout } from './use-wide-layout';
import './method-list.css';

/** The group titles both lists share (SPEC §2 groups); the regular group is the flow's own. */
const GROUP_TITLE_KEYS: Readonly<Record<Exclude<GroupName, 'regular'>, string>> = {
  popular: 'DEPOSIT_HOME.GROUP.POPULAR',
  lostProfit: 'DEPOSIT_HOME.GROUP.LOST_PROFIT',
  disabled: 'DEPOSIT_HOME.GROUP.DISABLED',
};

/** The texts that differ between the deposit and the withdrawal list. */
interface FlowTextKeys {
  readonly noMethods: string;
  readonly allUnavailable: string;
  /** Every group's title: the shared ones plus the Regular group's (payment or withdrawal methods). */
  readonly groups: Readonly<Record<GroupName, string>>;
}

const FLOW_TEXT_KEYS: Readonly<Record<ListFlow, FlowTextKeys>> = {
  deposit: {
    noMethods: 'DEPOSIT_HOME.NO_METHODS.TEXT',
    allUnavailable: 'DEPOSIT_HOME.ALL_UNAVAILABLE.TEXT',
    groups: { ...GROUP_TITLE_KEYS, regular: 'DEPOSIT_HOME.GROUP.REGULAR' },
  },
  withdrawal: {
    noMethods: 'WITHDRAWAL.NO_METHODS.TEXT',
    allUnavailable: 'WITHDRAWAL.ALL_UNAVAILABLE.TEXT',
    groups: { ...GROUP_TITLE_KEYS, regular: 'WITHDRAWAL.GROUP.REGULAR' },
  },
};

/** The init query as the page reads it (RTK Query's result of either init call). */
export interface ListQuery {
  readonly data: ListResponse | undefined;
  readonly error: ApiError | SerializedError | undefined;
  readonly isFetching: boolean;
  readonly refetch: () => unknown;
}

export interface MethodListPageProps {
  readonly flow: ListFlow;
  /** The page title (h1 and document title). */
  readonly title: string;
  readonly query: ListQuery;
  /** Shown between the header and the list (the withdrawal's wager notice). */
  readonly children?: ReactNode;
  /**
   * The children say why every method is unavailable (the withdrawal's wager notice): the
   * generic "try again later" notice would contradict them, so it is left out.
   */
  readonly unavailableExplained?: boolean;
}

/** SPEC §4: the default view-data entry of a list without payment groups: its no-methods message. */
function noMethodsEntry(flow: ListFlow): ViewDataItem {
  return {
    type: 'information_block',
    key: 'no_methods',
    title: 'DEPOSIT_HOME.NO_METHODS.TITLE',
    text: FLOW_TEXT_KEYS[flow].noMethods,
  };
}

/**
 * SPEC §2 homepage, §4 grouping, filters, quick suggestions, carousel, choosing a method and the
 * automatic method choice. Reads the init answer the shell prefetched.
 *
 * The automatic choice (SPEC §4, deposit order) runs once per page load, on the first load of
 * the list, and navigates with `replace`. It is skipped (the list is shown) when:
 * - the list was already shown in this page load (the player came back, e.g. with Back);
 * - the player was sent back on purpose: router state SKIP_AUTO_CHOICE (skip-auto-choice.ts), or
 *   the stored flag phSkipLasUsedMethod (read once and cleared) that the result page's "all
 *   methods" sets;
 * - a withdrawal of the player is pending (init's withdrawal_reverse): the homepage shows it with
 *   its cancel, which a method page opened at once would hide from a player who came back for
 *   exactly that.
 * The flag is also passed to the domain as "skip the last-used step".
 */
export function MethodListPage({
  flow,
  title,
  query,
  children,
  unavailableExplained = false,
}: MethodListPageProps) {
  const { t, i18n } = useTranslation();
  usePageTitle(title);
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const location = useLocation();
  const choose = useChooseMethod(flow);
  const wide = useWideLayout();
  const smallScreen = useSmallScreen();
  const environment = useAppSelector((state) => state.session.environment);
  const brand = useAppSelector((state) => state.session.brand);
  // SPEC §3 countryCode: the player's country the init answer named.
  const profileCountry = useAppSelector((state) => state.session.countryCode);
  const preselectedPayGroup = useAppSelector((state) => state.session.params.preselectedPayGroupId);
  const list = useAppSelector((state) => selectList(state, flow));
  const { initialLoadDone, carouselSwitchedOff } = list;
  const storedFilter = list.filter;
  const { data, error, isFetching, refetch } = query;
  // SPEC §6: Apple Pay and Google Pay only where the platform shows them and the browser pays.
  // While the browser is asked, the list waits: the automatic choice (SPEC §4) sees it whole.
  const asked = listWallets(data?.groups ?? [], environment);
  const wallets = useNativePayReady(asked.wallets, asked.currency);
  const nativePayReady = wallets.ready;
  const walletsPending = wallets.pending;

  const model = useMemo(() => {
    if (data === undefined || walletsPending) return null;
    const lastUsedMethodId = readLastUsedMethodId();
    const methods = mapListMethods(data, environment, lastUsedMethodId, nativePayReady);
    const ordered = inDisplayOrder(groupMethods(methods));
    const bonuses = userBonusesByPayGroups(data.user_bonuses);
    return {
      methods,
      ordered,
      carousel: carouselMethods(ordered, { redirectMethodId: readSelectedMethodId() }),
      lastUsedMethodId,
      // SPEC §3: the carousel and the quick suggestions are cashier features of the brand.
      features: readCashierFeatures(data.cashier_features),
      filters: buildTypeFilters(methods),
      currency: methods[0]?.currencyAlpha3 ?? null,
      precision: methods[0]?.currencyPrecision,
      display: currencyDisplayFormat(data.widget_settings.currency_display_setting_id),
      // A general bonus applies to every method: said once above the list, not on every tile.
      generalBonus: bonuses.general?.bonusDescription ?? null,
      specificBonusIds: new Set(bonuses.byPayGroup.keys()),
      pendingWithdrawal: data.withdrawal_reverse !== null,
    };
  }, [data, environment, nativePayReady, walletsPending]);

  // SPEC §3: the merchant return URLs and the balance belong to the shared session state.
  useEffect(() => {
    if (data === undefined) return;
    keepInitOnPage(data);
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
        countryCode: data.user_profile.country,
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
    if (selectList(store.getState(), flow).initialLoadDone) return;
    const skipLastUsed = takeSkipLastUsedFlag();
    dispatch(initialLoadFinished(flow));
    const selection = autoSelectMethod({
      flow,
      methods: model.ordered,
      skip: skipLastUsed || skipsAutoChoice(location.state) || model.pendingWithdrawal,
      preselectedPayGroup,
      // Without the carousel feature there is no carousel to take the first method of.
      carouselMethods: model.features.carousel ? model.carousel : [],
      skipLastUsed,
    });
    if (selection.method !== null) choose(selection.method, { replace: true });
  }, [model, store, dispatch, flow, location.state, preselectedPayGroup, choose]);

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
  const { features } = model;
  const carouselRule = { initialLoadDone, methodCount: model.carousel.length, brand };
  const carouselShown =
    features.carousel && isCarouselVisible({ ...carouselRule, carouselSwitchedOff });
  // The switch is offered while the carousel could show: not for a brand it is never shown to.
  const carouselOffered =
    features.carousel && isCarouselVisible({ ...carouselRule, carouselSwitchedOff: false });
  // The carousel and the quick suggestions, and on a phone each method offered once.
  const { lastUsedMethodId } = model;
  const sections = homeSections({
    listed: filterMethodsByType(model.methods, active),
    allShown: active === 'all',
    carousel: model.carousel,
    carouselShown,
    ordered: model.ordered,
    suggest: features.quickSuggestions
      ? (methods) => quickSuggestions(methods, { lastUsedMethodId })
      : null,
    smallScreen,
  });
  const groups = groupMethods(sections.list);
  // SPEC §4: with no payment groups to offer, the no-methods message leads the view data.
  const viewData = withDefaultViewDataEntry(
    data?.view_data ?? [],
    model.methods.length,
    noMethodsEntry(flow),
  );
  const allUnavailable =
    !unavailableExplained && model.methods.length > 0 && model.methods.every(isMethodDisabled);
  const balance =
    model.currency === null
      ? formatAmount(data?.user_balance ?? '0')
      : formatMoney(data?.user_balance ?? '0', {
          currency: model.currency,
          precision: model.precision,
          display: model.display,
        });
  // SPEC §3 country filtering: the player is told the list is the one of their country.
  const countryShown =
    data?.cashier_settings.country_filtering_enabled === true && profileCountry !== null
      ? countryName(profileCountry, i18n.language, profileCountry)
      : null;
  const onChoose = (method: Method) => {
    choose(method);
  };
  // SPEC §4: a carousel choice sends its own analytics click event.
  const onCarouselChoose = (method: Method) => {
    dispatch(
      trackClickstream({
        type: 'click',
        payGroup: { id: method.id, minAmount: method.limits.min, maxAmount: method.limits.max },
        data: { target: 'carousel' },
      }),
    );
    choose(method);
  };

  // SPEC §2: the player can switch the carousel view off (and on again) while it has methods to
  // show; it belongs to the "All" view with the shortcut row.
  const carouselSwitch =
    active === 'all' && carouselOffered ? (
      <div className="cd-dh-carousel-toggle">
        <button
          type="button"
          role="switch"
          className="cd-dh-switch"
          aria-checked={!carouselSwitchedOff}
          onClick={() => {
            dispatch(carouselViewToggled(flow));
          }}
        >
          <span className="cd-dh-switch__track" aria-hidden="true">
            <span className="cd-dh-switch__thumb" />
          </span>
          {t('DEPOSIT_HOME.CAROUSEL.TOGGLE')}
        </button>
      </div>
    ) : null;

  return (
    <section className="cd-dh" aria-labelledby="cd-dh-title">
      <header className="cd-dh__header">
        <h1 id="cd-dh-title" className="cd-page-title">
          {title}
        </h1>
        <p className="cd-dh__balance">
          <span className="cd-dh__balance-label">{t('DEPOSIT_HOME.BALANCE')}</span>{' '}
          {isFetching ? (
            // The list's answer is being read again (a payment moved the balance): no figure from
            // before it is shown meanwhile.
            <strong className="cd-dh__balance-value cd-dh__balance-value--updating">
              {t('DEPOSIT_HOME.BALANCE_UPDATING')}
            </strong>
          ) : (
            <strong className="cd-dh__balance-value" dir="ltr">
              {balance}
            </strong>
          )}
        </p>
        {/* The pending payments and history of the player, from either flow. */}
        <Link
          className="cd-button cd-button--link cd-dh__history"
          to={{ pathname: `/${flow}-history`, search: location.search }}
        >
          <Icon name="clock" size={ICON_SIZE_REGULAR_BUTTON} />
          {t('HISTORY.LINK')}
        </Link>
      </header>

      {countryShown === null ? null : (
        <p className="cd-dh__country">
          {t('DEPOSIT_HOME.COUNTRY_FILTER', { country: countryShown })}
        </p>
      )}

      <CancelWithdrawalBanner
        reverse={data?.withdrawal_reverse ?? null}
        display={model.display}
        precision={model.precision}
      />
      {children}

      <HomeViewData entries={viewData} />
      {allUnavailable ? (
        <div className="cd-notice cd-notice--error" role="status">
          <p className="cd-dh-message__title">{t('DEPOSIT_HOME.ALL_UNAVAILABLE.TITLE')}</p>
          <p>{t(FLOW_TEXT_KEYS[flow].allUnavailable)}</p>
        </div>
      ) : null}

      {model.generalBonus === null ? null : (
        <p className="cd-dh-bonus-banner">
          <bdi>{model.generalBonus}</bdi>
        </p>
      )}

      {model.filters.length > 2 ? (
        <TypeFilterBar
          filters={model.filters}
          active={active}
          onChange={(filter) => {
            dispatch(filterChosen({ flow, filter }));
          }}
        />
      ) : null}

      {sections.shortcuts.length === 0 ? carouselSwitch : null}
      {sections.shortcuts.map((row, index) => (
        <MethodShortcuts
          // The first row keeps its element when the carousel goes, so the switch on it keeps focus.
          key={index === 0 ? 'first' : row.kind}
          methods={row.methods}
          kind={row.kind}
          display={model.display}
          onChoose={row.kind === 'carousel' ? onCarouselChoose : onChoose}
          // The switch sits on the carousel's row, or on the first row while the carousel is off.
          action={index === 0 ? carouselSwitch : undefined}
        />
      ))}

      {GROUP_ORDER.map((name) =>
        groups[name].length === 0 ? null : (
          <MethodGroup
            key={name}
            name={name}
            title={t(FLOW_TEXT_KEYS[flow].groups[name])}
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
