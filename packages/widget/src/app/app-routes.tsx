/**
 * The route table of SPEC §2, generated from the domain's ROUTES: every route has a screen
 * (screens that later issues build show a clear "not available yet" page). Overlay routes
 * (/select-country, /betshop-withdrawal) render over the page they were opened from, which
 * stays mounted so the form under them keeps what the player typed.
 *
 * @packageDocumentation
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { ROUTES } from '@cashdesk/domain';
import type { RouteDefinition } from '@cashdesk/domain';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import type { Location } from 'react-router';
import { reportReady } from '../host/host-bridge';
import { Skeleton } from '../ui/skeleton';
import { NotAvailable } from './not-available';
import { SCREEN_CODE } from './screen-code';
import { SessionGate } from './session-gate';
import { useAppSelector } from '../store/hooks';
import { RouteFocus } from './route-focus';
import { ResumeAfterReload } from './resume-after-reload';

type Screen = LazyExoticComponent<ComponentType<{ readonly route: RouteDefinition }>>;

const { deposit, result, altPayments, displayForm, content, selectCountry, cards } = SCREEN_CODE;

const DepositHome: Screen = lazy(() => deposit().then((m) => ({ default: m.DepositHomePage })));
const DepositMethod: Screen = lazy(() => deposit().then((m) => ({ default: m.DepositMethodPage })));
const Checkout: Screen = lazy(() => deposit().then((m) => ({ default: m.CheckoutPage })));
const ResultScreen: Screen = lazy(() => result().then((m) => ({ default: m.StatusPage })));
const AltPayment: Screen = lazy(() => altPayments().then((m) => ({ default: m.AltPaymentPage })));
const DisplayForm: Screen = lazy(() => displayForm().then((m) => ({ default: m.DisplayFormPage })));
const ContentScreen: Screen = lazy(() => content().then((m) => ({ default: m.ContentPage })));
const CardsScreen: Screen = lazy(() => cards().then((m) => ({ default: m.CardsPage })));
const TokenizationScreen: Screen = lazy(() =>
  cards().then((m) => ({ default: m.TokenizationPage })),
);
const { accountManagement } = SCREEN_CODE;
const { withdrawal } = SCREEN_CODE;
const WithdrawalHome: Screen = lazy(() =>
  withdrawal().then((m) => ({ default: m.WithdrawalHomePage })),
);
const WithdrawalMethod: Screen = lazy(() =>
  withdrawal().then((m) => ({ default: m.WithdrawalMethodPage })),
);
const RejectWithdrawal: Screen = lazy(() =>
  withdrawal().then((m) => ({ default: m.RejectWithdrawalPage })),
);
const VerifyAccount: Screen = lazy(() =>
  accountManagement().then((m) => ({ default: m.VerifyAccountPage })),
);
const AccountBlocked: Screen = lazy(() =>
  accountManagement().then((m) => ({ default: m.AccountBlockedPage })),
);
const AccountStatus: Screen = lazy(() =>
  accountManagement().then((m) => ({ default: m.AccountStatusPage })),
);
const AccountSupport: Screen = lazy(() =>
  accountManagement().then((m) => ({ default: m.AccountSupportPage })),
);
const ErrorPopup = lazy(() => result().then((m) => ({ default: m.ErrorPopup })));
const SelectCountry: Screen = lazy(() =>
  selectCountry().then((m) => ({ default: m.SelectCountryPage })),
);
const { selectBetShop, betShop } = SCREEN_CODE;
const SelectBetShop: Screen = lazy(() =>
  selectBetShop().then((m) => ({ default: m.SelectBetShopPage })),
);
const BetShopDeposit: Screen = lazy(() =>
  betShop().then((m) => ({ default: m.BetShopDepositPage })),
);
const { errorPage } = SCREEN_CODE;
const ErrorScreen: Screen = lazy(() => errorPage().then((m) => ({ default: m.ErrorPage })));
const { history } = SCREEN_CODE;
const PaymentHistory: Screen = lazy(() =>
  history().then((m) => ({ default: m.PaymentHistoryPage })),
);

/** Which screen each route id shows; routes absent here show {@link NotAvailable}. */
export const SCREENS: Readonly<Record<string, Screen>> = {
  deposit: DepositHome,
  'deposit-method': DepositMethod,
  'deposit-method-form': DepositMethod,
  checkout: Checkout,
  'deposit-display-form': DisplayForm,
  'deposit-success': ResultScreen,
  'deposit-error': ResultScreen,
  'deposit-processing': ResultScreen,
  'deposit-await': ResultScreen,
  'deposit-charity-success': ResultScreen,
  'deposit-fail': ResultScreen,
  'deposit-redirect': ResultScreen,
  'payments-interaction': AltPayment,
  'payments-status': AltPayment,
  'payments-3ds-result': AltPayment,
  '3ds-result': AltPayment,
  '3ds-result-session': AltPayment,
  content: ContentScreen,
  error: ErrorScreen,
  cards: CardsScreen,
  'withdrawal-cards': CardsScreen,
  'tokenization-page': TokenizationScreen,
  withdrawal: WithdrawalHome,
  'withdrawal-method': WithdrawalMethod,
  'reject-withdrawal': RejectWithdrawal,
  'withdrawal-success': ResultScreen,
  'withdrawal-error': ResultScreen,
  'withdrawal-processing': ResultScreen,
  'withdrawal-await': ResultScreen,
  'withdrawal-charity-success': ResultScreen,
  'withdrawal-fail': ResultScreen,
  'withdrawal-redirect': ResultScreen,
  'withdrawal-verify-account': VerifyAccount,
  'account-management-blocked': AccountBlocked,
  'account-management-status': AccountStatus,
  'account-management-status-success': AccountStatus,
  'account-management-status-error': AccountStatus,
  'account-management-support': AccountSupport,
  'select-country': SelectCountry,
  'betshop-withdrawal': SelectBetShop,
  'betshop-deposit': BetShopDeposit,
  'deposit-history': PaymentHistory,
  'withdrawal-history': PaymentHistory,
};

