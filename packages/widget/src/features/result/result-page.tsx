import { useCallback, useEffect, useId, useMemo, useRef } from 'react';
import {
  buildRoutePath,
  DEFAULT_SUCCESS_PAGE_REDIRECT_TIMEOUT_S,
  resultPagePath,
  resultPagePaymentResult,
} from '@cashdesk/domain';
import type { PaymentFlow, ResultStatus, RouteDefinition } from '@cashdesk/domain';
import type { PaySession } from '@cashdesk/contract';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { balanceChanged } from '../../store/session-slice';
import { readSelectedMethodId } from '../../method-list/home-storage';
import { altMethodOf } from '../../storage/keys';
import { rememberSkipAutoChoice, SKIP_AUTO_CHOICE } from '../../method-list/skip-auto-choice';
import { reportPaymentResult, scrollToTop } from '../../host/host-bridge';
import { announce } from '../../ui/announcer';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import type { IconName } from '../../ui/icon';
import { usePageTitle } from '../../ui/use-page-title';
import { trackClickstream } from '../../realtime/clickstream';
import { useReadOnPush } from '../../realtime/use-transaction-push';
import { decideClose, decideIntoGame, performFinish } from './finish';
import { messageText } from './message-text';
import { PaymentDetails, resultDetails } from './payment-details';
import { RedirectCountdown } from './redirect-countdown';
import { resultApi, useResultTransactionStatusQuery } from './result-api';
import { RESULT_TEXTS } from './result-texts';
import { readResultRouteState, transactionIdOf, withServerStatus } from './route-state';
import { useFinishContext } from './use-finish-context';
import { VoucherCard } from './voucher-card';
import './result.css';

/** How often the processing page asks whether the payment settled (ms). */
export const PROCESSING_POLL_MS = 5000;

const ICONS: Readonly<Record<ResultStatus, IconName>> = {
  success: 'check',
  'charity-success': 'check',
  error: 'error',
  processing: 'clock',
  await: 'clock',
};

/** Whether the server's status is the one this page shows (charity success is a success). */
function sameResult(page: ResultStatus, server: ResultStatus): boolean {
  return page === server || (page === 'charity-success' && server === 'success');
}

/**
 * The pay group to retry with: the method page's router state, else the method the alternative
 * payment left with (SPEC §7 phAltMethods: the provider's return is a fresh page load), else the
 * stored choice (SPEC §4).
 */
function retryPayGroupId(fromState: string | null, transactionId: string | null): string | null {
  if (fromState !== null) return fromState;
  const selected = readSelectedMethodId();
  return altMethodOf(transactionId) ?? (selected === null ? null : String(selected));
}

/** SPEC §3 decline_page_settings with the buttons a decline shows when the server sent none. */
function declineButtons(paySession: PaySession | null) {
  const settings = paySession?.decline_page_settings ?? null;
  const buttons = {
    retry: (settings?.retry ?? true) && paySession?.error_fatal !== true,
    changeMethod: settings?.change_method ?? true,
    allMethods: settings?.all_methods ?? true,
    intoGame: settings?.into_game ?? true,
  };
  // Decision: a decline page never leaves the player without a way on.
  const none = !buttons.retry && !buttons.changeMethod && !buttons.allMethods && !buttons.intoGame;
  if (none) return { ...buttons, allMethods: true };
  // Both lead to the method list, so one button says it.
  return buttons.changeMethod ? { ...buttons, allMethods: false } : buttons;
}

/**
 * The decline text when the server gave no reason: it names only what the page offers (no "Try
 * again" on a page without that button).
 */
export function genericDeclineKey(offers: {
  readonly retry: boolean;
  readonly otherMethod: boolean;
}): string {
  if (offers.retry && offers.otherMethod) return 'RESULT.DECLINE.GENERIC';
  if (offers.retry) return 'RESULT.DECLINE.GENERIC_RETRY';
  if (offers.otherMethod) return 'RESULT.DECLINE.GENERIC_OTHER_METHOD';
  return 'RESULT.DECLINE.GENERIC_PLAIN';
}

/**
 * SPEC §1 cash at a betting shop: whether a result page shows the voucher. A cash deposit's code
 * is what the player pays with at the counter, so it shows while the deposit waits for the cash
 * (once paid, the code is spent); a withdrawal's pick-up code shows unless it failed.
 */
function showsVoucher(flow: PaymentFlow, status: ResultStatus): boolean {
  if (flow === 'deposit') return status === 'await' || status === 'processing';
  return status !== 'error';
}

