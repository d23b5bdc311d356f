/**
 * Where each screen's code lives, by route id (SPEC §2 route table). The route table renders the
 * screens lazily from these loaders, and the shell starts the first screen's loader beside the
 * app chunk: the page the player opened is then downloaded while the app chunk is, instead of
 * after it has run (one round trip less before the first real screen). The browser and the
 * bundler load a module once, so the route table's later import costs nothing.
 *
 * Only loaders and route ids live here: this module is part of the first-paint chunk.
 *
 * @packageDocumentation
 */
import { CHUNK_LOAD_TIMEOUT_MS, matchRoute, timerDelay } from '@cashdesk/domain';

/** A screen's code that did not arrive within SPEC §9's chunk load time-out. */
export class ChunkLoadTimeout extends Error {
  constructor() {
    super(`A screen's code did not load within ${String(CHUNK_LOAD_TIMEOUT_MS)} ms`);
    this.name = 'ChunkLoadTimeout';
  }
}

/**
 * SPEC §9 chunk load time-out (120 s): a loader whose download stalls fails instead of leaving
 * the player on the loading skeleton for good; the failure reaches the crash boundary, which
 * reports it and asks the host to start the cashier again (SPEC §4).
 */
export function withChunkTimeout<T>(
  load: () => Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new ChunkLoadTimeout());
      }, timerDelay(timeoutMs));
      load().then(
        (module) => {
          clearTimeout(timer);
          resolve(module);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
}

/** The lazily loaded code of the screens, one entry per feature module. */
export const SCREEN_CODE = {
  deposit: withChunkTimeout(() => import('../features/deposit')),
  result: withChunkTimeout(() => import('../features/result')),
  altPayments: withChunkTimeout(() => import('../features/alt-payments')),
  displayForm: withChunkTimeout(() => import('../features/display-form')),
  content: withChunkTimeout(() => import('../features/content')),
  cards: withChunkTimeout(() => import('../features/cards')),
  withdrawal: withChunkTimeout(() => import('../features/withdrawal')),
  accountManagement: withChunkTimeout(() => import('../features/account-management')),
  selectCountry: withChunkTimeout(() => import('../fields/select-country')),
  selectBetShop: withChunkTimeout(() => import('../fields/select-bet-shop')),
  betShop: withChunkTimeout(() => import('../features/bet-shop')),
  history: withChunkTimeout(() => import('../features/history')),
  errorPage: withChunkTimeout(() => import('../features/error-page')),
} as const;

/** One of {@link SCREEN_CODE}'s modules. */
export type ScreenCodeName = keyof typeof SCREEN_CODE;

/**
 * The module of each route's screen (app-routes.tsx renders them; app-routes.test.tsx keeps the
 * two tables equal). Routes absent here show a page of the app chunk itself.
 */
export const ROUTE_SCREEN_CODE: Readonly<Record<string, ScreenCodeName>> = {
  deposit: 'deposit',
  'deposit-method': 'deposit',
  'deposit-method-form': 'deposit',
  checkout: 'deposit',
  'deposit-display-form': 'displayForm',
  'deposit-success': 'result',
  'deposit-error': 'result',
  'deposit-processing': 'result',
  'deposit-await': 'result',
  'deposit-charity-success': 'result',
  'deposit-fail': 'result',
  'deposit-redirect': 'result',
  'payments-interaction': 'altPayments',
  'payments-status': 'altPayments',
  'payments-3ds-result': 'altPayments',
  '3ds-result': 'altPayments',
  '3ds-result-session': 'altPayments',
  content: 'content',
  error: 'errorPage',
  cards: 'cards',
  'withdrawal-cards': 'cards',
  'tokenization-page': 'cards',
  withdrawal: 'withdrawal',
  'withdrawal-method': 'withdrawal',
  'reject-withdrawal': 'withdrawal',
  'withdrawal-success': 'result',
  'withdrawal-error': 'result',
  'withdrawal-processing': 'result',
  'withdrawal-await': 'result',
  'withdrawal-charity-success': 'result',
  'withdrawal-fail': 'result',
  'withdrawal-redirect': 'result',
  'withdrawal-verify-account': 'accountManagement',
  'account-management-blocked': 'accountManagement',
  'account-management-status': 'accountManagement',
  'account-management-status-success': 'accountManagement',
  'account-management-status-error': 'accountManagement',
  'account-management-support': 'accountManagement',
  'select-country': 'selectCountry',
  'betshop-withdrawal': 'selectBetShop',
  'betshop-deposit': 'betShop',
  'deposit-history': 'history',
  'withdrawal-history': 'history',
};

/**
 * Starts downloading the code of the screen the address opens, if it has its own module. A
 * failure here is not reported: the route table's own import retries and shows it.
 */
export function preloadScreenCode(address: string): void {
  const match = matchRoute(address);
  const name = match === null ? undefined : ROUTE_SCREEN_CODE[match.routeId];
  if (name !== undefined) SCREEN_CODE[name]().catch(() => undefined);
}
