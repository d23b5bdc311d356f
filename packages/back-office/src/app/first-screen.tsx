import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSignedIn } from '../session/session';
import { useI18n } from '../i18n/i18n';
import { NAV_ITEMS } from './navigation';

/** The back office's home: the first screen the role may open. */
export function FirstScreen(): ReactNode {
  const session = useSignedIn();
  const { t } = useI18n();
  const first = NAV_ITEMS.find((item) => session.permissions.includes(item.permission));
  if (first === undefined) return <p>{t('shell.nothing')}</p>;
  return <Navigate to={first.to} replace />;
}
