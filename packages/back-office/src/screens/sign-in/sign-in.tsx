/**
 * Signing in: e-mail address and password, then the authenticator app's code, or, for a role that
 * needs a second factor and has none yet, setting one up (a QR code of the otpauth URI and the
 * secret to type). Errors are the error codes' texts; a lockout says until when. Once signed in,
 * back to the address the person came from.
 */
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { Submitted } from '../../ui/submitted';
import { Navigate, useSearchParams } from 'react-router';
import { Button, Form } from 'react-aria-components';
import {
  confirmEnrolment,
  demoCode,
  giveSecondFactor,
  signIn,
  startEnrolment,
} from '../../api/calls';
import type { Enrolment } from '../../api/calls';
import { useSession } from '../../session/session';
import { useI18n } from '../../i18n/i18n';
import { signInErrorText } from '../../ui/errors';
import { TextInput } from '../../ui/fields';
import { Loading } from '../../ui/loading';
import { safeReturn } from './return-address';

function useSubmit(): {
  readonly busy: boolean;
  readonly error: unknown;
  readonly run: (action: () => Promise<void>) => (event: Submitted) => void;
} {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const run = (action: () => Promise<void>) => (event: Submitted) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    action().then(
      () => {
        setBusy(false);
      },
      (failure: unknown) => {
        setBusy(false);
        setError(failure);
      },
    );
  };
  return { busy, error, run };
}

function ErrorLine({ error }: { readonly error: unknown }): ReactNode {
  const i18n = useI18n();
  if (error === undefined) return null;
  return (
    <div className="bo-notice bo-notice--error" role="alert">
      {signInErrorText(i18n, error, new Date())}
    </div>
  );
}

function Credentials(): ReactNode {
  const { t } = useI18n();
  const { replace } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, run } = useSubmit();
  return (
    <Form
      className="bo-form"
      onSubmit={run(async () => {
        replace(await signIn(email, password));
      })}
    >
      <TextInput
        label={t('signIn.email')}
        name="email"
        type="email"
        autoComplete="username"
        value={email}
        onChange={setEmail}
        isRequired
      />
      <TextInput
        label={t('signIn.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        isRequired
      />
      <ErrorLine error={error} />
      <Button
        type="submit"
        className="bo-button bo-button--primary bo-button--wide"
        isDisabled={busy}
      >
        {t('signIn.submit')}
      </Button>
    </Form>
  );
}

function CodeField({
  value,
  onChange,
}: {
  readonly value: string;
  readonly onChange: (v: string) => void;
}): ReactNode {
  const { t } = useI18n();
  return (
    <TextInput
      label={t('signIn.code')}
      description={t('signIn.codeHelp')}
      name="code"
      autoComplete="one-time-code"
      inputMode="numeric"
      pattern="[0-9]{6}"
      maxLength={6}
      value={value}
      onChange={onChange}
      isRequired
    />
  );
}

/**
 * In the sandbox, a published demo account's code can be filled in (the server answers it only
 * there, and only for those accounts); elsewhere nothing shows.
 */
function DemoCode({
  email,
  onCode,
}: {
  readonly email: string;
  readonly onCode: (code: string) => void;
}): ReactNode {
  const { t } = useI18n();
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    let live = true;
    void demoCode(email).then((code) => {
      if (live) setAvailable(code !== undefined);
    });
    return () => {
      live = false;
    };
  }, [email]);
  if (!available) return null;
  return (
    <div className="bo-notice bo-notice--info">
      <p>{t('signIn.demoCodeLead')}</p>
      <Button
        className="bo-button"
        onPress={() => {
          void demoCode(email).then((code) => {
            if (code !== undefined) onCode(code);
          });
        }}
      >
        {t('signIn.demoCodeFill')}
      </Button>
    </div>
  );
}