/** The page's body text: a voucher's own when one shows, else the status's. */
function bodyTextKey(flow: PaymentFlow, status: ResultStatus, withVoucher: boolean): string {
  if (!withVoucher) return RESULT_TEXTS[flow][status].text;
  return flow === 'deposit' ? 'RESULT.DEPOSIT.VOUCHER_TEXT' : 'RESULT.WITHDRAWAL.VOUCHER_TEXT';
}

/** Pages whose payment is not final yet: they follow the server until it is. */
function asksServerRepeatedly(status: ResultStatus): boolean {
  return status === 'processing' || status === 'await';
}

/**
 * SPEC §2 result page (success or decline with retry, change method, all methods, into-game and
 * the close icon), §3 pay session, §4 final result, §9 processing redirect time-out. The page's
 * status and flow come from the route; the decline settings and voucher from the pay session the
 * method page passed in router state; the payment's details (amount, method, reference, charges,
 * balance) from GET payments/status of its transaction (the pay session's, else the
 * `transaction_id` of the server's return address). Without a pay session, or while the payment is
 * not final, when the server knows a different status (a payment still settling after the
 * provider's success redirect), the page moves to that result page. Every navigation keeps the
 * query.
 */
export function ResultPage({
  route,
  standalone = false,
}: {
  readonly route: RouteDefinition;
  /**
   * SPEC §2 status-page mode: the page stands alone, with no cashier around it: no way back into
   * the cashier (retry, change method, all methods), and at least the parent's height (SPEC §2
   * `height`), so the result fills the frame the host gave it.
   */
  readonly standalone?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const titleId = useId();
  const sessionFlow = useAppSelector((state) => state.session.paymentFlow);
  const params = useAppSelector((state) => state.session.params);
  const flow: PaymentFlow = route.flow ?? sessionFlow;
  const status: ResultStatus = route.resultStatus ?? 'processing';
  const routeState: unknown = location.state;
  const { paySession, payGroupId } = useMemo(() => readResultRouteState(routeState), [routeState]);
  const transactionId = paySession?.transaction_id ?? transactionIdOf(location.search);
  const asksServer = paySession === null || asksServerRepeatedly(status);
  // Every result page of a known payment reads its status, which carries what the page shows of it
  // (amount, method, reference, charges, balance), so a page reached after 3-D Secure, a redirect
  // or the processing page shows the same; read on every arrival, never an earlier answer's
  // balance.
  const statusQuery = useResultTransactionStatusQuery(transactionId ?? '', {
    skip: transactionId === null,
    refetchOnMountOrArgChange: true,
    // Processing settles at the provider, await settles when the player approves elsewhere
    // (a push on the phone): both pages follow the server until the payment is final.
    pollingInterval: asksServerRepeatedly(status) ? PROCESSING_POLL_MS : 0,
  });
  const serverAnswer = statusQuery.data;
  // SPEC §4: a status move pushed for this transaction reads the status at once (processing,
  // await); the polling above stays the fallback when the socket is down.
  useReadOnPush(asksServer ? transactionId : null, statusQuery);
  const { context, timeouts, ready } = useFinishContext(
    flow,
    status,
    location.pathname,
    paySession,
    payGroupId,
  );
  const texts = RESULT_TEXTS[flow][status];
  const title = t(texts.title);
  usePageTitle(title);

  // SPEC §2: one reset-scroll per arrival on a result page, however often the page re-renders.
  const scrolledFor = useRef<string | null>(null);
  useEffect(() => {
    if (scrolledFor.current === location.key) return;
    scrolledFor.current = location.key;
    scrollToTop();
  }, [location.key]);

  useEffect(() => {
    announce(title, 'polite');
  }, [location.key, title]);

  // SPEC §4 analytics: order_result_status success or decline, once per arrival on a final page.
  const reportedResult = useRef<string | null>(null);
  useEffect(() => {
    const outcome = orderResultStatus(status);
    if (outcome === null || reportedResult.current === location.key) return;
    reportedResult.current = location.key;
    dispatch(
      trackClickstream({
        type: 'order_result_status',
        payGroup: payGroupId === null ? null : { id: payGroupId },
        data: {
          status: outcome,
          ...(transactionId === null ? {} : { transaction_id: transactionId }),
        },
      }),
    );
  }, [dispatch, location.key, payGroupId, status, transactionId]);

  // The host refreshes what depends on the player's money (its header balance) on a final
  // result the server confirmed: once per transaction, not on every render or poll.
  const sessionResult = paySession?.result_status ?? null;
  const sessionTransaction = paySession?.transaction_id ?? null;
  const sessionAmount = paySession?.amount ?? null;
  const sessionCurrency = paySession?.currency ?? null;
  const serverResult = serverAnswer?.result_status ?? null;
  const serverTerminal = serverAnswer?.terminal ?? false;
  const serverAmount = serverAnswer?.amount ?? null;
  const serverCurrency = serverAnswer?.currency ?? null;
  useEffect(() => {
    const message = resultPagePaymentResult({
      flow,
      pageStatus: status,
      paySession:
        sessionResult === null || sessionTransaction === null
          ? null
          : {
              resultStatus: sessionResult,
              transactionId: sessionTransaction,
              amount: sessionAmount ?? '',
              currency: sessionCurrency ?? '',
            },
      server:
        serverResult === null
          ? null
          : {
              resultStatus: serverResult,
              terminal: serverTerminal,
              amount: serverAmount,
              currency: serverCurrency,
            },
      transactionId,
    });
    if (message !== null) reportPaymentResult(message);
  }, [
    flow,
    status,
    sessionResult,
    sessionTransaction,
    sessionAmount,
    sessionCurrency,
    serverResult,
    serverTerminal,
    serverAmount,
    serverCurrency,
    transactionId,
  ]);

  const details = resultDetails(serverAnswer, paySession);
  const balance = details.balance;
  useEffect(() => {
    if (balance !== null) dispatch(balanceChanged(balance));
  }, [dispatch, balance]);

  // A payment the server says is final moved the balance (credited, settled or given back): the
  // list's answer is read again, once per payment, so the method list shows the server's new
  // balance and never the one from before the payment (whether or not this page changes).
  const serverFinal = serverAnswer?.terminal === true;
  const refreshedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!serverFinal || transactionId === null || refreshedFor.current === transactionId) return;
    refreshedFor.current = transactionId;
    dispatch(resultApi.util.invalidateTags(['Init']));
  }, [dispatch, serverFinal, transactionId]);

  useEffect(() => {
    // A page with the method page's pay session trusts its status; the others follow the server.
    if (!asksServer || serverAnswer === undefined) return;
    if (sameResult(status, serverAnswer.result_status)) return;
    // The same payment on the next page: its amount stays on screen until that page's answer.
    const settled = withServerStatus(paySession, serverAnswer);
    void navigate(
      { pathname: resultPagePath(flow, serverAnswer.result_status), search: location.search },
      {
        replace: true,
        state: settled === null ? { payGroupId } : { paySession: settled, payGroupId },
      },
    );
  }, [
    asksServer,
    serverAnswer,
    status,
    flow,
    location.search,
    navigate,
    payGroupId,
    paySession,
    dispatch,
  ]);

  const go = useCallback(
    (pathname: string, state?: unknown) => {
      void navigate({ pathname, search: location.search }, { state });
    },
    [navigate, location.search],
  );

  const toMethodList = () => {
    // SPEC §4 automatic method choice: "nothing if skip is set", so the list is shown.
    rememberSkipAutoChoice();
    go(`/${flow}`, SKIP_AUTO_CHOICE);
  };

  const intoGame = useCallback(() => {
    if (!performFinish(decideIntoGame(context))) go(`/${flow}`);
  }, [context, go, flow]);

  const close = () => {
    if (!performFinish(decideClose(context))) go(`/${flow}`);
  };

  const retryGroup = retryPayGroupId(payGroupId, transactionId);
  const retryPath =
    retryGroup === null ? null : buildRoutePath(`${flow}-method`, { provider: retryGroup });
  const isError = status === 'error';
  const shownButtons = isError
    ? declineButtons(paySession)
    : { retry: false, changeMethod: false, allMethods: true, intoGame: true };
  const buttons = standalone
    ? { ...shownButtons, retry: false, changeMethod: false, allMethods: false }
    : shownButtons;

  const retryShown = buttons.retry && retryPath !== null;
  const reason = isError
    ? messageText(
        t,
        (key) => i18n.exists(key),
        paySession?.decline_page_settings?.message_key ?? paySession?.error_message,
        t(
          genericDeclineKey({
            retry: retryShown,
            otherMethod: buttons.changeMethod || buttons.allMethods,
          }),
        ),
      )
    : null;
  const errorCode = isError ? (paySession?.error_code ?? null) : null;
  // SPEC §1 cash at a betting shop: the code a cash deposit is paid with at the counter, or the
  // code a withdrawal is collected with.
  const voucher = showsVoucher(flow, status) ? (paySession?.voucher ?? null) : null;

  const processingSeconds =
    timeouts.processing ?? timeouts.success ?? DEFAULT_SUCCESS_PAGE_REDIRECT_TIMEOUT_S;
  const closable = params.isAlwaysClose || params.inPopUp;

  const checkAgain = () => {
    void statusQuery.refetch().then((result) => {
      if (result.data?.result_status === status) announce(t('RESULT.AWAIT.STILL'), 'polite');
      else if (result.isError) announce(t('RESULT.STATUS_FAILED'), 'assertive');
    });
  };

  return (
    <section
      className={`cd-card cd-result cd-result--${isError ? 'error' : status}`}
      aria-labelledby={titleId}
      style={standalone ? { minHeight: `${String(params.parentHeight)}px` } : undefined}
    >
      {closable ? (
        <button
          type="button"
          className="cd-result__close"
          aria-label={t('APP.CLOSE')}
          disabled={!ready}
          onClick={close}
        >
          <Icon name="close" />
        </button>
      ) : null}
      <div className="cd-result__icon">
        <Icon name={ICONS[status]} />
      </div>
      <h1 id={titleId} className="cd-page-title">
        {title}
      </h1>
      {/* A decline says first why and what the player can do; its code is for support, last. */}
      {reason === null ? null : <p className="cd-result__reason">{reason}</p>}
      <p className="cd-result__text">{t(bodyTextKey(flow, status, voucher !== null))}</p>
      {/* One code on a page: with a voucher, the code the counter asks for is the voucher's; the
          payment's reference stays in the payment history. */}
      <PaymentDetails
        details={voucher === null ? details : { ...details, reference: null }}
        flow={flow}
        status={status}
      />
      {voucher === null ? null : <VoucherCard voucher={voucher} flow={flow} />}
      {status === 'processing' && ready && processingSeconds > 0 ? (
        <RedirectCountdown seconds={processingSeconds} onDone={intoGame} />
      ) : null}
      <div className="cd-result__actions">
        {buttons.retry && retryPath !== null ? (
          <Button
            block
            onClick={() => {
              // The method page starts from the amount the player tried, also after 3-D Secure or a
              // redirect (the server's answer), and with the card but not its CVV (kept in memory
              // by the form, never in the page's history).
              go(retryPath, {
                retry: true,
                payGroupId: retryGroup,
                ...(details.amount === null ? {} : { retryAmount: details.amount }),
              });
            }}
          >
            {t('RESULT.BUTTON.RETRY')}
          </Button>
        ) : null}
        {buttons.intoGame ? (
          // Where the game is (the merchant URLs) comes with the init answer: until a fresh
          // load has it, the button waits rather than send the player to the wrong place.
          <Button
            block
            variant={isError ? 'secondary' : 'primary'}
            disabled={!ready}
            onClick={intoGame}
          >
            {t('RESULT.BUTTON.INTO_GAME')}
          </Button>
        ) : null}
        {status === 'await' && transactionId !== null ? (
          // The page asks the server by itself: checking now is a second choice, never the
          // primary action beside "Back to the game" (one primary action per page).
          <Button block variant="secondary" disabled={statusQuery.isFetching} onClick={checkAgain}>
            {t('RESULT.BUTTON.CHECK_STATUS')}
          </Button>
        ) : null}
        {buttons.changeMethod ? (
          <Button block variant="secondary" onClick={toMethodList}>
            {t(
              flow === 'withdrawal'
                ? 'RESULT.BUTTON.CHANGE_PAYOUT_METHOD'
                : 'RESULT.BUTTON.CHANGE_METHOD',
            )}
          </Button>
        ) : null}
        {buttons.allMethods ? (
          <Button block variant="link" onClick={toMethodList}>
            {t(
              flow === 'withdrawal'
                ? 'RESULT.BUTTON.ALL_PAYOUT_METHODS'
                : 'RESULT.BUTTON.ALL_METHODS',
            )}
          </Button>
        ) : null}
      </div>
      {errorCode === null ? null : (
        <p className="cd-result__code">{t('RESULT.ERROR_CODE', { code: errorCode })}</p>
      )}
    </section>
  );
}

/** SPEC §4: the analytics order_result_status of a result page: success, decline, or none yet. */
export function orderResultStatus(status: ResultStatus): 'success' | 'decline' | null {
  if (status === 'success' || status === 'charity-success') return 'success';
  return status === 'error' ? 'decline' : null;
}
