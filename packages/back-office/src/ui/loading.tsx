import type { ReactNode } from 'react';
import { useI18n } from '../i18n/i18n';

/**
 * A screen or a part of one still loading: announced politely, with an indeterminate bar (no
 * value to read out, so no progressbar role and no number formatting code).
 */
export function Loading(): ReactNode {
  const { t } = useI18n();
  return (
    <div className="bo-loading" role="status">
      <span className="bo-visually-hidden">{t('common.loading')}</span>
      <span className="bo-loading__bar" aria-hidden="true" />
    </div>
  );
}
