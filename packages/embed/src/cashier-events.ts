/**
 * The typed events the SDK delivers to the host page: the widget's messages of SPEC §1 and its
 * ready, resize and paymentResult messages, read with the domain's `parseHostMessage` (the one
 * owner of their format), plus the iframe's own load event.
 *
 * @packageDocumentation
 */
import { parseHostMessage } from '@cashdesk/domain';
import type { FinishOutcome, PaymentFlow, PaymentResultStatus } from '@cashdesk/domain';
import { httpUrl } from './cashier-address';

/**
 * SPEC §1, §4: the widget asks the host to start over (a render crash, an expired session; or
 * after a `finish` whose default action ran without an address). The host mints a new session on
 * its backend and calls `setSession` with it.
 */
export interface ReInitCashierEventData {
  readonly type: 'reInitCashier';
}

/**
 * SPEC §2, §4: the player is done with the cashier: "Back to the game" or the close icon on a
 * result page, or the processing page's countdown (the widget's reInitCashier message with its
 * finish details). Close the cashier and show your game. Default action: open `url` in the top
 * window, or, when the brand configured no address, the SPEC §4 reinitialise (a `reInitCashier`
 * event follows).
 */
export interface FinishEventData {
  readonly type: 'finish';
  /** The result's outcome: `success`, `fail` or `processing`. */
  readonly outcome: FinishOutcome;
  /**
   * The brand's merchant address for the outcome (SPEC §2 redirect after finishing), absolute
   * http(s); `null` when the brand configured none.
   */
  readonly url: string | null;
}

/**
 * SPEC §1, §2: the widget asks the host to open an address (the cashier_in_new_tab start-up, where
 * the widget renders nothing and hands over its own address). `url` is always an absolute http(s)
 * address: a message with any other scheme is dropped before it becomes an event.
 */
export interface RedirectToEventData {
  readonly type: 'redirectTo';
  readonly url: string;
}

/** SPEC §1: the widget asks the host app to go to one of its own paths, `/my-account`. */
export interface RedirectEventData {
  readonly type: 'redirect';
  readonly path: string;
}

/** SPEC §1, §2: the widget scrolled to its top and asks the host to show the frame's top. */
export interface ResetScrollEventData {
  readonly type: 'reset-scroll';
}

/**
 * The iframe finished loading a document: the first start-up, and again after `setSession` or
 * `reload`. This is the frame's DOM load event, not a widget message, so it does not mean the
 * widget has rendered: see {@link ReadyEventData}.
 */
export interface LoadEventData {
  readonly type: 'load';
}

/**
 * The widget rendered its first screen (its code and texts loaded; not the loading skeleton).
 * Once per document the frame loads, after that document's `load`.
 */
export interface ReadyEventData {
  readonly type: 'ready';
}

/**
 * The widget's content height changed, in whole CSS pixels. With `autoHeight` the SDK sets the
 * iframe's height to it (within `minHeight` and `maxHeight`) as the default action.
 */
export interface ResizeEventData {
  readonly type: 'resize';
  readonly height: number;
}

/**
 * A payment reached its final result (SPEC §2 result pages, §4): refresh what depends on the
 * player's money, such as the header balance, from your backend. Delivered once per transaction
 * per mounted cashier.
 */
export interface ResultEventData {
  readonly type: 'result';
  readonly flow: PaymentFlow;
  /** `success`, `error` (declined or failed) or `reversed` (a pending withdrawal went back). */
  readonly status: PaymentResultStatus;
  /** Decimal string such as `'25.00'`; `null` when the cashier did not know it. */
  readonly amount: string | null;
  /** ISO 4217 code such as `'EUR'`; `null` when the cashier did not know it. */
  readonly currency: string | null;
  /** The transaction; `null` for a withdrawal reversal. */
  readonly transactionId: string | null;
}

/** Every event, without the default-action control. */
export type CashierEventData =
  | ReInitCashierEventData
  | FinishEventData
  | RedirectToEventData
  | RedirectEventData
  | ResetScrollEventData
  | LoadEventData
  | ReadyEventData
  | ResizeEventData
  | ResultEventData;

/**
 * SPEC §1: reads the data of a message that came from the cashier frame into event data, or `null`
 * for anything that is not a known widget-to-host message (the widget's paymentResult message
 * becomes the `result` event; a reInitCashier with finish details the `finish` event, its
 * address checked as a redirectTo's is). setSessionIdToChildFrame is a command
 * to the widget (SPEC §4), not an event, so it is ignored here too. A redirectTo address resolves
 * against the widget's address `widgetAddress`; one that is not http(s) (`javascript:` and the
 * like) gives `null`.
 */
export function readCashierEvent(data: unknown, widgetAddress: string): CashierEventData | null {
  const message = parseHostMessage(data);
  switch (message?.type) {
    case 'reInitCashier': {
      const { finish } = message;
      if (finish === undefined) return { type: 'reInitCashier' };
      const url = finish.url === null ? null : (httpUrl(finish.url)?.href ?? null);
      return { type: 'finish', outcome: finish.outcome, url };
    }
    case 'reset-scroll':
      return { type: 'reset-scroll' };
    case 'redirect':
      return { type: 'redirect', path: message.path };
    case 'redirectTo': {
      const url = httpUrl(message.url, widgetAddress);
      return url === null ? null : { type: 'redirectTo', url: url.href };
    }
    case 'ready':
      return { type: 'ready' };
    case 'resize':
      return { type: 'resize', height: message.height };
    case 'paymentResult':
      return {
        type: 'result',
        flow: message.flow,
        status: message.status,
        amount: message.amount,
        currency: message.currency,
        transactionId: message.transactionId,
      };
    default:
      return null;
  }
}

/**
 * SPEC §1: the address of a host-app path such as `/my-account`, resolved against the host page's
 * address `hostAddress`, or `null` when it would leave the host page's origin (`//other.example`,
 * an absolute address elsewhere, a `javascript:` address).
 */
export function hostPathUrl(path: string, hostAddress: string): URL | null {
  const host = httpUrl(hostAddress);
  const url = httpUrl(path, hostAddress);
  return host !== null && url?.origin === host.origin ? url : null;
}
