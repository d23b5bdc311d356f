/**
 * The frame of every signed-in screen: a top bar (the brand, a brand picker for administrators,
 * the signed-in person and sign-out), the left navigation showing only what the role may do, and
 * the screen. Without a signed-in session it sends to sign-in, keeping the address to return to.
 */
import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { Button } from 'react-aria-components';
import { useSession } from '../session/session';
import type { Session } from '../api/calls';
import { useI18n } from '../i18n/i18n';
import { SelectField } from '../ui/fields';
import { Loading } from '../ui/loading';
import { NAV_ITEMS } from './navigation';

function BrandControl({ session }: { readonly session: Session }): ReactNode {
  const { t } = useI18n();
  const { brandId, chooseBrand } = useSession();
  if (session.staff.brand_id === null) {
    return (
      <div className="bo-brand-picker">
        <SelectField
          label={t('shell.brand')}
          name="brand"
          value={brandId ?? ''}
          options={session.brands.map((brand) => ({ id: brand.id, label: brand.name }))}
          onChange={chooseBrand}
        />
      </div>
    );
  }
  const brand = session.brands.find((candidate) => candidate.id === session.staff.brand_id);
  return <span className="bo-brand">{brand?.name ?? session.staff.brand_id}</span>;
}

export function Shell(): ReactNode {
  const { state, brandId, signOut } = useSession();
  const { t } = useI18n();
  const location = useLocation();
  if (state.kind === 'loading') return <Loading />;
  if (state.kind === 'none' || state.session.stage !== 'signed_in') {
    const back = `${location.pathname}${location.search}`;
    const query = new URLSearchParams({ return: back });
    if (state.kind === 'none' && state.ended) query.set('ended', '1');
    return <Navigate to={`/sign-in?${query.toString()}`} replace />;
  }
  const { session } = state;
  const items = NAV_ITEMS.filter((item) => session.permissions.includes(item.permission));
  return (
    <div className="bo-app">
      <a className="bo-skip" href="#main">
        {t('shell.skip')}
      </a>
      <header className="bo-topbar">
        <span className="bo-logo">{t('shell.product')}</span>
        <BrandControl session={session} />
        <div className="bo-person">
          <span className="bo-person__name">{session.staff.name}</span>
          <span className="bo-person__role">{t(`role.${session.staff.role}`)}</span>
          <Button
            className="bo-button bo-button--ghost"
            onPress={() => {
              void signOut();
            }}
          >
            {t('shell.signOut')}
          </Button>
        </div>
      </header>
      <div className="bo-body">
        <nav className="bo-nav" aria-label={t('shell.navigation')}>
          <ul>
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className="bo-nav__link">
                  {t(item.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" className="bo-main" tabIndex={-1}>
          <Suspense fallback={<Loading />}>
            {/* A new brand is a new set of data: every screen starts over. */}
            <Outlet key={brandId ?? ''} />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
