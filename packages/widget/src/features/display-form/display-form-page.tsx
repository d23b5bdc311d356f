import { useCallback, useEffect, useId, useState } from 'react';
import type { ReactNode } from 'react';
import {
  buildRoutePath,
  COUNTDOWN_ZERO,
  formatCountdown,
  resultPagePath,
  ICON_SIZE_REGULAR_BUTTON,
} from '@cashdesk/domain';
import type { RouteDefinition } from '@cashdesk/domain';
import { ENDPOINTS, PaySession } from '@cashdesk/contract';
import type { DisplayFormData } from '@cashdesk/contract';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { sessionIdOf } from '../../api/cashier-api';
import { callEndpoint } from '../../api/http';
import { useAppStore } from '../../store/hooks';
import { scrollToTop } from '../../host/host-bridge';
import { Button } from '../../ui/button';
import { PageHeader } from '../../ui/page-header';
import { ServerName, ServerText } from '../../ui/server-text';
import { operatorTextLang } from '../../i18n/text-language';
import { readDisplayFormOrigin } from '../../route-state/display-form';
import type { DisplayFormOrigin } from '../../route-state/display-form';
import { CopyBox } from '../../ui/copy-box';
import { Icon } from '../../ui/icon';
import { Skeleton } from '../../ui/skeleton';
import { Toast } from '../../ui/toast';
import { useNow } from '../../ui/use-every-second';
import { wireMoney } from '../../i18n/format';
import { useMoneyFormat } from '../../i18n/use-money-format';
import { useTransactionPush } from '../../realtime/use-transaction-push';
import { copyText } from '../../ui/copy-text';
import { useQrCode } from './use-qr-code';
import './display-form.css';

/** The display form and its transaction, from the router state the method page navigated with. */
interface DisplayFormState {
  readonly form: DisplayFormData;
  readonly transactionId: string;
}

function readState(state: unknown): DisplayFormState | null {
  const candidate: unknown =
    typeof state === 'object' && state !== null ? Reflect.get(state, 'paySession') : undefined;
  const parsed = PaySession.safeParse(candidate);
  if (!parsed.success || parsed.data.display_form === null) return null;
  return { form: parsed.data.display_form, transactionId: parsed.data.transaction_id };
}

/** The status-poll address of the payment (SPEC §2 /payments/status, id as the last segment). */
function statusTarget(transactionId: string, search: string) {
  const query = new URLSearchParams(search);
  query.set('transaction_id', transactionId);
  return {
    pathname:
      buildRoutePath('payments-status', { provider: transactionId }) ??
      `/payments/status/${encodeURIComponent(transactionId)}`,
    search: `?${query.toString()}`,
  };
}

