import type { ReactNode } from 'react';
import { lazy } from 'react';

const SessionExpired = lazy(() =>
  import('../features/result').then((m) => ({ default: m.SessionExpiredPage })),
);

/**
 * SPEC §4, §8: once the session is expired (code 17, no session id), every route shows the
 * session-expired screen, which asks the host to reinitialise the cashier.
 */
export function SessionGate({
  expired,
  children,
}: {
  readonly expired: boolean;
  readonly children: ReactNode;
}) {
  return expired ? <SessionExpired /> : children;
}
