import { COUNTDOWN_ZERO, formatCountdown } from '@cashdesk/domain';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { readPayoutVerification } from '../../route-state/payout-verification';
import { scrollToTop } from '../../host/host-bridge';
import { announce } from '../../ui/announcer';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import { PageHeader } from '../../ui/page-header';
import { Skeleton } from '../../ui/skeleton';
import { useNow } from '../../ui/use-every-second';
import { SupportLink } from './parts';
import { readBlockedUntil } from './route-state';
import { useHandOverDetail } from './use-hand-over-detail';
import './account-management.css';

/**
 * SPEC §2 /account-management-blocked, §4 "Blocking may last until a given time. A countdown
 * shows hh:mm:ss, zero when remaining time is zero or less". The end of the block comes from
 * the router state (the verification page's otp answer) or from the method detail
 * (payout_account_verification_blocked_until). The countdown is a timer that screen readers do
 * not read every second; the end of the block is announced once. When it has ended the player
 * may try again: back to the method page with the hand-over, so it can start the verification
 * again.
 */
export function AccountBlockedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const state: unknown = location.state;
  const { search } = location;
  const titleId = useId();
  const verification = readPayoutVerification(state);
  const { context, detail } = useHandOverDetail(state);
  const until =
    readBlockedUntil(state) ?? detail.data?.payout_account_verification_blocked_until ?? null;
  // Without an end instant the page waits for the detail; with none there either, the block is
  // not (or no longer) in force.
  const known = until !== null || context === null || detail.data !== undefined || detail.isError;
  const now = useNow(until === null ? null : Date.parse(until));
  const left = formatCountdown(now, until);
  const ended = until !== null && left === COUNTDOWN_ZERO;
  const endedBefore = useRef<boolean | null>(null);

  useEffect(() => {
    scrollToTop();
  }, []);

  useEffect(() => {
    if (until === null) return;
    // Announced only when it reaches zero on this page, not when the page opens after the end.
    if (endedBefore.current === false && ended) {
      announce(t('ACCOUNT_MANAGEMENT.BLOCKED.ENDED'), 'polite');
    }
    endedBefore.current = ended;
  }, [ended, until, t]);

  const methods = { pathname: '/withdrawal', search };
  const supportUrl = detail.data?.support_url ?? null;

  return (
    <section className="cd-card cd-account" aria-labelledby={titleId}>
      <PageHeader
        title={t('ACCOUNT_MANAGEMENT.BLOCKED.TITLE')}
        titleId={titleId}
        back={methods}
        backLabel={t('ACCOUNT_MANAGEMENT.BACK_TO_METHODS')}
      />
      <p>{t('ACCOUNT_MANAGEMENT.BLOCKED.TEXT')}</p>
      {known ? null : <Skeleton label={t('ACCOUNT_MANAGEMENT.LOADING')} rows={1} />}
      {until === null ? null : (
        <div className="cd-account__countdown">
          <Icon name="clock" />
          <span>{t('ACCOUNT_MANAGEMENT.BLOCKED.TIME_LEFT')}</span>
          <span role="timer" aria-live="off" dir="ltr" className="cd-account__clock">
            {left}
          </span>
        </div>
      )}
      {ended ? <p className="cd-account__ended">{t('ACCOUNT_MANAGEMENT.BLOCKED.ENDED')}</p> : null}
      <div className="cd-account__actions">
        {ended ? (
          <Button
            onClick={() => {
              if (verification === null) {
                void navigate(context?.returnTo ?? methods);
                return;
              }
              void navigate(verification.returnTo, {
                state: { payoutVerification: verification },
              });
            }}
          >
            {t('ACCOUNT_MANAGEMENT.TRY_AGAIN')}
          </Button>
        ) : null}
        <Link className="cd-button cd-button--secondary" to={methods}>
          {t('ACCOUNT_MANAGEMENT.BACK_TO_METHODS')}
        </Link>
      </div>
      {supportUrl === null ? null : (
        <p className="cd-account__support">
          <SupportLink url={supportUrl} label={t('ACCOUNT_MANAGEMENT.CONTACT_SUPPORT')} />
        </p>
      )}
    </section>
  );
}
