/**
 * What the page does with a submit's answer (SPEC §3 pay session and redirect result, §4 final
 * result, §2 redirect target modes): decide the next screen from the PaySession, and follow a
 * redirect by its target mode.
 *
 * @packageDocumentation
 */
import type { PaySession, RedirectData } from '@cashdesk/contract';
import { redirectTarget, resultPagePath, setQueryParam } from '@cashdesk/domain';
import type { LinkTarget, ResultStatus } from '@cashdesk/domain';
import { requestRedirectTo } from '../../../host/host-bridge';

/** The display-form route (SPEC §2). */
export const DISPLAY_FORM_PATH = '/deposit/deposit-display-form';

/** SPEC §3: the next screen a pay session asks for. */
export type SubmitOutcome =
  | { readonly kind: 'result'; readonly status: ResultStatus }
  | { readonly kind: 'redirect'; readonly data: RedirectData }
  | { readonly kind: 'iframe'; readonly data: RedirectData | null }
  | { readonly kind: 'display-form' };

/**
 * SPEC §3 step kinds: `redirect` follows redirect_data (in a frame inside the cashier when the
 * action is `iframe`, the 3-D Secure challenge); `display_form` opens the display form; every
 * other step (result, await, upload, voucher), and a redirect or display form without its data,
 * shows the result page of result_status.
 */
export function submitOutcome(session: PaySession): SubmitOutcome {
  if (session.step === 'redirect') {
    if (session.action === 'iframe') return { kind: 'iframe', data: session.redirect_data };
    if (session.action === 'redirect' && session.redirect_data !== null) {
      return { kind: 'redirect', data: session.redirect_data };
    }
  }
  if (session.step === 'display_form' && session.display_form !== null) {
    return { kind: 'display-form' };
  }
  return { kind: 'result', status: session.result_status };
}

/**
 * SPEC §2: the address of a page after the method page: the current query kept, with
 * transaction_id added (the result page reloads on its own with it).
 */
export function nextPageAddress(path: string, search: string, transactionId: string): string {
  const query =
    search === '' || search === '?' ? '' : search.startsWith('?') ? search : `?${search}`;
  return setQueryParam(`${path}${query}`, 'transaction_id', transactionId);
}

/** SPEC §2: the result page of a status, with the query and transaction. */
export function resultAddress(status: ResultStatus, search: string, transactionId: string): string {
  return nextPageAddress(resultPagePath('deposit', status), search, transactionId);
}

/** The browser calls a redirect needs (a seam for tests). */
export interface RedirectEnvironment {
  readonly document: Document;
  /** window.open */
  readonly open: (url: string, target: string) => WindowProxy | null;
  /** window.location.assign */
  readonly assign: (url: string) => void;
  /** Asks the host page to navigate (redirectTo message); false when there is no host. */
  readonly redirectToHost: (url: string) => boolean;
}

/** The real browser's {@link RedirectEnvironment}. */
export function browserRedirectEnvironment(): RedirectEnvironment {
  return {
    document,
    open: (url, target) => window.open(url, target),
    assign: (url) => {
      window.location.assign(url);
    },
    redirectToHost: (url) => requestRedirectTo(url),
  };
}

/** How a redirect was followed; `blocked` when the browser refused to open a new tab. */
export type RedirectResult = 'followed' | 'blocked';

function postForm(data: RedirectData, target: LinkTarget, env: RedirectEnvironment): void {
  const form = env.document.createElement('form');
  form.method = 'POST';
  form.action = data.url;
  form.target = target;
  form.hidden = true;
  for (const [name, value] of Object.entries(data.fields)) {
    const input = env.document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  env.document.body.append(form);
  form.submit();
  form.remove();
}

/**
 * SPEC §2 redirect target modes for a payment redirect:
 * - self: this frame goes there (location.assign; a POST submits a hidden form);
 * - blank: a new tab (window.open; `blocked` when the browser refuses without user activation,
 *   so the page can offer a link the player clicks);
 * - top and parent: the host navigates (redirectTo message), because a frame that navigates the
 *   top window itself needs user activation or a sandbox grant it may not have; a POST cannot
 *   travel in that message, so it is posted with the form's own target instead. Without a host
 *   (the cashier is the top page) the page itself goes there.
 */
export function followRedirect(
  data: RedirectData,
  mode: unknown,
  fallback: LinkTarget,
  env: RedirectEnvironment,
): RedirectResult {
  const target = redirectTarget(mode, fallback);
  if (data.method === 'POST') {
    postForm(data, target, env);
    return 'followed';
  }
  if (target === '_blank') {
    // Without 'noopener' in the features, null means the browser blocked the tab; the opener
    // link is cut by hand so the provider's page cannot reach back into the cashier.
    const opened = env.open(data.url, '_blank');
    if (opened === null) return 'blocked';
    opened.opener = null;
    return 'followed';
  }
  if ((target === '_top' || target === '_parent') && env.redirectToHost(data.url)) {
    return 'followed';
  }
  env.assign(data.url);
  return 'followed';
}
