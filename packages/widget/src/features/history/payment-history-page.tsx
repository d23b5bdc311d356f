import type { PaymentHistoryItem, RedirectData } from '@cashdesk/contract';
import { resultNavigation } from '@cashdesk/domain';
import type { InnerResultMessage, RouteDefinition } from '@cashdesk/domain';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query';
import { useDepositInitQuery, usePayoutInitQuery } from '../../api/cashier-api';
import { CancelWithdrawalBanner } from '../../reversal';
import { useAppSelector } from '../../store/hooks';
import { scrollToTop } from '../../host/host-bridge';
import { wireMoney } from '../../i18n/format';
import { useMoneyFormat } from '../../i18n/use-money-format';
import { ThreeDsChallenge } from '../../method-form/three-ds-challenge';
import { announce } from '../../ui/announcer';
import { Button } from '../../ui/button';
import { CopyButton } from '../../ui/copy-button';
import { LongValue } from '../../ui/long-value';
import { ServerName } from '../../ui/server-text';
import { PageHeader } from '../../ui/page-header';
import { Skeleton } from '../../ui/skeleton';
import { useLazyPaymentHistoryQuery, usePaymentHistoryQuery } from './history-api';
import { resumeStep, statusKey } from './resume';
import './history.css';

/** The router state of a screen that sent the player here after a reload (app/resume-after-reload). */
function cameBackAfterReload(state: unknown): boolean {
  return typeof state === 'object' && state !== null && Reflect.get(state, 'resumed') === true;
}

/** The query with `transaction_id` set, so the next screen names the payment. */
function searchWith(search: string, transactionId: string): string {
  const query = new URLSearchParams(search);
  query.set('transaction_id', transactionId);
  return `?${query.toString()}`;
}

/** A 3-D Secure challenge resumed on this screen. */
interface OpenChallenge {
  readonly data: RedirectData;
  readonly item: PaymentHistoryItem;
}

/** One payment: method, amount, flow, status, date, reference (copyable) and, when open, Continue. */
function PaymentRow({
  item,
  onContinue,
}: {
  readonly item: PaymentHistoryItem;
  readonly onContinue: (item: PaymentHistoryItem) => void;
}) {
  const { t, i18n } = useTranslation();
  const { display } = useMoneyFormat();
  const amount = wireMoney(item.amount, item.currency, display);
  const date = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(item.created_at));
  const voucher = item.pay_session?.voucher ?? null;
  return (
    <li className="cd-history__item">
      <div className="cd-history__line">
        <ServerName className="cd-history__method" name={item.method_name} />
        <strong className="cd-history__amount" dir="ltr">
          {amount}
        </strong>
      </div>
      <p className="cd-history__meta">
        <span>
          {t(item.flow === 'deposit' ? 'HISTORY.FLOW.DEPOSIT' : 'HISTORY.FLOW.WITHDRAWAL')}
        </span>
        <span aria-hidden="true"> • </span>
        <span className={item.open ? 'cd-history__status' : undefined}>{t(statusKey(item))}</span>
        <span aria-hidden="true"> • </span>
        <time dateTime={item.created_at}>{date}</time>
      </p>
      <div className="cd-history__reference">
        <span className="cd-history__label">{t('HISTORY.REFERENCE')}</span>
        <LongValue className="cd-history__value" value={item.reference} />
        <CopyButton
          className="cd-history__copy"
          text={item.reference}
          label={t('HISTORY.COPY_REFERENCE', { reference: item.reference })}
          copied={t('HISTORY.COPIED')}
          failed={t('HISTORY.COPY_FAILED')}
        />
      </div>
      {voucher === null ? null : (
        <p className="cd-history__voucher">
          {t('HISTORY.VOUCHER_CODE')}{' '}
          <LongValue className="cd-history__value" value={voucher.code} />
        </p>
      )}
      {item.open && item.pay_session !== null ? (
        <Button
          className="cd-history__continue"
          aria-label={t('HISTORY.CONTINUE_NAMED', { method: item.method_name, amount })}
          onClick={() => {
            onContinue(item);
          }}
        >
          {t('HISTORY.CONTINUE')}
        </Button>
      ) : null}
    </li>
  );
}

/**
 * The player's pending payments and history (/deposit-history, /withdrawal-history), reached from
 * the method list's header; a pending withdrawal is offered for cancelling here as on the
 * homepages (SPEC §2 cancel-withdrawal popup) and, after a reload in the middle of a payment, instead of an empty form
 * (app/resume-after-reload). Open payments come first, each with Continue, which resumes it where
 * its submit led (resume.ts): the QR code or bank details, the voucher, the 3-D Secure challenge
 * (in a frame here, as on the method page) or the status of a payment under way. Then the recent
 * ones with their status. Every row shows the amount, method, date and the reference with a copy
 * button; further pages load on request.
 */
