import type { ContactType, PayoutMethodDetail, TrustedContact } from '@cashdesk/contract';
import { latinDigits } from '@cashdesk/domain';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { usePayoutSelectQuery } from '../../api/cashier-api';
import { asApiError } from '../../api/http';
import type { ApiError } from '../../api/http';
import { readPayoutVerification } from '../../route-state/payout-verification';
import type { PayoutVerificationState } from '../../route-state/payout-verification';
import { scrollToTop } from '../../host/host-bridge';
import { announce } from '../../ui/announcer';
import { Button } from '../../ui/button';
import { PageHeader } from '../../ui/page-header';
import { Skeleton } from '../../ui/skeleton';
import {
  OTP_ERROR_CODES,
  readOtpRefusal,
  useCreateRequisiteMutation,
  useSendOtpMutation,
  useVerifyOtpMutation,
} from './account-management-api';
import { StartAgainPage, SupportLink } from './parts';
import { accountState, readMaskedAccount, statusState } from './route-state';
import { formatResendTime, useResendTimer } from './use-clock';
import './account-management.css';

type Verification = PayoutVerificationState['payoutVerification'];

/** SPEC §2 route of the blocked page. */
export const BLOCKED_PATH = '/account-management-blocked';
/** SPEC §2 account-management pages. */
export const SUCCESS_PATH = '/account-management/status/success';
export const SUPPORT_PATH = '/account-management/support';

/** The code the player types: what otp/verify accepts (contract OtpVerifyRequest). */
const CODE_PATTERN = /^[0-9]{4,8}$/;

const CONTACT_LABELS: Readonly<Record<ContactType, string>> = {
  email: 'ACCOUNT_MANAGEMENT.VERIFY.CONTACT_EMAIL',
  phone: 'ACCOUNT_MANAGEMENT.VERIFY.CONTACT_PHONE',
};

/**
 * SPEC §2 /withdrawal-verify-account "Payout verification": choose a contact for confirmation,
 * request and confirm a one-time code, contact support or verify through a support message.
 * SPEC §4: the method page hands over the account and the stored amount in router state
 * (route-state/payout-verification.ts); without it the player is asked to start again.
 */
export function VerifyAccountPage() {
  const location = useLocation();
  const verification = readPayoutVerification(location.state);
  if (verification === null) return <StartAgainPage />;
  return (
    <VerifyAccount
      verification={verification}
      maskedAccount={readMaskedAccount(location.state)}
      search={location.search}
      pathname={location.pathname}
    />
  );
}

interface VerifyAccountProps {
  readonly verification: Verification;
  readonly maskedAccount: string | null;
  readonly search: string;
  readonly pathname: string;
}

