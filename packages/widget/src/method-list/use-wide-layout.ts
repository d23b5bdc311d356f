import { SMALL_SCREEN_WIDTH_PX, isMobileWidth } from '@cashdesk/domain';
import { useSyncExternalStore } from 'react';
import { useAppSelector } from '../store/hooks';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => {
    window.removeEventListener('resize', onChange);
  };
}

function isWide(): boolean {
  return !isMobileWidth(window.innerWidth);
}

function isSmall(): boolean {
  return window.innerWidth < SMALL_SCREEN_WIDTH_PX;
}

/**
 * SPEC §2, §9: whether the layout is wide (more than 1023 px), where the method list is split
 * into two columns. The cashier's own window is the frame, so its width is the layout width
 * (the start-up `width`, the host's container when the cashier began, goes stale on a resize).
 * SPEC §2 `isForcedMobile`: the host asked for the mobile layout whatever the width, so the
 * layout is never wide then.
 */
export function useWideLayout(): boolean {
  const forcedMobile = useAppSelector((state) => state.session.params.isForcedMobile);
  const wide = useSyncExternalStore(subscribe, isWide, () => false);
  return wide && !forcedMobile;
}

/**
 * SPEC §9: whether the cashier's window is a small screen (under 600 px wide): a phone. Only the
 * width decides: `isForcedMobile` asks for the mobile layout, not for a phone's shortened list
 * on a window that has room for all of it.
 */
export function useSmallScreen(): boolean {
  return useSyncExternalStore(subscribe, isSmall, () => true);
}
