/**
 * Setting a password from an invitation or reset link (/back-office/set-password#token=…): the
 * token travels in the fragment, never sent to a server in an address or a Referer. The link is
 * checked first (whose password it sets), then the password is typed twice.
 */
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Form, Link } from 'react-aria-components';
import { ApiError } from '../../api/http';
import { checkLink, setPassword } from '../../api/calls';
import type { LinkInfo } from '../../api/calls';
import { useI18n } from '../../i18n/i18n';
import { ErrorNotice } from '../../ui/errors';
import { TextInput } from '../../ui/fields';
import { Loading } from '../../ui/loading';
import { When } from '../../ui/values';

/** The error code of a link that is unknown, used or expired (staffLinkInvalid). */
const LINK_INVALID_CODE = '1857';

/** The token of the page's fragment (#token=…), if any. */
function tokenOfFragment(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
}

export default function SetPasswordScreen(): ReactNode {
  const { t } = useI18n();
  const [token] = useState(() => tokenOfFragment(window.location.hash));
  const [link, setLink] = useState<LinkInfo | undefined>();
  const [linkError, setLinkError] = useState<unknown>(undefined);
  const [password, setPasswordText] = useState('');
  const [again, setAgain] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const [done, setDone] = useState(false);

  useEffect(() => {
    let live = true;
    // No token in the address: the link was cut short, which the server would call invalid too.
    const checked =
      token === ''
        ? Promise.reject(new ApiError(400, LINK_INVALID_CODE, undefined, undefined))
        : checkLink(token);
    checked.then(
      (info) => {
        if (live) setLink(info);
      },
      (failure: unknown) => {
        if (live) setLinkError(failure);
      },
    );
    return () => {
      live = false;
    };
  }, [token]);

  let body: ReactNode;
  if (done) {
    body = (
      <>
        <div className="bo-notice bo-notice--info" role="status">
          {t('setPassword.done')}
        </div>
        <Link className="bo-button bo-button--primary bo-button--wide" href="/sign-in">
          {t('setPassword.toSignIn')}
        </Link>
      </>
    );
  } else if (linkError !== undefined) {
    body = <ErrorNotice error={linkError} />;
  } else if (link === undefined) {
    body = <Loading />;
  } else {
    body = (
      <Form
        className="bo-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (password !== again) {
            setMismatch(true);
            return;
          }
          setMismatch(false);
          setBusy(true);
          setError(undefined);
          setPassword(token, password).then(
            () => {
              setBusy(false);
              setDone(true);
            },
            (failure: unknown) => {
              setBusy(false);
              setError(failure);
            },
          );
        }}
      >
        <p className="bo-lead">
          {t(link.kind === 'invitation' ? 'setPassword.invitation' : 'setPassword.reset', {
            email: link.email,
          })}{' '}
          <span className="bo-muted">
            {t('setPassword.expires')} <When at={link.expires_at} />
          </span>
        </p>
        <TextInput
          label={t('setPassword.password')}
          description={t('setPassword.rules')}
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPasswordText}
          isRequired
        />
        <TextInput
          label={t('setPassword.again')}
          name="password-again"
          type="password"
          autoComplete="new-password"
          value={again}
          onChange={setAgain}
          isRequired
        />
        {mismatch ? (
          <div className="bo-notice bo-notice--error" role="alert">
            {t('setPassword.mismatch')}
          </div>
        ) : null}
        <ErrorNotice error={error} />
        <Button
          type="submit"
          className="bo-button bo-button--primary bo-button--wide"
          isDisabled={busy}
        >
          {t('setPassword.submit')}
        </Button>
      </Form>
    );
  }
  return (
    <main className="bo-auth" id="main">
      <div className="bo-auth__card">
        <p className="bo-logo bo-logo--auth">{t('shell.product')}</p>
        <h1 className="bo-h1">{t('setPassword.title')}</h1>
        {body}
      </div>
    </main>
  );
}