function routeElement(route: RouteDefinition) {
  const Screen = SCREENS[route.id];
  return Screen === undefined ? <NotAvailable route={route} /> : <Screen route={route} />;
}

/** The router state an overlay route carries: the page it opened over. */
function backgroundOf(location: Location): Location | null {
  const state: unknown = location.state;
  if (typeof state !== 'object' || state === null || !('background' in state)) return null;
  const background: unknown = state.background;
  if (typeof background !== 'object' || background === null) return null;
  const read = (key: string): string | null => {
    const value: unknown = Reflect.get(background, key);
    return typeof value === 'string' ? value : null;
  };
  const pathname = read('pathname');
  if (pathname === null) return null;
  return {
    ...location,
    pathname,
    search: read('search') ?? '',
    hash: read('hash') ?? '',
    state: null,
  };
}

function RouteList({ location }: { readonly location?: Location }) {
  const { search } = useLocation();
  return (
    <Routes {...(location === undefined ? {} : { location })}>
      <Route path="/" element={<Navigate to={{ pathname: '/deposit', search }} replace />} />
      {ROUTES.map((route) => (
        <Route key={route.id} path={route.path} element={routeElement(route)} />
      ))}
      <Route path="*" element={<NotAvailable route={null} />} />
    </Routes>
  );
}

/**
 * SPEC §3, §8 error popup: its code (the result feature's chunk) is loaded the first time a popup
 * opens, not with every page; it stays mounted afterwards so that closing it returns the focus.
 */
function ErrorPopupWhenOpened() {
  const open = useAppSelector((state) => state.ui.errorPopup.isOpen);
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ErrorPopup />
    </Suspense>
  );
}

/**
 * Tells the host the first screen rendered (`ready`). It sits beside the screens in their
 * Suspense boundary, and nothing in a boundary commits while a part of it still loads, so its
 * effect runs once the first screen itself (not the loading skeleton) is on the page.
 */
function FirstScreenRendered() {
  useEffect(() => {
    reportReady();
  }, []);
  return null;
}

/** Every route of SPEC §2, with overlays over their background page. */
export function AppRoutes() {
  const { t } = useTranslation();
  const location = useLocation();
  const background = backgroundOf(location);
  const expired = useAppSelector((state) => state.session.isSessionExpired);
  const loading = <Skeleton label={t('SHELL.LOADING')} />;
  return (
    <main className="cd-app" id="cashier-main">
      <RouteFocus />
      <ResumeAfterReload />
      <Suspense fallback={loading}>
        <SessionGate expired={expired}>
          <RouteList location={background ?? location} />
          {background === null ? null : (
            // The overlay's own boundary: while its code loads, the page below stays as it is.
            <Suspense fallback={null}>
              <RouteList />
            </Suspense>
          )}
        </SessionGate>
        <FirstScreenRendered />
      </Suspense>
      <ErrorPopupWhenOpened />
    </main>
  );
}
