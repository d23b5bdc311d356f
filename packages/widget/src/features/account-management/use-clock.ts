import { useCallback, useState } from 'react';
import { useEverySecond } from '../../ui/use-every-second';

interface Deadline {
  readonly at: number;
  readonly now: number;
}

/** What {@link useResendTimer} gives: whole seconds left and a way to start it. */
export interface ResendTimer {
  /** Whole seconds until a new code may be asked for; 0 when it may be now. */
  readonly secondsLeft: number;
  /** Starts (or restarts) the wait: `seconds` from now. */
  readonly start: (seconds: number) => void;
}

/**
 * SPEC §3 account management isShowTimerReceiveCode: the wait before another code may be asked
 * for (otp/send resend_after). It ticks every second until it reaches zero, then stops.
 */
export function useResendTimer(): ResendTimer {
  const [deadline, setDeadline] = useState<Deadline | null>(null);
  const running = deadline !== null && deadline.at > deadline.now;
  useEverySecond(running, () => {
    setDeadline((current) => (current === null ? null : { ...current, now: Date.now() }));
  });
  const start = useCallback((seconds: number) => {
    const now = Date.now();
    setDeadline({ at: now + Math.max(0, seconds) * 1000, now });
  }, []);
  const secondsLeft =
    deadline === null ? 0 : Math.max(0, Math.ceil((deadline.at - deadline.now) / 1000));
  return { secondsLeft, start };
}

/** The resend wait as m:ss ("0:42", "1:05"). */
export function formatResendTime(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${String(Math.floor(whole / 60))}:${String(whole % 60).padStart(2, '0')}`;
}
