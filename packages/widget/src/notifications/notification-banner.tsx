/**
 * SPEC §2 "Notifications" on a page: the notifications visible there (not removed, of the page's
 * category, on a method form only for its pay group), each with a button that removes it (SPEC
 * §4). They are read once per cashier (`GET notifications`, cached) and kept in the store, so a
 * removal holds while the player moves between pages. A status region: a notification that comes
 * while the page is open is announced, politely. The operator's wording is shown as a server text
 * (ServerText: an English sentence keeps its order on an Arabic page).
 *
 * @packageDocumentation
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { visibleNotifications } from '@cashdesk/domain';
import { useNotificationsQuery } from '../api/cashier-api';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import {
  injectedNotificationsSlice,
  notificationRemoved,
  notificationsReceived,
} from './notifications-slice';
import { ServerText } from '../ui/server-text';
import './notification-banner.css';

export interface NotificationBannerProps {
  /** The page category (domain NOTIFICATION_CATEGORIES, e.g. deposit_form). */
  readonly category: string;
  /** The pay group of the method form, `null` on other pages. */
  readonly payGroupId: number | null;
}

/** The visible notifications of this page (nothing when there are none). */
export function NotificationBanner({ category, payGroupId }: NotificationBannerProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { data } = useNotificationsQuery(undefined);
  useEffect(() => {
    if (data !== undefined) dispatch(notificationsReceived(data.notifications));
  }, [data, dispatch]);
  const { list, messages } = useAppSelector(
    injectedNotificationsSlice.selectors.selectNotifications,
  );
  const shown = visibleNotifications(list, { category, payGroupId });
  return (
    <div className="cd-notifications" role="status">
      {shown.map((notification) => (
        <div className="cd-notification" key={notification.key}>
          <p className="cd-notification__text">
            <ServerText text={messages[notification.key] ?? ''} />
          </p>
          <button
            type="button"
            className="cd-notification__close"
            aria-label={t('NOTIFICATION.CLOSE')}
            onClick={() => {
              dispatch(notificationRemoved(notification.key));
            }}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ))}
    </div>
  );
}