export function PaymentHistoryPage({ route }: { readonly route: RouteDefinition }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { search } = location;
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const theme = useAppSelector((state) => state.session.theme);
  const flow = route.flow ?? 'deposit';
  const first = usePaymentHistoryQuery({ cursor: null }, { refetchOnMountOrArgChange: true });
  // The flow's init answer: the pending withdrawal the player may cancel from here too.
  const depositInit = useDepositInitQuery(flow === 'deposit' ? undefined : skipToken);
  const payoutInit = usePayoutInitQuery(flow === 'withdrawal' ? undefined : skipToken);
  const reverse =
    (flow === 'deposit' ? depositInit.data : payoutInit.data)?.withdrawal_reverse ?? null;
  const { display } = useMoneyFormat();
  const [loadMore, more] = useLazyPaymentHistoryQuery();
  const [later, setLater] = useState<{
    readonly items: readonly PaymentHistoryItem[];
    readonly next: string | null;
  } | null>(null);
  const [challenge, setChallenge] = useState<OpenChallenge | null>(null);

  useEffect(() => {
    scrollToTop();
  }, []);

  const items = [...(first.data?.payments ?? []), ...(later?.items ?? [])];
  const next = later === null ? (first.data?.next_cursor ?? null) : later.next;
  const open = items.filter((item) => item.open);
  /** Open payments under "In progress" first, then the recent ones. */
  const parts = [
    { key: 'open', title: 'HISTORY.OPEN', items: open },
    { key: 'recent', title: 'HISTORY.RECENT', items: items.filter((item) => !item.open) },
  ] as const;

  const resume = (item: PaymentHistoryItem) => {
    if (item.pay_session === null) return;
    const step = resumeStep(item, item.pay_session);
    if (step.kind === 'challenge') {
      setChallenge({ data: step.data, item });
      return;
    }
    void navigate(
      { pathname: step.pathname, search: searchWith(search, item.transaction_id) },
      step.state === null ? {} : { state: step.state },
    );
  };

  const challengeItem = challenge?.item ?? null;
  /** SPEC §2: the challenge came back; the result page of its flow and status. */
  const challengeAnswered = useCallback(
    (message: InnerResultMessage) => {
      if (challengeItem === null) return;
      const transactionId = message.transactionId ?? challengeItem.transaction_id;
      const target = resultNavigation({
        type: message.paymentType,
        status: message.status,
        currentSearch: searchWith(search, transactionId).slice(1),
        theme,
      });
      if (target === null) return;
      void navigate(target, { state: { payGroupId: String(challengeItem.pay_group_id) } });
    },
    [challengeItem, navigate, search, theme],
  );
  const leaveChallenge = useCallback(() => {
    setChallenge(null);
    announce(t('DEPOSIT_METHOD.THREE_DS.LEFT'), 'polite');
  }, [t]);

  const showMore = () => {
    if (next === null) return;
    void loadMore({ cursor: next })
      .unwrap()
      .then((page) => {
        setLater((previous) => ({
          items: [...(previous?.items ?? []), ...page.payments],
          next: page.next_cursor,
        }));
      })
      .catch(() => {
        // more.isError shows the failure beside the button.
      });
  };

  return (
    <section className="cd-card cd-history" aria-labelledby={titleId}>
      <PageHeader
        title={t('HISTORY.TITLE')}
        titleId={titleId}
        titleRef={heading}
        back={{ pathname: `/${flow}`, search }}
        backLabel={t('HISTORY.BACK')}
      />
      {challenge === null ? null : (
        <ThreeDsChallenge
          data={challenge.data}
          onResult={challengeAnswered}
          onCancel={leaveChallenge}
        />
      )}
      {challenge !== null ? null : (
        <>
          {cameBackAfterReload(location.state) && open.length > 0 ? (
            <p className="cd-notice" role="status">
              {t('HISTORY.RESUMED')}
            </p>
          ) : null}
          <CancelWithdrawalBanner
            reverse={reverse}
            display={display}
            onAnswered={() => {
              // The cancelled withdrawal is listed as such.
              setLater(null);
              void first.refetch();
            }}
          />
          {first.isLoading ? <Skeleton label={t('HISTORY.LOADING')} rows={3} /> : null}
          {first.isError ? (
            <div role="alert" className="cd-history__problem">
              <p>{t('HISTORY.LOAD_ERROR')}</p>
              <Button variant="secondary" onClick={() => void first.refetch()}>
                {t('HISTORY.RETRY')}
              </Button>
            </div>
          ) : null}
          {first.data !== undefined && items.length === 0 ? (
            <p className="cd-history__empty">{t('HISTORY.EMPTY')}</p>
          ) : null}
          {parts.map((part) =>
            part.items.length === 0 ? null : (
              <section
                key={part.key}
                className="cd-history__part"
                aria-labelledby={`${titleId}-${part.key}`}
              >
                <h2 id={`${titleId}-${part.key}`} className="cd-history__heading">
                  {t(part.title)}
                </h2>
                <ul className="cd-history__list">
                  {part.items.map((item) => (
                    <PaymentRow key={item.transaction_id} item={item} onContinue={resume} />
                  ))}
                </ul>
              </section>
            ),
          )}
          {next === null ? null : (
            <Button variant="secondary" block disabled={more.isFetching} onClick={showMore}>
              {t('HISTORY.MORE')}
            </Button>
          )}
          {more.isError ? (
            <p role="alert" className="cd-history__problem">
              {t('HISTORY.MORE_FAILED')}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