function Frame({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const titleId = useId();
  useEffect(() => {
    scrollToTop();
  }, []);
  return (
    <section className="cd-card cd-display-form" aria-labelledby={titleId}>
      {/* The way back to the methods: the code stays payable until it expires, but the player
          need not pay it (another method, or later from the payment history). */}
      <PageHeader
        title={title}
        titleId={titleId}
        back={{ pathname: '/deposit', search }}
        backLabel={t('DEPOSIT_METHOD.BACK')}
      />
      {children}
    </section>
  );
}

/**
 * The labels of the copy fields the cashier knows by their provider's name (contract CopyField
 * `name`), in the player's language; another field keeps the provider's own label.
 */
const COPY_FIELD_LABELS: Readonly<Record<string, string>> = {
  wallet: 'DISPLAY_FORM.FIELD.WALLET',
  amount: 'DISPLAY_FORM.FIELD.AMOUNT',
  reference: 'DISPLAY_FORM.REFERENCE',
  iban: 'PH.FIELD.IBAN',
  bic: 'DISPLAY_FORM.FIELD.BIC',
  beneficiary: 'DISPLAY_FORM.FIELD.BENEFICIARY',
  bank: 'PH.FIELD.BANK',
  network: 'PH.FIELD.NETWORK',
};

/** What the payment is for: the method and the choices made on its form (its network). */
function PaymentChoice({ origin }: { readonly origin: DisplayFormOrigin }) {
  const { t } = useTranslation();
  const choices = origin.choices ?? [];
  if (origin.methodName === undefined && choices.length === 0) return null;
  return (
    <dl className="cd-display-form__choice">
      {origin.methodName === undefined ? null : (
        <div className="cd-display-form__choice-row">
          <dt>{t('DISPLAY_FORM.METHOD')}</dt>
          <dd>
            <ServerName name={origin.methodName} />
          </dd>
        </div>
      )}
      {choices.map((choice) => (
        <div key={choice.label} className="cd-display-form__choice-row">
          <dt>
            <ServerText text={choice.label} />
          </dt>
          <dd>
            <ServerText text={choice.value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The time left to pay, ticking each second (SPEC §4 countdown format hh:mm:ss). */
function useTimeLeft(until: string): string {
  const now = useNow(Date.parse(until));
  return formatCountdown(now, until);
}

/** One copy-input row (SPEC §2 "copy-input"): its label over the value and its copy button. */
function CopyRow({
  label,
  labelLang,
  value,
  onCopy,
}: {
  readonly label: string;
  /** The label's language when it is the provider's own wording. */
  readonly labelLang?: string | undefined;
  readonly value: string;
  readonly onCopy: (value: string) => void;
}) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <div className="cd-display-form__row">
      <span className="cd-display-form__label" id={labelId} lang={labelLang}>
        {label}
      </span>
      <CopyBox
        labelId={labelId}
        value={value}
        copyLabel={t('DISPLAY_FORM.COPY_FIELD', { label })}
        onCopy={() => {
          onCopy(value);
        }}
      />
    </div>
  );
}

/** The form itself, once the router state has it. */
function DisplayForm({
  form,
  transactionId,
  origin,
}: DisplayFormState & { readonly origin: DisplayFormOrigin }) {
  const { t, i18n } = useTranslation();
  const moneyStyle = useMoneyFormat();
  const navigate = useNavigate();
  const { search } = useLocation();
  const qr = useQrCode(form.qr_payload);
  const timeLeft = useTimeLeft(form.expires_at);
  const [toast, setToast] = useState<string | null>(null);
  const hideToast = useCallback(() => {
    setToast(null);
  }, []);
  const copy = (value: string) => {
    void copyText(value).then((ok) => {
      setToast(ok ? t('DISPLAY_FORM.COPIED') : t('DISPLAY_FORM.COPY_FAILED'));
    });
  };
  // SPEC §4: a status move of this payment moves on without the click once the status is final. The
  // push only says that something moved (the submit's own move to await may arrive after this page
  // opened): the status is read, and the QR stays while it is not.
  const store = useAppStore();
  useTransactionPush(
    transactionId,
    () => {
      void callEndpoint(ENDPOINTS.altStatus, {
        pathParams: { transactionId },
        sessionId: sessionIdOf(store.getState()),
      }).then((result) => {
        // Final: straight to its result page (the status page would only read it again).
        if ('data' in result && result.data.terminal) {
          void navigate(
            {
              pathname: resultPagePath('deposit', result.data.result_status),
              search: statusTarget(transactionId, search).search,
            },
            { replace: true },
          );
        }
      });
    },
    { pushesOnly: true },
  );
  const amount = wireMoney(form.amount, form.currency, moneyStyle.display);
  const qrAlt = t('DISPLAY_FORM.QR_ALT', { amount, reference: form.reference });
  return (
    <Frame title={t('DISPLAY_FORM.TITLE')}>
      <PaymentChoice origin={origin} />
      <p className="cd-display-form__amount">{t('DISPLAY_FORM.AMOUNT', { amount })}</p>
      <p className="cd-display-form__muted">{t('DISPLAY_FORM.INSTRUCTIONS')}</p>
      <figure className="cd-display-form__qr">
        {qr.kind === 'ready' ? (
          <img src={qr.dataUrl} alt={qrAlt} width={240} height={240} />
        ) : qr.kind === 'pending' ? (
          <Skeleton label={t('DISPLAY_FORM.QR_LOADING')} rows={1} />
        ) : (
          <p role="alert">{t('DISPLAY_FORM.QR_FAILED')}</p>
        )}
        <figcaption className="cd-display-form__muted">
          {timeLeft === COUNTDOWN_ZERO
            ? t('DISPLAY_FORM.EXPIRED')
            : t('DISPLAY_FORM.TIME_LEFT', { time: timeLeft })}
        </figcaption>
      </figure>
      <div className="cd-display-form__qr-actions">
        <Button
          variant="secondary"
          onClick={() => {
            copy(form.qr_payload);
          }}
        >
          <Icon name="copy" size={ICON_SIZE_REGULAR_BUTTON} />
          {t('DISPLAY_FORM.COPY_QR')}
        </Button>
        {qr.kind === 'ready' ? (
          <a
            className="cd-button cd-button--secondary"
            href={qr.dataUrl}
            download={`payment-${form.reference}.png`}
          >
            <Icon name="download" size={ICON_SIZE_REGULAR_BUTTON} />
            {t('DISPLAY_FORM.DOWNLOAD_QR')}
          </a>
        ) : null}
      </div>
      <CopyRow label={t('DISPLAY_FORM.REFERENCE')} value={form.reference} onCopy={copy} />
      {form.copy_fields
        .filter((field) => field.value !== form.reference)
        .map((field) => {
          const key = field.name === undefined ? undefined : COPY_FIELD_LABELS[field.name];
          return key === undefined ? (
            <CopyRow
              key={field.label}
              label={field.label}
              labelLang={operatorTextLang(field.label, i18n.language)}
              value={field.value}
              onCopy={copy}
            />
          ) : (
            <CopyRow
              key={field.label}
              label={t(key, { currency: form.currency })}
              value={field.value}
              onCopy={copy}
            />
          );
        })}
      <Button
        block
        onClick={() => {
          void navigate(statusTarget(transactionId, search));
        }}
      >
        {t('DISPLAY_FORM.MADE_PAYMENT')}
      </Button>
      <Link
        className="cd-button cd-button--secondary cd-button--block"
        to={{ pathname: '/deposit', search }}
      >
        {t('DISPLAY_FORM.OTHER_METHOD')}
      </Link>
      {toast === null ? null : <Toast text={toast} onDone={hideToast} />}
    </Frame>
  );
}

/**
 * SPEC §2 /deposit/deposit-display-form: the QR code of a display-form payment with copy and
 * download, copy-inputs for the payment details, and a made-payment button that polls the
 * payment's status (SPEC §7). The data is the display_form of the submit's pay session, which the
 * method page passes in router state as `{ paySession }`; without it (a reload in a browser that
 * lost the state) the page says so, offers the player's payments (where the QR code is shown again)
 * and, when the query names the transaction, still offers the status check.
 */
export function DisplayFormPage({ route }: { readonly route: RouteDefinition }) {
  const { t } = useTranslation();
  const location = useLocation();
  const state = readState(location.state);
  if (state !== null) {
    return (
      <DisplayForm
        form={state.form}
        transactionId={state.transactionId}
        origin={readDisplayFormOrigin(location.state)}
      />
    );
  }
  const transactionId = new URLSearchParams(location.search).get('transaction_id');
  return (
    <Frame title={t('DISPLAY_FORM.MISSING.TITLE')}>
      <p>{t('DISPLAY_FORM.MISSING.TEXT')}</p>
      <div className="cd-display-form__qr-actions">
        {transactionId === null || transactionId === '' ? null : (
          <Link
            className="cd-button cd-button--primary"
            to={statusTarget(transactionId, location.search)}
          >
            {t('DISPLAY_FORM.MADE_PAYMENT')}
          </Link>
        )}
        {/* The open payments, this one among them, with what resumes them. */}
        <Link
          className="cd-button cd-button--secondary"
          to={{ pathname: `/${route.flow ?? 'deposit'}-history`, search: location.search }}
        >
          {t('HISTORY.SEE_PAYMENTS')}
        </Link>
        <Link
          className="cd-button cd-button--secondary"
          to={{ pathname: `/${route.flow ?? 'deposit'}`, search: location.search }}
        >
          {t('APP.BACK_TO_DEPOSIT')}
        </Link>
      </div>
    </Frame>
  );
}
