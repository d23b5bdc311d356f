/**
 * Test support for the screens of several features (result, alt-payments, display-form, content, cards): renders a screen
 * at an address with router state (the shared renderWithApp takes no state), and a probe that
 * shows where navigation went. Used by tests only.
 */
import { render } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { readStartup } from '../startup/startup';
import type { ShippedLanguage } from '../startup/startup';
import { createAppStore } from '../store/store';
import type { AppStore } from '../store/store';
import { createI18n } from '../i18n/i18n';
import { LocationProbe } from './location-probe';

/** Where a screen is rendered. */
export interface RenderAtOptions {
  /** Path and query, e.g. `/deposit/deposit-error?transaction_id=tx_1`. */
  readonly address: string;
  /** Router state of the entry (what a method page navigates with). */
  readonly state?: unknown;
  readonly language?: ShippedLanguage;
  /** Whether the cashier runs inside a host frame. */
  readonly inFrame?: boolean;
  /** The session_id added to the query when it has none; `null` adds none. Default test-session. */
  readonly sessionId?: string | null;
  /** Actions dispatched to the store before the screen renders (what happened before it opened). */
  readonly before?: readonly UnknownAction[];
}

/** Renders `ui` (and a {@link LocationProbe}) with a fresh store, real texts and a memory router. */
export async function renderAt(
  ui: ReactElement,
  options: RenderAtOptions,
): Promise<RenderResult & { readonly store: AppStore }> {
  const language = options.language ?? 'en';
  const url = new URL(options.address, 'http://cashier.test');
  const sessionId = options.sessionId === undefined ? 'test-session' : options.sessionId;
  if (sessionId !== null && !url.searchParams.has('session_id')) {
    url.searchParams.set('session_id', sessionId);
  }
  if (!url.searchParams.has('lang')) url.searchParams.set('lang', `${language}-brand0`);
  const startup = readStartup({
    address: url.href,
    windowWidth: 1024,
    windowHeight: 768,
    userAgent: 'vitest',
    inFrame: options.inFrame ?? false,
  });
  const store = createAppStore(startup);
  for (const action of options.before ?? []) store.dispatch(action);
  const i18n = await createI18n(language);
  const result = render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter
          initialEntries={[{ pathname: url.pathname, search: url.search, state: options.state }]}
        >
          {ui}
          <LocationProbe />
        </MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
  return { ...result, store };
}

/** A JSON answer for a fetch stub. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** The URL a fetch stub was called with. */
export function requestUrl(input: unknown): string {
  if (typeof input === 'string') return input;
  if (input instanceof URL) return input.href;
  if (input instanceof Request) return input.url;
  return '';
}
