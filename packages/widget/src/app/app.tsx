/**
 * The loaded app: store, translations, router, host bridge and error boundary around the
 * screens. Loaded by the shell as its own chunk (the first paint does not wait for it).
 *
 * @packageDocumentation
 */
import { use, useEffect, useMemo } from 'react';
import type { ComponentType, ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { cashierApi } from '../api/cashier-api';
import { observeCalls } from '../api/http';
import { reportContentHeight } from '../host/host-bridge';
import { followVisibleArea } from '../host/visible-area';
import { setNumberLanguage } from '../i18n/format';
import { i18nFor } from '../i18n/i18n';
import { applyTheme, readAppearance, themeRenders } from './appearance';
import type { Appearance } from './appearance';
import { AnnouncementsPerScreen } from './announcements-per-screen';
import { AppRoutes } from './app-routes';
import { CrashBoundary } from './crash-boundary';
import { browserErrorReporter, listenForReports } from './error-reporter';
import type { ErrorReporter } from './error-reporter';
import { NavigationBreadcrumbs } from './navigation-breadcrumbs';
import { browserPageMetrics, startPageMetrics } from './page-metrics';
import { monitorFingerprintLoad } from './fingerprint-monitoring';
import { startBrowserRealtime } from '../realtime/realtime';
import { startSessionClock } from './session-clock';
import { SessionRenewal } from './session-renewal';
import { createAppStore } from '../store/store';
import type { AppStore } from '../store/store';
import { seedStore } from './first-screen';
export { enterFirstScreen, hydrationOf } from './first-screen';
import type { FirstScreenSeed } from './first-screen';
import { keepInitOnPage } from '../method-list/keep-init';
import { applyBodyAttributes, withSessionTheme } from '../startup/startup';
import type { Startup } from '../startup/startup';
import { ThemeGate } from './theme-gate';

export interface AppProps {
  readonly startup: Startup;
  /** The init answer the server's first screen rendered with, when the page hydrates it. */
  readonly seed?: FirstScreenSeed | null;
}

export interface Ready {
  readonly i18n: I18n;
  readonly appearance: Appearance | null;
  /** The start-up with the session's theme where the address and storage named none. */
  readonly startup: Startup;
}

let ready: Promise<Ready> | null = null;

/**
 * The start-up with the session's theme (where the address and storage named none) and the texts
 * with the brand's overrides of the language merged over the shipped ones; the server's render
 * (server-entry.tsx) reads the same.
 */
export function readyOf(shellStartup: Startup, i18n: I18n, appearance: Appearance | null): Ready {
  const startup = withSessionTheme(shellStartup, appearance?.theme?.name ?? null);
  if (appearance !== null && Object.keys(appearance.texts).length > 0) {
    i18n.addResourceBundle(startup.language, 'translation', appearance.texts, true, true);
  }
  return { i18n, appearance, startup };
}

/**
 * The texts of the language and the brand's appearance, once per page: the theme is applied (the
 * session's, which is the brand's default, when the address and storage named none), the brand's
 * text overrides merged over the shipped texts and the numbers set to the player's language before
 * the first screen renders.
 */
function loadReady(shellStartup: Startup): Promise<Ready> {
  ready ??= Promise.all([i18nFor(shellStartup.language), readAppearance()]).then(
    ([i18n, appearance]) => {
      const loaded = readyOf(shellStartup, i18n, appearance);
      const { startup } = loaded;
      if (startup !== shellStartup) applyBodyAttributes(document.body, startup.body);
      setNumberLanguage(startup.requestedLanguage);
      applyTheme(document.body, appearance);
      if (appearance !== null && Object.keys(appearance.texts).length > 0) {
        document.documentElement.lang = appearance.language;
      }
      return loaded;
    },
  );
  return ready;
}

/**
 * The whole cashier; suspends until the texts of its language have loaded.
 *
 * Navigations render at once rather than as React transitions: the homepage's automatic method
 * choice (SPEC §4) marks the list loaded and opens the method page in one effect, and as a
 * transition the page change came one render after the list, which painted a frame of method
 * tiles (and requested their logos) before the method page. A screen whose code is still on its
 * way shows the route's skeleton meanwhile; overlays keep the page below visible (app-routes.tsx).
 */
export function App({ startup: shellStartup, seed = null }: AppProps) {
  const { i18n, appearance, startup } = use(loadReady(shellStartup));
  const store = useMemo(() => {
    const created = createAppStore(startup);
    if (seed !== null) seedStore(created, seed);
    return created;
  }, [startup, seed]);
  // SPEC §3: what the list page keeps of init when it renders, kept here when the first screen
  // came from the server and the page opened on its method page.
  useEffect(() => {
    if (seed !== null) keepInitOnPage(seed.init);
  }, [seed]);
  // SPEC §4, §8, §9: render crashes, errors and rejections reported with breadcrumbs.
  const reporter = useMemo(
    () => browserErrorReporter(startup.params.sessionId),
    [startup.params.sessionId],
  );
  useEffect(() => listenForReports(reporter), [reporter]);
  useEffect(
    () =>
      observeCalls((endpointId, status) => {
        reporter.breadcrumb('api', `${endpointId} ${String(status)}`);
      }),
    [reporter],
  );
  // The host sizes its frame to the content (embed SDK autoHeight): no scrollbar inside a page's.
  useEffect(() => reportContentHeight(), []);
  // Dialogs and toasts open where the player looks, not in the middle of a tall frame.
  useEffect(() => followVisibleArea(), []);
  // SPEC §7: page metrics, from the first screen on (TTI is this moment).
  useEffect(() => startPageMetrics(browserPageMetrics(startup, store)), [startup, store]);
  // SPEC §2 notifications: read with the first screen, so that a method form opened later has
  // them when it paints (a notice arriving after the form would push it down under the finger).
  useEffect(() => {
    if (startup.params.sessionId === null) return undefined;
    const request = store.dispatch(cashierApi.endpoints.notifications.initiate(undefined));
    return () => {
      request.unsubscribe();
    };
  }, [startup, store]);
  // SPEC §7, §9: the fingerprint is loaded (computed once) after the first screen; one page load
  // in a thousand reports how that went.
  useEffect(() => {
    void monitorFingerprintLoad(store);
  }, [store]);
  // SPEC §4 session expiry: the server's end of the session, noticed when it passes.
  useEffect(() => startSessionClock({ store }), [store]);
  // SPEC §4: the realtime connection, once init answered (its code loads then).
  useEffect(() => startBrowserRealtime(store), [store]);
  return (
    <AppView
      startup={startup}
      appearance={appearance}
      i18n={i18n}
      store={store}
      reporter={reporter}
      Router={PageRouter}
    />
  );
}

/** The browser's router; navigations render at once (see {@link App}). */
function PageRouter({ children }: { readonly children: ReactNode }) {
  return <BrowserRouter useTransitions={false}>{children}</BrowserRouter>;
}

/** What {@link AppView} renders with. */
export interface AppViewProps {
  readonly startup: Startup;
  readonly appearance: Appearance | null;
  readonly i18n: I18n;
  readonly store: AppStore;
  readonly reporter: ErrorReporter;
  /** The browser's router on the page, a static one in the server's render. */
  readonly Router: ComponentType<{ readonly children: ReactNode }>;
}

/** The cashier's tree, the same on the page and in the server's render (server-entry.tsx). */
export function AppView({ startup, appearance, i18n, store, reporter, Router }: AppViewProps) {
  const logo = appearance?.theme?.logo_url ?? null;
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <CrashBoundary reporter={reporter}>
          <Router>
            <NavigationBreadcrumbs reporter={reporter} />
            <SessionRenewal />
            <AnnouncementsPerScreen />
            <ThemeGate supported={themeRenders(startup, appearance)} theme={startup.theme.theme}>
              {logo === null ? null : (
                <div className="cd-brand-logo">
                  <img src={logo} alt="" />
                </div>
              )}
              <AppRoutes />
            </ThemeGate>
          </Router>
        </CrashBoundary>
      </I18nextProvider>
    </Provider>
  );
}
