import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { announce } from '../../ui/announcer';

/** Seconds between polite announcements of the time left (a read-out every second is noise). */
const ANNOUNCE_EVERY_S = 10;

/**
 * SPEC §2 "the processing page has a redirect time-out", §9 (default 30 s): a visible countdown
 * that calls `onDone` once when it reaches zero. The time left is computed from a deadline, not
 * by counting ticks, so a throttled background tab still redirects on time. Screen readers hear
 * it politely at the start and every ten seconds, not every second.
 */
export function RedirectCountdown({
  seconds,
  onDone,
}: {
  readonly seconds: number;
  readonly onDone: () => void;
}) {
  const { t } = useTranslation();
  const [remaining, setRemaining] = useState(seconds);
  const done = useRef(false);
  useEffect(() => {
    const deadline = Date.now() + seconds * 1000;
    const timer = window.setInterval(() => {
      setRemaining(Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
    }, 1000);
    return () => {
      window.clearInterval(timer);
    };
  }, [seconds]);
  useEffect(() => {
    if (remaining === 0) {
      if (!done.current) {
        done.current = true;
        onDone();
      }
      return;
    }
    if (remaining === seconds || remaining % ANNOUNCE_EVERY_S === 0) {
      announce(t('RESULT.COUNTDOWN', { seconds: remaining }), 'polite');
    }
  }, [remaining, seconds, onDone, t]);
  return <p className="cd-result__countdown">{t('RESULT.COUNTDOWN', { seconds: remaining })}</p>;
}
