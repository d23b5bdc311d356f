import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { readPayoutVerification } from '../../route-state/payout-verification';
import { scrollToTop } from '../../host/host-bridge';
import { usePageTitle } from '../../ui/use-page-title';
import { SupportLink } from './parts';
import { accountState, readMaskedAccount } from './route-state';
import { useHandOverDetail } from './use-hand-over-detail';
import './account-management.css';

/**
 * SPEC §2 /account-management/support, "verification through a support message": how to confirm
 * the payout account by writing to support: the merchant's support page (SPEC §3 support_url),
 * what to write (the masked account only: never a full account or card number, nor a code), and
 * the way back to the code verification (with the hand-over, when it is in the router state).
 */
export function AccountSupportPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const state: unknown = location.state;
  const { search } = location;
  const titleId = useId();
  const title = t('ACCOUNT_MANAGEMENT.SUPPORT.TITLE');
  usePageTitle(title);
  const verification = readPayoutVerification(state);
  const { detail } = useHandOverDetail(state);
  const masked =
    readMaskedAccount(state) ??
    detail.data?.payout_accounts.find((account) => account.id === verification?.requisiteId)
      ?.masked ??
    null;
  const supportUrl = detail.data?.support_url ?? null;

  useEffect(() => {
    scrollToTop();
  }, []);

  const back =
    verification === null
      ? { pathname: '/withdrawal', search }
      : { pathname: '/withdrawal-verify-account', search };

  return (
    <section className="cd-card cd-account" aria-labelledby={titleId}>
      <h1 id={titleId} className="cd-page-title">
        {title}
      </h1>
      <p>{t('ACCOUNT_MANAGEMENT.SUPPORT.INTRO')}</p>
      <ol className="cd-account__steps">
        <li>
          {supportUrl === null ? (
            t('ACCOUNT_MANAGEMENT.SUPPORT.STEP_OPEN_SITE')
          ) : (
            <>
              {t('ACCOUNT_MANAGEMENT.SUPPORT.STEP_OPEN')}{' '}
              <SupportLink url={supportUrl} label={t('ACCOUNT_MANAGEMENT.CONTACT_SUPPORT')} />
            </>
          )}
        </li>
        <li>
          {t('ACCOUNT_MANAGEMENT.SUPPORT.STEP_WRITE')}
          <blockquote className="cd-account__message">
            {masked === null
              ? t('ACCOUNT_MANAGEMENT.SUPPORT.MESSAGE')
              : t('ACCOUNT_MANAGEMENT.SUPPORT.MESSAGE_ACCOUNT', { account: masked })}
          </blockquote>
        </li>
        <li>{t('ACCOUNT_MANAGEMENT.SUPPORT.STEP_WAIT')}</li>
      </ol>
      <p className="cd-account__warning">
        <strong>{t('ACCOUNT_MANAGEMENT.SUPPORT.NEVER')}</strong>
      </p>
      <p>
        <Link
          className="cd-button cd-button--secondary"
          to={back}
          state={
            verification === null ? null : accountState(verification, { maskedAccount: masked })
          }
        >
          {t(
            verification === null
              ? 'ACCOUNT_MANAGEMENT.BACK_TO_METHODS'
              : 'ACCOUNT_MANAGEMENT.SUPPORT.BACK_TO_CODE',
          )}
        </Link>
      </p>
    </section>
  );
}
