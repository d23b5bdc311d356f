import type { ReactNode } from 'react';
import { Activity, lazy } from 'react';

const SessionExpired = lazy(() =>
  import('../features/result').then((m) => ({ default: m.SessionExpiredPage })),
);

/**
 * SPEC §4, §8: once the session is expired (its time passed, code 17, no session id), every route
 * shows the session-expired screen, which asks the host to reinitialise the cashier. The screens
 * under it are hidden, not unmounted (React's Activity): what the player typed, the card number
 * included, stays in this page's memory only, and when the host hands over a new session of the
 * same player (app/session-renewal.ts) the form comes back as it was. While hidden, their effects
 * are stopped (no status poll runs under an ended session).
 */
export function SessionGate({
  expired,
  children,
}: {
  readonly expired: boolean;
  readonly children: ReactNode;
}) {
  return (
    <>
      <Activity mode={expired ? 'hidden' : 'visible'}>{children}</Activity>
      {expired ? <SessionExpired /> : null}
    </>
  );
}
