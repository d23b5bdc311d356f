import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { announce } from '../../ui/announcer';
import { Button } from '../../ui/button';
import { useEverySecond } from '../../ui/use-every-second';

/** Seconds between polite announcements of the time left (a read-out every second is noise). */
const ANNOUNCE_EVERY_S = 10;

/**
 * SPEC §2 "the processing page has a redirect time-out", §9 (default 30 s): a visible countdown
 * that calls `onDone` once when it reaches zero. The time left is computed from a deadline, not
 * by counting ticks, so a throttled background tab still redirects on time. Screen readers hear
 * it politely at the start (with the way to stay) and every ten seconds, not every second.
 *
 * WCAG 2.2.1: a time limit the player did not set must be one they can turn off. A "Stay on this
 * page" button beside the countdown stops it for good; the page then says that it stays, with the
 * focus on that sentence (the button is gone), and the page's own buttons lead on. Nothing else
 * changes: the page still follows the payment to its final result.
 */
export function RedirectCountdown({
  seconds,
  onDone,
}: {
  readonly seconds: number;
  readonly onDone: () => void;
}) {
  const { t } = useTranslation();
  const countdownId = useId();
  const [remaining, setRemaining] = useState(seconds);
  const [stopped, setStopped] = useState(false);
  const done = useRef(false);
  const stoppedNote = useRef<HTMLParagraphElement>(null);
  const deadline = useRef(0);
  // The deadline is set in the commit that shows `seconds`, before the clock's first tick.
  useLayoutEffect(() => {
    deadline.current = Date.now() + seconds * 1000;
  }, [seconds]);
  useEverySecond(!stopped, () => {
    setRemaining(Math.max(0, Math.ceil((deadline.current - Date.now()) / 1000)));
  });
  useEffect(() => {
    if (stopped) return;
    if (remaining === 0) {
      if (!done.current) {
        done.current = true;
        onDone();
      }
      return;
    }
    if (remaining === seconds) {
      announce(t('RESULT.COUNTDOWN_START', { seconds: remaining }), 'polite');
    } else if (remaining % ANNOUNCE_EVERY_S === 0) {
      announce(t('RESULT.COUNTDOWN', { seconds: remaining }), 'polite');
    }
  }, [remaining, seconds, stopped, onDone, t]);
  useEffect(() => {
    if (stopped) stoppedNote.current?.focus();
  }, [stopped]);
  if (stopped) {
    return (
      <p ref={stoppedNote} className="cd-result__countdown" tabIndex={-1}>
        {t('RESULT.COUNTDOWN_STOPPED')}
      </p>
    );
  }
  return (
    <div className="cd-result__countdown-row">
      <p id={countdownId} className="cd-result__countdown">
        {t('RESULT.COUNTDOWN', { seconds: remaining })}
      </p>
      <Button
        variant="link"
        className="cd-result__stay"
        aria-describedby={countdownId}
        onClick={() => {
          setStopped(true);
        }}
      >
        {t('RESULT.COUNTDOWN_STAY')}
      </Button>
    </div>
  );
}
