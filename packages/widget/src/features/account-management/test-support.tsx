/**
 * Test support of the account-management screens: renders a screen at an address with router
 * state and a probe showing where navigation went, and a fetch stub answering the
 * account-management calls by path. Used by tests only.
 */
import { EXAMPLE_PAYOUT_DETAIL } from '@cashdesk/contract';
import { render } from '@testing-library/react';
import type { RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { PayoutVerificationState } from '../../route-state/payout-verification';
import { readStartup } from '../../startup/startup';
import type { ShippedLanguage } from '../../startup/startup';
import { createAppStore } from '../../store/store';
import { createI18n } from '../../i18n/i18n';
import { LocationProbe } from '../../test/location-probe';

/** Renders `ui` at `address` with router `state`, a fresh store and the real texts. */
export async function renderScreen(
  ui: ReactElement,
  address: string,
  state: unknown = null,
  language: ShippedLanguage = 'en',
): Promise<RenderResult> {
  const url = new URL(address, 'http://cashier.test');
  if (!url.searchParams.has('session_id')) url.searchParams.set('session_id', 'test-session');
  if (!url.searchParams.has('lang')) url.searchParams.set('lang', `${language}-brand0`);
  const store = createAppStore(
    readStartup({
      address: url.href,
      windowWidth: 1024,
      windowHeight: 768,
      userAgent: 'vitest',
      inFrame: false,
    }),
  );
  const i18n = await createI18n(language);
  return render(
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[{ pathname: url.pathname, search: url.search, state }]}>
          {ui}
          <LocationProbe />
        </MemoryRouter>
      </I18nextProvider>
    </Provider>,
  );
}

/** Where navigation went and with which router state. */
export function probedLocation(): { readonly path: string; readonly state: unknown } {
  const probe = document.querySelector('[data-testid="location"]');
  const state: unknown = JSON.parse(probe?.getAttribute('data-state') ?? 'null');
  return { path: probe?.textContent ?? '', state };
}

/** One answer of the stub: a status and a JSON body. */
export interface StubAnswer {
  readonly status?: number;
  readonly body: unknown;
}

/** A recorded call. */
export interface RecordedCall {
  readonly path: string;
  readonly body: unknown;
}

/** The query string of the test addresses (session and language). */
export const QUERY = '?session_id=test-session&lang=en-brand0';

/** The withdrawal form's hand-over for a saved payout account (requisite req_7QpX2). */
export const HAND_OVER: PayoutVerificationState = {
  payoutVerification: {
    payGroupId: '21',
    currency: 'EUR',
    amount: '150.00',
    newAccount: null,
    requisiteId: 'req_7QpX2',
    returnTo: `/withdrawal/21${QUERY}`,
  },
};

/** A withdrawal detail like the contract's example, with `changes` applied. */
export function payoutDetail(changes: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...EXAMPLE_PAYOUT_DETAIL, ...changes };
}

function pathOf(input: unknown): string {
  const href =
    typeof input === 'string'
      ? input
      : input instanceof URL
        ? input.href
        : input instanceof Request
          ? input.url
          : '';
  return new URL(href, 'http://cashier.test').pathname;
}

/**
 * Stubs fetch: a call whose path ends with one of `routes`' keys gets the next answer of its
 * list (the last one repeats); the select call answers `detail` unless given in `routes`.
 */
export function stubAccountCalls(
  routes: Readonly<Record<string, readonly StubAnswer[]>>,
  detail: unknown = payoutDetail(),
): RecordedCall[] {
  const calls: RecordedCall[] = [];
  const used = new Map<string, number>();
  vi.stubGlobal(
    'fetch',
    vi.fn((input: unknown, init?: RequestInit) => {
      const path = pathOf(input);
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
      calls.push({ path, body });
      const key = Object.keys(routes).find((suffix) => path.endsWith(suffix));
      let answer: StubAnswer = path.endsWith('/select')
        ? { body: detail }
        : { status: 404, body: { error_code: '1008', error_message: 'not found' } };
      if (key !== undefined) {
        const list = routes[key] ?? [];
        const index = used.get(key) ?? 0;
        used.set(key, index + 1);
        answer = list[Math.min(index, list.length - 1)] ?? answer;
      }
      return Promise.resolve(
        new Response(JSON.stringify(answer.body), {
          status: answer.status ?? 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  return calls;
}
