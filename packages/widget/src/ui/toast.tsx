import { useLayoutEffect } from 'react';
import { COPY_TOAST_MS } from '@cashdesk/domain';

/**
 * A short-lived message (SPEC §2 copy success or failure, shown for 2 seconds, SPEC §9). It is a
 * status region so it is read out without taking focus.
 */
export function Toast({
  text,
  onDone,
  durationMs = COPY_TOAST_MS,
}: {
  readonly text: string;
  readonly onDone: () => void;
  readonly durationMs?: number;
}) {
  // Timed from the commit that shows it (a layout effect), like the countdowns' clock
  // (use-every-second.ts): the 2 seconds start when the text is on the screen.
  useLayoutEffect(() => {
    const timer = window.setTimeout(onDone, durationMs);
    return () => {
      window.clearTimeout(timer);
    };
  }, [text, onDone, durationMs]);
  return (
    <div className="cd-toast" role="status">
      {text}
    </div>
  );
}
