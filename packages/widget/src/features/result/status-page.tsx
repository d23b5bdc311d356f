/**
 * SPEC §2 status pages: what a result route shows, by the domain's `statusPageView` (the view
 * kinds blank, redirect and result; status-page mode; detection inside the embedding parent
 * frame):
 * - result: the result page, alone (no way back into the cashier) in status-page mode;
 * - blank: nothing to see; inside the cashier's own frame (a provider's or a bank's page shown in
 *   the method page returned to this status page) the cashier around it is told the result and
 *   shows the result page itself;
 * - redirect: the player is sent on to the merchant at once, as the into-game button would.
 *
 * @packageDocumentation
 */
import { innerResultMessage, statusPageView } from '@cashdesk/domain';
import type { RouteDefinition, StatusPageView } from '@cashdesk/domain';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { postResultToOuterCashier, sameOriginParentAddress } from '../../host/host-bridge';
import { useAppSelector } from '../../store/hooks';
import { Button } from '../../ui/button';
import { usePageTitle } from '../../ui/use-page-title';
import { decideIntoGame, performFinish } from './finish';
import { ResultPage } from './result-page';
import { RESULT_TEXTS } from './result-texts';
import { readResultRouteState, transactionIdOf } from './route-state';
import { useFinishContext } from './use-finish-context';

/** SPEC §2: a result route, shown as its status page's view kind says. */
export function StatusPage({ route }: { readonly route: RouteDefinition }) {
  const location = useLocation();
  const statusPageMode = useAppSelector((state) => state.session.isStatusPageMode);
  const view = useMemo(
    () =>
      statusPageView({
        address: `${window.location.origin}${location.pathname}${location.search}`,
        statusPageMode,
        parentAddress: sameOriginParentAddress(),
      }),
    [location.pathname, location.search, statusPageMode],
  );
  if (view === null || view.view === 'result') {
    return <ResultPage route={route} standalone={view?.statusPageMode ?? false} />;
  }
  return view.view === 'blank' ? <BlankStatus view={view} /> : <RedirectStatus view={view} />;
}

/** The page's title, for the document and the screen reader (the page itself shows nothing). */
function useStatusTitle(view: StatusPageView): string {
  const { t } = useTranslation();
  const title = t(RESULT_TEXTS[view.flow][view.status].title);
  usePageTitle(title);
  return title;
}

/**
 * SPEC §2 blank view: tells the cashier around this one the result once (it navigates to its
 * result page), and shows nothing but a title screen readers find.
 */
function BlankStatus({ view }: { readonly view: StatusPageView }) {
  const title = useStatusTitle(view);
  const { search } = useLocation();
  const told = useRef(false);
  useEffect(() => {
    if (told.current || !view.embeddedInCashier) return;
    told.current = true;
    postResultToOuterCashier(innerResultMessage(view.flow, view.status, transactionIdOf(search)));
  }, [view, search]);
  return (
    <section className="cd-status-blank" aria-label={title}>
      <h1 className="cd-visually-hidden">{title}</h1>
    </section>
  );
}

/**
 * SPEC §2 redirect view: once the merchant URLs are known, the player goes on to the merchant as
 * the into-game button would (SPEC §2 redirect after finishing, §4 final result). With no usable
 * URL and no host to hear it, the result page is shown instead of a dead end.
 */
function RedirectStatus({ view }: { readonly view: StatusPageView }) {
  const { t } = useTranslation();
  const title = useStatusTitle(view);
  const titleId = useId();
  const location = useLocation();
  const navigate = useNavigate();
  const routeState: unknown = location.state;
  const { paySession, payGroupId } = readResultRouteState(routeState);
  const { context, ready } = useFinishContext(
    view.flow,
    view.status,
    location.pathname,
    paySession,
    payGroupId,
  );
  const went = useRef(false);
  useEffect(() => {
    if (!ready || went.current) return;
    went.current = true;
    if (!performFinish(decideIntoGame(context))) {
      const query = new URLSearchParams(location.search);
      query.set('view', 'result');
      void navigate(
        { pathname: location.pathname, search: `?${query.toString()}` },
        { replace: true, state: routeState },
      );
    }
  }, [ready, context, location.pathname, location.search, routeState, navigate]);
  return (
    <section className="cd-card cd-result" aria-labelledby={titleId}>
      <h1 id={titleId} className="cd-page-title">
        {title}
      </h1>
      <p className="cd-result__text" role="status">
        {t('RESULT.REDIRECTING')}
      </p>
      <Button
        block
        disabled={!ready}
        onClick={() => {
          performFinish(decideIntoGame(context));
        }}
      >
        {t('RESULT.BUTTON.INTO_GAME')}
      </Button>
    </section>
  );
}
