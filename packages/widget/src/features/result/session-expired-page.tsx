import { useEffect, useId, useRef, useState } from 'react';
import { MESSAGE_KEYS } from '@cashdesk/domain';
import { useTranslation } from 'react-i18next';
import { requestReInit, scrollToTop } from '../../host/host-bridge';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import { usePageTitle } from '../../ui/use-page-title';
import './result.css';

/**
 * SPEC §4 "Session", §8 code 17 (CASHIER.PH2.ERROR_MESSAGE.17): the screen every route shows once
 * the session is over. It asks the host to reinitialise the cashier once when it appears (the
 * ref keeps React's development double effect from sending it twice) and offers a button to ask
 * again. With no host to ask (the cashier opened on its own), it says to reopen the cashier from
 * the site instead of pretending something happens.
 */
export function SessionExpiredPage() {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const sent = useRef(false);
  // A host exists when the cashier is framed (SPEC §1: messages go to the parent window).
  const [hostAnswered, setHostAnswered] = useState(() => window.parent !== window);
  const title = t('RESULT.SESSION_EXPIRED.TITLE');
  usePageTitle(title);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    scrollToTop();
    requestReInit();
  }, []);
  return (
    <section className="cd-card cd-result cd-result--expired" aria-labelledby={titleId}>
      <div className="cd-result__icon">
        <Icon name="clock" />
      </div>
      <h1 id={titleId} className="cd-page-title">
        {title}
      </h1>
      {i18n.exists(MESSAGE_KEYS.sessionExpired) ? (
        <p className="cd-result__text">{t(MESSAGE_KEYS.sessionExpired)}</p>
      ) : null}
      <p className="cd-result__text" role="status">
        {hostAnswered ? t('RESULT.SESSION_EXPIRED.TEXT') : t('RESULT.SESSION_EXPIRED.NO_HOST')}
      </p>
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
    </section>
  );
}
