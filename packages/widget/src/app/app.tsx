/**
 * The loaded app: store, translations, router, host bridge and error boundary around the
 * screens. Loaded by the shell as its own chunk (first-paint budget, issue 4).
 *
 * @packageDocumentation
 */
import { use, useEffect, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { listenToHost, reportContentHeight } from '../host/host-bridge';
import { i18nFor } from '../i18n/i18n';
import { AppRoutes } from './app-routes';
import { CrashBoundary } from './crash-boundary';
import { createAppStore } from './store';
import type { Startup } from './startup';
import { ThemeGate } from './theme-gate';

export interface AppProps {
  readonly startup: Startup;
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
export function App({ startup }: AppProps) {
  const i18n = use(i18nFor(startup.language));
  const store = useMemo(() => createAppStore(startup), [startup]);
  useEffect(() => listenToHost(), []);
  // The host sizes its frame to the content (embed SDK autoHeight): no scrollbar inside a page's.
  useEffect(() => reportContentHeight(), []);
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <CrashBoundary>
          <BrowserRouter useTransitions={false}>
            <ThemeGate supported={startup.themeSupported} theme={startup.theme.theme}>
              <AppRoutes />
            </ThemeGate>
          </BrowserRouter>
        </CrashBoundary>
      </I18nextProvider>
    </Provider>
  );
}
