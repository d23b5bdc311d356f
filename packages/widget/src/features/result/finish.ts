/**
 * Leaving a result page (SPEC §2 redirect after finishing, §4 final result): which merchant
 * address the into-game button and the close icon go to, and carrying the decision out. The
 * rules are the domain's (finishPageOf, chooseFinishRedirect, chooseCloseRedirect,
 * decideFinalResult); this module only feeds them and touches the window.
 *
 * @packageDocumentation
 */
import {
  chooseCloseRedirect,
  chooseFinishRedirect,
  decideFinalResult,
  finishPageOf,
} from '@cashdesk/domain';
import type {
  DeviceKind,
  FinalOutcome,
  FinalResultDecision,
  FinishPage,
  MerchantRedirectSources,
  PaymentFlow,
  ReInitCashierMessage,
  ResultStatus,
} from '@cashdesk/domain';
import { requestReInit } from '../../host/host-bridge';

/** What a finish decision is made from. */
export interface FinishContext {
  /** The result page's path (its status decides success, fail or processing URL). */
  readonly pathname: string;
  readonly flow: PaymentFlow;
  readonly resultStatus: ResultStatus;
  readonly device: DeviceKind;
  /** Whether the cashier runs inside a host frame (SPEC §2 custom iframe mode). */
  readonly inFrame: boolean;
  readonly sources: MerchantRedirectSources;
  /** merchant_redirect_type (self, blank, top, parent). */
  readonly merchantRedirectType: string | null;
  /** The player's language (the redirect helper's language segment on an error page). */
  readonly lang: string;
  /** SPEC §4: the payment was made through a wallet (Apple Pay or Google Pay). */
  readonly isWalletPay: boolean;
}

function outcomeOf(page: FinishPage): FinalOutcome {
  if (page === 'success') return 'success';
  if (page === 'fail') return 'fail';
  return 'processing';
}

/**
 * Decides with a chosen URL standing for the outcome's URL and, failing all, the merchant URL.
 * Inside a host frame a same-window redirect would load the merchant's site inside the cashier's
 * own small frame: the domain tells the host instead that the player finished, with the outcome
 * and the URL (reInitCashier with its finish details), and the host closes the cashier or the
 * embed SDK opens the URL in the top window.
 */
function decideWith(
  context: FinishContext,
  outcome: FinalOutcome,
  url: string | null,
): FinalResultDecision {
  return decideFinalResult({
    outcome,
    device: context.device,
    isWalletPay: context.isWalletPay,
    merchantUrl: context.sources.merchantUrl,
    lang: context.lang,
    successUrl: outcome === 'success' ? url : null,
    failUrl: outcome === 'fail' ? url : null,
    processingUrl: outcome === 'processing' ? url : null,
    merchantRedirectType: context.merchantRedirectType,
    inHostFrame: context.inFrame,
  });
}

/**
 * SPEC §2, §4: the into-game button. The page's outcome (finishPageOf) picks the merchant
 * success, fail or processing URL, then merchant_redirect_url, then the merchant URL
 * (chooseFinishRedirect; the last two through the redirect helper, buildMerchantUrl: their first
 * four path pieces, and on an error page the player's language and `deposit` after them);
 * decideFinalResult then reinitialises, navigates (native app, wallet) or redirects (a new tab
 * when merchant_redirect_type is blank).
 */
export function decideIntoGame(context: FinishContext): FinalResultDecision {
  const page = finishPageOf(context.pathname);
  const choice = chooseFinishRedirect(page, context.sources, context.lang);
  return decideWith(context, outcomeOf(page), choice?.url ?? null);
}

/**
 * SPEC §2: the close icon. A withdrawal closes by the withdrawal-close order (processing,
 * success, query redirect, domain, stored merchant URL, own origin), success first on a success
 * page; a deposit closes like the into-game button.
 */
export function decideClose(context: FinishContext): FinalResultDecision {
  if (context.flow !== 'withdrawal') return decideIntoGame(context);
  const page = finishPageOf(context.pathname);
  const choice = chooseCloseRedirect(context.sources, context.resultStatus === 'success', {
    lang: context.lang,
    isError: page === 'fail',
  });
  return decideWith(context, outcomeOf(page), choice?.url ?? null);
}

/** The window operations a decision needs; an object so tests can watch them. */
export const browserWindow = {
  assign: (url: string): void => {
    window.location.assign(url);
  },
  open: (url: string, target: string): void => {
    // A new tab must not get a handle on the cashier (reverse tabnabbing).
    window.open(url, target, target === '_blank' ? 'noopener,noreferrer' : undefined);
  },
  reInit: (message: ReInitCashierMessage): boolean => requestReInit(message),
};

/**
 * Carries a decision out. Returns false when nothing happened: a reinitialise with no host to
 * hear it (the cashier is the top page), so the caller can take the player somewhere useful.
 */
export function performFinish(decision: FinalResultDecision): boolean {
  switch (decision.action) {
    case 'reinitialise':
      return browserWindow.reInit(decision.message);
    case 'navigate':
      browserWindow.assign(decision.url);
      return true;
    case 'redirect':
      if (decision.target === '_self') browserWindow.assign(decision.url);
      else browserWindow.open(decision.url, decision.target);
      return true;
  }
}
