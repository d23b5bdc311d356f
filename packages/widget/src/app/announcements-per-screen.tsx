import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { clearAnnouncements } from '../ui/announcer';

/**
 * Each screen starts with empty live regions, so a success page never carries the
 * error the method form said before it (a screen reader reading the page finds what a live region
 * holds, long after it was announced). A layout effect: it runs before the effects of the same
 * render, where the new screen announces itself, and after the previous screen's. Renders nothing.
 */
export function AnnouncementsPerScreen() {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    clearAnnouncements();
  }, [pathname]);
  return null;
}