function VerifyAccount({ verification, maskedAccount, search, pathname }: VerifyAccountProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleId = useId();
  const detail = usePayoutSelectQuery({
    payGroupId: verification.payGroupId,
    currency: verification.currency,
  });
  const [createRequisite, creation] = useCreateRequisiteMutation();
  const created = useRef<string | null>(null);
  const { newAccount, requisiteId, returnTo, payGroupId } = verification;

  useEffect(() => {
    scrollToTop();
  }, []);

  /**
   * SPEC §7 requisite/create, once per account: the answer's id then replaces the new account in
   * the router state, so a reload, or coming back from the support page, does not create it again.
   */
  const create = useCallback(() => {
    if (newAccount === null) return;
    created.current = newAccount.value;
    createRequisite({
      payGroupId,
      requisiteType: newAccount.requisiteType,
      value: newAccount.value,
    })
      .unwrap()
      .then((answer) => {
        const saved: Verification = {
          ...verification,
          newAccount: null,
          requisiteId: answer.requisite_id,
        };
        if (!answer.verification_required) {
          void navigate(`${SUCCESS_PATH}${search}`, {
            replace: true,
            state: statusState(
              { requisiteId: answer.requisite_id, amount: verification.amount },
              returnTo,
              null,
            ),
          });
          return;
        }
        void navigate(`${pathname}${search}`, {
          replace: true,
          state: accountState(saved, { maskedAccount: answer.masked }),
        });
      })
      .catch(() => {
        // creation.isError shows the failure with a retry.
      });
  }, [createRequisite, navigate, newAccount, pathname, payGroupId, returnTo, search, verification]);

  useEffect(() => {
    if (newAccount !== null && created.current !== newAccount.value) create();
  }, [create, newAccount]);

  const masked =
    maskedAccount ??
    detail.data?.payout_accounts.find((account) => account.id === requisiteId)?.masked ??
    null;

  const goBlocked = useCallback(
    (until: string | null) => {
      void navigate(`${BLOCKED_PATH}${search}`, {
        replace: true,
        state: accountState(verification, { blockedUntil: until, maskedAccount: masked }),
      });
    },
    [masked, navigate, search, verification],
  );

  const blocked = detail.data?.payout_account_verification_blocked === true;
  const blockedUntil = detail.data?.payout_account_verification_blocked_until ?? null;
  const leftForBlock = useRef(false);
  useEffect(() => {
    if (!blocked || leftForBlock.current) return;
    leftForBlock.current = true;
    goBlocked(blockedUntil);
  }, [blocked, blockedUntil, goBlocked]);

  const title = t('ACCOUNT_MANAGEMENT.VERIFY.TITLE');
  const header = (
    <PageHeader
      title={title}
      titleId={titleId}
      back={returnTo}
      backLabel={t('ACCOUNT_MANAGEMENT.BACK_TO_METHOD')}
    />
  );

  let body;
  if (creation.isError) {
    const error = asApiError(creation.error);
    const rejected = error.status === 400;
    body = (
      <div role="alert" className="cd-account__problem">
        <p>
          {t(
            rejected
              ? 'ACCOUNT_MANAGEMENT.VERIFY.ACCOUNT_REJECTED'
              : 'ACCOUNT_MANAGEMENT.VERIFY.CREATE_FAILED',
          )}
        </p>
        <div className="cd-account__actions">
          {rejected ? null : <Button onClick={create}>{t('ACCOUNT_MANAGEMENT.RETRY')}</Button>}
          <Link className="cd-button cd-button--secondary" to={returnTo}>
            {t('ACCOUNT_MANAGEMENT.BACK')}
          </Link>
        </div>
      </div>
    );
  } else if (detail.isError) {
    body = (
      <div role="alert" className="cd-account__problem">
        <p>{t('ACCOUNT_MANAGEMENT.LOAD_ERROR')}</p>
        <Button variant="secondary" onClick={() => void detail.refetch()}>
          {t('ACCOUNT_MANAGEMENT.RETRY')}
        </Button>
      </div>
    );
  } else if (detail.data === undefined || requisiteId === null || blocked) {
    body = <Skeleton label={t('ACCOUNT_MANAGEMENT.LOADING')} rows={3} />;
  } else {
    body = (
      <CodeSteps
        detail={detail.data}
        requisiteId={requisiteId}
        maskedAccount={masked}
        onBlocked={goBlocked}
        onVerified={() => {
          void navigate(`${SUCCESS_PATH}${search}`, {
            state: statusState(
              { requisiteId, amount: verification.amount },
              returnTo,
              verification,
            ),
          });
        }}
        supportState={accountState(verification, { maskedAccount: masked })}
        search={search}
      />
    );
  }

  return (
    <section className="cd-card cd-account" aria-labelledby={titleId}>
      {header}
      {body}
    </section>
  );
}

interface CodeStepsProps {
  readonly detail: PayoutMethodDetail;
  readonly requisiteId: string;
  readonly maskedAccount: string | null;
  readonly onBlocked: (until: string | null) => void;
  readonly onVerified: () => void;
  readonly supportState: unknown;
  readonly search: string;
}

/** The texts of a refused otp/send. */
function sendRefusalKey(error: ApiError): string {
  const refusal = readOtpRefusal(error);
  if (refusal.code === OTP_ERROR_CODES.resendTooSoon) return 'ACCOUNT_MANAGEMENT.VERIFY.TOO_SOON';
  if (refusal.code === OTP_ERROR_CODES.notFound) return 'ACCOUNT_MANAGEMENT.VERIFY.NO_ACCOUNT';
  if (error.status === 400) return 'ACCOUNT_MANAGEMENT.VERIFY.NO_CONTACT';
  return 'ACCOUNT_MANAGEMENT.VERIFY.SEND_FAILED';
}

