import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestReInit, scrollToTop } from '../../host/host-bridge';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import { usePageTitle } from '../../ui/use-page-title';
import './result.css';

/**
 * SPEC §4 "Session", §8 code 17: the screen every route shows once the session is over, saying
 * it once: a title and one sentence of what happens next. It asks the host to reinitialise the
 * cashier once when it appears (the ref keeps React's development double effect from sending it
 * twice); a host (the parent frame, or a native app's bridge) gets the new session to the page,
 * which keeps what was typed (app/session-renewal.tsx), and a button to ask again. With no host
 * to ask (the cashier opened on its own), it says to reopen the cashier from the site, and that
 * the form is filled in again there, instead of a button that can do nothing.
 */
export function SessionExpiredPage() {
  const { t } = useTranslation();
  const titleId = useId();
  const sent = useRef(false);
  // A host exists when the cashier is framed (SPEC §1: messages go to the parent window) or a
  // native app's bridge heard the request.
  const [hostAnswered, setHostAnswered] = useState(() => window.parent !== window);
  const title = t('RESULT.SESSION_EXPIRED.TITLE');
  usePageTitle(title);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    scrollToTop();
    setHostAnswered(requestReInit());
  }, []);
  return (
    <section className="cd-card cd-result cd-result--expired" aria-labelledby={titleId}>
      <div className="cd-result__icon">
        <Icon name="clock" />
      </div>
      <h1 id={titleId} className="cd-page-title">
        {title}
      </h1>
      <p className="cd-result__text" role="status">
        {hostAnswered ? t('RESULT.SESSION_EXPIRED.TEXT') : t('RESULT.SESSION_EXPIRED.NO_HOST')}
      </p>
      {hostAnswered ? (
        <div className="cd-result__actions">
          <Button
            block
            onClick={() => {
              setHostAnswered(requestReInit());
            }}
          >
            {t('RESULT.SESSION_EXPIRED.RESTART')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