function SecondFactor({ email }: { readonly email: string }): ReactNode {
  const { t } = useI18n();
  const { replace } = useSession();
  const [code, setCode] = useState('');
  const { busy, error, run } = useSubmit();
  return (
    <Form
      className="bo-form"
      onSubmit={run(async () => {
        replace(await giveSecondFactor(code.trim()));
      })}
    >
      <p className="bo-lead">{t('signIn.secondFactorLead')}</p>
      <CodeField value={code} onChange={setCode} />
      <DemoCode email={email} onCode={setCode} />
      <ErrorLine error={error} />
      <Button
        type="submit"
        className="bo-button bo-button--primary bo-button--wide"
        isDisabled={busy}
      >
        {t('signIn.verify')}
      </Button>
    </Form>
  );
}

function Enrol(): ReactNode {
  const i18n = useI18n();
  const { t } = i18n;
  const { replace } = useSession();
  const [enrolment, setEnrolment] = useState<{ secret: Enrolment; qr: string } | undefined>();
  const [loadError, setLoadError] = useState<unknown>(undefined);
  const [code, setCode] = useState('');
  const { busy, error, run } = useSubmit();
  useEffect(() => {
    // An object, not a let: the flag changes in the clean-up, out of sight of type narrowing.
    const mounted = { live: true };
    (async () => {
      const secret = await startEnrolment();
      // The QR code library loads only for this step.
      const { toDataURL } = await import('qrcode');
      const qr = await toDataURL(secret.uri, { margin: 1, width: 200 });
      if (mounted.live) setEnrolment({ secret, qr });
    })().catch((failure: unknown) => {
      if (mounted.live) setLoadError(failure);
    });
    return () => {
      mounted.live = false;
    };
  }, []);
  if (loadError !== undefined) return <ErrorLine error={loadError} />;
  if (enrolment === undefined) return <Loading />;
  return (
    <Form
      className="bo-form"
      onSubmit={run(async () => {
        replace(await confirmEnrolment(code.trim()));
      })}
    >
      <p className="bo-lead">{t('signIn.enrolLead')}</p>
      <img className="bo-qr" src={enrolment.qr} width={200} height={200} alt={t('signIn.qrAlt')} />
      <div className="bo-secret">
        <span className="bo-label" id="enrol-secret-label">
          {t('signIn.secret')}
        </span>
        <code aria-labelledby="enrol-secret-label">{enrolment.secret.secret}</code>
      </div>
      <CodeField value={code} onChange={setCode} />
      <ErrorLine error={error} />
      <Button
        type="submit"
        className="bo-button bo-button--primary bo-button--wide"
        isDisabled={busy}
      >
        {t('signIn.confirm')}
      </Button>
    </Form>
  );
}

export default function SignInScreen(): ReactNode {
  const { t } = useI18n();
  const { state } = useSession();
  const [params] = useSearchParams();
  const back = safeReturn(params.get('return'));
  if (state.kind === 'loading') return <Loading />;
  if (state.kind === 'session' && state.session.stage === 'signed_in') {
    return <Navigate to={back} replace />;
  }
  const stage = state.kind === 'session' ? state.session.stage : 'credentials';
  const titles = {
    credentials: t('signIn.title'),
    second_factor: t('signIn.secondFactorTitle'),
    enrol_second_factor: t('signIn.enrolTitle'),
    signed_in: t('signIn.title'),
  } as const;
  return (
    <main className="bo-auth" id="main">
      <div className="bo-auth__card">
        <p className="bo-logo bo-logo--auth">{t('shell.product')}</p>
        <h1 className="bo-h1">{titles[stage]}</h1>
        {params.get('ended') === '1' && stage === 'credentials' ? (
          <div className="bo-notice bo-notice--info" role="status">
            {t('signIn.ended')}
          </div>
        ) : null}
        {stage === 'credentials' ? <Credentials /> : null}
        {state.kind === 'session' && stage === 'second_factor' ? (
          <SecondFactor email={state.session.staff.email} />
        ) : null}
        {stage === 'enrol_second_factor' ? <Enrol /> : null}
      </div>
    </main>
  );
}
