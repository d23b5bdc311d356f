import type { ReactNode } from 'react';
import type { WebhookEvent } from '../../api/webhook-calls';
import { useI18n } from '../../i18n/i18n';

const TONES: Readonly<Record<WebhookEvent['state'], string>> = {
  pending: 'wait',
  delivered: 'good',
  dead: 'bad',
};

/** Where a webhook event's delivery stands, as a coloured badge with its name. */
export function DeliveryState({ state }: { readonly state: WebhookEvent['state'] }): ReactNode {
  const { t } = useI18n();
  return (
    <span className={`bo-badge bo-badge--${TONES[state]}`}>{t(`webhooks.state.${state}`)}</span>
  );
}

/** The last answer of an event's endpoint: its status code, its error, or a dash. */
export function lastAnswerOf(event: Pick<WebhookEvent, 'last_status_code' | 'last_error'>): string {
  const parts = [
    event.last_status_code === null ? undefined : String(event.last_status_code),
    event.last_error ?? undefined,
  ].filter((part) => part !== undefined);
  return parts.length === 0 ? '—' : parts.join(' · ');
}
