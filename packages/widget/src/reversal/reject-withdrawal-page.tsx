import type { PayoutInitResponse } from '@cashdesk/contract';
import { currencyDisplayFormat } from '@cashdesk/domain';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { usePayoutInitQuery } from '../api/cashier-api';
import { scrollToTop } from '../host/host-bridge';
import { DEFAULT_CURRENCY_DISPLAY } from '../i18n/format';
import { announce } from '../ui/announcer';
import { Button } from '../ui/button';
import { PageHeader } from '../ui/page-header';
import { Skeleton } from '../ui/skeleton';
import { ReversalOutcomeView, reversalMoney, useOutcomeSentence } from './reversal-outcome';
import { canRetry } from './reversal-state';
import { useReversal } from './use-reversal';
import './reversal.css';

/** The precision of a currency as the withdrawal methods give it (SPEC §3 currencies[0]). */
export function currencyPrecision(
  init: PayoutInitResponse | undefined,
  currency: string,
): number | undefined {
  for (const group of init?.payout_groups ?? []) {
    const first = group.currencies[0];
    if (first?.alpha3 === currency) return first.precision;
  }
  return undefined;
}

/**
 * SPEC §2 /reject-withdrawal (route id reject-withdrawal): the pending withdrawal of the init
 * answer (SPEC §3 withdrawal_reverse), the question whether to return it to the balance, and,
 * once confirmed (SPEC §7 GET payments/reverse-pending-withdrawal, sent once), the SPEC §4 result
 * with the way back to the withdrawal methods. Says so when nothing is pending.
 */
export function RejectWithdrawalPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const titleId = useId();
  const resultRef = useRef<HTMLDivElement>(null);
  const init = usePayoutInitQuery(undefined);
  const { state, outcome, confirm } = useReversal();
  const display = currencyDisplayFormat(
    init.data?.widget_settings.currency_display_setting_id,
    DEFAULT_CURRENCY_DISPLAY,
  );
  const reverse = init.data?.withdrawal_reverse ?? null;
  const precision = currencyPrecision(init.data, reverse?.currency ?? outcomeCurrency(outcome));
  const sentence = useOutcomeSentence(display, precision);
  const back = { pathname: '/withdrawal', search };
  const ended = outcome !== null && !canRetry(outcome);

  useEffect(() => {
    scrollToTop();
  }, []);

  useEffect(() => {
    // The question and its button are replaced by the result: the focus goes to the result.
    if (ended) resultRef.current?.focus();
  }, [ended]);

  const send = () => {
    void confirm().then((result) => {
      if (result?.kind === 'success') announce(sentence(result), 'polite');
    });
  };

  const content = () => {
    if (ended) {
      return (
        <div ref={resultRef} className="cd-reversal__result" tabIndex={-1}>
          <ReversalOutcomeView outcome={outcome} display={display} precision={precision} />
          <Link className="cd-button cd-button--primary cd-button--block" to={back}>
            {t('WITHDRAWAL_REVERSAL.PAGE.BACK_TO_METHODS')}
          </Link>
        </div>
      );
    }
    if (init.isLoading) return <Skeleton label={t('WITHDRAWAL_REVERSAL.PAGE.LOADING')} rows={2} />;
    if (init.data === undefined) {
      return (
        <div role="alert" className="cd-notice cd-notice--error">
          <p>{t('WITHDRAWAL_REVERSAL.PAGE.LOAD_ERROR')}</p>
          <Button variant="secondary" onClick={() => void init.refetch()}>
            {t('WITHDRAWAL_REVERSAL.PAGE.RETRY')}
          </Button>
        </div>
      );
    }
    if (reverse === null) {
      return (
        <div className="cd-reversal__result">
          <p className="cd-notice">{t('WITHDRAWAL_REVERSAL.PAGE.NONE')}</p>
          <Link className="cd-button cd-button--primary cd-button--block" to={back}>
            {t('WITHDRAWAL_REVERSAL.PAGE.BACK_TO_METHODS')}
          </Link>
        </div>
      );
    }
    const amount = reversalMoney(reverse.amount, reverse.currency, display, precision);
    return (
      <div className="cd-reversal__ask">
        <p className="cd-notice">{t('WITHDRAWAL_REVERSAL.PENDING', { amount })}</p>
        <p>{t('WITHDRAWAL_REVERSAL.CONFIRM.TEXT', { amount })}</p>
        {state.isFetching ? (
          <p className="cd-reversal__busy" role="status">
            {t('WITHDRAWAL_REVERSAL.BUSY')}
          </p>
        ) : null}
        {outcome === null ? null : (
          <ReversalOutcomeView outcome={outcome} display={display} precision={precision} />
        )}
        <div className="cd-reversal__actions">
          <Button onClick={send} disabled={state.isFetching} aria-busy={state.isFetching}>
            {t('WITHDRAWAL_REVERSAL.CONFIRM.CONFIRM')}
          </Button>
          <Link className="cd-button cd-button--secondary" to={back}>
            {t('WITHDRAWAL_REVERSAL.CONFIRM.KEEP')}
          </Link>
        </div>
      </div>
    );
  };

  return (
    <section className="cd-card cd-reversal-page" aria-labelledby={titleId}>
      <PageHeader
        title={t('WITHDRAWAL_REVERSAL.PAGE.TITLE')}
        titleId={titleId}
        back={back}
        backLabel={t('WITHDRAWAL_REVERSAL.PAGE.BACK')}
      />
      {content()}
    </section>
  );
}

/** The currency an outcome is in, for its precision once the init answer has moved on. */
function outcomeCurrency(outcome: ReturnType<typeof useReversal>['outcome']): string {
  return outcome !== null && (outcome.kind === 'success' || outcome.kind === 'failed')
    ? outcome.currency
    : '';
}
