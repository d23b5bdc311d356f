import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { innerResultMessage, linkTarget, resultPagePath } from '@cashdesk/domain';
import type { ResultStatus, RouteDefinition } from '@cashdesk/domain';
import type { ThreeDsResultRequest } from '@cashdesk/contract';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useAppSelector } from '../../store/hooks';
import { postResultToOuterCashier, scrollToTop } from '../../host/host-bridge';
import { announce } from '../../ui/announcer';
import { Button } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { usePageTitle } from '../../ui/use-page-title';
import { wireMoney } from '../../i18n/format';
import { useMoneyFormat } from '../../i18n/use-money-format';
import { useAltPayment3dsResultMutation, useAltPaymentInteractionQuery } from './alt-payments-api';
import { altTransactionId } from './transaction-id';
import { useStatusPoll } from './use-status-poll';
import './alt-payments.css';

/** The query with `transaction_id` set, so the next page names the same payment. */
function searchWithTransaction(search: string, transactionId: string): string {
  const query = new URLSearchParams(search);
  query.set('transaction_id', transactionId);
  return `?${query.toString()}`;
}

/** Navigation to a deposit result page, keeping the query (SPEC §2 result statuses). */
function useGoToResult() {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(
    (status: ResultStatus, transactionId: string, state?: unknown) => {
      void navigate(
        {
          pathname: resultPagePath('deposit', status),
          search: searchWithTransaction(search, transactionId),
        },
        { replace: true, state },
      );
    },
    [navigate, search],
  );
}

/** The screen's frame: one h1, scrolled to the top on arrival (SPEC §2). */
function AltFrame({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  const titleId = useId();
  usePageTitle(title);
  useEffect(() => {
    scrollToTop();
  }, []);
  return (
    <section className="cd-card cd-alt" aria-labelledby={titleId}>
      <h1 id={titleId} className="cd-page-title">
        {title}
      </h1>
      {children}
    </section>
  );
}

/** Shown when the address names no payment. */
function MissingPayment() {
  const { t } = useTranslation();
  const { search } = useLocation();
  return (
    <AltFrame title={t('ALT.MISSING.TITLE')}>
      <p>{t('ALT.MISSING.TEXT')}</p>
      <Link className="cd-button cd-button--secondary" to={{ pathname: '/deposit', search }}>
        {t('APP.BACK_TO_DEPOSIT')}
      </Link>
    </AltFrame>
  );
}

/**
 * SPEC §2 /payments/interaction/{provider}, §7 GET payments/interaction: what the player has to
 * do (plain-text instructions), the amount, until when, and a continue button to the provider's
 * page when there is one (same window on native iOS, else a new one: SPEC §2 link targets). A
 * payment that is already final goes straight to its result page.
 */
function InteractionView({ transactionId }: { readonly transactionId: string }) {
  const { t, i18n } = useTranslation();
  const moneyStyle = useMoneyFormat();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { provider } = useParams();
  const device = useAppSelector((state) => state.session.environment.device);
  const goToResult = useGoToResult();
  const { data, isLoading, isError, refetch } = useAltPaymentInteractionQuery(transactionId);
  const status = data?.transaction_status;
  useEffect(() => {
    if (status === 'success' || status === 'error') goToResult(status, transactionId);
  }, [status, goToResult, transactionId]);
  if (isLoading) return <Skeleton label={t('ALT.LOADING')} rows={3} />;
  if (data === undefined || isError) {
    return (
      <AltFrame title={t('ALT.INTERACTION.TITLE')}>
        <p role="alert">{t('ALT.LOAD_FAILED')}</p>
        <Button
          onClick={() => {
            void refetch();
          }}
        >
          {t('ALT.TRY_AGAIN')}
        </Button>
      </AltFrame>
    );
  }
  const target = linkTarget({ device });
  const expires =
    data.expires_at === null
      ? null
      : new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(data.expires_at),
        );
  return (
    <AltFrame title={t('ALT.INTERACTION.TITLE')}>
      <p className="cd-alt__amount">
        {t('ALT.AMOUNT', {
          amount: wireMoney(data.amount, data.currency, moneyStyle.display),
        })}
      </p>
      {data.instructions.length === 0 ? null : (
        <ol className="cd-alt__steps">
          {data.instructions.map((instruction, index) => (
            <li key={index}>{instruction}</li>
          ))}
        </ol>
      )}
      {expires === null ? null : <p className="cd-alt__muted">{t('ALT.EXPIRES', { expires })}</p>}
      <div className="cd-alt__actions">
        {data.redirect_url === null ? null : (
          <a
            className="cd-button cd-button--primary cd-button--block"
            href={data.redirect_url}
            target={target}
            rel={target === '_blank' ? 'noopener noreferrer' : undefined}
          >
            {target === '_blank' ? t('ALT.CONTINUE_NEW_WINDOW') : t('ALT.CONTINUE')}
          </a>
        )}
        <Button
          block
          variant={data.redirect_url === null ? 'primary' : 'secondary'}
          onClick={() => {
            void navigate({
              pathname: `/payments/status/${encodeURIComponent(provider ?? transactionId)}`,
              search: searchWithTransaction(search, transactionId),
            });
          }}
        >
          {t('ALT.CHECK_STATUS')}
        </Button>
      </div>
    </AltFrame>
  );
}

const STATUS_TEXT_KEYS: Readonly<Record<string, string>> = {
  created: 'ALT.STATUS.PROCESSING',
  processing: 'ALT.STATUS.PROCESSING',
  await: 'ALT.STATUS.AWAIT',
  success: 'ALT.STATUS.FINAL',
  error: 'ALT.STATUS.FINAL',
};

