import { useEffect } from 'react';
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
  useEffect(() => {
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
