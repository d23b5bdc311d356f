import type { ReactNode } from 'react';
import { useI18n } from '../i18n/i18n';
import type { MessageKey } from '../i18n/i18n';
import { formatAmount, formatDateTime } from '../i18n/format';

/** An amount (a decimal string) with its currency, per locale. */
export function Money({
  amount,
  currency,
}: {
  readonly amount: string;
  readonly currency: string;
}): ReactNode {
  const { locale } = useI18n();
  return <span className="bo-money">{formatAmount(locale, amount, currency)}</span>;
}

/** A date and time, per locale, with the exact instant in a title-free <time>. */
export function When({ at }: { readonly at: string | null }): ReactNode {
  const { locale } = useI18n();
  if (at === null) return <span className="bo-muted">—</span>;
  return <time dateTime={at}>{formatDateTime(locale, at)}</time>;
}

const TONES: Readonly<Record<string, string>> = {
  success: 'good',
  succeeded: 'good',
  verified: 'good',
  error: 'bad',
  failed: 'bad',
  charged_back: 'bad',
  refunded: 'neutral',
  created: 'wait',
  processing: 'wait',
  await: 'wait',
  requested: 'wait',
  pending: 'wait',
};

/** A status as a coloured badge with its translated name. */
export function StatusBadge({ status }: { readonly status: string }): ReactNode {
  const { t, has } = useI18n();
  const key = `status.${status}`;
  return (
    <span className={`bo-badge bo-badge--${TONES[status] ?? 'neutral'}`}>
      {has(key) ? t(key) : status}
    </span>
  );
}

/** A label and its value in a description list. */
export function Field({
  label,
  children,
}: {
  readonly label: MessageKey;
  readonly children: ReactNode;
}): ReactNode {
  const { t } = useI18n();
  return (
    <div className="bo-dl__row">
      <dt>{t(label)}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A page's heading and its actions. */
export function PageHeader({
  title,
  children,
}: {
  readonly title: string;
  readonly children?: ReactNode;
}): ReactNode {
  return (
    <div className="bo-page-header">
      <h1 className="bo-h1">{title}</h1>
      {children === undefined ? null : <div className="bo-page-header__actions">{children}</div>}
    </div>
  );
}
