/**
 * The staff session as the app knows it: read once at start, replaced by each step of signing in,
 * dropped when a call finds it ended (back to sign-in with a notice). An administrator picks the
 * brand every brand call names (`x-brand-id`); everyone else has their one brand.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import type { StaffPermission } from '@cashdesk/contract/staff-access';
import { onSignedOut, setRequestContext } from '../api/http';
import { readSession, signOut as callSignOut } from '../api/calls';
import type { Session } from '../api/calls';

/** Where the session stands: still being read, none, or one (at some stage of signing in). */
export type SessionState =
  | { readonly kind: 'loading' }
  | { readonly kind: 'none'; readonly ended: boolean }
  | { readonly kind: 'session'; readonly session: Session };

interface SessionApi {
  readonly state: SessionState;
  /** The brand the screens show (the administrator's pick, or the staff member's brand). */
  readonly brandId: string | undefined;
  readonly chooseBrand: (brandId: string) => void;
  /** Takes the session a sign-in step answered. */
  readonly replace: (session: Session) => void;
  readonly signOut: () => Promise<void>;
}

const SessionContext = createContext<SessionApi | null>(null);

/** Where an administrator's brand pick is kept for the tab's life. */
const BRAND_KEY = 'cashdesk.back-office.brand';

function initialBrand(session: Session): string | undefined {
  if (session.staff.brand_id !== null) return session.staff.brand_id;
  const kept = sessionStorage.getItem(BRAND_KEY);
  const brands = session.brands.map((brand) => brand.id);
  return kept !== null && brands.includes(kept) ? kept : brands[0];
}

export function SessionProvider({ children }: { readonly children: ReactNode }): ReactNode {
  const [state, setState] = useState<SessionState>({ kind: 'loading' });
  const [brandId, setBrandId] = useState<string | undefined>(undefined);

  const replace = useCallback((session: Session) => {
    setState({ kind: 'session', session });
    setBrandId(initialBrand(session));
  }, []);

  useEffect(() => {
    let live = true;
    readSession().then(
      (session) => {
        if (live) replace(session);
      },
      () => {
        if (live) setState({ kind: 'none', ended: false });
      },
    );
    // A call was refused as signed out: the session is read again, and only an ended one
    // sends to sign-in (a wrong second-factor code is a 401 of the session that goes on).
    const unsubscribe = onSignedOut(() => {
      readSession().then(replace, () => {
        setState({ kind: 'none', ended: true });
      });
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [replace]);

  const session = state.kind === 'session' ? state.session : undefined;
  const administrator = session?.staff.brand_id === null;
  // Set before the children's effects run their calls (a render, not an effect).
  setRequestContext(session?.csrf_token ?? '', administrator ? brandId : undefined);

  const chooseBrand = useCallback((id: string) => {
    sessionStorage.setItem(BRAND_KEY, id);
    setBrandId(id);
  }, []);

  const signOut = useCallback(async () => {
    try {
      await callSignOut();
    } finally {
      setState({ kind: 'none', ended: false });
    }
  }, []);

  const api = useMemo(
    () => ({ state, brandId, chooseBrand, replace, signOut }),
    [state, brandId, chooseBrand, replace, signOut],
  );
  return <SessionContext.Provider value={api}>{children}</SessionContext.Provider>;
}

/** The session API. */
export function useSession(): SessionApi {
  const api = useContext(SessionContext);
  if (api === null) throw new Error('useSession outside SessionProvider');
  return api;
}

/** The signed-in session (inside the shell, which renders only with one). */
export function useSignedIn(): Session {
  const { state } = useSession();
  if (state.kind !== 'session') throw new Error('useSignedIn without a session');
  return state.session;
}

/** Whether the signed-in staff member's role allows `permission`. */
export function useMay(): (permission: StaffPermission) => boolean {
  const session = useSignedIn();
  return useCallback(
    (permission: StaffPermission) => session.permissions.includes(permission),
    [session],
  );
}
