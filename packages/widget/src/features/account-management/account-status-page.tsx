import type { RouteDefinition } from '@cashdesk/domain';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { readPayoutVerification, readVerifiedAccount } from '../../route-state/payout-verification';
import { scrollToTop } from '../../host/host-bridge';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import { usePageTitle } from '../../ui/use-page-title';
import { readReturnTo } from './route-state';
import './account-management.css';

/** The status page shown by each route id (SPEC §2 account-management /status pages). */
type StatusKind = 'success' | 'error' | 'pending';

function kindOf(route: RouteDefinition): StatusKind {
  if (route.id === 'account-management-status-success') return 'success';
  if (route.id === 'account-management-status-error') return 'error';
  return 'pending';
}

const TEXTS = {
  success: {
    title: 'ACCOUNT_MANAGEMENT.STATUS.SUCCESS_TITLE',
    text: 'ACCOUNT_MANAGEMENT.STATUS.SUCCESS_TEXT',
  },
  error: {
    title: 'ACCOUNT_MANAGEMENT.STATUS.ERROR_TITLE',
    text: 'ACCOUNT_MANAGEMENT.STATUS.ERROR_TEXT',
  },
  pending: {
    title: 'ACCOUNT_MANAGEMENT.STATUS.PENDING_TITLE',
    text: 'ACCOUNT_MANAGEMENT.STATUS.PENDING_TEXT',
  },
} as const;

/**
 * SPEC §2 /account-management/status, /status/success and /status/error. Success hands the
 * confirmed account and the stored amount (SPEC §4) back to the method page in router state
 * (VerifiedAccountState); error offers to try again (the verification page, when the hand-over
 * is still in the state) and support; the plain status page says the account is being checked.
 */
export function AccountStatusPage({ route }: { readonly route: RouteDefinition }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const state: unknown = location.state;
  const { search } = location;
  const titleId = useId();
  const kind = kindOf(route);
  const title = t(TEXTS[kind].title);
  usePageTitle(title);
  const verified = readVerifiedAccount(state);
  const verification = readPayoutVerification(state);
  const returnTo = readReturnTo(state);
  const methods = { pathname: '/withdrawal', search };

  useEffect(() => {
    scrollToTop();
  }, []);

  return (
    <section
      className={`cd-card cd-account cd-account__status cd-account__status--${kind}`}
      aria-labelledby={titleId}
    >
      <span className="cd-account__status-icon">
        <Icon name={kind === 'success' ? 'check' : kind === 'error' ? 'error' : 'clock'} />
      </span>
      <h1 id={titleId} className="cd-page-title">
        {title}
      </h1>
      {kind === 'pending' ? (
        <p role="status">{t(TEXTS[kind].text)}</p>
      ) : (
        <p>{t(TEXTS[kind].text)}</p>
      )}
      <div className="cd-account__actions">
        {kind === 'success' ? (
          <Button
            block
            onClick={() => {
              if (verified === null || returnTo === null) {
                void navigate(methods);
                return;
              }
              void navigate(returnTo, { state: { verifiedAccount: verified } });
            }}
          >
            {t('ACCOUNT_MANAGEMENT.STATUS.CONTINUE')}
          </Button>
        ) : null}
        {kind === 'error' ? (
          <>
            <Button
              onClick={() => {
                if (verification !== null) {
                  void navigate(`/withdrawal-verify-account${search}`, {
                    state: { payoutVerification: verification },
                  });
                  return;
                }
                void navigate(returnTo ?? methods);
              }}
            >
              {t('ACCOUNT_MANAGEMENT.TRY_AGAIN')}
            </Button>
            <Link
              className="cd-button cd-button--secondary"
              to={`/account-management/support${search}`}
              state={verification === null ? null : { payoutVerification: verification }}
            >
              {t('ACCOUNT_MANAGEMENT.CONTACT_SUPPORT')}
            </Link>
          </>
        ) : null}
        {kind === 'success' ? null : (
          <Link className="cd-button cd-button--link" to={methods}>
            {t('ACCOUNT_MANAGEMENT.BACK_TO_METHODS')}
          </Link>
        )}
      </div>
    </section>
  );
}
