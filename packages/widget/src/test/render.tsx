/**
 * Renders a component inside the real app context (store, translations, router) for component
 * tests: `await renderWithApp(<AmountField …/>, { route: '/deposit/1', language: 'ar' })`.
 */
import { render } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { createAppStore } from '../store/store';
import type { AppStore } from '../store/store';
import { readStartup } from '../startup/startup';
import type { ShippedLanguage } from '../startup/startup';
import { createI18n } from '../i18n/i18n';

export interface RenderWithAppOptions {
  /** The address path and query the component is rendered at; default `/deposit`. */
  readonly route?: string;
  /** A route pattern to render the component under (so useParams works), e.g. `/deposit/:provider`. */
  readonly path?: string;
  /** Default `en`. */
  readonly language?: ShippedLanguage;
  /** Default `test-session`; `null` renders without a session. */
  readonly sessionId?: string | null;
  /** An existing store (to share state between renders). */
  readonly store?: AppStore;
  /** Router state of the first entry (what a navigation from another page carries). */
  readonly state?: unknown;
}

export interface RenderWithAppResult extends RenderResult {
  readonly store: AppStore;
}

/** Renders `ui` with the store, the real locale texts and a memory router. */
export async function renderWithApp(
  ui: ReactElement,
  options: RenderWithAppOptions = {},
): Promise<RenderWithAppResult> {
  const route = options.route ?? '/deposit';
  const language = options.language ?? 'en';
  const sessionId = options.sessionId === undefined ? 'test-session' : options.sessionId;
  const url = new URL(route, 'http://cashier.test');
  if (sessionId !== null && !url.searchParams.has('session_id'))
    url.searchParams.set('session_id', sessionId);
  if (!url.searchParams.has('lang')) url.searchParams.set('lang', `${language}-brand0`);
  const startup = readStartup({
    address: url.href,
    windowWidth: 1024,
    windowHeight: 768,
    userAgent: 'vitest',
    inFrame: false,
  });
  const store = options.store ?? createAppStore(startup);
  const i18n = await createI18n(language);
  const element =
    options.path === undefined ? (
      ui
    ) : (
      <Routes>
        <Route path={options.path} element={ui} />
      </Routes>
    );
  const result = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter
          initialEntries={[{ pathname: url.pathname, search: url.search, state: options.state }]}
        >
          {element}
        </MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
  return { ...result, store };
}