/** Choose a contact, send the code, type it, confirm it; the resend timer; support ways. */
function CodeSteps({
  detail,
  requisiteId,
  maskedAccount,
  onBlocked,
  onVerified,
  supportState,
  search,
}: CodeStepsProps) {
  const { t } = useTranslation();
  const contacts: readonly TrustedContact[] = detail.trusted_contacts;
  const [contact, setContact] = useState<ContactType | null>(contacts[0]?.contact_type ?? null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  /** The code was sent before this screen opened (a resend refused as too soon named it). */
  const [sentBefore, setSentBefore] = useState(false);
  const [sendProblem, setSendProblem] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [sendOtp, sending] = useSendOtpMutation();
  const [verifyOtp, verifying] = useVerifyOtpMutation();
  const timer = useResendTimer();
  const codeInput = useRef<HTMLInputElement>(null);
  const legendId = useId();
  const codeId = useId();
  const codeErrorId = useId();
  const codeHintId = useId();

  const send = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (contact === null || sending.isLoading) return;
    setSendProblem(null);
    sendOtp({ contactType: contact, requisiteId })
      .unwrap()
      .then((answer) => {
        if (answer.block_until !== undefined) {
          onBlocked(answer.block_until);
          return;
        }
        if (!answer.success) {
          const text = t('ACCOUNT_MANAGEMENT.VERIFY.SEND_REFUSED');
          setSendProblem(text);
          return;
        }
        setSentTo(answer.masked_contact);
        setSentBefore(false);
        setCode('');
        setCodeError(null);
        timer.start(answer.resend_after);
        announce(t('ACCOUNT_MANAGEMENT.VERIFY.SENT', { contact: answer.masked_contact }), 'polite');
        // The code field appears with the answer; the player types there next.
        window.requestAnimationFrame(() => codeInput.current?.focus());
      })
      .catch((raw: unknown) => {
        const error = asApiError(raw);
        const refusal = readOtpRefusal(error);
        if (refusal.code === OTP_ERROR_CODES.blocked) {
          onBlocked(refusal.blockUntil);
          return;
        }
        if (refusal.code === OTP_ERROR_CODES.resendTooSoon && refusal.resendAfter !== null) {
          timer.start(refusal.resendAfter);
        }
        if (refusal.code === OTP_ERROR_CODES.resendTooSoon && refusal.maskedContact !== null) {
          // A code sent a moment ago (before this screen was opened again) is still valid: the
          // field to type it appears, as after a send, instead of a wait for another code.
          const contactSent = refusal.maskedContact;
          if (refusal.contactType !== null) setContact(refusal.contactType);
          setSentTo(contactSent);
          setSentBefore(true);
          setCodeError(null);
          announce(t('ACCOUNT_MANAGEMENT.VERIFY.ALREADY_SENT', { contact: contactSent }), 'polite');
          window.requestAnimationFrame(() => codeInput.current?.focus());
          return;
        }
        setSendProblem(t(sendRefusalKey(error)));
      });
  };

  const showCodeError = (text: string) => {
    setCodeError(text);
    announce(text, 'assertive');
    codeInput.current?.focus();
  };

  const confirm = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verifying.isLoading) return;
    const typed = code.trim();
    if (!CODE_PATTERN.test(typed)) {
      showCodeError(t('ACCOUNT_MANAGEMENT.VERIFY.CODE_FORMAT'));
      return;
    }
    verifyOtp({ otp: typed, requisiteId })
      .unwrap()
      .then((answer) => {
        if (answer.verified) {
          onVerified();
          return;
        }
        if (answer.block_until !== undefined) {
          onBlocked(answer.block_until);
          return;
        }
        showCodeError(
          t('ACCOUNT_MANAGEMENT.VERIFY.WRONG_CODE', { attempts: answer.attempts_left }),
        );
      })
      .catch((raw: unknown) => {
        const error = asApiError(raw);
        const refusal = readOtpRefusal(error);
        if (refusal.code === OTP_ERROR_CODES.blocked) {
          onBlocked(refusal.blockUntil);
          return;
        }
        if (refusal.code === OTP_ERROR_CODES.invalid) {
          showCodeError(
            refusal.attemptsLeft === null || refusal.attemptsLeft === 0
              ? t('ACCOUNT_MANAGEMENT.VERIFY.CODE_EXPIRED')
              : t('ACCOUNT_MANAGEMENT.VERIFY.WRONG_CODE', { attempts: refusal.attemptsLeft }),
          );
          return;
        }
        showCodeError(t('ACCOUNT_MANAGEMENT.VERIFY.VERIFY_FAILED'));
      });
  };

  const waiting = timer.secondsLeft > 0;
  const supportUrl = detail.support_url;

  return (
    <>
      <p className="cd-account__intro">
        {maskedAccount === null
          ? t('ACCOUNT_MANAGEMENT.VERIFY.INTRO')
          : t('ACCOUNT_MANAGEMENT.VERIFY.INTRO_ACCOUNT', { account: maskedAccount })}
      </p>
      {contacts.length === 0 ? (
        <p className="cd-account__problem">{t('ACCOUNT_MANAGEMENT.VERIFY.NO_CONTACTS')}</p>
      ) : (
        <form className="cd-account__step" onSubmit={send} noValidate>
          <fieldset className="cd-account__contacts" aria-labelledby={legendId}>
            <legend id={legendId} className="cd-account__legend">
              {t('ACCOUNT_MANAGEMENT.VERIFY.CONTACT_LEGEND')}
            </legend>
            {contacts.map((option) => (
              <label key={option.contact_type} className="cd-account__contact">
                <input
                  type="radio"
                  name="contact"
                  value={option.contact_type}
                  checked={contact === option.contact_type}
                  onChange={() => {
                    setContact(option.contact_type);
                  }}
                />
                <span>
                  {t(CONTACT_LABELS[option.contact_type], { contact: option.masked_contact })}
                </span>
              </label>
            ))}
          </fieldset>
          {sendProblem === null ? null : (
            <p role="alert" className="cd-account__error">
              {sendProblem}
            </p>
          )}
          {waiting ? (
            <p className="cd-account__timer">
              {t('ACCOUNT_MANAGEMENT.VERIFY.RESEND_IN', {
                time: formatResendTime(timer.secondsLeft),
              })}
            </p>
          ) : (
            <Button
              type="submit"
              variant={sentTo === null ? 'primary' : 'secondary'}
              disabled={sending.isLoading}
              aria-busy={sending.isLoading}
            >
              {t(
                sentTo === null
                  ? 'ACCOUNT_MANAGEMENT.VERIFY.SEND'
                  : 'ACCOUNT_MANAGEMENT.VERIFY.RESEND',
              )}
            </Button>
          )}
        </form>
      )}
      {sentTo === null ? null : (
        <form className="cd-account__step" onSubmit={confirm} noValidate>
          <p className="cd-account__sent">
            {t(
              sentBefore
                ? 'ACCOUNT_MANAGEMENT.VERIFY.ALREADY_SENT'
                : 'ACCOUNT_MANAGEMENT.VERIFY.SENT',
              { contact: sentTo },
            )}
          </p>
          <div className="cd-account__field">
            <label htmlFor={codeId} className="cd-account__label">
              {t('ACCOUNT_MANAGEMENT.VERIFY.CODE_LABEL')}
            </label>
            <p id={codeHintId} className="cd-account__hint">
              {t('ACCOUNT_MANAGEMENT.VERIFY.CODE_HINT')}
            </p>
            <input
              ref={codeInput}
              id={codeId}
              className={`cd-account__input${codeError === null ? '' : ' cd-account__input--invalid'}`}
              type="text"
              dir="ltr"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={8}
              value={code}
              aria-invalid={codeError !== null}
              aria-describedby={codeError === null ? codeHintId : `${codeErrorId} ${codeHintId}`}
              onChange={(event) => {
                // Digits of every script count: an Arabic keyboard types ١٢٣.
                setCode(latinDigits(event.target.value).replace(/\D/g, ''));
              }}
            />
            {codeError === null ? null : (
              <p id={codeErrorId} className="cd-account__error">
                {codeError}
              </p>
            )}
          </div>
          <Button
            type="submit"
            block
            disabled={verifying.isLoading}
            aria-busy={verifying.isLoading}
          >
            {t('ACCOUNT_MANAGEMENT.VERIFY.CONFIRM')}
          </Button>
        </form>
      )}
      <div className="cd-account__support">
        <h2 className="cd-account__subtitle">{t('ACCOUNT_MANAGEMENT.VERIFY.OTHER_WAYS')}</h2>
        <ul className="cd-account__links">
          <li>
            <Link to={`${SUPPORT_PATH}${search}`} state={supportState}>
              {t('ACCOUNT_MANAGEMENT.VERIFY.BY_MESSAGE')}
            </Link>
          </li>
          {supportUrl === null ? null : (
            <li>
              <SupportLink url={supportUrl} label={t('ACCOUNT_MANAGEMENT.CONTACT_SUPPORT')} />
            </li>
          )}
        </ul>
      </div>
    </>
  );
}