/**
 * SPEC §2 /payments/status/{provider}, §7 status poll: polls with a backoff until the payment is
 * final, then replaces itself with the deposit result page; after SPEC §9 timeout S without a
 * final status it hands over to the processing page (which redirects to the merchant).
 */
function StatusView({ transactionId }: { readonly transactionId: string }) {
  const { t } = useTranslation();
  const goToResult = useGoToResult();
  const onFinal = useCallback(
    (status: { readonly result_status: ResultStatus }) => {
      goToResult(status.result_status, transactionId);
    },
    [goToResult, transactionId],
  );
  const onGiveUp = useCallback(() => {
    goToResult('processing', transactionId);
  }, [goToResult, transactionId]);
  const { status, failed } = useStatusPoll(transactionId, onFinal, onGiveUp);
  const text = t(
    STATUS_TEXT_KEYS[status?.transaction_status ?? 'processing'] ?? 'ALT.STATUS.PROCESSING',
  );
  useEffect(() => {
    announce(text, 'polite');
  }, [text]);
  return (
    <AltFrame title={t('ALT.STATUS.TITLE')}>
      <div className="cd-alt__spinner" aria-hidden="true" />
      <p className="cd-alt__status">{text}</p>
      {failed ? <p className="cd-alt__muted">{t('ALT.STATUS.RETRYING')}</p> : null}
    </AltFrame>
  );
}

/** SPEC §7: the issuer's fields of the challenge's return address, passed through. */
function threeDsBody(search: string, transactionId: string): ThreeDsResultRequest {
  const query = new URLSearchParams(search);
  const read = (...names: readonly string[]): string | undefined => {
    for (const name of names) {
      const value = query.get(name);
      if (value !== null && value !== '') return value;
    }
    return undefined;
  };
  const body: { -readonly [K in keyof ThreeDsResultRequest]: ThreeDsResultRequest[K] } = {
    transaction_id: transactionId,
  };
  const sessionId = read('session_id');
  const paRes = read('pa_res', 'PaRes');
  const cres = read('cres');
  const md = read('md', 'MD');
  if (sessionId !== undefined) body.session_id = sessionId;
  if (paRes !== undefined) body.pa_res = paRes;
  if (cres !== undefined) body.cres = cres;
  if (md !== undefined) body.md = md;
  return body;
}

/**
 * SPEC §2 /payments/3ds_result/{provider}, §7 POST payments/3ds-result: posts what the challenge
 * returned (once: the ref survives React's development double effect) and shows the result page
 * of the final pay session, passing it in router state so the page has the decline reason.
 */
function ThreeDsResultView({ transactionId }: { readonly transactionId: string }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const goToResult = useGoToResult();
  const [post, { isError, reset }] = useAltPayment3dsResultMutation();
  const [handedOver, setHandedOver] = useState(false);
  const sent = useRef(false);
  const send = useCallback(() => {
    void post(threeDsBody(search, transactionId))
      .unwrap()
      .then((paySession) => {
        // Inside the method page's challenge frame, the cashier around this one shows the
        // result (SPEC §2 result message); on its own (a redirect or a new tab) this page does.
        const message = innerResultMessage(
          'deposit',
          paySession.result_status,
          paySession.transaction_id,
        );
        if (postResultToOuterCashier(message)) setHandedOver(true);
        else goToResult(paySession.result_status, paySession.transaction_id, { paySession });
      })
      .catch(() => {
        // Shown by isError; a code 17 shows the session-expired screen through the store.
      });
  }, [post, search, transactionId, goToResult]);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    send();
  }, [send]);
  return (
    <AltFrame title={t('ALT.THREE_DS.TITLE')}>
      {isError ? (
        <>
          <p role="alert">{t('ALT.LOAD_FAILED')}</p>
          <Button
            onClick={() => {
              reset();
              send();
            }}
          >
            {t('ALT.TRY_AGAIN')}
          </Button>
        </>
      ) : (
        <>
          <div className="cd-alt__spinner" aria-hidden="true" />
          <p className="cd-alt__status" role="status">
            {t(handedOver ? 'ALT.THREE_DS.DONE' : 'ALT.THREE_DS.TEXT')}
          </p>
        </>
      )}
    </AltFrame>
  );
}

/** The 3-D Secure return addresses (SPEC §2): an alternative payment's, a card's, one naming its session. */
const THREE_DS_RESULT_ROUTES: ReadonlySet<string> = new Set([
  'payments-3ds-result',
  '3ds-result',
  '3ds-result-session',
]);

/**
 * SPEC §2 alternative payments: /payments/interaction/{provider}, /payments/status/{provider}
 * and /payments/3ds_result/{provider}, and the card's /3ds_result (also as
 * /3ds_result/{sessionId}, whose session start-up reads from the path, SPEC §7), by route id. The payment is named by the
 * `transaction_id` query parameter, else the last path segment (SPEC §7).
 */
export function AltPaymentPage({ route }: { readonly route: RouteDefinition }) {
  const { search } = useLocation();
  const { provider } = useParams();
  const transactionId = altTransactionId(search, provider);
  if (transactionId === null) return <MissingPayment />;
  if (route.id === 'payments-status') return <StatusView transactionId={transactionId} />;
  if (THREE_DS_RESULT_ROUTES.has(route.id))
    return <ThreeDsResultView transactionId={transactionId} />;
  return <InteractionView transactionId={transactionId} />;
}
